import { ghnExpectedInstant, ghnExpectedIso, ghnInstant, ghnIso, isGhnDate, vietnamDay, vietnamDaySql, vietnamDayStart, vietnamDayText, vietnamExpectedDaySql } from "../dates"

describe("GHN dates", () => {
  it.each([
    ["Go's zero time", "0001-01-01T00:00:00Z"],
    ["Go's zero time with an offset", "0001-01-01T00:00:00+07:00"],
    ["an empty string", ""],
    ["blanks", "  "],
    ["null", null],
    ["undefined", undefined],
    ["a text that is no date", "chưa có"],
    ["a Unix zero", 0],
  ])("%s is unset", (_, value) => {
    expect(ghnInstant(value)).toBeNull()
    expect(ghnExpectedIso(value)).toBeNull()
  })

  it("Go's zero time and blanks are still dates GHN writes (a text that is no date is not)", () => {
    expect(isGhnDate("0001-01-01T00:00:00Z")).toBe(true)
    expect(isGhnDate("")).toBe(true)
    expect(isGhnDate("yesterday")).toBe(false)
  })

  it("reads a time without an offset as Vietnam's (UTC+7)", () => {
    expect(ghnIso("2024-12-20T10:30:00")).toBe("2024-12-20T03:30:00.000Z")
    expect(ghnIso("2024-12-20 10:30:00")).toBe("2024-12-20T03:30:00.000Z")
    expect(ghnIso("2024-12-20T10:30:00+07:00")).toBe("2024-12-20T03:30:00.000Z")
    expect(ghnIso("2024-12-20T03:30:00Z")).toBe("2024-12-20T03:30:00.000Z")
  })

  it("reads a date without a time as 00:00 of that day in Vietnam, not in UTC", () => {
    expect(ghnIso("2024-03-14")).toBe("2024-03-13T17:00:00.000Z")
    expect(ghnIso("2024-03-01")).toBe("2024-02-29T17:00:00.000Z")
    expect(vietnamDay(ghnInstant("2024-03-14")!)).toEqual({ year: 2024, month: 3, day: 14 })
    expect(ghnExpectedIso("2024-03-14")).toBe("2024-03-13T17:00:00.000Z")
    expect(ghnIso("2024-03-14T00:00:00-07:00")).toBe("2024-03-14T07:00:00.000Z")
  })

  it("reads trimmed milliseconds and nanoseconds as written", () => {
    expect(ghnIso("2021-11-11T03:52:50.47Z")).toBe("2021-11-11T03:52:50.470Z")
    expect(ghnIso("2021-11-11T03:52:50.1Z")).toBe("2021-11-11T03:52:50.100Z")
    expect(ghnIso("2021-11-11T03:52:50.123456789Z")).toBe("2021-11-11T03:52:50.123Z")
  })

  it("reads a number as Unix seconds (Leadtime)", () => {
    expect(ghnIso(1593187200)).toBe("2020-06-26T16:00:00.000Z")
  })

  it("puts both end-of-day forms of an expected delivery on the same Vietnamese day", () => {
    const older = ghnExpectedInstant("2024-03-14T23:59:59Z")!
    const newer = ghnExpectedInstant("2024-03-14T16:59:59Z")!
    expect(older.toISOString()).toBe("2024-03-14T16:59:59.000Z")
    expect(newer.toISOString()).toBe("2024-03-14T16:59:59.000Z")
    expect(vietnamDay(older)).toEqual({ year: 2024, month: 3, day: 14 })
    // Read naively, the older form is the next morning in Vietnam.
    expect(vietnamDay(ghnInstant("2024-03-14T23:59:59Z")!)).toEqual({ year: 2024, month: 3, day: 15 })
    expect(ghnExpectedIso("2024-03-14T23:59:59.999Z")).toBe("2024-03-14T16:59:59.999Z")
    expect(ghnExpectedIso(1710460799)).toBe("2024-03-14T16:59:59.000Z")
  })

  it("leaves any other instant as it is", () => {
    expect(ghnExpectedIso("2024-03-14T10:00:00Z")).toBe("2024-03-14T10:00:00.000Z")
    expect(ghnExpectedIso("2024-03-14T23:59:58Z")).toBe("2024-03-14T23:59:58.000Z")
  })
})

describe("Vietnamese calendar days", () => {
  it("starts a day at midnight in Vietnam and names an instant's day", () => {
    expect(vietnamDayStart("2026-11-02").toISOString()).toBe("2026-11-01T17:00:00.000Z")
    expect(vietnamDayText(new Date("2026-11-01T17:00:00Z"))).toBe("2026-11-02")
    expect(vietnamDayText(new Date("2026-11-01T16:59:59Z"))).toBe("2026-11-01")
  })

  it("writes the same rules for PostgreSQL", () => {
    expect(vietnamDaySql("created_at")).toBe("(((created_at) at time zone 'UTC') + interval '25200 seconds')::date")
    expect(vietnamExpectedDaySql("x")).toContain(">= 86399 then (x) - interval '25200 seconds'")
  })
})
