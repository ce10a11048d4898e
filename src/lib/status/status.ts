/**
 * GHN order statuses and what each means for the Medusa fulfilment. GHN may add statuses (newer
 * docs have `scrap`): an unknown one is recorded and changes nothing in Medusa.
 */
export type MedusaEffect =
  /** Still at the shop: nothing to do in Medusa. */
  | "none"
  /** GHN has the parcel: the fulfilment is shipped (once). */
  | "shipped"
  /** The receiver has it: the fulfilment is delivered. */
  | "delivered"
  /** GHN cancelled the order: the fulfilment is cancelled (GHN is not called back). */
  | "canceled"
  /** On its way back, back, lost or damaged: shipped, recorded and announced. */
  | "exception"

const EFFECTS: Record<string, MedusaEffect> = {
  ready_to_pick: "none",
  picking: "none",
  money_collect_picking: "none",
  picked: "shipped",
  storing: "shipped",
  transporting: "shipped",
  sorting: "shipped",
  delivering: "shipped",
  money_collect_delivering: "shipped",
  delivery_fail: "shipped",
  waiting_to_return: "shipped",
  delivered: "delivered",
  cancel: "canceled",
  return: "exception",
  return_transporting: "exception",
  return_sorting: "exception",
  returning: "exception",
  return_fail: "exception",
  returned: "exception",
  lost: "exception",
  damage: "exception",
  exception: "exception",
}

export function medusaEffectOf(status: string): MedusaEffect {
  return EFFECTS[status] ?? "none"
}

/** Statuses after which GHN no longer moves the order: the polling job stops asking. */
export const FINAL_STATUSES = ["delivered", "returned", "cancel", "lost", "damage"] as const

export function isFinalStatus(status: string) {
  return (FINAL_STATUSES as readonly string[]).includes(status)
}

/** Statuses whose parcel has left the shop (GHN had it in hand). */
export function isPastPickup(status: string) {
  const effect = medusaEffectOf(status)
  return effect === "shipped" || effect === "delivered" || (effect === "exception" && status !== "exception")
}

/** The order statuses the spec names (22). */
export const GHN_STATUSES = [
  "ready_to_pick", "picking", "money_collect_picking", "picked", "storing", "transporting", "sorting", "delivering",
  "delivery_fail", "waiting_to_return", "return", "return_transporting", "return_sorting", "return_fail", "delivered",
  "money_collect_delivering", "returning", "returned", "cancel", "exception", "lost", "damage",
] as const

/** Before GHN has the parcel in hand: the only statuses GHN cancels an order from (and the admin offers Cancel in). */
const BEFORE_PICKUP = new Set(["ready_to_pick", "picking", "money_collect_picking"])

export function isBeforePickup(status: string) {
  return BEFORE_PICKUP.has(status)
}

/** Why a status GHN reports is kept in the history only, never made the shipment's. */
export type RefusedMove = "unknown_status" | "after_final" | "cancel_after_pickup" | "before_order"

/**
 * The moves GHN can make, as the plugin applies them: from any status that is not final to any
 * status the spec names, except a cancel once GHN has the parcel (GHN returns it instead). A final
 * status (delivered, returned, cancel, lost, damage) is never left; a status the spec does not name
 * is never taken. What is refused goes into the history only, marked with the reason.
 */
export function refusedMove(from: string | null | undefined, to: string): RefusedMove | null {
  if (!(GHN_STATUSES as readonly string[]).includes(to)) return "unknown_status"
  if (!from || from === to) return null
  if (isFinalStatus(from)) return "after_final"
  if (to === "cancel" && !BEFORE_PICKUP.has(from)) return "cancel_after_pickup"
  return null
}
