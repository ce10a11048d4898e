import { medusaEffectOf } from "./status"

/** What decides the COD of a new GHN fulfilment, read from the order when it is fulfilled. */
export type CodLedger = {
  /** What the customer still owes in Medusa (the order summary's `pending_difference`). */
  pendingDifference: number
  /** Payment providers of the order's payment sessions and payments. */
  providers: string[]
  /** Each payment: its provider and what was captured through it. */
  payments: { provider_id: string; captured: number }[]
  /** The order's GHN fulfilments so far. */
  shipments: { cod_amount: number; status?: string | null; canceled: boolean }[]
}

/** A shipment whose COD GHN has collected or will still collect (not cancelled, not on its way back, lost or damaged). */
export function collectsCod(status: string | null | undefined) {
  if (!status) return true
  const effect = medusaEffectOf(status)
  return effect !== "canceled" && !(effect === "exception" && status !== "exception")
}

/**
 * The COD a new GHN fulfilment collects: what the customer still owes, less what the order's
 * live GHN shipments already collect, so an order shipped in several fulfilments is collected
 * once, and an edit, exchange or claim adds only its difference. Captures through the COD
 * providers are money GHN collected, which its shipments already count: they are added back
 * (refunds are not: they are money returned, and the pending difference holds them).
 */
export function codToCollect(ledger: CodLedger, codProviders: readonly string[]): number {
  if (!ledger.providers.some((p) => codProviders.includes(p))) return 0
  const collectedByCod = ledger.payments
    .filter((p) => codProviders.includes(p.provider_id))
    .reduce((sum, p) => sum + p.captured, 0)
  const assigned = ledger.shipments
    .filter((s) => !s.canceled && collectsCod(s.status))
    .reduce((sum, s) => sum + s.cod_amount, 0)
  return Math.max(0, Math.round(ledger.pendingDifference + collectedByCod - assigned))
}
