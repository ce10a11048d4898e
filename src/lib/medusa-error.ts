import { MedusaError } from "@medusajs/framework/utils"
import { AddressResolutionError } from "./address-resolver"
import { GhnApiError, GhnError, GhnInputError, GhnNetworkError } from "./ghn"
import { GhnOptionsError } from "./options"
import { ParcelError } from "./parcel"

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
 * The one mapping from GHN and plugin errors to MedusaError: invalid input -> INVALID_DATA,
 * a permission GHN refuses -> NOT_ALLOWED, GHN down, timing out or refusing the token ->
 * GhnServiceError (502/503). GHN's machine code (code_message, else `GHN_<status>`) is the
 * error's `code`; the message keeps GHN's code and text (the client has redacted the token).
 */
export function toMedusaError(error: unknown, action?: string): MedusaError {
  if (error instanceof MedusaError) return error
  const prefix = action ? `${action}: ` : ""
  if (error instanceof ParcelError || error instanceof AddressResolutionError || error instanceof GhnOptionsError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, prefix + error.message)
  }
  if (error instanceof GhnInputError) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, prefix + error.message)
  }
  if (error instanceof GhnNetworkError) {
    return new GhnServiceError(GHN_UNAVAILABLE, `${prefix}${error.message}. GHN did not answer: try again in a moment`, error.timeout ? "TIMEOUT" : error.errorCode || "NETWORK")
  }
  if (error instanceof GhnApiError) {
    const code = error.code_message || `GHN_${error.status || "NO_ANSWER"}`
    if (PERMISSION_CODES.has(error.code_message ?? "")) return new MedusaError(MedusaError.Types.NOT_ALLOWED, prefix + error.message, code)
    if (error.status === 401 || error.status === 403) {
      return new GhnServiceError(GHN_CONNECTION, `${prefix}${error.message}. Check the GHN connection (Settings -> GHN): token, shop and environment`, code)
    }
    if (error.status >= 500 || error.status === 429 || error.status === 0) {
      const retryAfter = error.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterMs / 1000))
      return new GhnServiceError(GHN_UNAVAILABLE, prefix + error.message, code, retryAfter)
    }
    const type = error.status === 404 ? MedusaError.Types.NOT_FOUND : MedusaError.Types.INVALID_DATA
    return new MedusaError(type, prefix + error.message, code)
  }
  if (error instanceof GhnError) return new GhnServiceError(GHN_UNAVAILABLE, prefix + error.message, "GHN_ERROR")
  const message = error instanceof Error ? error.message : String(error)
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, prefix + message)
}
