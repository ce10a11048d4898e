import { canMoveIntent, clientOrderCode, INTENT_STATUSES, intentItems, orphanRetryDelayMs, sameShipment, type IntentStatus } from "../create-intent"

describe("a Create Order intent's state machine", () => {
  const allowed: [IntentStatus, IntentStatus][] = [
    ["pending", "created"],
    ["pending", "abandoned"],
    ["pending", "orphan"],
    ["pending", "cancelled"],
    ["created", "cancelled"],
    ["created", "orphan"],
    ["orphan", "cancelled"],
  ]

  it("makes exactly the moves it names (and staying put)", () => {
    for (const from of INTENT_STATUSES) {
      for (const to of INTENT_STATUSES) {
        const expected = from === to || allowed.some(([a, b]) => a === from && b === to)
        expect([from, to, canMoveIntent(from, to)]).toEqual([from, to, expected])
      }
    }
  })

  it("never brings back an intent GHN holds nothing for, nor revives a cancelled one", () => {
    for (const to of INTENT_STATUSES.filter((s) => s !== "abandoned")) expect(canMoveIntent("abandoned", to)).toBe(false)
    for (const to of INTENT_STATUSES.filter((s) => s !== "cancelled")) expect(canMoveIntent("cancelled", to)).toBe(false)
    // An orphan is cancelled at GHN or stays an orphan: never "abandoned" (GHN may hold its order).
    expect(canMoveIntent("orphan", "abandoned")).toBe(false)
    expect(canMoveIntent("orphan", "pending")).toBe(false)
  })
})

describe("the client order code a merchant reads", () => {
  it("is the order's number and the parcel's sequence, a return marked R, behind the store's prefix", () => {
    expect(clientOrderCode({ orderNumber: 1042, kind: "outbound", sequence: 1 })).toBe("1042-1")
    expect(clientOrderCode({ orderNumber: "1042", kind: "outbound", sequence: 2 })).toBe("1042-2")
    expect(clientOrderCode({ orderNumber: 1042, kind: "return", sequence: 1 })).toBe("1042-R1")
    expect(clientOrderCode({ prefix: "SHOPA-", orderNumber: 7, kind: "outbound", sequence: 3 })).toBe("SHOPA-7-3")
    // A prefix without its own separator gets one: S1 + 23 and S12 + 3 stay apart.
    expect(clientOrderCode({ prefix: "S1", orderNumber: 23, kind: "outbound", sequence: 1 })).toBe("S1-23-1")
    expect(clientOrderCode({ prefix: "S12", orderNumber: 3, kind: "outbound", sequence: 1 })).toBe("S12-3-1")
  })

  it("stays within GHN's 50 characters, naming the option to shorten", () => {
    expect(() => clientOrderCode({ prefix: "P".repeat(40), orderNumber: 123456789012, kind: "return", sequence: 1 })).toThrow(/50 characters: shorten clientOrderCodePrefix/)
  })
})

describe("a retry of the same shipment", () => {
  it("is told by its location and lines, whatever their order", () => {
    const a = { location_id: "sloc_1", items: { lines: intentItems([{ id: "b", quantity: 1 }, { id: "a", quantity: 2 }]) } }
    const b = { location_id: "sloc_1", items: { lines: intentItems([{ id: "a", quantity: 1 }, { id: "a", quantity: 1 }, { id: "b", quantity: 1 }]) } }
    expect(sameShipment(a, b)).toBe(true)
    expect(sameShipment(a, { ...b, location_id: "sloc_2" })).toBe(false)
    expect(sameShipment(a, { location_id: "sloc_1", items: { lines: intentItems([{ id: "a", quantity: 2 }]) } })).toBe(false)
  })
})

describe("an orphan's back-off", () => {
  it("doubles from a minute and stops at six hours", () => {
    expect([1, 2, 3, 4].map(orphanRetryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000])
    expect(orphanRetryDelayMs(30)).toBe(6 * 3600_000)
  })
})
