import { accepted, refusal } from "../../../__tests__/api-answers"
import { DistrictsQuery, GuestTrackingBody, LeadtimeBody, NewWardsQuery, WardsQuery } from "../validators"

const MAX_ID = 2_147_483_647

describe("the storefront's address lists", () => {
  it("take GHN's ids as text", async () => {
    await expect(accepted(DistrictsQuery, { province_id: "202" })).resolves.toEqual({ province_id: 202 })
    await expect(accepted(WardsQuery, { district_id: String(MAX_ID) })).resolves.toEqual({ district_id: MAX_ID })
    await expect(accepted(NewWardsQuery, { province_id: "79" })).resolves.toEqual({ province_id: 79 })
  })

  it.each([
    ["no province", DistrictsQuery, {}, "Field 'province_id' is required"],
    ["a province that is no number", DistrictsQuery, { province_id: "abc" }, "Expected type: 'number' for field 'province_id', got: 'abc'"],
    ["a province of 0", NewWardsQuery, { province_id: "0" }, "Value for field 'province_id' too small, expected at least: '1'"],
    ["an id past GHN's 32 bits", DistrictsQuery, { province_id: String(MAX_ID + 1) }, `Value for field 'province_id' too big, expected at most: '${MAX_ID}'`],
    ["a district in fractions", WardsQuery, { district_id: "1.5" }, "Expected type: 'int' for field 'district_id', got: '1.5'"],
  ])("refuse %s", async (_, schema, input, message) => {
    await expect(refusal(schema, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("lead time (POST /store/ghn/leadtime)", () => {
  it("takes a cart and a shipping option", async () => {
    await expect(accepted(LeadtimeBody, { cart_id: "cart_1", option_id: "so_1" })).resolves.toEqual({ cart_id: "cart_1", option_id: "so_1" })
  })

  it.each([
    ["no option", { cart_id: "cart_1" }, "Field 'option_id' is required"],
    ["an empty cart id", { cart_id: "", option_id: "so_1" }, "Value for field 'cart_id' too small, expected at least: '1'"],
    ["a cart id longer than 100", { cart_id: "c".repeat(101), option_id: "so_1" }, "Value for field 'cart_id' too big, expected at most: '100'"],
    ["an option id longer than 100", { cart_id: "cart_1", option_id: "s".repeat(101) }, "Value for field 'option_id' too big, expected at most: '100'"],
  ])("refuses %s", async (_, input, message) => {
    await expect(refusal(LeadtimeBody, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("a guest's tracking (POST /store/ghn/tracking)", () => {
  it("takes the order's email, in lower case, and its number", async () => {
    await expect(accepted(GuestTrackingBody, { email: " An@Shop.VN ", order_number: "12" })).resolves.toEqual({ email: "an@shop.vn", order_number: 12 })
  })

  it.each([
    ["an email that is none", { email: "an", order_number: 1 }, "email must be an email address"],
    ["an email longer than 254", { email: `${"a".repeat(250)}@b.vn`, order_number: 1 }, "Value for field 'email' too big, expected at most: '254'"],
    ["an order number of 0", { email: "a@b.vn", order_number: 0 }, "Value for field 'order_number' too small, expected at least: '1'"],
    ["an order number past 32 bits", { email: "a@b.vn", order_number: MAX_ID + 1 }, `Value for field 'order_number' too big, expected at most: '${MAX_ID}'`],
    ["an unknown field", { email: "a@b.vn", order_number: 1, phone: "0912345678" }, "Unrecognized fields: 'phone'"],
  ])("refuses %s", async (_, input, message) => {
    await expect(refusal(GuestTrackingBody, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})
