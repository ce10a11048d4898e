import { modelOfSaved, type SavedAddress } from "./address-state"

/** A Medusa address as the kit writes it (and as the store API returns a cart's, an order's or a customer's). */
export type VietnameseAddressParts = SavedAddress & { address_1?: string | null }

/**
 * A Vietnamese address on one line, in Vietnamese order, smallest first: street and house number
 * (`address_1`), ward (`address_2`), district (`city`, the legacy model only) and province:
 * "12 Lê Lợi, Phường Bến Nghé, Quận 1, Hồ Chí Minh" (legacy), "12 Lê Lợi, Phường Bến Thành,
 * Hồ Chí Minh" (2025: `city` is the ward again, not repeated). Empty parts are left out, so no
 * leading, trailing or doubled comma. The model is the address's GHN metadata's; without it, a
 * `city` equal to the ward is the 2025 model's.
 */
export function formatVietnameseAddress(address: VietnameseAddressParts | null | undefined): string {
  if (!address) return ""
  const street = clean(address.address_1)
  const ward = clean(address.address_2)
  const city = clean(address.city)
  const province = clean(address.province)
  const district = modelOfSaved(address) === "new" || (city && city === ward) ? "" : city
  return [street, ward, district, province].filter(Boolean).join(", ")
}

/** A part with its spaces folded and the commas and spaces at its ends dropped (one pass each way: no regular expression to backtrack). */
function clean(part: string | null | undefined): string {
  const text = (part ?? "").replace(/\s+/g, " ")
  const edge = (c: string) => c === "," || c === " "
  let start = 0
  let end = text.length
  while (start < end && edge(text[start])) start++
  while (end > start && edge(text[end - 1])) end--
  return text.slice(start, end)
}
