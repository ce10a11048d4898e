import { GHN_LIMITS, TICKET_CATEGORIES } from "../../../../lib/ghn/constants"
import { accepted, formAnswer, refusal } from "../../../__tests__/api-answers"
import {
  AccountCheckBody,
  AffiliateAddStaffBody,
  AffiliateCreateShopBody,
  AffiliateFindShopBody,
  AffiliateOtpBody,
  ConnectionCheckBody,
  CreateShippingOptionsBody,
  CreateShopBody,
  CreateTicketForm,
  DistrictsQuery,
  LocationShopCreateBody,
  LocationShopsBody,
  ReplyTicketForm,
  ShippingOptionsPlanQuery,
  TicketsQuery,
  WardsQuery,
} from "../support-validators"

const T = GHN_LIMITS.tickets
const PHONE_RULE = "must be a Vietnamese mobile (10 digits from 03, 05, 07, 08 or 09) or landline (11 digits from 02), written 0…, +84… or 84…"
const shop = { name: "Cửa hàng Q1", phone: "0912345678", address: "12 Lê Lợi", district_id: 1442, ward_code: "20101" }

describe("tickets (multipart forms: the plugin's own answer, every field named)", () => {
  it("take an order code, one of GHN's categories and a description", () => {
    expect(formAnswer(CreateTicketForm, { order_code: " GHN1 ", category: TICKET_CATEGORIES[1], description: " Hàng bị móp " })).toEqual({
      data: { order_code: "GHN1", category: TICKET_CATEGORIES[1], description: "Hàng bị móp" },
    })
    expect(formAnswer(ReplyTicketForm, { description: "Cảm ơn" })).toEqual({ data: { description: "Cảm ơn" } })
  })

  it.each([
    ["nothing", CreateTicketForm, {}, `Field 'order_code': order_code is required; Field 'category': category must be one of: ${TICKET_CATEGORIES.join(" | ")}; Field 'description': description is required`],
    ["an order code longer than GHN's", CreateTicketForm, { order_code: "G".repeat(T.maxOrderCode + 1), category: TICKET_CATEGORIES[0], description: "d" }, `Field 'order_code': order_code takes at most ${T.maxOrderCode} characters`],
    ["a category GHN has not", CreateTicketForm, { order_code: "GHN1", category: "Other", description: "d" }, `Field 'category': category must be one of: ${TICKET_CATEGORIES.join(" | ")}`],
    ["a description longer than GHN's", CreateTicketForm, { order_code: "GHN1", category: TICKET_CATEGORIES[0], description: "x".repeat(T.maxDescription + 1) }, `Field 'description': description takes at most ${T.maxDescription} characters`],
    ["a blank reply", ReplyTicketForm, { description: "   " }, "Field 'description': description is required"],
  ])("refuse %s", (_, schema, input, message) => {
    expect(formAnswer(schema, input)).toEqual({ message: `Invalid request: ${message}` })
  })

  it("list with a status GHN has and at most 100 a page", async () => {
    await expect(accepted(TicketsQuery, { status_id: "2", refresh: "true" })).resolves.toEqual({ status_id: 2, refresh: "true", limit: 20, offset: 0 })
    await expect(refusal(TicketsQuery, { status_id: "4" })).resolves.toBe("Invalid request: Value for field 'status_id' too big, expected at most: '3'")
    await expect(refusal(TicketsQuery, { limit: "101" })).resolves.toBe("Invalid request: Value for field 'limit' too big, expected at most: '100'")
  })
})

