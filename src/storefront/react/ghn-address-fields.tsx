import type { AddressModel, GhnAddressFields as AddressFields, SavedAddress } from "../address-state"
import type { GhnStoreClient } from "../client"
import { LABELS, ShopperLocale } from "../messages"
import { type GhnFieldClassNames, withClass } from "./class-names"
import { GhnCombobox } from "./ghn-combobox"
import { useGhnAddress } from "./use-ghn-address"

export type GhnAddressFieldsProps = {
  client: GhnStoreClient
  /** legacy: province -> district -> ward; new: province -> ward (2025). Default: the saved address's, else legacy. */
  model?: AddressModel
  /** "vi" (default) or "en" */
  locale?: ShopperLocale
  /** the address as saved, shown picked again */
  value?: SavedAddress
  onChange?: (fields: AddressFields | undefined) => void
  /**
   * With a name ("shipping_address"), hidden inputs carry the fields in a form post:
   * `<name>.province`, `<name>.city`, `<name>.address_2` and `<name>.metadata` (JSON).
   */
  name?: string
  /** added to the root's `ghn-address-fields` (e.g. a grid of the host's) */
  className?: string
  /** the host's classes for each level's box, label, input, list, options and error (e.g. the starter's Input classes) */
  classNames?: GhnFieldClassNames
  /**
   * For CSS floating labels (the Next.js starter's): each input's placeholder is a blank, since
   * such labels float on `:not(:placeholder-shown)`, and the hints ("Tìm tỉnh/thành phố") go.
   */
  floatingLabels?: boolean
  /**
   * Every level must be picked: a mark after each label (`*`, classes `classNames.required`),
   * `aria-required`, and a form submitted with a level empty is stopped there with the kit's
   * message under it ("Vui lòng chọn tỉnh/thành phố", "Please choose a province/city").
   */
  required?: boolean
}

/** Province -> district -> ward (or province -> ward) pickers for a Vietnamese address, writing GHN's names and ids. */
export function GhnAddressFields({ client, model, locale = "vi", value, onChange, name, className, classNames = {}, floatingLabels, required }: GhnAddressFieldsProps) {
  const address = useGhnAddress({ client, model, locale, value, onChange })
  const labels = LABELS[locale]
  return (
    <div className={withClass("ghn-address-fields", className)} data-ghn-model={address.model}>
      {address.levels.map((level, index) => {
        const above = address.levels[index - 1]
        return (
          <div key={level.level} className="ghn-address-level">
            <GhnCombobox
              level={level.level}
              label={level.label}
              units={level.units}
              picked={level.picked}
              onPick={level.pick}
              disabled={level.disabled}
              loading={level.loading}
              placeholder={floatingLabels ? " " : level.disabled && above ? labels.pickAbove(above.label) : labels.search(level.label)}
              loadingText={labels.loading}
              noMatchText={labels.noMatch}
              resultsText={labels.results}
              classNames={classNames}
              required={required}
              requiredText={labels.required(level.label)}
            />
            {level.error && (
              <p role="alert" className={withClass("ghn-address-error", classNames.error)}>
                {level.error}{" "}
                <button type="button" onClick={address.retry}>
                  {labels.retry}
                </button>
              </p>
            )}
          </div>
        )
      })}
      {name && address.fields && (
        <>
          <input type="hidden" name={`${name}.province`} value={address.fields.province} />
          <input type="hidden" name={`${name}.city`} value={address.fields.city} />
          <input type="hidden" name={`${name}.address_2`} value={address.fields.address_2} />
          <input type="hidden" name={`${name}.metadata`} value={JSON.stringify(address.fields.metadata)} />
        </>
      )}
    </div>
  )
}
