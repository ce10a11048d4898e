import type { GhnAddressFields } from "../address-state"
import type { ShopperAddressCandidate } from "../../lib/shopper-errors"

/** Address candidates as buttons; a press gives the candidate's address fields (those it has). */
export function CandidateButtons({
  candidates, fieldsOf, onPick,
}: { candidates: readonly ShopperAddressCandidate[]; fieldsOf: (candidate: ShopperAddressCandidate) => GhnAddressFields | undefined; onPick: (fields: GhnAddressFields) => void }) {
  return (
    <ul>
      {candidates.map((candidate) => {
        const fields = fieldsOf(candidate)
        return fields ? (
          <li key={candidate.label}>
            <button type="button" onClick={() => onPick(fields)}>
              {candidate.label}
            </button>
          </li>
        ) : null
      })}
    </ul>
  )
}
