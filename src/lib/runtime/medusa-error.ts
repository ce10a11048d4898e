import { MedusaError } from "@medusajs/framework/utils"
import { AddressResolutionError } from "../address/address-resolver"
import { GhnApiError, GhnError, GhnInputError, type GhnInputIssue, GhnNetworkError } from "../ghn"
import { GhnOptionsError } from "./options"
import { ParcelError } from "../parcel/parcel"
import { normalizeVnPhone, VN_PHONE_RULE } from "../address/phone"
import { isShopperErrorCode, languageOf, ShopperError, shopperLocaleOf, shopperMessage } from "../checkout/shopper-errors"
import { type AdminError, adminMessage } from "../admin-errors/admin-errors"
import type { FieldProblem } from "../admin-errors/field-problems"
import { FieldTooLongError, SHOPPER_FIELD_LIMITS } from "../checkout/field-limits"
import { excerptOf } from "../format/excerpt"

const PERMISSION_CODES = new Set([
  "CLIENT_NOT_OWNER_OF_SHOP",
  "CLIENT_NOT_BELONG_OF_SHOP",
  "PERMISSION_DENIED_EDIT_COD",
  "SHOP_NO_ACTIVE",
])

/** GHN could not answer (outage, timeout, 429, 5xx): the storefront answers 503, the admin 502. */
export const GHN_UNAVAILABLE = "ghn_unavailable"
/** GHN refuses the store's token or shop (401/403): a 502/503 telling the admin to check the connection. */
export const GHN_CONNECTION = "ghn_connection"

/**
 * A GHN failure that is not the caller's doing. Medusa's own error types have no 502/503: the
 * plugin's error handler (src/api/middlewares.ts) answers these, with `Retry-After` when GHN gave one.
 */
export class GhnServiceError extends MedusaError {
  constructor(
    readonly ghn_failure: typeof GHN_UNAVAILABLE | typeof GHN_CONNECTION,
    message: string,
    /** GHN's own code (code_message, `GHN_<status>`, or TIMEOUT / NETWORK when it did not answer). */
    code: string,
    readonly retryAfterSeconds?: number
  ) {
    super(MedusaError.Types.UNEXPECTED_STATE, message, code)
  }
}

export type GhnServiceFailure = { kind: typeof GHN_UNAVAILABLE | typeof GHN_CONNECTION; code?: string; message: string; retryAfterSeconds?: number }

/** The GHN failure in an error, whatever carried it through Medusa (a workflow copies the error's fields). */
export function ghnServiceFailureOf(error: unknown): GhnServiceFailure | undefined {
  const e = error as { ghn_failure?: unknown; code?: unknown; message?: unknown; retryAfterSeconds?: unknown } | undefined
  if (e?.ghn_failure !== GHN_UNAVAILABLE && e?.ghn_failure !== GHN_CONNECTION) return undefined
  return {
    kind: e.ghn_failure,
    code: typeof e.code === "string" ? e.code : undefined,
    message: String(e.message ?? ""),
    retryAfterSeconds: typeof e.retryAfterSeconds === "number" ? e.retryAfterSeconds : undefined,
  }
}

/**
 * A MedusaError a shopper can act on: its `code` is the stable shopper code and `ghn_shopper`
 * carries the code with its parameters, as plain data (a workflow copies an error's fields, not
 * its class). The store API localizes it (shopperAnswerOf).
 */
export function shopperError(type: string, message: string, shopper: ShopperError): MedusaError {
  return Object.assign(new MedusaError(type, message, shopper.code), { ghn_shopper: shopper })
}

/**
 * The receiver's phone of a GHN cart by the one phone rule (src/lib/address/phone.ts), or a coded refusal
 * (`phone_not_vietnamese`) when one is written that is not Vietnamese: GHN would refuse it at
 * fulfilment, after the shopper has paid. A phone not written yet is left to the address form
 * while the shopper chooses a method; when the cart is completed (`required`) it is refused
 * (`phone_missing`): GHN's Create Order needs the receiver's phone (`to_phone`).
 */
