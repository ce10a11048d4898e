import { dayPattern, formatDay, parseDay, shortDay } from "../days"

describe("days in the admin's language", () => {
  it("writes a day in the language's order, never mm/dd/yyyy in Vietnamese", () => {
    expect(formatDay("2026-11-05", "vi")).toBe("05/11/2026")
    expect(formatDay("2026-11-05", "en")).toBe("11/05/2026")
    expect(formatDay("", "vi")).toBe("")
    expect(dayPattern("vi", { day: "nn", month: "tt", year: "nnnn" })).toBe("nn/tt/nnnn")
    expect(dayPattern("en", { day: "dd", month: "mm", year: "yyyy" })).toBe("mm/dd/yyyy")
  })

  it("writes a chart's day as the full date less its year, the same on every ICU build", () => {
    expect(shortDay("2026-11-29", "vi")).toBe("29/11")
    expect(shortDay("2026-11-29", "en")).toBe("11/29")
    expect(shortDay("Hà Nội", "vi")).toBe("Hà Nội")
  })

  it("reads a day written in the language's order, or ISO", () => {
    expect(parseDay("5/11/2026", "vi")).toBe("2026-11-05")
    expect(parseDay("05-11-26", "vi")).toBe("2026-11-05")
    expect(parseDay("11/5/2026", "en")).toBe("2026-11-05")
    expect(parseDay("2026-11-05", "vi")).toBe("2026-11-05")
  })

  it("refuses what names no real day", () => {
    expect(parseDay("31/02/2026", "vi")).toBeNull()
    expect(parseDay("13/13/2026", "en")).toBeNull()
    expect(parseDay("hôm qua", "vi")).toBeNull()
    expect(parseDay("1/2", "vi")).toBeNull()
  })
})
