import { codReportCsv, codReportRow, type CodShipmentRow } from "../cod-report"
import { codCaptureFor, codToCollect, holdsCod, orderCodCheck, orderFiguresProblem, type CodCollection, type CodLedger, type CodPayment } from "../cod"

const COD = ["pp_system_default"]
// A consistent order unless a test says otherwise: what its payments hold is paid, its total is that plus what it owes.
const ledger = (over: Partial<CodLedger>): CodLedger => {
  const paid = over.paid ?? (over.payments ?? []).reduce((sum, p) => sum + p.captured, 0)
  return {
    pendingDifference: 537000,
    providers: ["pp_system_default"],
    payments: [],
    shipments: [],
    ...over,
    paid,
    total: over.total ?? (over.pendingDifference ?? 537000) + paid,
  }
}
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
    expect(codToCollect(ledger({ pendingDifference: 100000, total: 500000, paid: 600000 }), COD)).toBe(0)
  })

  it("never collects more than the order can owe: its total less what was paid, less the COD its live parcels carry", () => {
    // Two writers at once left Medusa's summary owing 2,751,000 on an order of 636,000 whose first
    // parcel (477,000) was delivered and captured: the next parcel collects the 159,000 left.
    const payments = [{ provider_id: "pp_system_default", captured: 477000 }]
    const corrupted = ledger({ pendingDifference: 2751000, total: 636000, paid: 477000, payments, shipments: [parcel("delivered", 477000)] })
    expect(codToCollect(corrupted, COD)).toBe(159000)
    // Owed 500,000 by Medusa's summary, 300,000 already on a parcel on its way: 200,000.
    expect(codToCollect(ledger({ pendingDifference: 500000, total: 500000, paid: 0, shipments: [parcel("delivering", 300000)] }), COD)).toBe(200000)
    // Medusa owes less than total less paid (a requested return): Medusa's figure.
    expect(codToCollect(ledger({ pendingDifference: 300000, total: 500000, paid: 0 }), COD)).toBe(300000)
  })
})

describe("orderCodCheck: the COD tab's check of an order", () => {
  const captured = (amount: number) => [{ provider_id: "pp_system_default", captured: amount }]

  it("agrees when the parcels carry what the customer owed: on its way, delivered and captured, several parcels, a cancelled one", () => {
    expect(orderCodCheck(ledger({ shipments: [parcel("delivering"), parcel("delivering", 0)] }), COD)).toEqual({ order_cod: 537000, order_cod_due: 537000, order_cod_difference: 0 })
    expect(orderCodCheck(ledger({ pendingDifference: 0, payments: captured(537000), shipments: [parcel("delivered")] }), COD).order_cod_difference).toBe(0)
    expect(orderCodCheck(ledger({ shipments: [parcel("cancel"), parcel("ready_to_pick", 537000, true), parcel("picking")] }), COD).order_cod_difference).toBe(0)
    // An exchange's difference on its own parcel, the first parcel delivered and captured.
    const exchanged = ledger({ pendingDifference: 349000, payments: captured(537000), shipments: [parcel("delivered"), parcel("delivering", 349000)] })
    expect(orderCodCheck(exchanged, COD)).toEqual({ order_cod: 886000, order_cod_due: 886000, order_cod_difference: 0 })
  })

  it("counts money the store owes back (a return, an exchange with money back) as a refund, not a COD difference", () => {
    expect(orderCodCheck(ledger({ pendingDifference: -250000, payments: captured(537000), shipments: [parcel("delivered")] }), COD).order_cod_difference).toBe(0)
  })

  it("shows a parcel on its way that collects more than the order owes now (an item removed after it left)", () => {
    expect(orderCodCheck(ledger({ pendingDifference: 287000, shipments: [parcel("delivering")] }), COD)).toEqual({ order_cod: 537000, order_cod_due: 287000, order_cod_difference: 250000 })
  })

  it("shows what is owed that no parcel collects (an item added after the last parcel left)", () => {
    expect(orderCodCheck(ledger({ pendingDifference: 250000, payments: captured(537000), shipments: [parcel("delivered")] }), COD).order_cod_difference).toBe(-250000)
  })

  it("expects no COD of an order paid otherwise, or prepaid", () => {
    expect(orderCodCheck(ledger({ providers: ["pp_stripe_stripe"], shipments: [parcel("delivering", 0)] }), COD)).toEqual({ order_cod: 0, order_cod_due: 0, order_cod_difference: 0 })
    expect(orderCodCheck(ledger({ pendingDifference: 0, payments: captured(537000), shipments: [parcel("delivered", 0)] }), COD).order_cod_difference).toBe(0)
  })
})

