/** What decides the COD of a new GHN fulfilment, read from the order when it is fulfilled. */
export type CodLedger = {
  /** What the customer still owes in Medusa (the order summary's `pending_difference`). */
  pendingDifference: number
  /** Payment providers of the order's payment sessions and payments. */
  providers: string[]
  /** Each payment: its provider and what was captured through it. */
  payments: { provider_id: string; captured: number }[]
  /** The order's GHN parcels so far (not returns), with GHN's current COD and status. */
  shipments: { cod_amount: number; status?: string | null; canceled: boolean }[]
}

/**
 * A parcel whose COD still counts against the order: every one but a cancelled one. A parcel
 * GHN brings back, loses or damages keeps its COD: the customer refused or never got those
 * goods, and billing them on the next parcel would charge for goods that parcel does not carry
 * (the admin sets a COD by hand when the goods are sent again).
 */
export function holdsCod(shipment: { status?: string | null; canceled: boolean }) {
  return !shipment.canceled && shipment.status !== "cancel"
}

/**
 * The COD a new GHN fulfilment collects: what the customer still owes, less the COD that the
 * order's parcels already carry, so an order shipped in several fulfilments is collected once,
 * a cancelled parcel hands its COD on, and an edit, exchange or claim adds only its difference.
 *
 * Medusa counts a capture as paid, and a store captures the COD GHN collected for a delivered
 * parcel, which that parcel's COD also counts: captures through the COD providers are added
 * back, up to the COD of the delivered parcels. Captures beyond that (a transfer recorded as paid
 * through the same provider before shipping) are payments: they are not collected again.
 */
export function codToCollect(ledger: CodLedger, codProviders: readonly string[]): number {
  if (!ledger.providers.some((p) => codProviders.includes(p))) return 0
  const capturedByCod = ledger.payments
    .filter((p) => codProviders.includes(p.provider_id))
    .reduce((sum, p) => sum + p.captured, 0)
  const live = ledger.shipments.filter(holdsCod)
  const deliveredCod = live.filter((s) => s.status === "delivered").reduce((sum, s) => sum + s.cod_amount, 0)
  const assigned = live.reduce((sum, s) => sum + s.cod_amount, 0)
  return Math.max(0, Math.round(ledger.pendingDifference + Math.min(capturedByCod, deliveredCod) - assigned))
}

/** GHN statuses after which the courier collects nothing more from the receiver. */
const NOTHING_TO_COLLECT = new Set(["delivered", "return", "return_transporting", "return_sorting", "returning", "return_fail", "returned", "cancel"])

/**
 * The cash a shopper still hands the courier: the parcel's COD until GHN has delivered it, is
 * bringing it back or has cancelled it (what the shopper's notifications and tracking say).
 */
export function cashToPrepare(status: string, codAmount: number | null | undefined): number {
  return NOTHING_TO_COLLECT.has(status) ? 0 : Number(codAmount ?? 0)
}

/** A payment of the order, as the capture on delivery reads it. */
export type CodPayment = {
  id: string
  provider_id: string
  amount: number
  canceled: boolean
  captures: { id: string; amount: number; created_at?: string | Date | null; ghn_order_code?: string | null }[]
}

export type CodCapturePlan =
  | { kind: "capture"; payment_id: string; amount: number }
  /** This parcel's COD is already captured (the capture carries its GHN order code). */
  | { kind: "captured"; capture_id: string; amount: number }
  | { kind: "skip"; reason: string }

/**
 * What delivering a shipment captures: its COD, from the order's cash-on-delivery payment, at most
 * what that payment still has authorised (a store may have captured part by hand). A capture
 * already tagged with the shipment's GHN order code means done: a repeated delivery never captures twice.
 */
export function codCaptureFor(
  shipment: { order_code: string; cod_amount: number },
  payments: CodPayment[],
  options: { codPaymentProviders: readonly string[]; captureCodOnDelivery: boolean }
): CodCapturePlan {
  const done = payments.flatMap((p) => p.captures).find((c) => c.ghn_order_code === shipment.order_code)
  if (done) return { kind: "captured", capture_id: done.id, amount: done.amount }
  if (!options.captureCodOnDelivery) return { kind: "skip", reason: "captureCodOnDelivery is off" }
  const codProviders = options.codPaymentProviders
  if (shipment.cod_amount <= 0) return { kind: "skip", reason: "the parcel collects no COD" }
  const open = payments
    .filter((p) => codProviders.includes(p.provider_id) && !p.canceled)
    .map((p) => ({ id: p.id, left: p.amount - p.captures.reduce((sum, c) => sum + c.amount, 0) }))
    .filter((p) => p.left > 0)
    .sort((a, b) => b.left - a.left)
  if (!open.length) {
    return { kind: "skip", reason: `the order has no cash-on-delivery payment (${codProviders.join(", ") || "codPaymentProviders is empty"}) left to capture` }
  }
  return { kind: "capture", payment_id: open[0].id, amount: Math.min(shipment.cod_amount, open[0].left) }
}
