import { codReportCsv, codReportRow, type CodShipmentRow } from "../cod-report"
import { codCaptureFor, codToCollect, holdsCod, type CodLedger, type CodPayment } from "../cod"

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

describe("codCaptureFor: what delivering a parcel captures", () => {
  const COD = { codPaymentProviders: ["pp_system_default"], captureCodOnDelivery: true }
  const payment = (over: Partial<CodPayment> = {}): CodPayment => ({ id: "pay_1", provider_id: "pp_system_default", amount: 500_000, canceled: false, captures: [], ...over })

  it("captures the parcel's COD from the order's cash-on-delivery payment", () => {
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [payment()], COD)).toEqual({ kind: "capture", payment_id: "pay_1", amount: 300_000 })
  })

  it("never captures twice: a capture tagged with the parcel's order code means done", () => {
    const tagged = payment({ captures: [{ id: "capt_1", amount: 300_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [tagged], COD)).toEqual({ kind: "captured", capture_id: "capt_1", amount: 300_000 })
  })

  it("captures at most what the payment still has authorised (part captured by hand, or by another parcel)", () => {
    const part = payment({ captures: [{ id: "capt_0", amount: 350_000, ghn_order_code: "GB" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [part], COD)).toEqual({ kind: "capture", payment_id: "pay_1", amount: 150_000 })
  })

  it("captures nothing when captureCodOnDelivery is off, but still knows a capture made before", () => {
    const off = { ...COD, captureCodOnDelivery: false }
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [payment()], off)).toEqual({ kind: "skip", reason: "captureCodOnDelivery is off" })
    const tagged = payment({ captures: [{ id: "capt_1", amount: 300_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [tagged], off).kind).toBe("captured")
  })

  it("skips, saying why, a parcel without COD or an order without a COD payment left", () => {
    expect(codCaptureFor({ order_code: "GA", cod_amount: 0 }, [payment()], COD)).toEqual({ kind: "skip", reason: "the parcel collects no COD" })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 1 }, [payment({ provider_id: "pp_stripe" })], COD).kind).toBe("skip")
    expect(codCaptureFor({ order_code: "GA", cod_amount: 1 }, [payment({ canceled: true })], COD).kind).toBe("skip")
    expect(codCaptureFor({ order_code: "GA", cod_amount: 1 }, [payment({ captures: [{ id: "c", amount: 500_000 }] })], COD).kind).toBe("skip")
  })
})

describe("the COD report", () => {
  const row: CodShipmentRow = {
    id: "ghnship_1", order_id: "order_1", order_code: "GA", status: "delivered", created_at: "2026-11-20T03:00:00.000Z",
    cod_expected: 300_000, cod_amount: 310_000, is_cod_collected: true, cod_collect_date: "2026-11-22T08:00:00.000Z",
    is_cod_transferred: false, cod_transfer_date: null, cod_capture_status: "captured", cod_captured_amount: 310_000,
    cod_capture_error: null, quoted_fee: 32_000, total_fee: 41_000,
  }

  it("sets GHN's figures against the store's: COD difference, collected, transferred, fee against the checkout's quote", () => {
    expect(codReportRow(row, 7)).toEqual(
      expect.objectContaining({ order_display_id: 7, cod_expected: 300_000, cod_ghn: 310_000, cod_difference: 10_000, cod_collected: 310_000, cod_transferred: 0, fee_difference: 9_000 })
    )
    expect(codReportRow({ ...row, quoted_fee: null, cod_expected: null }, null)).toEqual(expect.objectContaining({ cod_expected: 310_000, cod_difference: 0, fee_difference: null }))
  })

  it("writes CSV a spreadsheet reads: BOM, header, quoted cells, formulas defused", () => {
    const csv = codReportCsv([codReportRow({ ...row, status: "=HYPERLINK(\"x\")" }, 7)])
    expect(csv.startsWith("\uFEFForder_display_id,order_code,status,")).toBe(true)
    const line = csv.split("\r\n")[1]
    expect(line).toContain(`"'=HYPERLINK(""x"")"`)
    expect(line.startsWith("7,GA,")).toBe(true)
  })
})
