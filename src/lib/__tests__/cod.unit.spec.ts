import { codToCollect, collectsCod, CodLedger } from "../cod"

const COD = ["pp_system_default"]
const ledger = (over: Partial<CodLedger>): CodLedger => ({
  pendingDifference: 537000,
  providers: ["pp_system_default"],
  payments: [],
  shipments: [],
  ...over,
})

describe("codToCollect", () => {
  it("collects what the customer owes on the order's first GHN fulfilment", () => {
    expect(codToCollect(ledger({}), COD)).toBe(537000)
  })

  it("collects nothing for orders not paid by a COD provider", () => {
    expect(codToCollect(ledger({ providers: ["pp_stripe_stripe"] }), COD)).toBe(0)
    expect(codToCollect(ledger({}), [])).toBe(0)
  })

  it("collects once per order: a second fulfilment collects nothing while the first is live", () => {
    const shipments = [{ cod_amount: 537000, status: "delivering", canceled: false }]
    expect(codToCollect(ledger({ shipments }), COD)).toBe(0)
  })

  it("hands the COD on when the shipment carrying it is cancelled or comes back", () => {
    for (const shipment of [
      { cod_amount: 537000, status: "ready_to_pick", canceled: true },
      { cod_amount: 537000, status: "cancel", canceled: false },
      { cod_amount: 537000, status: "returned", canceled: false },
      { cod_amount: 537000, status: "lost", canceled: false },
    ]) {
      expect(codToCollect(ledger({ shipments: [shipment] }), COD)).toBe(537000)
    }
  })

  it("collects only the difference an exchange or edit adds", () => {
    const shipments = [{ cod_amount: 537000, status: "delivered", canceled: false }]
    expect(codToCollect(ledger({ pendingDifference: 616000, shipments }), COD)).toBe(79000)
  })

  it("counts what GHN collected and the store captured once", () => {
    const shipments = [{ cod_amount: 537000, status: "delivered", canceled: false }]
    const payments = [{ provider_id: "pp_system_default", captured: 537000 }]
    expect(codToCollect(ledger({ pendingDifference: 0, payments, shipments }), COD)).toBe(0)
    // After a refund of a returned item, an exchange adds 100,000 VND: that is owed.
    expect(codToCollect(ledger({ pendingDifference: 100000, payments, shipments }), COD)).toBe(100000)
  })

  it("subtracts what was prepaid by other means", () => {
    const payments = [{ provider_id: "pp_bank_transfer", captured: 200000 }]
    expect(codToCollect(ledger({ pendingDifference: 337000, payments, providers: ["pp_bank_transfer", "pp_system_default"] }), COD)).toBe(337000)
  })

  it("never collects a negative amount", () => {
    expect(codToCollect(ledger({ pendingDifference: -250000 }), COD)).toBe(0)
  })
})

describe("collectsCod", () => {
  it("is true while GHN may still collect, false once the parcel is cancelled, returning or lost", () => {
    expect([undefined, "ready_to_pick", "delivering", "delivered", "exception", "waiting_to_return"].map(collectsCod)).toEqual([true, true, true, true, true, true])
    expect(["cancel", "return", "returning", "returned", "lost", "damage"].map(collectsCod)).toEqual([false, false, false, false, false, false])
  })
})
