/**
 * Automatic shipping (option `autoShip`): each new order shipped with a GHN option is queued, and
 * ships in a shipping run once due, one run per batch (src/runners/auto-ship.ts).
 *
 *   waiting -> shipped   (in a run: its result is the run's)
 *   waiting -> skipped   (cancelled, edited, or no longer ready to ship: never shipped on its own)
 *   waiting <-> held     (the merchant's hold; a release queues it again, its delay counted from then)
 */
export const AUTO_SHIP_STATUSES = ["waiting", "held", "shipped", "skipped"] as const
export type AutoShipStatus = (typeof AUTO_SHIP_STATUSES)[number]

/**
 * Why a queued order does not ship on its own (the admin's texts are keyed by these): its payment has
 * not come, GHN would refuse it, it was edited or cancelled, it is no longer ready to ship (fulfilled
 * by hand, in another run), its stock location is not one `autoShip.locations` lists.
 */
export const AUTO_SHIP_REASONS = ["payment", "problems", "edited", "cancelled", "not_ready", "location"] as const
export type AutoShipReason = (typeof AUTO_SHIP_REASONS)[number]

/** What a run the plugin started on its own names as its starter. */
export const AUTO_SHIP_STARTER = "auto_ship"

/** An order GHN would refuse (its address, its parcel) is looked at again this long after, for the merchant to fix it meanwhile. */
export const AUTO_SHIP_RECHECK_MS = 15 * 60_000

export type AutoShipOptions = { when: "placed" | "paid"; delayMinutes: number; locations?: string[] }

/** An order's place in the queue, as the admin's Ready to ship reads it. */
export type AutoShipState = {
  status: AutoShipStatus
  /** When it ships (null: waiting for its payment, or not waiting). */
  due_at: Date | string | null
  /** Why it has not shipped on its own. */
  reason: AutoShipReason | null
  run_id: string | null
}

/**
 * When a queued order is due: `delayMinutes` after it was queued (placed, or released from a hold),
 * with `when: "paid"` a prepaid order after its payment too (authorized or captured); null while a
 * prepaid order's payment has not come.
 */
export function autoShipDueAt(options: AutoShipOptions, order: { queued_at: Date; cod: boolean; paid_at: Date | null }): Date | null {
  let from = order.queued_at
  if (options.when === "paid" && !order.cod) {
    if (!order.paid_at) return null
    if (order.paid_at > from) from = order.paid_at
  }
  return new Date(from.getTime() + options.delayMinutes * 60_000)
}