describe("settings: connection and account checks", () => {
  it("check the configured credentials unless others are given", async () => {
    await expect(accepted(ConnectionCheckBody, {})).resolves.toEqual({ environment: "configured" })
    await expect(accepted(ConnectionCheckBody, { token: " t0k ", shop_id: "190001", environment: "staging" })).resolves.toEqual({ token: "t0k", shop_id: 190001, environment: "staging" })
    await expect(accepted(AccountCheckBody, {})).resolves.toEqual({ create_test_order: false })
  })

  it.each([
    ["a blank token", ConnectionCheckBody, { token: " " }, "Value for field 'token' too small, expected at least: '1'"],
    ["a shop id of 0", ConnectionCheckBody, { shop_id: 0 }, "Value for field 'shop_id' too small, expected at least: '1'"],
    ["an environment GHN has not", ConnectionCheckBody, { environment: "dev" }, "Expected: 'production, staging, configured' for field 'environment', but got: 'dev'"],
    ["a test order asked as text", AccountCheckBody, { create_test_order: "yes" }, "Expected type: 'boolean' for field 'create_test_order', got: 'yes'"],
    ["an unknown field", AccountCheckBody, { provider_id: "ghn", all: true }, "Unrecognized fields: 'all'"],
  ])("refuse %s", async (_, schema, input, message) => {
    await expect(refusal(schema, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("GHN shops: Create Shop and partner onboarding", () => {
  it("take a shop's name, phone, address and GHN ids", async () => {
    await expect(accepted(CreateShopBody, { ...shop, phone: "+84912345678" })).resolves.toEqual(shop)
    await expect(accepted(AffiliateOtpBody, { phone: "0912345678" })).resolves.toEqual({ phone: "0912345678" })
    await expect(accepted(AffiliateCreateShopBody, { phone: "0912345678", otp: "123456" })).resolves.toEqual({ phone: "0912345678", otp: "123456" })
    await expect(accepted(AffiliateAddStaffBody, { phone: "0912345678", otp: "1234", shop_id: 5 })).resolves.toEqual({ phone: "0912345678", otp: "1234", shop_id: 5 })
    await expect(accepted(AffiliateFindShopBody, { shop_id: 5 })).resolves.toEqual({ shop_id: 5 })
  })

  it.each([
    ["a shop without a name", CreateShopBody, { ...shop, name: undefined }, "Field 'name' is required"],
    ["a name longer than 255", CreateShopBody, { ...shop, name: "x".repeat(256) }, "Value for field 'name' too big, expected at most: '255'"],
    ["an address longer than 1024", CreateShopBody, { ...shop, address: "x".repeat(1025) }, "Value for field 'address' too big, expected at most: '1024'"],
    ["a phone that is not Vietnamese", CreateShopBody, { ...shop, phone: "12" }, `phone ${PHONE_RULE}; got "12"`],
    ["a district id of 0", CreateShopBody, { ...shop, district_id: 0 }, "Value for field 'district_id' too small, expected at least: '1'"],
    ["an OTP that is not the SMS's digits", AffiliateCreateShopBody, { phone: "0912345678", otp: "12" }, "otp must be the 4 to 8 digits of the SMS"],
    ["staff added to no shop", AffiliateAddStaffBody, { phone: "0912345678", otp: "1234" }, "Field 'shop_id' is required"],
    ["a search by nothing", AffiliateFindShopBody, {}, "give phone (Create Shop by OTP) or shop_id (Add Staff)"],
  ])("refuse %s", async (_, schema, input, message) => {
    await expect(refusal(schema, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("locations' shops and shipping options", () => {
  it("map locations to shops, null going back to the option", async () => {
    const locations = [{ location_id: "sloc_1", shop_id: 5 }, { location_id: "sloc_2", shop_id: null }]
    await expect(accepted(LocationShopsBody, { locations })).resolves.toEqual({ locations })
    await expect(accepted(LocationShopCreateBody, { location_id: "sloc_1" })).resolves.toEqual({ location_id: "sloc_1" })
    await expect(accepted(ShippingOptionsPlanQuery, { location_id: "sloc_1", service_zone_id: "serzo_1" })).resolves.toEqual({ location_id: "sloc_1", service_zone_id: "serzo_1" })
  })

  it.each([
    ["no location", LocationShopsBody, { locations: [] }, "Value for field 'locations' too small, expected at least: '1'"],
    ["more than 500 locations", LocationShopsBody, { locations: Array.from({ length: 501 }, (_, i) => ({ location_id: `sloc_${i}`, shop_id: null })) }, "Value for field 'locations' too big, expected at most: '500'"],
    ["a location twice", LocationShopsBody, { locations: [{ location_id: "sloc_1", shop_id: 5 }, { location_id: "sloc_1", shop_id: 6 }] }, "locations names a location twice (sloc_1)"],
    ["a shop for no location", LocationShopCreateBody, {}, "Field 'location_id' is required"],
    ["a location id longer than 200", LocationShopCreateBody, { location_id: "s".repeat(201) }, "Value for field 'location_id' too big, expected at most: '200'"],
    ["a plan for no location", ShippingOptionsPlanQuery, {}, "Field 'location_id' is required"],
    ["an unknown field when creating options", CreateShippingOptionsBody, { location_id: "sloc_1", price: 1 }, "Unrecognized fields: 'price'"],
  ])("refuse %s", async (_, schema, input, message) => {
    await expect(refusal(schema, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("the admin's address lists", () => {
  it("take GHN's ids as text", async () => {
    await expect(accepted(DistrictsQuery, { province_id: "202" })).resolves.toEqual({ province_id: 202 })
    await expect(accepted(WardsQuery, { district_id: "1442" })).resolves.toEqual({ district_id: 1442 })
  })

  it("refuse an id that is not a positive number, naming it", async () => {
    await expect(refusal(DistrictsQuery, { province_id: "0" })).resolves.toBe("Invalid request: Value for field 'province_id' too small, expected at least: '1'")
    await expect(refusal(WardsQuery, { district_id: "x" })).resolves.toBe("Invalid request: Expected type: 'number' for field 'district_id', got: 'x'")
  })
})
