import { receiverOutcomeOf, refusesCod } from "../receiver-risk"

describe("a receiver's COD history", () => {
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
