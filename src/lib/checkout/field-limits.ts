/**
 * The one table of how long each text a shopper controls may be, checked before anything of the
 * plugin reads it (the phone rule, the address resolver, a store route's validator): a field
 * past its limit is refused at once, naming the field and the limit, in time independent of its
 * length. The limits fit what GHN takes: its Create Order takes at most 1024 characters of
 * to_name and of to_address (docs/client.md). Pure: no Node, no Medusa (the storefront kit may
 * show the same limits in its forms).
 */

/** A field's most characters (UTF-16 code units: one per character of Vietnamese). */
export const SHOPPER_FIELD_LIMITS = {
  // A shipping address, as Medusa keeps it on a cart or an order. GHN's to_name (1024) is the
  // family and given names, or the company; its to_address (1024) the street lines and the units.
  first_name: 255,
  last_name: 255,
  company: 255,
  address_1: 512,
  address_2: 256,
  city: 128,
  province: 128,
  country_code: 2,
  // A phone as written, with its separators and a note ("0901 234 567 (chị Lan)"); GHN takes the national number.
  phone: 64,
  // The GHN ids the plugin's address lists store in the address metadata (GHN's ids are 32-bit, ward codes short).
  "metadata.ghn_province_id": 12,
  "metadata.ghn_district_id": 12,
  "metadata.ghn_ward_id": 12,
  "metadata.ghn_ward_code": 16,
  // The guest tracking form (an email address is at most 254 characters by RFC 5321).
  email: 254,
  order_number: 12,
  // The signed tracking link's token (src/lib/status/tracking-link.ts): a Medusa order id fits with room to spare.
  token: 160,
  // The plugin's store routes: Medusa's ids, GHN's 32-bit ids, a language tag (BCP 47 keeps them to 35).
  cart_id: 100,
  option_id: 100,
  id: 100,
  province_id: 12,
  district_id: 12,
  locale: 35,
} as const

export type ShopperField = keyof typeof SHOPPER_FIELD_LIMITS

/** A field of a store request the table does not name (a validator then refuses it): bounded all the same. */
export const OTHER_FIELD_LIMIT = 256

/** The address fields of the table, as the plugin reads them from a cart's or an order's address. */
const ADDRESS_FIELDS = ["first_name", "last_name", "company", "address_1", "address_2", "city", "province", "country_code", "phone"] as const
const ADDRESS_METADATA = ["ghn_province_id", "ghn_district_id", "ghn_ward_id", "ghn_ward_code"] as const

/** A field past its limit: `field` as the caller knows it (`shipping_address.phone`), the limit, its length when counted whole. */
export class FieldTooLongError extends Error {
  constructor(
    readonly field: string,
    readonly limit: number,
    readonly length?: number
  ) {
    super(`${field} must be at most ${limit} characters${length === undefined ? "" : `, got ${length}`}`)
    this.name = "FieldTooLongError"
  }
}

/** A scalar's length as text (a number's digits); an object or a list is not a text field. */
function lengthOf(value: unknown): number {
  if (typeof value === "string") return value.length
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value).length
  return 0
}

/** The limit of a field by its name in the table, or OTHER_FIELD_LIMIT. */
export function limitOf(field: string): number {
  return (SHOPPER_FIELD_LIMITS as Record<string, number>)[field] ?? OTHER_FIELD_LIMIT
}

/**
 * Throws FieldTooLongError for the first field of an address past its limit; `name` says which
 * address (`shipping_address`). Reads only the lengths: never the text.
 */
export function assertAddressWithinLimits(address: object | null | undefined, name = "shipping_address"): void {
  if (!address) return
  const fields = address as Record<string, unknown>
  for (const field of ADDRESS_FIELDS) {
    const length = lengthOf(fields[field])
    if (length > SHOPPER_FIELD_LIMITS[field]) throw new FieldTooLongError(`${name}.${field}`, SHOPPER_FIELD_LIMITS[field], length)
  }
  const metadata = fields.metadata
  if (!metadata || typeof metadata !== "object") return
  for (const key of ADDRESS_METADATA) {
    const limit = SHOPPER_FIELD_LIMITS[`metadata.${key}`]
    const length = lengthOf((metadata as Record<string, unknown>)[key])
    if (length > limit) throw new FieldTooLongError(`${name}.metadata.${key}`, limit, length)
  }
}

/** The most characters of a field's name a request may use (every name the plugin reads is far shorter). */
export const FIELD_NAME_LIMIT = 64

/**
 * Throws FieldTooLongError for the first field of a request's query, body or route parameters past
 * its limit (the table's, else OTHER_FIELD_LIMIT), or whose name is past FIELD_NAME_LIMIT; `where`
 * prefixes the field's name (`query`, `body`). A nested value counts all the text it holds, read
 * without recursion (a deeply nested body cannot overflow the stack) and only up to the limit.
 */
export function assertFieldsWithinLimits(fields: Record<string, unknown> | null | undefined, where: string): void {
  if (!fields || typeof fields !== "object") return
  for (const [field, value] of Object.entries(fields)) {
    if (field.length > FIELD_NAME_LIMIT) throw new FieldTooLongError(`${where} field name`, FIELD_NAME_LIMIT, field.length)
    const limit = limitOf(field)
    const length = textHeld(value, limit)
    if (length > limit) throw new FieldTooLongError(`${where}.${field}`, limit, value !== null && typeof value === "object" ? undefined : length)
  }
}

/** The characters of text a value holds (its strings, numbers and keys), counted up to just past `limit`. */
function textHeld(value: unknown, limit: number): number {
  if (value === null || typeof value !== "object") return lengthOf(value)
  let total = 0
  const pending: unknown[] = [value]
  while (pending.length && total <= limit) {
    const next = pending.pop()
    if (next === null || typeof next !== "object") {
      total += lengthOf(next)
      continue
    }
    for (const [key, inner] of Object.entries(next)) {
      if (!Array.isArray(next)) total += key.length
      pending.push(inner)
    }
  }
  return total
}
