import { isGhnProviderId } from "../lib/runtime/provider-id"
import type { ShopperErrorCode } from "../lib/checkout/shopper-errors"
import { toGhnStoreError } from "./client"

/**
 * Codes of a failed GHN quote that say the cart does not fit that GHN option, whatever the
 * shopper types: light goods vs heavy goods (`parcel_wrong_service`), over GHN's limits for an
 * order (`parcel_too_heavy`, `parcel_too_large`), or no such GHN service to the ward
 * (`no_ghn_service`). The option is hidden; its reason is told only when no GHN option fits.
 * In the order a reason is told, the most telling first.
 */
export const GHN_OPTION_MISFIT_CODES = ["parcel_too_heavy", "parcel_too_large", "no_ghn_service", "parcel_wrong_service"] as const satisfies readonly ShopperErrorCode[]

/**
 * Every other error stays beside its option, to tell the shopper: an address to fix
 * (`address_not_found`, `address_ambiguous` with its candidates, `address_not_priceable`,
 * `address_unsupported_country`), GHN out of reach for a moment (`ghn_unavailable`,
 * `ghn_connection`: try again), or an error without a code (its message).
 */
export const GHN_OPTION_TELL_CODES = [
  "address_not_found", "address_ambiguous", "address_not_priceable", "address_unsupported_country", "phone_not_vietnamese", "field_too_long", "ghn_unavailable", "ghn_connection",
] as const satisfies readonly ShopperErrorCode[]

/** A shipping option as Medusa's store API lists it (`GET /store/shipping-options?cart_id=`). */
export type ListedShippingOption = { id: string; provider_id?: string | null }

/** Is this shipping option one of the plugin's (its provider `ghn_<id>`)? */
export const isGhnOption = (option: { provider_id?: string | null }) => isGhnProviderId(option.provider_id)

/** Where a failed quote's code stands among the misfit codes (-1: none of them, or no error). */
const misfitRank = (error: unknown): number => {
  if (error === undefined || error === null) return -1
  return (GHN_OPTION_MISFIT_CODES as readonly (string | undefined)[]).indexOf(toGhnStoreError(error).code)
}

export type PartitionedGhnOptions<O> = {
  /** what to list: every option not GHN's, and each GHN option the cart fits (with its error, if any, to show beside it) */
  options: O[]
  /** the GHN options the cart does not fit */
  hidden: O[]
  /** when the cart has GHN options and fits none of them: the error to tell the shopper instead (the most telling of theirs) */
  reason: unknown
}

/**
 * Splits a cart's shipping options by the errors of their GHN quotes (keyed by option id, in any
 * form `toGhnStoreError` reads): a GHN option whose error says the cart does not fit it
 * (GHN_OPTION_MISFIT_CODES) is hidden, and the reason is given only when no GHN option is left.
 * Options still being priced, priced, or failing for an address to fix stay listed, in order.
 */
export function partitionGhnOptions<O extends ListedShippingOption>(options: readonly O[], errors: Readonly<Record<string, unknown>>): PartitionedGhnOptions<O> {
  const shown: O[] = []
  const hidden: O[] = []
  for (const option of options) (isGhnOption(option) && misfitRank(errors[option.id]) >= 0 ? hidden : shown).push(option)
  const fitsNone = hidden.length > 0 && !shown.some(isGhnOption)
  const telling = fitsNone ? [...hidden].sort((a, b) => misfitRank(errors[a.id]) - misfitRank(errors[b.id]))[0] : undefined
  return { options: shown, hidden, reason: telling ? errors[telling.id] : undefined }
}

/** The options a cart can use: `partitionGhnOptions(options, errors).options`. */
export const usableGhnOptions = <O extends ListedShippingOption>(options: readonly O[], errors: Readonly<Record<string, unknown>>) =>
  partitionGhnOptions(options, errors).options
