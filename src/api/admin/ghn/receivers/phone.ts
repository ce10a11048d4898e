import { MedusaError } from "@medusajs/framework/utils"
import { normalizeVnPhone } from "../../../../lib/receiver-risk"

/** The route's receiver: a Vietnamese phone number, normalised; a 400 naming the field otherwise. */
export function receiverPhone(raw: string | undefined): string {
  const phone = normalizeVnPhone(raw ? decodeURIComponent(raw) : raw)
  if (!phone) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `phone: ${JSON.stringify(raw ?? "")} is not a Vietnamese phone number (10 digits from 0, or +84 and 9 digits)`)
  }
  return phone
}
