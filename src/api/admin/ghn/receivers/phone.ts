import { fieldRefusal } from "../../../../lib/runtime/medusa-error"
import { normalizeVnPhone, VN_PHONE_RULE } from "../../../../lib/address/phone"
import { excerptOf } from "../../../../lib/format/excerpt"

/** The route's receiver: a Vietnamese phone number, normalised; a 400 naming the field otherwise. */
export function receiverPhone(raw: string | undefined): string {
  // Express has decoded the path parameter already (a malformed escape is a 400 in src/api/middlewares.ts).
  const phone = normalizeVnPhone(raw)
  if (!phone) {
    throw fieldRefusal(`phone: ${JSON.stringify(excerptOf(raw ?? ""))} is not a Vietnamese phone number (${VN_PHONE_RULE})`, [{ field: "phone", problem: "rule", rule: { rule: "phone" } }])
  }
  return phone
}
