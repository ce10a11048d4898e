import { candidateFieldsOf, GhnAddressFields } from "../address-state"
import { toGhnStoreError } from "../client"
import { ghnErrorMessage, ShopperLocale } from "../messages"
import { CandidateButtons } from "./candidate-buttons"
import { type GhnMessageClassNames, withClass } from "./class-names"

/**
 * A failed GHN quote or checkout call as the shopper reads it, in their language; with the
 * candidates of an ambiguous or unknown address as buttons that pick one (its ids included).
 * `error`: a GhnStoreError, js-sdk's FetchError, or a GhnStoreErrorBody a server action returned.
 */
export function GhnShippingError({
  error, locale = "vi", metadata, onPickCandidate, classNames = {},
}: { error: unknown; locale?: ShopperLocale; metadata?: Record<string, unknown>; onPickCandidate?: (fields: GhnAddressFields) => void; classNames?: GhnMessageClassNames }) {
  if (!error) return null
  const shopper = toGhnStoreError(error).shopper
  const candidates = shopper && "candidates" in shopper.params ? shopper.params.candidates : []
  return (
    <div role="alert" className={withClass("ghn-shipping-error", classNames.root)} data-ghn-error={shopper?.code ?? ""}>
      <p className={withClass("ghn-shipping-error-text", classNames.text)}>{ghnErrorMessage(error, locale)}</p>
      {onPickCandidate && candidates.length > 0 && (
        <CandidateButtons candidates={candidates} fieldsOf={(c) => candidateFieldsOf(c, metadata)} onPick={onPickCandidate} classNames={classNames} />
      )}
    </div>
  )
}
