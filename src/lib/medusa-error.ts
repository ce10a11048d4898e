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

/**
 * The one mapping from GHN and plugin errors to MedusaError: invalid input -> INVALID_DATA,
 * ownership or permission -> NOT_ALLOWED / UNAUTHORIZED, GHN down or timing out ->
 * UNEXPECTED_STATE. The message keeps GHN's code and text (the client has redacted the token).
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
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, prefix + error.message)
  }
  if (error instanceof GhnApiError) {
    const type =
      error.status === 401
        ? MedusaError.Types.UNAUTHORIZED
        : error.status === 403 || PERMISSION_CODES.has(error.code_message ?? "")
          ? MedusaError.Types.NOT_ALLOWED
          : error.status >= 500 || error.status === 429 || error.status === 0
            ? MedusaError.Types.UNEXPECTED_STATE
            : error.status === 404
              ? MedusaError.Types.NOT_FOUND
              : MedusaError.Types.INVALID_DATA
    return new MedusaError(type, prefix + error.message)
  }
  if (error instanceof GhnError) return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, prefix + error.message)
  const message = error instanceof Error ? error.message : String(error)
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, prefix + message)
}
