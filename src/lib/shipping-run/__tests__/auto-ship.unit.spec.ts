import { ghnOptionsSchema } from "../../runtime/options"
import { autoShipDueAt } from "../auto-ship"

const queued = new Date("2026-11-28T02:00:00Z")
const minutes = (d: Date | null) => (d ? (d.getTime() - queued.getTime()) / 60_000 : null)

describe("automatic shipping's due time", () => {
  it('"placed": the delay after the order was queued, paid or not', () => {
    const options = { when: "placed" as const, delayMinutes: 30 }
    expect(minutes(autoShipDueAt(options, { queued_at: queued, cod: false, paid_at: null }))).toBe(30)
    expect(minutes(autoShipDueAt(options, { queued_at: queued, cod: true, paid_at: null }))).toBe(30)
  })

  it('"paid": a prepaid order waits for its payment, then the delay; cash on delivery counts from its placing', () => {
    const options = { when: "paid" as const, delayMinutes: 30 }
    expect(autoShipDueAt(options, { queued_at: queued, cod: false, paid_at: null })).toBeNull()
    expect(minutes(autoShipDueAt(options, { queued_at: queued, cod: false, paid_at: new Date(queued.getTime() + 90 * 60_000) }))).toBe(120)
    // Paid at checkout (before it was queued): the delay from its queueing.
    expect(minutes(autoShipDueAt(options, { queued_at: queued, cod: false, paid_at: new Date(queued.getTime() - 60_000) }))).toBe(30)
    expect(minutes(autoShipDueAt(options, { queued_at: queued, cod: true, paid_at: null }))).toBe(30)
  })

  it("is off unless configured, and says what is wrong in a bad configuration", () => {
    expect(ghnOptionsSchema.parse({ token: "t", shopId: 1 }).autoShip).toBeUndefined()
    expect(ghnOptionsSchema.parse({ token: "t", shopId: 1, autoShip: { when: "paid" } }).autoShip).toEqual({ when: "paid", delayMinutes: 30 })
    const bad = ghnOptionsSchema.safeParse({ token: "t", shopId: 1, autoShip: { when: "confirmed", delayMinutes: -1, locations: [] } })
    expect(bad.success).toBe(false)
    const messages = bad.error!.issues.map((i) => i.message).join("\n")
    expect(messages).toMatch(/autoShip.when must be "placed" or "paid"/)
    expect(messages).toMatch(/autoShip.locations lists at least one stock location id/)
    expect(ghnOptionsSchema.safeParse({ token: "t", shopId: 1, autoShip: { when: "placed", delay: 5 } }).success).toBe(false)
  })
})
