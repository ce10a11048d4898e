import { chosenFieldsOf, type GhnAddressFields, savedAddressChoiceOf, type SavedAddress } from "../address-state"
import { LABELS, type ShopperLocale } from "../messages"
import { CandidateButtons } from "./candidate-buttons"
import { type GhnMessageClassNames, withClass } from "./class-names"

/**
 * A saved address that needs its customer's choice (a ward the 2025 reform split, a name GHN does
 * not list; the plugin's saved-address resolution found it): the question and the candidates as
 * buttons; picking one gives the address fields to save, ids included. Nothing when the address
 * needs no choice.
 */
export function GhnSavedAddressChoice({
  address, locale = "vi", onChoose, classNames = {},
}: {
  address: (SavedAddress & { address_1?: string | null }) | undefined
  locale?: ShopperLocale
  onChoose: (fields: GhnAddressFields) => void
  classNames?: GhnMessageClassNames
}) {
  const choice = savedAddressChoiceOf(address)
  if (!address || !choice) return null
  const label = [address.address_1, address.address_2, address.city, address.province].filter(Boolean).join(", ")
  return (
    <div role="group" aria-label={LABELS[locale].savedChoice(label)} className={withClass("ghn-saved-choice", classNames.root)} data-ghn-choice={choice.code}>
      <p className={withClass("ghn-saved-choice-text", classNames.text)}>{LABELS[locale].savedChoice(label)}</p>
      <CandidateButtons candidates={choice.candidates} fieldsOf={(c) => chosenFieldsOf(c, address.metadata ?? {})} onPick={onChoose} classNames={classNames} />
    </div>
  )
}
