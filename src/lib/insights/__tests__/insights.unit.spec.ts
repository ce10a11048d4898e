import { codAgeOf, insightRows, insightsCsv, insightsOf, latenessOf, outcomeOf, periodsOf, type InsightCounts } from "../insights"

describe("outcomeOf", () => {
  const plain = { failed_attempts: 0, refused: false }
  it.each([
    ["delivered", plain, "delivered"],
    ["cancel", plain, "cancelled"],
    ["lost", plain, "lost_damaged"],
    ["damage", plain, "lost_damaged"],
    ["returned", plain, "returned"],
    ["returning", { failed_attempts: 1, refused: true }, "refused"],
    ["returned", { failed_attempts: 2, refused: true }, "refused"],
    ["delivery_fail", { failed_attempts: 1, refused: false }, "failed_attempt"],
    ["delivering", { failed_attempts: 1, refused: false }, "failed_attempt"],
    ["delivering", plain, "in_progress"],
    ["ready_to_pick", plain, "in_progress"],
    ["exception", plain, "in_progress"],
    ["some_new_status", plain, "in_progress"],
  ] as const)("%s %j is %s", (status, parcel, outcome) => {
    expect(outcomeOf(status, parcel)).toBe(outcome)
  })
})

it("reads lateness and COD ages at their edges", () => {
  expect([-2, 0, 1, 2, 9].map(latenessOf)).toEqual(["on_time", "on_time", "late_1", "late_2_plus", "late_2_plus"])
  expect([0, 3, 4, 7, 8, 14, 15, 40].map(codAgeOf)).toEqual(["0-3", "0-3", "4-7", "4-7", "8-14", "8-14", "15+", "15+"])
})

describe("insightsOf", () => {
  const counts: InsightCounts = {
    groups: [
      { period: "2026-11-02", province: "Hà Nội", status: "delivered", failed_attempts: 0, refused: false, days_late: 0, parcels: 3 },
      { period: "2026-11-02", province: "Hà Nội", status: "delivered", failed_attempts: 1, refused: false, days_late: 2, parcels: 1 },
      { period: "2026-11-03", province: "Hà Nội", status: "returned", failed_attempts: 1, refused: true, days_late: null, parcels: 1 },
      { period: "2026-11-03", province: "Đà Nẵng", status: "delivered", failed_attempts: 0, refused: false, days_late: 1, parcels: 1 },
      { period: "2026-11-03", province: "Đà Nẵng", status: "delivered", failed_attempts: 0, refused: false, days_late: null, parcels: 1 },
      { period: "2026-11-03", province: null, status: "delivery_fail", failed_attempts: 1, refused: false, days_late: null, parcels: 2 },
      { period: "2026-11-02", province: null, status: "cancel", failed_attempts: 0, refused: false, days_late: null, parcels: 1 },
    ],
    reasons: [
      { reason_code: "A", reason: "closed", count: 1 },
      { reason_code: "GHN-DFC1A4", reason: "refused", count: 3 },
    ],
    cod: {
      collected: { parcels: 4, amount: 400 },
      transferred: { parcels: 1, amount: 100 },
      awaiting: [
        { age_days: 0, parcels: 1, amount: 10 },
        { age_days: 3, parcels: 1, amount: 20 },
        { age_days: 5, parcels: 2, amount: 40 },
        { age_days: 15, parcels: 1, amount: 80 },
      ],
    },
    fees: [{ week: "2026-11-02", parcels: 9, quoted: 100, billed: 130, reweigh_surcharge: 20, return_fees: 10 }],
  }
  const i = insightsOf({ from: "2026-11-01", to: "2026-11-07", group: "day", location_id: null }, counts)

  it("counts outcomes per period and in all", () => {
    expect(i.outcomes.series).toEqual([
      { period: "2026-11-02", delivered: 4, returned: 0, refused: 0, failed_attempt: 0, cancelled: 1, lost_damaged: 0, in_progress: 0 },
      { period: "2026-11-03", delivered: 2, returned: 0, refused: 1, failed_attempt: 2, cancelled: 0, lost_damaged: 0, in_progress: 0 },
    ])
    expect(i.outcomes.totals).toEqual({ delivered: 6, returned: 0, refused: 1, failed_attempt: 2, cancelled: 1, lost_damaged: 0, in_progress: 0, parcels: 10 })
  })

  it("rates the first attempt over the parcels GHN tried, and ranks provinces by success", () => {
    // 5 delivered at the first try of 9 tried (6 delivered, 1 refused, 2 with a failed attempt).
    expect(i.first_attempt).toEqual({ delivered_first_attempt: 5, tried: 9, rate: 0.5556 })
    expect(i.provinces.map((p) => [p.province, p.ended, p.success_rate, p.return_rate])).toEqual([
      ["Đà Nẵng", 2, 1, 0],
      ["Hà Nội", 5, 0.8, 0.2],
      [null, 0, null, null],
    ])
  })

  it("ranks failure reasons, and sorts lateness and COD ages", () => {
    expect(i.failure_reasons.map((r) => r.reason_code)).toEqual(["GHN-DFC1A4", "A"])
    expect(i.punctuality.totals).toEqual({ on_time: 3, late_1: 1, late_2_plus: 1, no_promise: 1 })
    expect(i.cod.awaiting_by_age).toEqual([
      { age: "0-3", parcels: 2, amount: 30 },
      { age: "4-7", parcels: 2, amount: 40 },
      { age: "8-14", parcels: 0, amount: 0 },
      { age: "15+", parcels: 1, amount: 80 },
    ])
    expect(i.cod.awaiting).toEqual({ parcels: 5, amount: 150 })
    expect(i.fees.totals.difference).toBe(30)
  })

  it("writes every figure once in the CSV", () => {
    const csv = insightsCsv(i)
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n")
    expect(lines[0]).toBe("chart,group,measure,value")
    expect(lines.length - 1).toBe(insightRows(i).length)
    expect(lines).toContain("first_attempt,total,rate,0.5556")
    expect(lines).toContain("cod_awaiting_age,15+,amount,80")
    expect(lines).toContain("provinces,Đà Nẵng,success_rate,1")
  })
})

describe("periodsOf", () => {
  it("lists every day of the range, both ends included, across a month's end", () => {
    expect(periodsOf({ from: "2026-02-27", to: "2026-03-02", group: "day" })).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
    expect(periodsOf({ from: "2026-11-26", to: "2026-11-26", group: "day" })).toEqual(["2026-11-26"])
  })

  it("lists the Monday of each week the range touches, as the service groups weeks", () => {
    // 2026-11-26 is a Thursday, 2026-12-06 a Sunday, 2026-12-07 a Monday.
    expect(periodsOf({ from: "2026-11-26", to: "2026-12-06", group: "week" })).toEqual(["2026-11-23", "2026-11-30"])
    expect(periodsOf({ from: "2026-11-26", to: "2026-12-07", group: "week" })).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"])
  })
})