export function checkoutPhoneOf(written: string | null | undefined, { required = false }: { required?: boolean } = {}): string | undefined {
  // Bounded before anything reads it, whoever calls.
  if (typeof written === "string" && written.length > SHOPPER_FIELD_LIMITS.phone) {
    throw toMedusaError(new FieldTooLongError("shipping_address.phone", SHOPPER_FIELD_LIMITS.phone, written.length))
  }
  if (written === null || written === undefined || !written.trim()) {
    if (!required) return undefined
    throw shopperError(
      MedusaError.Types.INVALID_DATA,
      `shipping_address.phone is required: GHN delivers only with the receiver's phone, ${VN_PHONE_RULE}`,
      { code: "phone_missing", params: {} }
    )
  }
  const phone = normalizeVnPhone(written)
  if (phone) return phone
  const quoted = excerptOf(written)
  throw shopperError(
    MedusaError.Types.INVALID_DATA,
    `shipping_address.phone: ${JSON.stringify(quoted)} is not a phone GHN delivers to: it must be ${VN_PHONE_RULE}`,
    { code: "phone_not_vietnamese", params: { phone: quoted } }
  )
}

/** The shopper error in an error, whatever carried it through Medusa. */
export function shopperErrorOf(error: unknown): ShopperError | undefined {
  const failure = ghnServiceFailureOf(error)
  if (failure) return { code: failure.kind, params: {} }
  const carried = (error as { ghn_shopper?: { code?: unknown; params?: unknown } } | undefined)?.ghn_shopper
  if (!carried || !isShopperErrorCode(carried.code) || typeof carried.params !== "object" || carried.params === null) return undefined
  return carried as ShopperError
}

/**
 * The store API's answer to a shopper error, in the language the request asks for (`x-medusa-locale`,
 * then Accept-Language; Vietnamese by default). English keeps the plugin's own detailed message;
 * Vietnamese is written from the code and its parameters.
 */
export function shopperAnswerOf(error: unknown, headers: { acceptLanguage?: string; medusaLocale?: string }) {
  const shopper = shopperErrorOf(error)
  if (!shopper) return undefined
  const locale = shopperLocaleOf(headers.acceptLanguage, headers.medusaLocale)
  const own = String((error as { message?: unknown }).message ?? "")
  const message = locale === "en" && own && !ghnServiceFailureOf(error) ? own : shopperMessage(shopper, locale)
  return { code: shopper.code, params: shopper.params, message, locale }
}

/**
 * A refusal a merchant meets in the plugin's admin screens: its `code` is the stable admin code,
 * its message the English text, and `ghn_admin` carries the code with its parameters as plain data
 * (a workflow copies an error's fields). The admin's own calls read it in their language (adminAnswerOf).
 */
export function adminError(type: string, error: AdminError): MedusaError {
  return Object.assign(new MedusaError(type, adminMessage(error, "en"), error.code), { ghn_admin: error })
}

/**
 * A request refused on its fields: `message` is the English an API client reads (the validator's
 * form, `Invalid request: ...`), `problems` what the admin's screens word in their language.
 */
export function fieldRefusal(message: string, problems: FieldProblem[], type: string = MedusaError.Types.INVALID_DATA): MedusaError {
  const refusal: AdminError = { code: "invalid_request", params: { problems } }
  return Object.assign(new MedusaError(type, message), { ghn_admin: refusal })
}

/**
 * An error of a plugin admin route in the language the admin's call asks for (`x-medusa-locale`,
 * which the plugin's admin screens send): a coded admin refusal, a shopper's (an address, a parcel,
 * a phone: the merchant meets them too), GHN's own refusal (its code and words) or GHN not
 * answering. Undefined when the call asks for no language the plugin writes, or the error is none
 * of these (Medusa's handler answers it as it is).
 */
