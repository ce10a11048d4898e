import { MedusaError } from "@medusajs/framework/utils"
import { refusesCod, type ReceiverHistory } from "../../../lib/cod/receiver-risk"
import { assertCodOffered, assertOrderFigures, codLedgerOf } from "../cod-checks"
import type { OrderRow } from "../order-rows"

const CODRISK = { maxReturned: 2, days: 180 }

/** The module's one codRisk check over a fixed history per receiver; the phones it was asked about. */
function module(histories: Record<string, Partial<ReceiverHistory>>) {
  const asked: (string | null)[] = []
  return {
    asked,
    async receiverCodRisk(phone: string | null, codRisk: typeof CODRISK | undefined) {
      asked.push(phone)
      const known = phone ? histories[phone] : undefined
      const history = known ? ({ phone, delivered: 0, returned: 0, refused: 0, failed_attempts: 0, trusted: false, recent_returns: 0, days: 180, ...known } as ReceiverHistory) : null
      return { history, refused: refusesCod(history, codRisk) }
    },
  }
}

const parcel = (over: Partial<Parameters<typeof assertCodOffered>[1]> = {}) => ({ order_number: "1042", phone: "0912345678", cod_amount: 250_000, codRisk: CODRISK, ...over })

describe("codRisk when a COD parcel is made (assertCodOffered)", () => {
  it("refuses a receiver the option refuses, read by the one phone rule, naming the returns, the trust and prepaid", async () => {
    const ghn = module({ "0912345678": { recent_returns: 3 } })
    const refusal = await assertCodOffered(ghn, parcel({ phone: "+84 0912 345 678 (chị Lan)" })).catch((e) => e)
    expect(ghn.asked).toEqual(["0912345678"])
    expect(refusal).toBeInstanceOf(MedusaError)
    expect(refusal.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(refusal.code).toBe("cod_not_offered")
    expect(refusal.message).toBe(
      "order #1042: cash on delivery is not offered to receiver 0912345678: 3 of their COD parcels were refused or returned in the last 180 days (option codRisk: 2). " +
        "Trust the receiver (the order's GHN panel) to ship it with its COD of 250000 VND, or ship it prepaid (the customer pays in advance and you capture the order's payment, so the parcel collects nothing); nothing was sent to GHN"
    )
  })

  it("lets the parcel go: a trusted receiver, one under the threshold, a parcel without COD, a store without the option, a phone the rule does not read", async () => {
    const ghn = module({ "0912345678": { recent_returns: 5, trusted: true }, "0901111222": { recent_returns: 1 } })
    await expect(assertCodOffered(ghn, parcel())).resolves.toBeUndefined()
    await expect(assertCodOffered(ghn, parcel({ phone: "0901 111 222" }))).resolves.toBeUndefined()
    await expect(assertCodOffered(ghn, parcel({ phone: "0612345678" }))).resolves.toBeUndefined()
    expect(ghn.asked).toEqual(["0912345678", "0901111222", null])
    const risky = module({ "0912345678": { recent_returns: 5 } })
    await expect(assertCodOffered(risky, parcel({ cod_amount: 0 }))).resolves.toBeUndefined()
    await expect(assertCodOffered(risky, parcel({ codRisk: undefined }))).resolves.toBeUndefined()
    expect(risky.asked).toEqual([])
  })
})

describe("an order's figures, read for the COD rule and checked before its GHN order", () => {
  const order = (over: Partial<OrderRow> = {}): OrderRow => ({
    id: "order_1",
    display_id: 1042,
    total: 636000,
    summary: { pending_difference: 159000, current_order_total: 636000, paid_total: 477000, refunded_total: 0 },
    items: [{ id: "item_1", quantity: 1, detail: { fulfilled_quantity: 1 } }, { id: "item_2", quantity: 1, detail: { fulfilled_quantity: 0 } }],
    fulfillments: [],
    payment_collections: [
      { payment_sessions: [{ provider_id: "pp_system_default" }], payments: [{ provider_id: "pp_system_default", captures: [{ amount: 500000 }], refunds: [{ amount: 23000 }] }] },
    ],
    ...over,
  })
  const ghn = { listGhnShipments: async () => [] } as unknown as Parameters<typeof codLedgerOf>[0]

  it("reads the order's current total and what its payments hold (captured less refunded)", async () => {
    expect(await codLedgerOf(ghn, order(), "ful_x")).toEqual(expect.objectContaining({ pendingDifference: 159000, total: 636000, paid: 477000 }))
  })

  it("lets an order whose figures add up go on", () => {
    expect(() => assertOrderFigures(order())).not.toThrow()
  })

  it("refuses an order whose item rows are listed again, with a MedusaError naming the reason", () => {
    const items = order().items!
    const refusal = (() => {
      try {
        assertOrderFigures(order({ items: [...items, items[0], items[0]] }))
      } catch (error) {
        return error as MedusaError
      }
    })()
    expect(refusal).toBeInstanceOf(MedusaError)
    expect(refusal?.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(refusal?.code).toBe("order_figures")
    expect(refusal?.message).toMatch(/^order #1042's figures in Medusa are impossible: its item item_1 is listed more than once\..*nothing was sent to GHN$/)
  })

  it("refuses an order that owes more than its total", () => {
    expect(() => assertOrderFigures(order({ summary: { pending_difference: 2751000, current_order_total: 2544000, paid_total: 0, refunded_total: 0 } }))).toThrow(
      /it owes 2751000, more than its total of 2544000/
    )
  })
})
