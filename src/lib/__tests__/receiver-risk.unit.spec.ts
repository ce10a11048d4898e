import { normalizeVnPhone, receiverOutcomeOf, refusesCod } from "../receiver-risk"

describe("a receiver's COD history", () => {
  it("knows a receiver by the phone, however it is written", () => {
    for (const written of ["0912345678", "+84912345678", "84912345678", "+84 912 345 678", "0912.345.678", "091-234-5678", "(091) 2345678", "912345678"]) {
      expect(normalizeVnPhone(written)).toBe("0912345678")
    }
    expect(normalizeVnPhone("02438251234")).toBe("02438251234")
    for (const other of ["", "abc", "091234", "09123456789012", null, undefined, "+1 415 555 0100x"]) expect(normalizeVnPhone(other as string)).toBeNull()
  })

  it("tells a refusal from another return, and says nothing of losses and cancels", () => {
    expect(receiverOutcomeOf("delivered", ["GHN-DFC1A4"])).toBe("delivered")
    expect(receiverOutcomeOf("returned", ["GHN-DFC1A2", "GHN-DFC1A4"])).toBe("refused")
    expect(receiverOutcomeOf("returned", ["GHN-DFC1A2", null])).toBe("returned")
    for (const s of ["lost", "damage", "cancel", "delivery_fail"]) expect(receiverOutcomeOf(s, [])).toBeNull()
  })

  it("refuses cash on delivery from the option's count on, never to a trusted receiver, never without the option", () => {
    const option = { maxReturned: 2, days: 180 }
    expect(refusesCod({ recent_returns: 1, trusted: false }, option)).toBe(false)
    expect(refusesCod({ recent_returns: 2, trusted: false }, option)).toBe(true)
    expect(refusesCod({ recent_returns: 5, trusted: true }, option)).toBe(false)
    expect(refusesCod({ recent_returns: 5, trusted: false }, undefined)).toBe(false)
    expect(refusesCod(null, option)).toBe(false)
  })
})