export function adminAnswerOf(error: unknown, medusaLocale: string | undefined): { code: string; message: string; params: Record<string, unknown> } | undefined {
  const locale = languageOf(medusaLocale)
  if (!locale) return undefined
  const e = error as { ghn_admin?: AdminError; ghn_text?: unknown; code?: unknown } | undefined
  const coded: AdminError | undefined = e?.ghn_admin ?? ghnAdminErrorOf(error)
  // A request refused on its fields keeps, in English, the validator's own words (they say more).
  const ownText = String((error as { message?: unknown })?.message ?? "")
  if (coded) return { code: coded.code, message: coded.code === "invalid_request" && locale === "en" && ownText ? ownText : adminMessage(coded, locale), params: coded.params }
  const shopper = shopperErrorOf(error)
  // In English the error's own text says more (which step, GHN's words); in Vietnamese the shopper's sentence.
  const own = String((error as { message?: unknown })?.message ?? "")
  if (shopper) return { code: shopper.code, message: locale === "en" && own ? own : shopperMessage(shopper, locale), params: shopper.params }
  return undefined
}

/** One rule GHN's spec sets, broken by a field (src/lib/ghn/validation.ts), as the admin's screens word it. */
function ghnInputProblem(issue: GhnInputIssue): FieldProblem {
  const field = issue.field === "(body)" ? "" : issue.field
  const limit = Number(issue.limit)
  switch (issue.rule) {
    case "required":
      return { field, problem: "required" }
    case "max":
      return Number.isFinite(limit) ? { field, problem: "too_big", origin: issue.origin ?? "number", maximum: limit, inclusive: true } : { field, problem: "invalid" }
    case "min":
      return Number.isFinite(limit) ? { field, problem: "too_small", origin: issue.origin ?? "number", minimum: limit, inclusive: true } : { field, problem: "invalid" }
    case "oneof":
      return Array.isArray(issue.limit) ? { field, problem: "one_of", values: issue.limit.map(String) } : { field, problem: "invalid" }
    case "type":
      return { field, problem: "type", expected: String(issue.limit ?? "") }
    case "unknown_field":
      return { field: "", problem: "unknown_fields", keys: [field] }
    case "phone":
      return { field, problem: "rule", rule: { rule: "phone" } }
    default:
      return { field, problem: "invalid" }
  }
}

/** GHN's part in an error: not answering, refusing the store's token, or refusing the request in its own words. */
function ghnAdminErrorOf(error: unknown): AdminError | undefined {
  const failure = ghnServiceFailureOf(error)
  if (failure) return { code: failure.kind, params: { code: failure.code ?? failure.kind } }
  const e = error as { ghn_text?: unknown; code?: unknown } | undefined
  if (typeof e?.ghn_text === "string" && e.ghn_text) return { code: "ghn_refused", params: { code: typeof e.code === "string" ? e.code : "GHN", ghn_text: e.ghn_text } }
  return undefined
}

function parcelShopperError(error: ParcelError): ShopperError | undefined {
  const value = Number(error.value)
  if (error.limit === undefined) return undefined // a product without a weight: the store's to fix, not the shopper's
  if (error.field === "weight") return { code: "parcel_too_heavy", params: { weight_g: value, limit_g: error.limit } }
  if (error.field === "length" || error.field === "height") return { code: "parcel_too_large", params: { side_cm: value, limit_cm: error.limit } }
  if (error.field === "service_type_id" && (value === 2 || value === 5)) {
    return { code: "parcel_wrong_service", params: { service_type_id: value, limit_g: error.limit } }
  }
  return undefined
}

/** By name too: the provider's copy of the class may come from another load of this file. */
function isAddressResolutionError(error: unknown): error is AddressResolutionError {
  return error instanceof AddressResolutionError || (error instanceof Error && error.name === "AddressResolutionError")
}

function addressShopperError(error: AddressResolutionError): ShopperError {
  if (error.code === "address_unsupported_country") return { code: error.code, params: {} }
  return { code: error.code, params: { part: error.part, candidates: error.candidateUnits } }
}

