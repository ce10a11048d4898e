/** What decides the COD of a new GHN fulfilment, read from the order when it is fulfilled. */
export type CodLedger = {
  /** What the customer still owes in Medusa (the order summary's `pending_difference`). */
  pendingDifference: number
  /** The order's current total (the summary's `current_order_total`, else the order's `total`). */
  total: number
  /** What the order's payments hold: captured less refunded, over every payment. */
  paid: number
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
 *
 * Never more than the order can owe: Medusa's owed figure is capped by the order's current total
 * less what its payments hold (two figures Medusa keeps apart, so a summary written wrong by two
 * writers at once cannot make a parcel collect a multiple of the order), and never below 0.
 */
export function codToCollect(ledger: CodLedger, codProviders: readonly string[]): number {
  if (!ledger.providers.some((p) => codProviders.includes(p))) return 0
  return Math.max(0, Math.round(owedOf(ledger) + codCollectedOf(ledger, codProviders) - codCarriedOf(ledger)))
}

/** What the customer owes now, capped by the order's total less what its payments hold (see codToCollect). */
function owedOf(ledger: CodLedger): number {
  return Math.min(ledger.pendingDifference, ledger.total - ledger.paid)
}

/** The COD already collected that Medusa counts as paid: captures through the COD providers, up to the COD of the delivered parcels. */
function codCollectedOf(ledger: CodLedger, codProviders: readonly string[]): number {
  const capturedByCod = ledger.payments.filter((p) => codProviders.includes(p.provider_id)).reduce((sum, p) => sum + p.captured, 0)
  const deliveredCod = ledger.shipments.filter((s) => holdsCod(s) && s.status === "delivered").reduce((sum, s) => sum + s.cod_amount, 0)
  return Math.min(capturedByCod, deliveredCod)
}

/** The COD the order's live parcels carry (every one but a cancelled one). */
function codCarriedOf(ledger: CodLedger): number {
  return ledger.shipments.filter(holdsCod).reduce((sum, s) => sum + s.cod_amount, 0)
}

/** The COD tab's check of an order: its live parcels' COD against what Medusa says the customer owed by COD. */
export type OrderCodCheck = {
  /** The COD the order's live parcels carry, as GHN last reported it. */
  order_cod: number
  /** What the customer owed by COD: what Medusa says is owed now (a refund due counts 0), plus the COD already collected and recorded as paid. */
  order_cod_due: number
  /** order_cod less order_cod_due: above 0, GHN collects more than the order owes (an edit or return after the parcel left); below 0, no parcel collects part of what is owed. */
  order_cod_difference: number
}

/**
 * The order-level reconciliation, by the one rule: what the customer owes (never below 0: money
 * the store owes back is a refund, not COD) plus the COD collected and recorded, against what the
 * live parcels carry. Equal whenever the parcels were made by codToCollect and nothing changed the
 * order since; an order not paid through a COD provider owes nothing by COD.
 */
export function orderCodCheck(ledger: CodLedger, codProviders: readonly string[]): OrderCodCheck {
  const carried = Math.round(codCarriedOf(ledger))
  const due = ledger.providers.some((p) => codProviders.includes(p))
    ? Math.round(Math.max(0, owedOf(ledger)) + codCollectedOf(ledger, codProviders))
    : 0
  return { order_cod: carried, order_cod_due: due, order_cod_difference: carried - due }
}

/** An order's figures as Medusa holds them, read before any GHN order is made for it. */
export type OrderFigures = {
  /** The order's `total` (computed from its item rows). */
  total: number
  summary?: { pending_difference?: number | null; current_order_total?: number | null; paid_total?: number | null; refunded_total?: number | null } | null
  items: { id: string; quantity: number; fulfilled: number }[]
}

/** Rounding Medusa's big numbers may leave (VND has no decimals; other currencies two). */
const SLACK = 1

/**
 * Why an order's figures are impossible, or null: two of Medusa's order workflows that ran on it at
 * once leave it with its item rows listed again, more fulfilled than ordered, a summary whose parts
 * disagree, or more owed than its total. Such an order gets no GHN order: the COD and the parcel
 * would be computed from figures that are not the order's.
 */
export function orderFiguresProblem(figures: OrderFigures): string | null {
  const seen = new Set<string>()
  for (const item of figures.items) {
    if (seen.has(item.id)) return `its item ${item.id} is listed more than once`
    seen.add(item.id)
    if (item.fulfilled > item.quantity) return `its item ${item.id} is fulfilled ${item.fulfilled} times but ordered ${item.quantity} times`
  }
  const s = figures.summary
  if (!s) return null
  const num = (v: unknown) => (v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v))
  const [owed, current, paid, refunded] = [num(s.pending_difference), num(s.current_order_total), num(s.paid_total), num(s.refunded_total)]
  if (owed !== null && current !== null && owed > current + SLACK) return `it owes ${owed}, more than its total of ${current}`
  if (owed !== null && owed > figures.total + SLACK) return `it owes ${owed}, more than its total of ${figures.total}`
  // One-sided: less owed than the parts say is Medusa counting a requested return; more is never right.
  if (owed !== null && current !== null && paid !== null && owed > current - paid + (refunded ?? 0) + SLACK) {
    return `its summary does not add up: it owes ${owed}, but its total ${current} less ${paid} paid${refunded ? ` plus ${refunded} refunded` : ""} is ${current - paid + (refunded ?? 0)}`
  }
  return null
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

/** A payment collection of the order: what it asks (`amount`), its status, its payments' ids, and what they captured (less nothing refunded: what it holds). */
export type CodCollection = { id: string; status: string; amount: number; payment_ids: string[]; captured?: number }

export type CodCapturePlan = (
  | { kind: "capture"; payment_id: string; amount: number }
  /** The remainder recorded on a collection Medusa opened for what is owed (an exchange's difference, an order edit): Medusa's markPaymentCollectionAsPaid. */
  | { kind: "mark_paid"; payment_collection_id: string; amount: number }
  /**
   * The remainder recorded on a collection that owes it and has no payment to capture from, where
   * marking it paid whole would record more than GHN collected or Medusa refuses it (`awaiting`: the
   * customer began paying another way and did not finish; `failed`; `not_paid` asking more than is
   * left): the system provider's session, authorised, and captured for `amount` (Medusa's own steps).
   */
  | { kind: "record_on_collection"; payment_collection_id: string; amount: number }
  /** This parcel's COD is already recorded (its captures carry its GHN order code). */
  | { kind: "captured"; capture_id: string; amount: number }
  | { kind: "skip"; reason: string }
) & {
  /** Of the parcel's COD, what is not recorded yet before this part (0 once all is). */
  remaining?: number
  /** Why part of the COD is left for the admin to record (no collection fits it). */
  unrecorded?: string
}

/** The statuses of a collection Medusa's markPaymentCollectionAsPaid accepts: nothing of it paid nor authorised. */
const MARKABLE = new Set(["not_paid"])
/** The statuses of a collection that owes and has no authorised payment: a payment of the cash GHN collected can be recorded on it. */
const RECORDABLE = new Set(["not_paid", "awaiting", "failed"])
/** Medusa's system provider ("manual"): what the plugin records GHN's cash with on a collection, as Medusa's markPaymentCollectionAsPaid does. */
export const SYSTEM_PAYMENT_PROVIDER = "pp_system_default"

/**
 * What delivering a parcel records of its COD, one part per run: first from the order's
 * cash-on-delivery payment (a capture, at most what that payment still has authorised: a store may
 * have captured part by hand), then, for what is left, on a collection Medusa opened for what the
 * order owes (an exchange's difference, an order edit that cancelled the authorised payment, a
 * claim's charge): marked paid whole when it is `not_paid` and asks no more than what is left,
 * else (`awaiting`, `failed`, or asking more) a payment of what is left recorded on it, at most what
 * it owes (never more recorded than GHN collected). Captures tagged with the parcel's GHN order code are what is recorded: a repeated
 * delivery, a poll or a restart never records twice.
 */
export function codCaptureFor(
  shipment: { order_code: string; cod_amount: number },
  payments: CodPayment[],
  options: { codPaymentProviders: readonly string[]; captureCodOnDelivery: boolean },
  collections: CodCollection[] = []
): CodCapturePlan {
  const tagged = payments.flatMap((p) => p.captures).filter((c) => c.ghn_order_code === shipment.order_code)
  const done = tagged.reduce((sum, c) => sum + c.amount, 0)
  const recorded = (extra: { unrecorded?: string } = {}): CodCapturePlan => ({ kind: "captured", capture_id: tagged[tagged.length - 1].id, amount: done, remaining: 0, ...extra })
  if (tagged.length && (!options.captureCodOnDelivery || done >= shipment.cod_amount - SLACK)) return recorded()
  if (!options.captureCodOnDelivery) return { kind: "skip", reason: "captureCodOnDelivery is off" }
  const codProviders = options.codPaymentProviders
  if (shipment.cod_amount <= 0) return { kind: "skip", reason: "the parcel collects no COD" }
  const remaining = shipment.cod_amount - done
  // A COD payment, or a system payment (one the plugin authorised on a collection, stopped before its capture).
  const open = payments
    .filter((p) => (codProviders.includes(p.provider_id) || p.provider_id === SYSTEM_PAYMENT_PROVIDER) && !p.canceled)
    .map((p) => ({ id: p.id, left: p.amount - p.captures.reduce((sum, c) => sum + c.amount, 0) }))
    .filter((p) => p.left > 0)
    .sort((a, b) => b.left - a.left)
  if (open.length) return { kind: "capture", payment_id: open[0].id, amount: Math.min(remaining, open[0].left), remaining }
  const unpaid = collections.filter((c) => MARKABLE.has(c.status) && c.amount > 0)
  const fits = unpaid.filter((c) => c.amount <= remaining + SLACK).sort((a, b) => b.amount - a.amount)
  if (fits.length) return { kind: "mark_paid", payment_collection_id: fits[0].id, amount: fits[0].amount, remaining }
  // Any other collection that owes and has no payment to capture from: what GHN collected is recorded on it, at most what it owes.
  const owing = collections
    .filter((c) => RECORDABLE.has(c.status) && c.amount - (c.captured ?? 0) > SLACK)
    .map((c) => ({ id: c.id, owes: c.amount - (c.captured ?? 0) }))
    .sort((a, b) => b.owes - a.owes)
  if (owing.length) return { kind: "record_on_collection", payment_collection_id: owing[0].id, amount: Math.min(remaining, owing[0].owes), remaining }
  const why = `the order has no cash-on-delivery payment (${codProviders.join(", ") || "codPaymentProviders is empty"}) left to capture, nor a payment collection that owes`
  if (tagged.length) return recorded({ unrecorded: `${remaining} of the COD is not recorded: ${why}` })
  return { kind: "skip", reason: why }
}