describe("orderFiguresProblem: an order whose figures are impossible gets no GHN order", () => {
  const items = [
    { id: "item_1", quantity: 2, fulfilled: 1 },
    { id: "item_2", quantity: 1, fulfilled: 0 },
  ]
  const summary = { pending_difference: 636000, current_order_total: 636000, paid_total: 0, refunded_total: 0 }

  it("passes an order whose figures add up (with a payment and a refund, or a requested return owing less)", () => {
    expect(orderFiguresProblem({ total: 636000, summary, items })).toBeNull()
    expect(orderFiguresProblem({ total: 636000, summary: { pending_difference: 236000, current_order_total: 636000, paid_total: 500000, refunded_total: 100000 }, items })).toBeNull()
    expect(orderFiguresProblem({ total: 636000, summary: { ...summary, pending_difference: 400000 }, items })).toBeNull()
    expect(orderFiguresProblem({ total: 636000, summary: null, items: [] })).toBeNull()
  })

  it("refuses an item row listed twice, and a line fulfilled more than ordered", () => {
    expect(orderFiguresProblem({ total: 636000, summary, items: [...items, items[0]] })).toBe("its item item_1 is listed more than once")
    expect(orderFiguresProblem({ total: 636000, summary, items: [{ id: "item_1", quantity: 1, fulfilled: 4 }] })).toBe("its item item_1 is fulfilled 4 times but ordered 1 times")
  })

  it("refuses an order owing more than its total, or whose summary does not add up", () => {
    expect(orderFiguresProblem({ total: 636000, summary: { ...summary, pending_difference: 2751000, current_order_total: 2544000 } , items })).toBe("it owes 2751000, more than its total of 2544000")
    expect(orderFiguresProblem({ total: 636000, summary: { ...summary, pending_difference: 2544000, current_order_total: 2544000 }, items })).toBe("it owes 2544000, more than its total of 636000")
    expect(orderFiguresProblem({ total: 636000, summary: { ...summary, pending_difference: 636000, paid_total: 477000 }, items })).toBe(
      "its summary does not add up: it owes 636000, but its total 636000 less 477000 paid is 159000"
    )
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
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [payment()], COD)).toEqual({ kind: "capture", payment_id: "pay_1", amount: 300_000, remaining: 300_000 })
  })

  it("never captures twice: a capture tagged with the parcel's order code means done", () => {
    const tagged = payment({ captures: [{ id: "capt_1", amount: 300_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [tagged], COD)).toEqual({ kind: "captured", capture_id: "capt_1", amount: 300_000, remaining: 0 })
  })

  it("captures at most what the payment still has authorised (part captured by hand, or by another parcel)", () => {
    const part = payment({ captures: [{ id: "capt_0", amount: 350_000, ghn_order_code: "GB" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 300_000 }, [part], COD)).toEqual({ kind: "capture", payment_id: "pay_1", amount: 150_000, remaining: 300_000 })
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

describe("codCaptureFor: the rest of the COD on the collection that owes it", () => {
  const COD = { codPaymentProviders: ["pp_system_default"], captureCodOnDelivery: true }
  const payment = (over: Partial<CodPayment> = {}): CodPayment => ({ id: "pay_1", provider_id: "pp_system_default", amount: 500_000, canceled: false, captures: [], ...over })
  const collection = (over: Partial<CodCollection> = {}): CodCollection => ({ id: "paycol_2", status: "not_paid", amount: 100_000, payment_ids: [], ...over })

  it("records an exchange's difference, owed in a new collection with no authorised payment, by marking it paid", () => {
    // The first parcel captured its 500,000 from the COD payment; the exchange's parcel collects 100,000.
    const spent = payment({ captures: [{ id: "capt_1", amount: 500_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GB", cod_amount: 100_000 }, [spent], COD, [collection()])).toEqual({
      kind: "mark_paid",
      payment_collection_id: "paycol_2",
      amount: 100_000,
      remaining: 100_000,
    })
  })

  it("records an edited order whose authorised payment Medusa cancelled on the new collection", () => {
    const cancelled = payment({ canceled: true })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 600_000 }, [cancelled], COD, [collection({ amount: 600_000 })]).kind).toBe("mark_paid")
  })

  it("captures from the authorised payment first, then the rest on the collection, each part once", () => {
    const part = payment({ amount: 400_000 })
    const first = codCaptureFor({ order_code: "GA", cod_amount: 500_000 }, [part], COD, [collection()])
    expect(first).toEqual({ kind: "capture", payment_id: "pay_1", amount: 400_000, remaining: 500_000 })
    const captured = payment({ amount: 400_000, captures: [{ id: "capt_1", amount: 400_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 500_000 }, [captured], COD, [collection()])).toEqual({
      kind: "mark_paid",
      payment_collection_id: "paycol_2",
      amount: 100_000,
      remaining: 100_000,
    })
    // The collection marked paid: its capture carries the parcel's code, so all is recorded.
    const marked = payment({ id: "pay_2", amount: 100_000, captures: [{ id: "capt_2", amount: 100_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 500_000 }, [captured, marked], COD, [collection({ status: "completed", payment_ids: ["pay_2"] })])).toEqual({
      kind: "captured",
      capture_id: "capt_2",
      amount: 500_000,
      remaining: 0,
    })
  })

  it("records on a collection that asks more than the COD left exactly what is left: a payment of it, the order owing the rest", () => {
    expect(codCaptureFor({ order_code: "GA", cod_amount: 100_000 }, [], COD, [collection({ amount: 150_000 })])).toEqual({
      kind: "record_on_collection",
      payment_collection_id: "paycol_2",
      amount: 100_000,
      remaining: 100_000,
    })
    // Part recorded already from the COD payment: the rest on the collection, at most what GHN collected.
    const part = payment({ amount: 50_000, captures: [{ id: "capt_1", amount: 50_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 100_000 }, [part], COD, [collection({ amount: 80_000 })])).toEqual(
      expect.objectContaining({ kind: "record_on_collection", amount: 50_000, remaining: 50_000 })
    )
  })

  it("records on a collection the customer began paying another way and did not finish (awaiting), or whose payment failed, at most what it owes", () => {
    for (const status of ["awaiting", "failed"]) {
      expect(codCaptureFor({ order_code: "GB", cod_amount: 100_000 }, [], COD, [collection({ status })])).toEqual(
        expect.objectContaining({ kind: "record_on_collection", payment_collection_id: "paycol_2", amount: 100_000 })
      )
    }
    expect(codCaptureFor({ order_code: "GB", cod_amount: 100_000 }, [], COD, [collection({ status: "awaiting", amount: 100_000, captured: 40_000 })])).toEqual(
      expect.objectContaining({ kind: "record_on_collection", amount: 60_000 })
    )
  })

  it("captures from a system payment a stopped run authorised on a collection, whatever the COD providers", () => {
    const authorised = payment({ id: "pay_sys", amount: 150_000 })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 100_000 }, [authorised], { ...COD, codPaymentProviders: ["pp_cod_cod"] }, [collection({ status: "authorized", payment_ids: ["pay_sys"] })])).toEqual({
      kind: "capture",
      payment_id: "pay_sys",
      amount: 100_000,
      remaining: 100_000,
    })
  })

  it("never records on a collection paid, authorised or cancelled, nor records twice", () => {
    for (const status of ["authorized", "completed", "canceled", "partially_authorized"]) {
      expect(codCaptureFor({ order_code: "GA", cod_amount: 100_000 }, [], COD, [collection({ status })]).kind).toBe("skip")
    }
    const done = payment({ id: "pay_2", amount: 150_000, captures: [{ id: "capt_2", amount: 100_000, ghn_order_code: "GA" }] })
    expect(codCaptureFor({ order_code: "GA", cod_amount: 100_000 }, [done], COD, [collection({ status: "partially_captured", amount: 150_000, payment_ids: ["pay_2"], captured: 100_000 })])).toEqual(
      expect.objectContaining({ kind: "captured", capture_id: "capt_2", amount: 100_000 })
    )
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
