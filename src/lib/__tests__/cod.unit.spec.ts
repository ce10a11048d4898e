import { codToCollect, holdsCod, CodLedger } from "../cod"

const COD = ["pp_system_default"]
const ledger = (over: Partial<CodLedger>): CodLedger => ({
  pendingDifference: 537000,
  providers: ["pp_system_default"],
  payments: [],
  shipments: [],
  ...over,
})
const parcel = (status: string, cod_amount = 537000, canceled = false) => ({ cod_amount, status, canceled })

describe("codToCollect", () => {
  it("collects what the customer owes on the order's first GHN fulfilment", () => {
    expect(codToCollect(ledger({}), COD)).toBe(537000)
  })

  it("collects nothing for orders not paid by a COD provider", () => {
    expect(codToCollect(ledger({ providers: ["pp_stripe_stripe"] }), COD)).toBe(0)
    expect(codToCollect(ledger({}), [])).toBe(0)
  })

  it("collects once per order: a second fulfilment collects nothing while the first holds the COD", () => {
    expect(codToCollect(ledger({ shipments: [parcel("delivering")] }), COD)).toBe(0)
  })

  it("hands the COD on when the parcel carrying it is cancelled, in Medusa or by GHN", () => {
    expect(codToCollect(ledger({ shipments: [parcel("ready_to_pick", 537000, true)] }), COD)).toBe(537000)
    expect(codToCollect(ledger({ shipments: [parcel("cancel")] }), COD)).toBe(537000)
  })

  it("does not bill the next parcel for goods GHN brought back or lost", () => {
    for (const status of ["returned", "returning", "lost", "damage"]) {
      expect(codToCollect(ledger({ shipments: [parcel(status)] }), COD)).toBe(0)
    }
  })

  it("collects only the difference an exchange or edit adds", () => {
    expect(codToCollect(ledger({ pendingDifference: 616000, shipments: [parcel("delivered")] }), COD)).toBe(79000)
  })

  it("counts what GHN collected and the store captured once", () => {
    const payments = [{ provider_id: "pp_system_default", captured: 537000 }]
    expect(codToCollect(ledger({ pendingDifference: 0, payments, shipments: [parcel("delivered")] }), COD)).toBe(0)
    // After a refund of a returned item, an exchange adds 100,000 VND: that is owed.
    expect(codToCollect(ledger({ pendingDifference: 100000, payments, shipments: [parcel("delivered")] }), COD)).toBe(100000)
  })

  it("never collects again what was captured before GHN delivered anything", () => {
    // A bank transfer recorded as paid through the COD provider before shipping.
    const payments = [{ provider_id: "pp_system_default", captured: 537000 }]
    expect(codToCollect(ledger({ pendingDifference: 0, payments }), COD)).toBe(0)
    // Part of it paid in advance: the parcel collects the rest.
    const deposit = [{ provider_id: "pp_system_default", captured: 200000 }]
    expect(codToCollect(ledger({ pendingDifference: 337000, payments: deposit }), COD)).toBe(337000)
  })

  it("subtracts what was paid through other providers", () => {
    const payments = [{ provider_id: "pp_bank_transfer", captured: 200000 }]
    expect(codToCollect(ledger({ pendingDifference: 337000, payments, providers: ["pp_bank_transfer", "pp_system_default"] }), COD)).toBe(337000)
  })

  it("never collects a negative amount", () => {
    expect(codToCollect(ledger({ pendingDifference: -250000 }), COD)).toBe(0)
  })
})

describe("holdsCod", () => {
  it("is false only for cancelled parcels", () => {
    expect(["ready_to_pick", "delivering", "delivered", "returned", "lost"].map((status) => holdsCod({ status, canceled: false }))).toEqual([true, true, true, true, true])
    expect([holdsCod({ status: "cancel", canceled: false }), holdsCod({ status: "ready_to_pick", canceled: true })]).toEqual([false, false])
  })
})
