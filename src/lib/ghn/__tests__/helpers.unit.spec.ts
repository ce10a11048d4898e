/**
 * Pure helpers: pick-shift windows, cancel reasons, validation-line parsing, message joining.
 */
import { meaningfulReason, messageText, parseValidationFields, pickShiftWindow, vietnamMidnight, normalizePhone, resolveBaseUrl, GHN_HOSTS } from "../index"

describe("pickShiftWindow", () => {
  it("counts seconds from 00:00 Asia/Ho_Chi_Minh of the given day", () => {
    // 2025-03-12T20:00Z is 03:00 on 13 March in Vietnam (UTC+7)
    const day = new Date("2025-03-12T20:00:00Z")
    expect(vietnamMidnight(day).toISOString()).toBe("2025-03-12T17:00:00.000Z")
    const w = pickShiftWindow({ from_time: 43200, to_time: 64800 }, day)
    expect(w.from.toISOString()).toBe("2025-03-13T05:00:00.000Z") // 12:00 in Vietnam
    expect(w.to.toISOString()).toBe("2025-03-13T11:00:00.000Z") // 18:00 in Vietnam
  })

  it("values above 86400 fall on later days", () => {
    const day = new Date("2025-03-13T10:00:00+07:00")
    const w = pickShiftWindow({ from_time: 86400 + 7 * 3600, to_time: 2 * 86400 + 12 * 3600 }, day)
    expect(w.from.toISOString()).toBe("2025-03-14T00:00:00.000Z") // 07:00 on 14 March in Vietnam
    expect(w.to.toISOString()).toBe("2025-03-15T05:00:00.000Z") // 12:00 on 15 March in Vietnam
  })

  it("just before Vietnamese midnight still belongs to that day", () => {
    const day = new Date("2025-03-13T16:59:59Z") // 23:59:59 on 13 March in Vietnam
    expect(vietnamMidnight(day).toISOString()).toBe("2025-03-12T17:00:00.000Z")
  })
})

describe("meaningfulReason", () => {
  it("takes the text after the last hyphen", () => {
    expect(meaningfulReason("ref-0042-abc - Đơn hàng đã lấy, không thể hủy")).toBe("Đơn hàng đã lấy, không thể hủy")
    expect(meaningfulReason("OK")).toBe("OK")
    expect(meaningfulReason("trailing-")).toBe("trailing-")
    expect(meaningfulReason(undefined)).toBe("")
  })
})

describe("parseValidationFields / messageText", () => {
  it("parses each line of a validation message", () => {
    const msg =
      "Key: 'CalculateFeeRequest.Weight' Error:Field validation for 'Weight' failed on the 'required' tag\n" +
      "Key: 'CalculateFeeRequest.ToWardCode' Error:Field validation for 'ToWardCode' failed on the 'required' tag"
    expect(parseValidationFields(msg)).toEqual([
      { field: "Weight", rule: "required", key: "CalculateFeeRequest.Weight" },
      { field: "ToWardCode", rule: "required", key: "CalculateFeeRequest.ToWardCode" },
    ])
    expect(parseValidationFields("Shop khong ton tai")).toEqual([])
  })

  it("joins array messages with '; '", () => {
    expect(messageText(["a", "b"])).toBe("a; b")
    expect(messageText("x")).toBe("x")
    expect(messageText(null)).toBe("")
  })
})

describe("misc", () => {
  it("normalizePhone and resolveBaseUrl", () => {
    expect(normalizePhone("+84 987-654-321")).toBe("0987654321")
    expect(normalizePhone("0987654321")).toBe("0987654321")
    expect(resolveBaseUrl({ environment: "production" })).toBe(GHN_HOSTS.production)
    expect(resolveBaseUrl({ environment: "staging" })).toBe(GHN_HOSTS.staging)
    expect(resolveBaseUrl({ environment: "https://sandbox.local:5410/" })).toBe("https://sandbox.local:5410")
    expect(resolveBaseUrl({ environment: "production", baseUrl: "http://x.test" })).toBe("http://x.test")
  })
})
