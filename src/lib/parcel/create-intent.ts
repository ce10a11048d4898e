/**
 * A Create Order intent: a GHN order about to be made for a fulfilment (an order's parcel or a
 * return's pickup), kept in PostgreSQL with the body it sends before GHN is called. Its client
 * order code is what GHN deduplicates on: re-sent unchanged, it makes GHN answer with the order it
 * made the first time.
 *
 *   pending   sent or about to be, the answer not known yet
 *   created   a fulfilment carries the GHN order GHN answered with
 *   abandoned certain that GHN holds no live order for it (GHN refused it, it was never sent, or
 *             the code was GHN's answer for an order made before this intent)
 *   orphan    GHN holds, or may hold, an order no fulfilment carries: it must be cancelled, and is
 *             retried until it is (shown in the admin meanwhile)
 *   cancelled that order was cancelled at GHN
 */
export const INTENT_STATUSES = ["pending", "created", "abandoned", "orphan", "cancelled"] as const
export type IntentStatus = (typeof INTENT_STATUSES)[number]

export type IntentKind = "outbound" | "return"

/** What an intent is reserved for: the shipment, its order and the Create Order body about to be sent. */
export type IntentReservation = {
  kind: IntentKind
  provider_id: string
  order_id: string
  /** The order's number as the merchant reads it (custom display id, else display id). */
  order_number: string
  fulfillment_id: string
  location_id: string | null
  /** The shipment's lines, to tell a retry of the same shipment from another one. */
  items: { id: string; quantity: number }[]
  shop_id: number
  /** The Create Order body, without its client order code. */
  body: Record<string, unknown>
}

/** The moves an intent can make; every other is refused (see moveIntent in the module). */
const MOVES: Record<IntentStatus, readonly IntentStatus[]> = {
  pending: ["created", "abandoned", "orphan", "cancelled"],
  // A created parcel undone by a later failure of the workflow that made it.
  created: ["cancelled", "orphan"],
  abandoned: [],
  orphan: ["cancelled"],
  cancelled: [],
}

export function canMoveIntent(from: IntentStatus, to: IntentStatus): boolean {
  return from === to || MOVES[from].includes(to)
}

export class IntentMoveError extends Error {
  constructor(code: string, from: string, to: string) {
    super(`the Create Order intent ${code} cannot move from "${from}" to "${to}"`)
    this.name = "IntentMoveError"
  }
}

/** How long GHN may keep a client order code, at most (the spec: max 50). */
export const MAX_CLIENT_ORDER_CODE = 50
/** A prefix leaves room for an order number of 12 digits, a sequence and a return mark. */
export const MAX_CLIENT_ORDER_CODE_PREFIX = 20

/**
 * The client order code a merchant reads in GHN's app, on GHN's support line and on the label:
 * the order's number and the parcel's sequence (`1042-1`, `1042-2`; a return's pickup `1042-R1`),
 * behind the store's prefix when one GHN shop serves several stores (`SHOPA-1042-1`).
 */
export function clientOrderCode(input: { prefix?: string; orderNumber: string | number; kind: IntentKind; sequence: number }): string {
  // A prefix always ends in a separator, so "S1" + 23 and "S12" + 3 never meet.
  const prefix = input.prefix ? (/[-_.]$/.test(input.prefix) ? input.prefix : `${input.prefix}-`) : ""
  const code = `${prefix}${input.orderNumber}-${input.kind === "return" ? "R" : ""}${input.sequence}`
  if (code.length > MAX_CLIENT_ORDER_CODE) {
    throw new RangeError(`the client order code ${code} is longer than GHN's ${MAX_CLIENT_ORDER_CODE} characters: shorten clientOrderCodePrefix`)
  }
  return code
}

/** A shipment's lines as an intent keeps them: [line item id, quantity], merged and sorted. */
export function intentItems(items: { id: string; quantity: number }[]): [string, number][] {
  const merged = new Map<string, number>()
  for (const item of items) merged.set(item.id, (merged.get(item.id) ?? 0) + Number(item.quantity))
  return [...merged.entries()].sort(([a], [b]) => a.localeCompare(b))
}

/** Do two intents ship the same thing from the same place? (A retry of one adopts the other's code.) */
export function sameShipment(a: { location_id?: string | null; items: unknown }, b: { location_id?: string | null; items: unknown }) {
  return (a.location_id ?? null) === (b.location_id ?? null) && JSON.stringify(a.items) === JSON.stringify(b.items)
}

/** How long a pending intent of a fulfilment that no longer exists waits for a retry to adopt it. */
export const PENDING_GRACE_MS = 10 * 60_000
/** Back-off between tries to cancel an orphan at GHN: 1, 2, 4 ... minutes, at most 6 hours. */
export function orphanRetryDelayMs(attempts: number): number {
  return Math.min(6 * 3600_000, 60_000 * 2 ** Math.max(0, attempts - 1))
}
