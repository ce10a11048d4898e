import { type AddressInput, AddressResolutionError, type AddressResolver } from "./address-resolver"
import { cacheKey } from "../runtime/quote-cache"
import type { ShopperAddressCandidate } from "../checkout/shopper-errors"

/**
 * A customer's saved address resolved to GHN ids ahead of checkout (addresses saved before the
 * 2025 reform hold old ward names): the ids go into the address metadata as the storefront kit
 * writes them (one model's keys, the other model's removed, other keys kept); an address that
 * needs the customer's choice carries its candidates in `ghn_choice` for the kit to offer.
 */
export const GHN_ID_KEYS = ["ghn_district_id", "ghn_ward_code", "ghn_province_id", "ghn_ward_id"] as const
export const GHN_CHOICE_KEY = "ghn_choice"

export type SavedAddressRow = AddressInput & { id: string; customer_id: string | null }

export type AddressChoice = { code: string; part: string; candidates: ShopperAddressCandidate[] }

export type SavedAddressOutcome =
  /** GHN ids found (or confirmed): the metadata to store (unchanged when `changed` is false). */
  | { kind: "resolved"; metadata: Record<string, unknown>; changed: boolean }
  /** The customer must choose: the candidates, stored in the metadata as well. */
  | { kind: "choice"; choice: AddressChoice; metadata: Record<string, unknown>; changed: boolean }
  /** Not an address GHN delivers to (another country): left alone. */
  | { kind: "skipped"; reason: string }

/** The same metadata, whatever the order of its keys. */
const same = (a: unknown, b: unknown) => cacheKey("", a ?? {}) === cacheKey("", b ?? {})

/** The address in one line, as saved. */
export function savedAddressLabel(a: AddressInput): string {
  return [a.address_1, a.address_2, a.city, a.province].map((p) => (p ?? "").trim()).filter(Boolean).join(", ")
}

export async function resolveSavedAddress(resolver: AddressResolver, address: SavedAddressRow): Promise<SavedAddressOutcome> {
  if ((address.country_code ?? "").toLowerCase() !== "vn") return { kind: "skipped", reason: `country ${address.country_code ?? "none"}` }
  const before = address.metadata ?? {}
  const kept = Object.fromEntries(Object.entries(before).filter(([k]) => !(GHN_ID_KEYS as readonly string[]).includes(k) && k !== GHN_CHOICE_KEY))
  try {
    const resolved = await resolver.resolve(address)
    const ids =
      resolved.model === "legacy"
        ? { ghn_district_id: resolved.district_id, ghn_ward_code: resolved.ward_code }
        : { ghn_province_id: resolved.province_id, ghn_ward_id: resolved.ward_id }
    const metadata = { ...kept, ...ids }
    return { kind: "resolved", metadata, changed: !same(metadata, before) }
  } catch (error) {
    if (!(error instanceof AddressResolutionError) || error.code === "address_unsupported_country") throw error
    const choice: AddressChoice = { code: error.code, part: error.part, candidates: error.candidateUnits }
    // Ids that name no GHN ward are dropped: the choice replaces them.
    const metadata = { ...kept, [GHN_CHOICE_KEY]: choice }
    return { kind: "choice", choice, metadata, changed: !same(metadata, before) }
  }
}
