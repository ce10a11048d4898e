import { candidateFieldsOf, GhnAddressFields } from "../address-state"
import { GhnStoreError } from "../client"
import { ghnErrorMessage, ShopperLocale } from "../messages"
import { CandidateButtons } from "./candidate-buttons"

/**
 * A failed GHN quote or checkout call as the shopper reads it, in their language; with the
 * candidates of an ambiguous or unknown address as buttons that pick one (its ids included).
 */
export function GhnShippingError({
  error, locale = "vi", metadata, onPickCandidate,
}: { error: unknown; locale?: ShopperLocale; metadata?: Record<string, unknown>; onPickCandidate?: (fields: GhnAddressFields) => void }) {
  if (!error) return null
  const shopper = error instanceof GhnStoreError ? error.shopper : undefined
  const candidates = shopper && "candidates" in shopper.params ? shopper.params.candidates : []
  return (
    <div role="alert" className="ghn-shipping-error" data-ghn-error={shopper?.code ?? ""}>
      <p>{ghnErrorMessage(error, locale)}</p>
      {onPickCandidate && candidates.length > 0 && <CandidateButtons candidates={candidates} fieldsOf={(c) => candidateFieldsOf(c, metadata)} onPick={onPickCandidate} />}
    </div>
  )
}
