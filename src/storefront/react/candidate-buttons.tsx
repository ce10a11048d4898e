import type { GhnAddressFields } from "../address-state"
import type { ShopperAddressCandidate } from "../../lib/checkout/shopper-errors"
import { type GhnMessageClassNames, withClass } from "./class-names"

/** Address candidates as buttons; a press gives the candidate's address fields (those it has). */
export function CandidateButtons({
  candidates, fieldsOf, onPick, classNames = {},
}: {
  candidates: readonly ShopperAddressCandidate[]
  fieldsOf: (candidate: ShopperAddressCandidate) => GhnAddressFields | undefined
  onPick: (fields: GhnAddressFields) => void
  classNames?: GhnMessageClassNames
}) {
  return (
    <ul className={withClass("ghn-candidates", classNames.list)}>
      {candidates.map((candidate) => {
        const fields = fieldsOf(candidate)
        return fields ? (
          <li key={candidate.label}>
            <button type="button" className={withClass("ghn-candidate", classNames.button)} onClick={() => onPick(fields)}>
              {candidate.label}
            </button>
          </li>
        ) : null
      })}
    </ul>
  )
}