/**
 * The one mapping from GHN and plugin errors to MedusaError: invalid input -> INVALID_DATA,
 * a permission GHN refuses -> NOT_ALLOWED, GHN down, timing out or refusing the token ->
 * GhnServiceError (502/503); an address or a parcel a shopper can fix -> a shopper error (its
 * stable code and parameters, see shopper-errors.ts). GHN's machine code (code_message, else `GHN_<status>`) is the
 * error's `code`; the message keeps GHN's code and text (the client has redacted the token).
 */
export function toMedusaError(error: unknown, action?: string): MedusaError {
  if (error instanceof MedusaError) return error
  const prefix = action ? `${action}: ` : ""
  // What a shopper can act on (the address, the parcel) carries a stable code and its parameters.
  if (isAddressResolutionError(error)) {
    return shopperError(MedusaError.Types.INVALID_DATA, prefix + error.message, addressShopperError(error))
  }
  // By name too, as an address resolution's: another load of the class may have thrown it.
  if (error instanceof FieldTooLongError || (error instanceof Error && error.name === "FieldTooLongError")) {
    const { field, limit } = error as FieldTooLongError
    return shopperError(MedusaError.Types.INVALID_DATA, prefix + error.message, { code: "field_too_long", params: { field, limit } })
  }
  if (error instanceof ParcelError) {
    const shopper = parcelShopperError(error)
    if (shopper) return shopperError(MedusaError.Types.INVALID_DATA, prefix + error.message, shopper)
    return new MedusaError(MedusaError.Types.INVALID_DATA, prefix + error.message)
  }
  if (error instanceof GhnOptionsError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, prefix + error.message)
  }
  if (error instanceof GhnInputError) {
    // Refused before it was sent, on GHN's published limits: the admin's edit drawer words each field.
    return Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, prefix + error.message), {
      ghn_admin: { code: "invalid_request", params: { problems: error.issues.slice(0, 5).map(ghnInputProblem) } } satisfies AdminError,
    })
  }
  if (error instanceof GhnNetworkError) {
    return new GhnServiceError(GHN_UNAVAILABLE, `${prefix}${error.message}. GHN did not answer: try again in a moment`, error.timeout ? "TIMEOUT" : error.errorCode || "NETWORK")
  }
  if (error instanceof GhnApiError) {
    const code = error.code_message || `GHN_${error.status || "NO_ANSWER"}`
    if (PERMISSION_CODES.has(error.code_message ?? "")) return new MedusaError(MedusaError.Types.NOT_ALLOWED, prefix + error.message, code)
    // ghn_status: the status GHN meant (a code nested in its text, its busy answer), not only HTTP's.
    if (error.ghn_status === 401 || error.ghn_status === 403) {
      return new GhnServiceError(GHN_CONNECTION, `${prefix}${error.message}. Check the GHN connection (Settings -> GHN): token, shop and environment`, code)
    }
    if (error.ghn_status >= 500 || error.ghn_status === 429 || error.status === 0) {
      const retryAfter = error.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterMs / 1000))
      return new GhnServiceError(GHN_UNAVAILABLE, prefix + error.message, code, retryAfter)
    }
    const type = error.ghn_status === 404 ? MedusaError.Types.NOT_FOUND : MedusaError.Types.INVALID_DATA
    // GHN's own words beside the plugin's text, for the admin to show in its language's sentence.
    return Object.assign(new MedusaError(type, prefix + error.message, code), { ghn_text: error.code_message_value || error.ghn_message })
  }
  if (error instanceof GhnError) return new GhnServiceError(GHN_UNAVAILABLE, prefix + error.message, "GHN_ERROR")
  const message = error instanceof Error ? error.message : String(error)
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, prefix + message)
}

/** A GHN failure's text as the admin may see it: GHN's code and words, never a host or URL. */
export function withoutHosts(text: string): string {
  return text.replace(/\b(?:https?:\/\/|www\.)\S+/gi, "GHN").replace(/\(?this client targets [^).]*[).]?/gi, "").trim()
}
