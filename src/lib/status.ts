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
