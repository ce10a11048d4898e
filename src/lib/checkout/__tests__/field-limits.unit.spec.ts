import { GHN_LIMITS } from "../../ghn/constants"
import { shopperAnswerOf, shopperErrorOf, toMedusaError } from "../../runtime/medusa-error"
import { assertAddressWithinLimits, assertFieldsWithinLimits, FIELD_NAME_LIMIT, FieldTooLongError, OTHER_FIELD_LIMIT, SHOPPER_FIELD_LIMITS } from "../field-limits"

const refusal = (check: () => void): FieldTooLongError => {
  try {
    check()
  } catch (error) {
    if (error instanceof FieldTooLongError) return error
    throw error
  }
  throw new Error("not refused")
}

describe("the one table of shopper field limits", () => {
  it("fits GHN's Create Order: the names and the address lines within to_name's and to_address's 1024 characters", () => {
    const L = SHOPPER_FIELD_LIMITS
    const max = GHN_LIMITS.createOrder.maxNameOrAddress
    // to_name: family and given name with a space between, or the company
    expect(L.last_name + 1 + L.first_name).toBeLessThanOrEqual(max)
    expect(L.company).toBeLessThanOrEqual(max)
    // to_address: the street lines, with room for the ward, district and province names
    expect(L.address_1 + 2 + L.address_2 + 2 + 3 * 64).toBeLessThanOrEqual(max)
  })

  it("refuses each address field one character past its limit, naming the field and the limit, and keeps one at it", () => {
    for (const field of ["first_name", "last_name", "company", "address_1", "address_2", "city", "province", "country_code", "phone"] as const) {
      const limit = SHOPPER_FIELD_LIMITS[field]
      expect(() => assertAddressWithinLimits({ [field]: "x".repeat(limit) })).not.toThrow()
      const error = refusal(() => assertAddressWithinLimits({ [field]: "x".repeat(limit + 1) }))
      expect([field, error.field, error.limit, error.message]).toEqual([field, `shipping_address.${field}`, limit, `shipping_address.${field} must be at most ${limit} characters, got ${limit + 1}`])
    }
  })

  it("bounds the GHN ids an address's metadata carries, as text or as numbers", () => {
    expect(() => assertAddressWithinLimits({ metadata: { ghn_district_id: 1442, ghn_ward_code: "20308" } })).not.toThrow()
    expect(refusal(() => assertAddressWithinLimits({ metadata: { ghn_ward_code: "2".repeat(90_000) } }))).toMatchObject({ field: "shipping_address.metadata.ghn_ward_code", limit: 16 })
    expect(refusal(() => assertAddressWithinLimits({ metadata: { ghn_district_id: 1234567890123 } }, "address"))).toMatchObject({ field: "address.metadata.ghn_district_id" })
    // Other metadata is not the plugin's to read.
    expect(() => assertAddressWithinLimits({ metadata: { note: "x".repeat(10_000) } })).not.toThrow()
  })

  it("refuses the issue's inputs by their length alone: a 95,000-space phone, a 90 kB address", () => {
    expect(refusal(() => assertAddressWithinLimits({ phone: " ".repeat(95_000) + "a" }))).toMatchObject({ field: "shipping_address.phone", limit: 64, length: 95_001 })
    expect(refusal(() => assertAddressWithinLimits({ address_1: "XA ".repeat(30_000) }))).toMatchObject({ field: "shipping_address.address_1", limit: 512, length: 90_000 })
  })

  it("bounds a request's fields by the table, others by OTHER_FIELD_LIMIT, names by FIELD_NAME_LIMIT, nested text whole", () => {
    expect(() => assertFieldsWithinLimits({ cart_id: "c".repeat(100), option_id: "so_1" }, "body")).not.toThrow()
    expect(refusal(() => assertFieldsWithinLimits({ cart_id: "c".repeat(101) }, "body"))).toMatchObject({ field: "body.cart_id", limit: 100 })
    expect(refusal(() => assertFieldsWithinLimits({ email: `${"a".repeat(250)}@b.vn` }, "body"))).toMatchObject({ field: "body.email", limit: 254 })
    expect(refusal(() => assertFieldsWithinLimits({ sql: "x".repeat(OTHER_FIELD_LIMIT + 1) }, "query"))).toMatchObject({ field: "query.sql", limit: OTHER_FIELD_LIMIT })
    const long = "k".repeat(90_000)
    const named = refusal(() => assertFieldsWithinLimits({ [long]: 1 }, "body"))
    expect(named).toMatchObject({ field: "body field name", limit: FIELD_NAME_LIMIT, length: 90_000 })
    expect(named.message.length).toBeLessThan(100)
    // a list of short texts adding up past the limit; a deep nesting read without recursion
    expect(refusal(() => assertFieldsWithinLimits({ cart_id: ["c".repeat(60), "c".repeat(60)] }, "body"))).toMatchObject({ field: "body.cart_id", limit: 100, length: undefined })
    let deep: unknown = "x".repeat(300)
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(refusal(() => assertFieldsWithinLimits({ data: deep }, "body"))).toMatchObject({ field: "body.data" })
  })

  it("is a 400 a shopper reads in their language, naming the field and the limit, never the text", () => {
    const error = toMedusaError(new FieldTooLongError("shipping_address.phone", 64, 95_001), "GHN fee quote")
    expect(error.type).toBe("invalid_data")
    expect(shopperErrorOf(error)).toEqual({ code: "field_too_long", params: { field: "shipping_address.phone", limit: 64 } })
    expect(shopperAnswerOf(error, { acceptLanguage: "en" })?.message).toBe("GHN fee quote: shipping_address.phone must be at most 64 characters, got 95001")
    expect(shopperAnswerOf(error, {})?.message).toBe("Số điện thoại quá dài: tối đa 64 ký tự.")
  })
})
