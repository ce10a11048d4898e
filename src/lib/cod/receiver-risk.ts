/**
 * A receiver's history with the store's cash-on-delivery parcels ("bom hàng": parcels refused or
 * not collected come back, and the shop pays the way out, the way back and the failed-COD fee).
 * Pure: the receiver is known by the phone, normalised (src/lib/address/phone.ts); the outcomes are kept in PostgreSQL by
 * the GHN module as parcels reach a final status.
 */

export type ReceiverOutcome = "delivered" | "returned" | "refused"

/** GHN's failed-delivery reasons that mean the receiver refused the parcel (the spec's reason list, as the sandbox names them). */
export const REFUSAL_REASON_CODES = ["GHN-DFC1A4"]

/**
 * How a COD parcel ended for its receiver: delivered; returned after the receiver refused it (a
 * failed delivery GHN gave a refusal reason); or returned otherwise (not reached, wrong address).
 * Other final statuses (lost, damaged, cancelled) say nothing about the receiver.
 */
export function receiverOutcomeOf(status: string, failedDeliveryReasons: (string | null | undefined)[]): ReceiverOutcome | null {
  if (status === "delivered") return "delivered"
  if (status !== "returned") return null
  return failedDeliveryReasons.some((code) => !!code && REFUSAL_REASON_CODES.includes(code)) ? "refused" : "returned"
}

/** What the store knows of a receiver: COD parcels by outcome, failed attempts, and whether an admin trusts them. */
export type ReceiverHistory = {
  phone: string
  delivered: number
  returned: number
  refused: number
  failed_attempts: number
  trusted: boolean
  /** Returned and refused COD parcels within the codRisk window (all of them when no window is set). */
  recent_returns: number
  days: number | null
}

export type CodRiskOption = { maxReturned: number; days: number }

/** Does the store refuse cash on delivery to this receiver (option `codRisk`)? Never for a trusted one. */
export function refusesCod(history: Pick<ReceiverHistory, "recent_returns" | "trusted"> | null, option: CodRiskOption | undefined): boolean {
  if (!option || !history || history.trusted) return false
  return history.recent_returns >= option.maxReturned
}
