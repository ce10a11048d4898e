/**
 * Parcels waiting for the merchant's decision after they left (the GHN page's "Needs action" tab
 * and the order panel's banner): which statuses, what a return would add to the bill, and what
 * the merchant can do in each (the spec's tables, through src/lib/parcel/update-rules.ts).
 */
import { feeBreakdown } from "../parcel/fee-breakdown"
import { canUpdateField, REDELIVERABLE, RETURNABLE } from "../parcel/update-rules"

/** GHN statuses in which a parcel waits for the merchant: a failed delivery, a parcel held or coming back, a loss. */
export const NEEDS_ACTION_STATUSES = ["delivery_fail", "waiting_to_return", "storing", "return_fail", "exception", "lost", "damage"] as const
export type NeedsActionStatus = (typeof NEEDS_ACTION_STATUSES)[number]

export const isNeedsActionStatus = (status: string): status is NeedsActionStatus => (NEEDS_ACTION_STATUSES as readonly string[]).includes(status)

/** The Update Order fields the queue offers (what the receiver pays on a failed delivery, their phone and address). */
export const QUEUE_UPDATE_FIELDS = ["cod_failed_amount", "to_phone", "to_address"] as const

/**
 * What a return would add to the parcel's bill, in VND. What GHN billed already (its `r2s`,
 * `return` and `cod_failed_fee`) when it has; otherwise the return to sender estimated as
 * `returnFeeRatio` of the main service (GHN bills R2S as a share of the delivery's main service;
 * the share is the shop's contract with GHN), marked `estimated`.
 */
export function returnCostOf(shipment: { fees: unknown; total_fee: number }, returnFeeRatio: number): { amount: number; estimated: boolean } {
  const fees = feeBreakdown(shipment.fees as Record<string, unknown> | null)
  const billed = (fees.r2s ?? 0) + (fees.return ?? 0)
  const codFailed = fees.cod_failed_fee ?? 0
  if (billed > 0) return { amount: billed + codFailed, estimated: false }
  const main = fees.main_service || shipment.total_fee
  return { amount: Math.round(main * returnFeeRatio) + codFailed, estimated: true }
}

/** What the merchant can do with a parcel in this status (GHN's tables). */
export function queueActionsOf(status: string) {
  return {
    redeliver: REDELIVERABLE.includes(status),
    return: RETURNABLE.includes(status),
    update: QUEUE_UPDATE_FIELDS.filter((field) => canUpdateField(status, field)),
  }
}

/**
 * Failed delivery attempts: the times a parcel went into `delivery_fail` (a repeat of the same
 * report, or a poll seeing the status again, is not another attempt).
 */
export function attemptsAfter(previousStatus: string | null | undefined, statuses: (string | null | undefined)[]): number {
  let current = previousStatus ?? null
  let attempts = 0
  for (const status of statuses) {
    if (!status) continue
    if (status === "delivery_fail" && current !== "delivery_fail") attempts++
    current = status
  }
  return attempts
}
