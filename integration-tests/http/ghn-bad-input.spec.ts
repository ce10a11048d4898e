/**
 * Bad input, as an attacker, a broken client or a strict GHN would send it: each row is one class
 * of input, with the status and message a user sees, and a check that nothing changed (no stored
 * callback, the shipment as it was). The next bad input found goes here, as a row.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStore } from "../helpers/fresh-store"
import { useGhnOptions } from "../helpers/options"
import { sandbox } from "../helpers/sandbox"
import { form, raw } from "../helpers/ghn-admin"
import { checkout, createCart, CUSTOMER_ADDRESS, explained, failure, fulfilOrder, type SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"


// A checkout quote's one deadline (quoteTimeoutMs), tested below with GHN never answering: far
// above what a quote takes on a loaded machine, and far below the client's own timeout of one GHN
// call (timeoutMs), which three tries would wait out without the deadline.
const QUOTE_DEADLINE_MS = 20_000
const GHN_CALL_TIMEOUT_MS = 120_000
useGhnOptions({ quoteTimeoutMs: QUOTE_DEADLINE_MS, timeoutMs: GHN_CALL_TIMEOUT_MS })

const SECRET = "dev-webhook-secret-change-me"
const HEADER = "x-ghn-webhook-secret"

type CallbackRow = [what: string, change: (code: string) => Record<string, unknown>, status: number, message: RegExp]

/** Callbacks: refused before they are stored, so none can be acknowledged and then fail to apply. */
const CALLBACKS: CallbackRow[] = [
  ["a time in the future (would freeze the shipment)", () => ({ Time: "2099-01-01T00:00:00Z" }), 400, /Time: must not be in the future/],
  ["a time of year +275760", () => ({ Time: "+275760-09-13T00:00:00.000Z" }), 400, /Time: must not be in the future/],
  ["no date at all", () => ({ Time: "not a date" }), 400, /Time: Time must be an ISO 8601 date/],
  ["a fee out of PostgreSQL's integer range", () => ({ TotalFee: 3_000_000_000 }), 400, /TotalFee: must be at most 100000000/],
  ["a COD that is not a number (would wipe the stored COD)", () => ({ Type: "update_cod", CODAmount: "abc" }), 400, /CODAmount: must be a number/],
  ["a COD over GHN's 50,000,000 VND", () => ({ Type: "update_cod", CODAmount: 60_000_000 }), 400, /CODAmount: must be at most 50000000/],
  ["a negative weight", () => ({ Type: "update_weight", Weight: -1 }), 400, /Weight: must be 0 or more/],
  ["a NUL character in Reason", () => ({ Reason: "giao tr\u0000" }), 400, /must not contain a NUL character/],
  ["a 60,000-character order code", () => ({ OrderCode: "G".repeat(60_000) }), 400, /OrderCode: must be at most 32 characters/],
  ["an order code with a path in it", () => ({ OrderCode: "../../etc" }), 400, /OrderCode: must be letters, digits/],
  ["a 6,000-character reason", () => ({ Reason: "x".repeat(6000) }), 400, /Reason: must be at most 5000 characters/],
  ["no order code", () => ({ OrderCode: undefined }), 400, /OrderCode/],
  ["no type", () => ({ Type: undefined }), 400, /Type/],
  ["a fee in fractions of a dong", () => ({ Type: "update_fee", TotalFee: 1000.5 }), 400, /TotalFee: must be a whole number/],
  ["a fee breakdown with a fraction of a dong", () => ({ Type: "update_fee", Fee: { MainService: 1000.5 } }), 400, /Fee\.MainService: must be a whole number/],
  ["a fee breakdown with text for money", () => ({ Type: "update_fee", Fee: { MainService: "abc" } }), 400, /Fee\.MainService: must be a number/],
  ["a fee breakdown that is not an object", () => ({ Type: "update_fee", Fee: "12000" }), 400, /Fee: /],
  ["a weight over GHN's 1,600,000 g", () => ({ Type: "update_weight", Weight: 1_600_001 }), 400, /Weight: must be at most 1600000/],
  ["a converted weight that is not a number", () => ({ Type: "update_weight", ConvertedWeight: "nặng" }), 400, /ConvertedWeight: must be a number/],
  ["a COD transfer date that is not a date (would fail to apply)", () => ({ Type: "update_cod", CODTransferDate: "hôm qua" }), 400, /CODTransferDate: must be an ISO 8601 date/],
  ["a shop id that is not a number", () => ({ ShopID: "shop-1" }), 400, /ShopID: must be a number/],
  ["an order code with spaces inside", () => ({ OrderCode: "GA 12 BC" }), 400, /OrderCode: must be letters, digits/],
  ["a time before GHN's API existed", () => ({ Time: "2001-01-01T00:00:00Z" }), 400, /Time: must not be before 2015/],
  ["a 65-character status", () => ({ Status: "s".repeat(65) }), 400, /Status: must be at most 64 characters/],
  ["an order code that is a number", () => ({ OrderCode: 123456 }), 400, /OrderCode: /],
]

/** Callbacks GHN may send that the plugin does not know yet: acknowledged and stored (GHN's right), never a 4xx GHN would retry. */
type AcceptedRow = [what: string, change: (code: string) => Record<string, unknown>, answer: Record<string, unknown>]
const ACCEPTED_CALLBACKS: AcceptedRow[] = [
  ["an unknown Type", () => ({ Type: "update_something_new", Status: undefined }), { ok: true }],
  ["an unknown Status (kept as GHN sent it)", () => ({ Type: "switch_status", Status: "scrap" }), { ok: true }],
  ["the ShopID of another shop (the order code and the secret decide)", () => ({ Type: "update_fee", Status: undefined, ShopID: 999_999 }), { ok: true }],
  ["a weight of 0 (stored; the shipment's weight is not set to 0)", () => ({ Type: "update_weight", Status: undefined, Weight: 0 }), { ok: true }],
  ["an order code in lower case (another code: stored as an unknown order)", (c) => ({ OrderCode: c.toLowerCase(), Type: "switch_status_lower" }), { ok: true, unknown_order: true }],
  ["an order code with spaces around it (trimmed)", (c) => ({ OrderCode: ` ${c} `, Type: "switch_status_spaced" }), { ok: true }],
]

/** Callback bodies that are not a JSON object: a clear 4xx, nothing stored. */
type BodyRow = [what: string, contentType: string, body: (code: string) => string, status: number, message: RegExp]
const CALLBACK_BODIES: BodyRow[] = [
  ["an empty body", "application/json", () => "", 400, /malformed GHN callback: OrderCode: .+; Type: .+; Time: /],
  ["a JSON array", "application/json", (c) => JSON.stringify([{ OrderCode: c, Type: "switch_status", Time: new Date().toISOString() }]), 400, /malformed GHN callback: body: /],
  ["JSON that does not parse", "application/json", (c) => `{"OrderCode":"${c}",`, 400, /Expected double-quoted property name in JSON at position 24/],
  ["a body sent as text/plain", "text/plain", (c) => JSON.stringify({ OrderCode: c, Type: "switch_status", Time: new Date().toISOString() }), 415, /Content-Type must be application\/json, got text\/plain/],
  ["a form instead of JSON (was stored as a callback)", "application/x-www-form-urlencoded", (c) => `OrderCode=${c}&Type=switch_status&Time=${encodeURIComponent(new Date().toISOString())}`, 415, /Content-Type must be application\/json, got application\/x-www-form-urlencoded/],
  ["a 2 MB body (over the body size limit)", "application/json", (c) => JSON.stringify({ OrderCode: c, Type: "switch_status", Time: new Date().toISOString(), Extra: "x".repeat(2_000_000) }), 413, /too large/],
]

type RouteRow = [what: string, method: "GET" | "POST", path: (code: string) => string, body: unknown | ((code: string) => unknown), status: number, message: RegExp]

/** What a store row may use: the fulfilled order's code, the seeded store and its prepared carts. */
type StoreContext = { code: string; store: SeededStore; carts: { ok: string; noAddress: string; unresolvable: string; abroad?: string } }
type StoreRow = [
  what: string,
  method: "GET" | "POST",
  path: (c: StoreContext) => string,
  body: unknown | ((c: StoreContext) => unknown),
  status: number,
  message: RegExp,
  /** The shopper error's stable code (src/lib/checkout/shopper-errors.ts), when it is one; `false`: no publishable key sent. */
  extra?: { code?: string; key?: false },
]

/** Admin routes (signed in): a 4xx naming the field and the limit, GHN never asked. */
const ADMIN: RouteRow[] = [
  ["a label in an unknown paper size", "GET", (c) => `/admin/ghn/labels/${c}?size=A4`, undefined, 400, /Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'A4'/],
  ["labels for no order code", "POST", () => "/admin/ghn/labels", { order_codes: [], size: "A5" }, 400, /field 'order_codes' too small, expected at least: '1'/],
  ["labels for 10,001 order codes", "POST", () => "/admin/ghn/labels", { order_codes: Array.from({ length: 10_001 }, (_, i) => `G${i}`) }, 400, /field 'order_codes' too big, expected at most: '10000'/],
  ["an empty order code to re-deliver", "POST", () => "/admin/ghn/redeliver", { order_codes: [" "] }, 400, /field 'order_codes, 0' too small, expected at least: '1'/],
  ["a return of no order", "POST", () => "/admin/ghn/return", { order_codes: [] }, 400, /field 'order_codes' too small, expected at least: '1'/],
  ["a negative COD", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_amount: -1 }, 400, /field 'cod_amount' too small, expected at least: '0'/],
  ["a COD over GHN's 50,000,000 VND", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_amount: 50_000_001 }, 400, /field 'cod_amount' too big, expected at most: '50000000'/],
  ["a COD in fractions of a dong", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_amount: 1000.5 }, 400, /Expected type: 'int' for field 'cod_amount', got: '1000.5'/],
  ["an unknown required note", "POST", (c) => `/admin/ghn/shipments/${c}`, { required_note: "XEM" }, 400, /Expected: 'KHONGCHOXEMHANG, CHOXEMHANGKHONGTHU, CHOTHUHANG' for field 'required_note'/],
  ["a phone that is not one", "POST", (c) => `/admin/ghn/shipments/${c}`, { to_phone: "abc" }, 400, /to_phone must be a Vietnamese mobile \(10 digits from 03, 05, 07, 08 or 09\) or landline/],
  ["a 5,001-character note", "POST", (c) => `/admin/ghn/shipments/${c}`, { note: "x".repeat(5001) }, 400, /field 'note' too big, expected at most: '5000'/],
  ["a field GHN's update does not take", "POST", (c) => `/admin/ghn/shipments/${c}`, { weight: 10 }, 400, /weight/],
  ["nothing to change", "POST", (c) => `/admin/ghn/shipments/${c}`, { otp: "123456" }, 400, /nothing to change/],
  ["an order code the store does not have", "GET", () => "/admin/ghn/shipments/NOPE999", undefined, 404, /No GHN shipment has order code NOPE999/],
  ["a negative amount collected on a failed delivery", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_failed_amount: -1 }, 400, /field 'cod_failed_amount' too small, expected at least: '0'/],
  ["an amount collected on a failed delivery over GHN's 50,000,000 VND", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_failed_amount: 50_000_001 }, 400, /field 'cod_failed_amount' too big, expected at most: '50000000'/],
  ["a queue status that is not one of the queue's", "GET", () => "/admin/ghn/needs-action?status=delivered", undefined, 400, /status: delivered is not a status of the queue/],
  ["a queue page of 201", "GET", () => "/admin/ghn/needs-action?limit=201", undefined, 400, /limit/],
  ["a queue page at a negative offset", "GET", () => "/admin/ghn/needs-action?offset=-1", undefined, 400, /offset/],
  ["a shipments page of 201", "GET", () => "/admin/ghn/shipments?limit=201", undefined, 400, /limit/],
  ["a connection check of an unknown provider", "GET", () => "/admin/ghn/settings/connection?provider_id=ghn_nope", undefined, 404, /provider_id: ghn_nope is not a GHN provider of this store/],
  // Labels
  // GHN orders of the same account that this store never made (GHN's app), and a parcel GHN cancelled.
  ["labels for a GHN order this store never made", "POST", () => "/admin/ghn/labels", (c: string) => ({ order_codes: [c, "GOTHER01"] }), 404, /order_codes: GOTHER01 is not a GHN order of this store; nothing was sent to GHN/],
  ["a label of a GHN order this store never made", "GET", () => "/admin/ghn/labels/GOTHER01?size=A5", undefined, 404, /order_codes: GOTHER01 is not a GHN order of this store/],
  ["a return of GHN orders this store never made", "POST", () => "/admin/ghn/return", { order_codes: ["GOTHER01", "GOTHER02"] }, 404, /order_codes: GOTHER01, GOTHER02 are not GHN orders of this store/],
  ["a re-delivery of a GHN order this store never made", "POST", () => "/admin/ghn/redeliver", (c: string) => ({ order_codes: [c, "GOTHER01"] }), 404, /order_codes: GOTHER01 is not a GHN order of this store/],
  ["a label in a lower-case paper size", "GET", (c) => `/admin/ghn/labels/${c}?size=a5`, undefined, 400, /Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'a5'/],
  ["labels in an unknown paper size", "POST", () => "/admin/ghn/labels", (c: string) => ({ order_codes: [c], size: "A4" }), 400, /Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'A4'/],
  ["labels without order codes", "POST", () => "/admin/ghn/labels", { size: "A5" }, 400, /Field 'order_codes' is required/],
  ["labels for an order code that is a number", "POST", () => "/admin/ghn/labels", { order_codes: [123] }, 400, /order_codes must be GHN order codes \(text\), got 123/],
  ["labels for order codes that are not a list", "POST", () => "/admin/ghn/labels", (c: string) => ({ order_codes: c }), 400, /Expected type: 'array' for field 'order_codes'/],
  // Delivery again / return
  ["a re-delivery of no order", "POST", () => "/admin/ghn/redeliver", { order_codes: [] }, 400, /field 'order_codes' too small, expected at least: '1'/],
  ["a re-delivery listing an order twice", "POST", () => "/admin/ghn/redeliver", (c: string) => ({ order_codes: [c, c] }), 400, /order_codes: .+ is listed twice/],
  ["a return listing an order twice", "POST", () => "/admin/ghn/return", (c: string) => ({ order_codes: [c, ` ${c}`] }), 400, /order_codes: .+ is listed twice/],
  ["a return of an empty order code", "POST", () => "/admin/ghn/return", { order_codes: [""] }, 400, /field 'order_codes, 0' too small, expected at least: '1'/],
  ["a re-delivery without a body", "POST", () => "/admin/ghn/redeliver", {}, 400, /Field 'order_codes' is required/],
  // Update Order
  ["a COD as text", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_amount: "100000" }, 400, /Expected type: 'number' for field 'cod_amount', got: '100000'/],
  ["a phone of 8 digits", "POST", (c) => `/admin/ghn/shipments/${c}`, { to_phone: "09123456" }, 400, /to_phone must be a Vietnamese mobile \(10 digits from 03, 05, 07, 08 or 09\) or landline/],
  ["an empty receiver name", "POST", (c) => `/admin/ghn/shipments/${c}`, { to_name: " " }, 400, /field 'to_name' too small, expected at least: '1'/],
  ["a 1,025-character address", "POST", (c) => `/admin/ghn/shipments/${c}`, { to_address: "x".repeat(1025) }, 400, /field 'to_address' too big, expected at most: '1024'/],
  ["an update of an order the store does not have", "POST", () => "/admin/ghn/shipments/NOPE999", { note: "x" }, 404, /No GHN shipment has order code NOPE999/],
  // Shipments list
  ["a shipments page of 0", "GET", () => "/admin/ghn/shipments?limit=0", undefined, 400, /field 'limit' too small, expected at least: '1'/],
  ["a shipments page of 201", "GET", () => "/admin/ghn/shipments?limit=201", undefined, 400, /field 'limit' too big, expected at most: '200'/],
  ["a shipments offset of -1", "GET", () => "/admin/ghn/shipments?offset=-1", undefined, 400, /field 'offset' too small, expected at least: '0'/],
  ["a shipments page size that is not a number", "GET", () => "/admin/ghn/shipments?limit=abc", undefined, 400, /Expected type: 'number' for field 'limit', got: 'abc'/],
  ["a shipments search of 101 characters", "GET", () => `/admin/ghn/shipments?q=${"G".repeat(101)}`, undefined, 400, /field 'q' too big, expected at most: '100'/],
  ["shipments created from a date that is not one", "GET", () => "/admin/ghn/shipments?created_from=yesterday", undefined, 400, /field 'created_from', got: 'yesterday'/],
  ["shipments with COD 'yes'", "GET", () => "/admin/ghn/shipments?has_cod=yes", undefined, 400, /Expected: 'true, false' for field 'has_cod', but got: 'yes'/],
  // COD report
  ["a COD report filter not in the list", "GET", () => "/admin/ghn/cod?filter=late", undefined, 400, /Expected: 'all, uncollected, untransferred, differences' for field 'filter', but got: 'late'/],
  ["a COD report page of 0", "GET", () => "/admin/ghn/cod?limit=0", undefined, 400, /field 'limit' too small, expected at least: '1'/],
  ["a COD report page of 201", "GET", () => "/admin/ghn/cod?limit=201", undefined, 400, /field 'limit' too big, expected at most: '200'/],
  ["a COD report as XML", "GET", () => "/admin/ghn/cod?format=xml", undefined, 400, /Expected: 'json, csv' for field 'format', but got: 'xml'/],
  ["a COD report offset of -1", "GET", () => "/admin/ghn/cod?offset=-1", undefined, 400, /field 'offset' too small, expected at least: '0'/],
  // Settings, shops, partner onboarding
  ["a connection check in an unknown environment", "POST", () => "/admin/ghn/settings/connection", { environment: "prod" }, 400, /Expected: 'production, staging, configured' for field 'environment', but got: 'prod'/],
  ["a connection check of shop 0", "POST", () => "/admin/ghn/settings/connection", { shop_id: 0 }, 400, /field 'shop_id' too small, expected at least: '1'/],
  ["a connection check with an unknown field", "POST", () => "/admin/ghn/settings/connection", { password: "x" }, 400, /Unrecognized fields: 'password'/],
  ["a shop with no fields", "POST", () => "/admin/ghn/shops", {}, 400, /Field 'name' is required/],
  ["a shop whose district is text", "POST", () => "/admin/ghn/shops", { name: "Kho 2", phone: "0987654321", address: "1 Lê Lợi", district_id: "Quận 1", ward_code: "20308" }, 400, /Expected type: 'number' for field 'district_id', got: 'Quận 1'/],
  ["a shop with a phone that is not Vietnamese", "POST", () => "/admin/ghn/shops", { name: "Kho 2", phone: "12345", address: "1 Lê Lợi", district_id: 1442, ward_code: "20308" }, 400, /phone must be a Vietnamese mobile .* or landline/],
  ["an OTP for a malformed phone", "POST", () => "/admin/ghn/affiliate/otp", { phone: "09-12" }, 400, /phone must be a Vietnamese mobile .* or landline/],
  ["an OTP without a phone", "POST", () => "/admin/ghn/affiliate/otp", {}, 400, /Field 'phone' is required/],
  ["a shop by OTP with a 3-digit OTP", "POST", () => "/admin/ghn/affiliate/create-shop", { phone: "0987654321", otp: "123" }, 400, /otp must be the 4 to 8 digits of the SMS/],
  ["a shop by OTP with a 9-digit OTP", "POST", () => "/admin/ghn/affiliate/create-shop", { phone: "0987654321", otp: "123456789" }, 400, /otp must be the 4 to 8 digits of the SMS/],
  ["staff added to shop 0", "POST", () => "/admin/ghn/affiliate/add-staff", { phone: "0987654321", otp: "1234", shop_id: 0 }, 400, /field 'shop_id' too small, expected at least: '1'/],
  ["a shop search by nothing", "POST", () => "/admin/ghn/affiliate/find-shop", {}, 400, /give phone \(Create Shop by OTP\) or shop_id \(Add Staff\)/],
  // Address lists of the admin
  ["districts of province 0", "GET", () => "/admin/ghn/addresses/districts?province_id=0", undefined, 400, /field 'province_id' too small, expected at least: '1'/],
  ["districts of province 'abc'", "GET", () => "/admin/ghn/addresses/districts?province_id=abc", undefined, 400, /Expected type: 'number' for field 'province_id', got: 'abc'/],
  ["wards of no district", "GET", () => "/admin/ghn/addresses/wards", undefined, 400, /Field 'district_id' is required/],
  // Ticket list and reading
  ["tickets of status 4", "GET", () => "/admin/ghn/tickets?status_id=4", undefined, 400, /field 'status_id' too big, expected at most: '3'/],
  ["a tickets page of 0", "GET", () => "/admin/ghn/tickets?limit=0", undefined, 400, /field 'limit' too small, expected at least: '1'/],
  ["a tickets page of 101", "GET", () => "/admin/ghn/tickets?limit=101", undefined, 400, /field 'limit' too big, expected at most: '100'/],
  ["a tickets offset of -1", "GET", () => "/admin/ghn/tickets?offset=-1", undefined, 400, /field 'offset' too small, expected at least: '0'/],
  ["a tickets refresh of 'yes'", "GET", () => "/admin/ghn/tickets?refresh=yes", undefined, 400, /Expected: 'true, false' for field 'refresh', but got: 'yes'/],
  ["a ticket id that is not a number", "GET", () => "/admin/ghn/tickets/abc", undefined, 400, /Field 'ticket_id' must be GHN's numeric ticket id, got "abc"/],
  // Malformed percent-escapes in the path, on routes with and without parameters
  ["a receiver phone with a cut UTF-8 escape", "GET", () => "/admin/ghn/receivers/%E0%A4%A", undefined, 400, /malformed percent-escape/],
  ["a receiver's trust with a lone %", "POST", () => "/admin/ghn/receivers/09%/trust", { trusted: true }, 400, /malformed percent-escape/],
  ["a label of an order code with a bad escape", "GET", () => "/admin/ghn/labels/%ZZ", undefined, 400, /malformed percent-escape/],
  ["a shipment update with a bad escape", "POST", () => "/admin/ghn/shipments/GH%C3%28", { note: "x" }, 400, /malformed percent-escape/],
  ["a reweigh of a variant with a bad escape", "POST", () => "/admin/ghn/reweigh/variant_%E0%A4%A", { weight: 100 }, 400, /malformed percent-escape/],
  ["an order panel with a bad escape", "GET", () => "/admin/ghn/orders/order_%FF%/shipments", undefined, 400, /malformed percent-escape/],
]

/** Ticket forms (multipart, as the admin sends them): 4xx naming the field and the limit, no ticket recorded, GHN never asked. */
type TicketFile = { name: string; bytes: Buffer; type?: string; field?: string }
type TicketRow = [what: string, path: string, fields: (code: string) => Record<string, string>, files: TicketFile[], status: number, message: RegExp]
const PNG_BYTES = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64")
const COMPLAINT = "Khiếu nại"
const ticket = (code: string, change: Record<string, string | undefined> = {}) =>
  Object.fromEntries(Object.entries({ order_code: code, category: COMPLAINT, description: "Hàng bị móp", ...change }).filter(([, v]) => v !== undefined)) as Record<string, string>
const TICKETS: TicketRow[] = [
  ["a ticket without an order code", "/admin/ghn/tickets", (c) => ticket(c, { order_code: undefined }), [], 400, /Field 'order_code': order_code is required/],
  ["a ticket for an order code the store does not have", "/admin/ghn/tickets", (c) => ticket(c, { order_code: "GNOPE999" }), [], 404, /No GHN shipment has order code GNOPE999/],
  ["a ticket for a 33-character order code", "/admin/ghn/tickets", (c) => ticket(c, { order_code: "G".repeat(33) }), [], 400, /Field 'order_code': order_code takes at most 32 characters/],
  ["a ticket in a category GHN does not have", "/admin/ghn/tickets", (c) => ticket(c, { category: "Khác" }), [], 400, /Field 'category': category must be one of: Tư vấn \| Khiếu nại/],
  ["a ticket with an empty description", "/admin/ghn/tickets", (c) => ticket(c, { description: "   " }), [], 400, /Field 'description': description is required/],
  ["a ticket with a 2,001-character description", "/admin/ghn/tickets", (c) => ticket(c, { description: "x".repeat(2001) }), [], 400, /Field 'description': description takes at most 2000 characters/],
  ["a ticket with 11 attachments", "/admin/ghn/tickets", (c) => ticket(c), Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG_BYTES })), 400, /Field 'attachments' takes at most 10 files/],
  ["a ticket with an attachment over 2 MB", "/admin/ghn/tickets", (c) => ticket(c), [{ name: "big.jpg", bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 1) }], 400, /Field 'attachments\[0\]' \("big.jpg"\) is 2097153 bytes; GHN takes at most 2097152 bytes/],
  ["a ticket with an executable", "/admin/ghn/tickets", (c) => ticket(c), [{ name: "a.png", bytes: PNG_BYTES }, { name: "virus.exe", bytes: Buffer.from("MZ") }], 400, /Field 'attachments\[1\]' \("virus.exe"\) has extension ".exe"; allowed: .docx/],
  ["a ticket with a CSV", "/admin/ghn/tickets", (c) => ticket(c), [{ name: "bang-ke.csv", bytes: Buffer.from("a,b\n"), type: "text/csv" }], 400, /Field 'attachments\[0\]' \("bang-ke.csv"\): .csv files are refused by GHN/],
  ["a ticket with an empty file", "/admin/ghn/tickets", (c) => ticket(c), [{ name: "trong.pdf", bytes: Buffer.alloc(0) }], 400, /Field 'attachments\[0\]' \("trong.pdf"\) is empty/],
  // The name is reduced to its base name before anything is checked or forwarded: the answer names "passwd.exe", never the path.
  ["a ticket with a path for a file name", "/admin/ghn/tickets", (c) => ticket(c), [{ name: "../../etc/passwd.exe", bytes: Buffer.from("x") }], 400, /Field 'attachments\[0\]' \("passwd.exe"\) has extension ".exe"/],
  ["a ticket with files in another field", "/admin/ghn/tickets", (c) => ticket(c), [{ name: "a.png", bytes: PNG_BYTES, field: "files" }], 400, /Field 'files' is not a file field: send files as 'attachments'/],
  ["a reply with no text", "/admin/ghn/tickets/3000001/reply", () => ({}), [], 400, /Field 'description': description is required/],
  ["a reply of 2,001 characters", "/admin/ghn/tickets/3000001/reply", () => ({ description: "x".repeat(2001) }), [], 400, /description takes at most 2000 characters/],
  ["a reply to a ticket id that is not a number", "/admin/ghn/tickets/abc/reply", () => ({ description: "x" }), [], 400, /Field 'ticket_id' must be GHN's numeric ticket id, got "abc"/],
  ["a reply to ticket 0", "/admin/ghn/tickets/0/reply", () => ({ description: "x" }), [], 400, /Field 'ticket_id' must be GHN's numeric ticket id, got "0"/],
  ["a reply to a ticket the store never opened", "/admin/ghn/tickets/987654/reply", () => ({ description: "x" }), [], 404, /987654/],
]

/** Store routes (publishable key): a 4xx naming the field. */
const STORE: StoreRow[] = [
  ["districts of a province that is not a number", "GET", () => "/store/ghn/districts?province_id=abc", undefined, 400, /field 'province_id', got: 'abc'/],
  ["wards of district 0 (the limit named is the one refused: at least 1)", "GET", () => "/store/ghn/wards?district_id=0", undefined, 400, /field 'district_id' too small, expected at least: '1'/],
  ["new-model wards without a province", "GET", () => "/store/ghn/new-wards", undefined, 400, /province_id/],
  ["a lead time without a cart", "POST", () => "/store/ghn/leadtime", { option_id: "so_1" }, 400, /cart_id/],
  ["a lead time for an unknown cart", "POST", () => "/store/ghn/leadtime", { cart_id: "cart_nope", option_id: "so_1" }, 404, /Cart cart_nope was not found/],
  ["districts of province 0", "GET", () => "/store/ghn/districts?province_id=0", undefined, 400, /field 'province_id' too small, expected at least: '1'/],
  ["districts of province -1", "GET", () => "/store/ghn/districts?province_id=-1", undefined, 400, /field 'province_id' too small, expected at least: '1'/],
  ["districts of province 1.5", "GET", () => "/store/ghn/districts?province_id=1.5", undefined, 400, /Expected type: 'int' for field 'province_id', got: '1.5'/],
  ["districts of no province", "GET", () => "/store/ghn/districts", undefined, 400, /Field 'province_id' is required/],
  ["wards of district 'abc'", "GET", () => "/store/ghn/wards?district_id=abc", undefined, 400, /Expected type: 'number' for field 'district_id', got: 'abc'/],
  ["wards of district -5", "GET", () => "/store/ghn/wards?district_id=-5", undefined, 400, /field 'district_id' too small, expected at least: '1'/],
  ["wards of no district", "GET", () => "/store/ghn/wards", undefined, 400, /Field 'district_id' is required/],
  ["new-model wards of province 'abc'", "GET", () => "/store/ghn/new-wards?province_id=abc", undefined, 400, /Expected type: 'number' for field 'province_id', got: 'abc'/],
  ["new-model wards of province 0", "GET", () => "/store/ghn/new-wards?province_id=0", undefined, 400, /field 'province_id' too small, expected at least: '1'/],
  ["an unknown query field", "GET", () => "/store/ghn/districts?province_id=201&sql=1", undefined, 400, /Unrecognized fields: 'sql'/],
  ["a lead time without an option", "POST", () => "/store/ghn/leadtime", (c: StoreContext) => ({ cart_id: c.carts.ok }), 400, /Field 'option_id' is required/],
  ["a lead time with a cart id that is a number", "POST", () => "/store/ghn/leadtime", { cart_id: 12, option_id: "so_1" }, 400, /Expected type: 'string' for field 'cart_id', got: '12'/],
  ["a lead time of an option that is not GHN's", "POST", () => "/store/ghn/leadtime", (c: StoreContext) => ({ cart_id: c.carts.ok, option_id: c.store.options.flat }), 400, /Shipping option so_\w+ is not a GHN option/],
  ["a lead time of an unknown option", "POST", () => "/store/ghn/leadtime", (c: StoreContext) => ({ cart_id: c.carts.ok, option_id: "so_nope" }), 400, /Shipping option so_nope is not a GHN option/],
  ["a lead time for a cart without an address", "POST", () => "/store/ghn/leadtime", (c: StoreContext) => ({ cart_id: c.carts.noAddress, option_id: c.store.options.light }), 400, /the cart has no shipping address yet/],
  ["a lead time to an address GHN cannot find", "POST", () => "/store/ghn/leadtime", (c: StoreContext) => ({ cart_id: c.carts.unresolvable, option_id: c.store.options.light }), 400, /GHN Leadtime: no GHN province matches "California"/, { code: "address_not_found" }],
  ["a GHN price for a cart without an address", "POST", (c) => `/store/shipping-options/${c.store.options.light}/calculate`, (c: StoreContext) => ({ cart_id: c.carts.noAddress, data: {} }), 400, /GHN cannot deliver to the shipping address: the address is empty: give its province and ward/, { code: "address_not_found" }],
  ["a GHN price to an address GHN cannot find", "POST", (c) => `/store/shipping-options/${c.store.options.light}/calculate`, (c: StoreContext) => ({ cart_id: c.carts.unresolvable, data: {} }), 400, /no GHN province matches "California"$/, { code: "address_not_found" }],
  ["a customer's tracking with a malformed escape", "GET", () => "/store/ghn/orders/order_%E0%A4%A/tracking", undefined, 400, /malformed percent-escape/],
  ["districts with a malformed escape in the path", "GET", () => "/store/ghn/districts%E0%A4%A", undefined, 400, /malformed percent-escape/],
    ["provinces without a publishable key", "GET", () => "/store/ghn/provinces", undefined, 400, /Publishable API key required/, { key: false }],
  ["a lead time without a publishable key", "POST", () => "/store/ghn/leadtime", (c: StoreContext) => ({ cart_id: c.carts.ok, option_id: c.store.options.light }), 400, /Publishable API key required/, { key: false }],
  // Ids GHN does not list: refused from the lists the plugin holds, never asked of GHN.
  ["districts of a province GHN does not list", "GET", () => "/store/ghn/districts?province_id=987654", undefined, 404, /province_id 987654 is not a province \(legacy model\) GHN lists/],
  ["wards of a district GHN does not list", "GET", () => "/store/ghn/wards?district_id=987654", undefined, 404, /district_id 987654 is not a district \(legacy model\) GHN lists/],
  ["new-model wards of a province GHN does not list", "GET", () => "/store/ghn/new-wards?province_id=987654", undefined, 404, /province_id 987654 is not a province \(new model\) GHN lists/],
  ["districts of province 2147483648 (over a 32-bit id)", "GET", () => "/store/ghn/districts?province_id=2147483648", undefined, 400, /field 'province_id' too big, expected at most: '2147483647'/],
  ["wards of district 1e20", "GET", () => "/store/ghn/wards?district_id=1e20", undefined, 400, /district_id/],
  ["a lead time with a 101-character cart id", "POST", () => "/store/ghn/leadtime", { cart_id: "c".repeat(101), option_id: "so_1" }, 400, /cart_id/],
  // Every field bounded before a validator reads it (src/lib/checkout/field-limits.ts): the field and the limit named, the text never echoed.
  ["a lead time with a 90 kB cart id", "POST", () => "/store/ghn/leadtime", { cart_id: "c".repeat(90_000), option_id: "so_1" }, 400, /^body\.cart_id must be at most 100 characters, got 90000$/, { code: "field_too_long" }],
  ["a lead time with a 90 kB field it does not take", "POST", () => "/store/ghn/leadtime", { cart_id: "c", option_id: "so_1", note: "n".repeat(90_000) }, 400, /^body\.note must be at most 256 characters, got 90000$/, { code: "field_too_long" }],
  ["a lead time with a 90 kB field name", "POST", () => "/store/ghn/leadtime", { ["k".repeat(90_000)]: 1 }, 400, /^body field name must be at most 64 characters, got 90000$/, { code: "field_too_long" }],
  ["a guest lookup with a 300-character email", "POST", () => "/store/ghn/tracking", { email: `${"a".repeat(290)}@example.vn`, order_number: 1 }, 400, /^body\.email must be at most 254 characters, got 301$/, { code: "field_too_long" }],
  ["a guest lookup with a 90 kB order number", "POST", () => "/store/ghn/tracking", { email: "a@example.vn", order_number: "1".repeat(90_000) }, 400, /^body\.order_number must be at most 12 characters, got 90000$/, { code: "field_too_long" }],
  ["districts of a 13-digit province", "GET", () => `/store/ghn/districts?province_id=${"1".repeat(13)}`, undefined, 400, /^query\.province_id must be at most 12 characters, got 13$/, { code: "field_too_long" }],
  ["provinces with a 300-character query field", "GET", () => `/store/ghn/provinces?x=${"y".repeat(300)}`, undefined, 400, /^query\.x must be at most 256 characters, got 300$/, { code: "field_too_long" }],
  ["a customer's tracking of a 101-character order id", "GET", () => `/store/ghn/orders/${"o".repeat(101)}/tracking`, undefined, 400, /^params\.id must be at most 100 characters, got 101$/, { code: "field_too_long" }],
]

/**
 * A shipping address field past its limit (src/lib/checkout/field-limits.ts), written on the cart
 * through Medusa's own route (Medusa bounds none): every plugin step that reads the address answers
 * 400 naming the field and the limit before reading it, and never echoes it.
 */
type AddressFieldRow = [field: string, change: Record<string, unknown>, limit: number]
const ADDRESS_FIELDS: AddressFieldRow[] = [
  ["shipping_address.phone", { phone: " ".repeat(95_000) + "a" }, 64],
  ["shipping_address.address_1", { address_1: "XA ".repeat(30_000) }, 512],
  ["shipping_address.address_2", { address_2: "b".repeat(257) }, 256],
  ["shipping_address.first_name", { first_name: "n".repeat(256) }, 255],
  ["shipping_address.last_name", { last_name: "n".repeat(256) }, 255],
  ["shipping_address.company", { company: "c".repeat(256) }, 255],
  ["shipping_address.city", { city: "q".repeat(129) }, 128],
  ["shipping_address.province", { province: "t".repeat(129) }, 128],
  ["shipping_address.metadata.ghn_ward_code", { metadata: { ghn_district_id: 1442, ghn_ward_code: "2".repeat(90_000) } }, 16],
]

/** The store routes' master-data calls to GHN, counted by the sandbox. */
const MASTER_DATA_PATHS = [
  "/shiip/public-api/master-data/province",
  "/shiip/public-api/master-data/district",
  "/shiip/public-api/master-data/ward",
  "/shiip/public-api/v3/master-data/province/all",
  "/shiip/public-api/v3/master-data/ward/all-by-province-id",
]

/** Checkout quotes of a GHN option (POST /store/shipping-options/:id/calculate): a 4xx a shopper can read, with its stable code; no GHN order made. */
type CheckoutRow = [what: string, items: [variant: keyof SeededStore["variants"], quantity: number][], option: keyof SeededStore["options"], status: number, message: RegExp, code?: string]
const CHECKOUT: CheckoutRow[] = [
  ["items with no weight on the variant nor the product (no defaultItemWeight configured)", [["noWeight", 1]], "light", 400, /variant variant_\w+ \("Quà tặng - Mặc định"\) has no weight, nor has its product, and no defaultItemWeight is configured/],
  ["a quantity making the parcel heavier than GHN's 50 kg", [["kettle", 45]], "heavy", 400, /the parcel weighs 54000 g: GHN accepts at most 50000 g \(50 kg\) per order/, "parcel_too_heavy"],
  ["one item heavier than GHN's 50 kg", [["tooHeavy", 1]], "heavy", 400, /the parcel weighs 60000 g: GHN accepts at most 50000 g \(50 kg\) per order/, "parcel_too_heavy"],
  ["an item longer than GHN's 200 cm", [["tooLong", 1]], "light", 400, /"Thang nhôm - Mặc định" measures 250 cm on one side: GHN accepts at most 200 cm per side/, "parcel_too_large"],
  ["20 kg or more on the light goods option", [["heavyBox", 1]], "light", 400, /the parcel weighs 25000 g: GHN light goods \(service type 2\) carry less than 20000 g; choose GHN heavy goods/, "parcel_wrong_service"],
]

/**
 * Runs every row of a table in one test, naming each row that fails. Medusa's test runner restores
 * the database from a template before each test (about 1.5 s each): one test per table keeps this
 * file fast however many rows it holds, and each row still compares the state before and after itself.
 */
async function everyRow<R extends any[]>(rows: R[], check: (...row: R) => Promise<void>) {
  const failures: string[] = []
  for (const row of rows) {
    try {
      await check(...row)
    } catch (error) {
      failures.push(`${row[0]}: ${String((error as Error).message).replace(/\u001b\[\d+m/g, "")}`)
    }
  }
  expect(failures).toEqual([])
}

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    const post = (body: unknown, headers: Record<string, string> = { [HEADER]: SECRET }) => api.post("/hooks/ghn", body, { headers })
    let code: string
    let orderId: string
    let admin: { headers: Record<string, string> }
    let store: SeededStore
    let carts: StoreContext["carts"]

    beforeAll(async () => {
      const fresh = await freshGhnStore(api, getContainer())
      admin = fresh.admin
      store = fresh.store
      const cart = await createCart(api, fresh.store, [{ variant_id: fresh.store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, fresh.store, cart.id, fresh.store.options.light)
      orderId = order.id
      code = (await fulfilOrder(api, admin, fresh.store, order.id)).data.order_code
      const shirt = [{ variant_id: store.variants.shirt, quantity: 1 }]
      const keyed = { headers: { "x-publishable-api-key": store.publishableKey } }
      carts = {
        ok: (await createCart(api, store, shirt)).id,
        noAddress: (await api.post("/store/carts", { region_id: store.regionId, email: "khach@example.vn", items: shirt }, keyed)).data.cart.id,
        unresolvable: (await createCart(api, store, shirt, { ...CUSTOMER_ADDRESS, province: "California", city: "Springfield", address_2: "Evergreen Terrace" })).id,
      }
    })

    /** GHN calls that change something (orders, tickets, shops): none may follow a refused request. */
    const GHN_WRITES = [
      "/shiip/public-api/v2/shipping-order/create",
      "/shiip/public-api/v2/shipping-order/update",
      "/shiip/public-api/v2/switch-status/cancel",
      "/shiip/public-api/v2/switch-status/storing",
      "/shiip/public-api/v2/switch-status/return",
      "/shiip/public-api/v2/a5/gen-token",
      "/shiip/public-api/ticket/create",
      "/shiip/public-api/ticket/reply",
      "/shiip/public-api/v2/shop/register",
      "/shiip/public-api/v2/shop/affiliateOTP",
      "/shiip/public-api/v2/shop/affiliateCreate",
      "/shiip/public-api/v2/shop/affiliateCreateWithShop",
    ]
    const ghnWrites = async () => {
      const stats = await fetch(`${sandbox.url()}/_sandbox/stats`).then((r) => r.json())
      return { requests: Object.fromEntries(GHN_WRITES.map((p) => [p, Number(stats.requests?.[p] ?? 0)])), orders: (await sandbox.orders()).length }
    }

    const ghn = () => getContainer().resolve("ghn") as any
    const snapshot = async () => {
      const [shipment] = await ghn().listGhnShipments({ order_code: code })
      const events = await ghn().listGhnWebhookEvents({})
      const tickets = await ghn().listGhnTickets({})
      return { events: events.length, tickets: tickets.length, shipment: { status: shipment.status, status_at: shipment.status_at, cod_amount: shipment.cod_amount, total_fee: shipment.total_fee, weight: shipment.weight } }
    }

    describe("admin routes", () => {
      it(`refuses each of the ${ADMIN.length} bad admin requests`, () => everyRow(ADMIN, async (_, method, path, body, status, message) => {
        const before = await snapshot()
        const calls = await ghnWrites()
        const answer = method === "GET" ? await rawApi.get(path(code), { ...admin, validateStatus: () => true }) : await rawApi.post(path(code), typeof body === "function" ? body(code) : body, { ...admin, validateStatus: () => true })
        expect(answer.status).toBe(status)
        expect(String(answer.data?.message)).toMatch(message)
        expect(await snapshot()).toEqual(before)
        expect(await ghnWrites()).toEqual(calls)
      }))

      it("answers the plugin's admin screens in their language (x-medusa-locale), with the refusal's code, and API clients in English as before", async () => {
        const ask = (path: string, locale?: string) => rawApi.get(path, { headers: { ...admin.headers, ...(locale ? { "x-medusa-locale": locale } : {}) }, validateStatus: () => true })
        const vi = await ask("/admin/ghn/shipments/NOPE999", "vi")
        expect([vi.status, vi.data]).toEqual([404, { type: "not_found", code: "shipment_not_found", message: "Không có vận đơn GHN mã NOPE999.", params: { order_code: "NOPE999" } }])
        expect((await ask("/admin/ghn/shipments/NOPE999", "en-US")).data.message).toBe("No GHN shipment has order code NOPE999")
        // Without a language: Medusa's own answer, the English text with the code beside it.
        expect((await ask("/admin/ghn/shipments/NOPE999")).data).toEqual({ type: "not_found", code: "shipment_not_found", message: "No GHN shipment has order code NOPE999" })
        expect((await ask("/admin/ghn/shipping-runs/ghnrun_nope", "vi")).data).toMatchObject({ code: "run_not_found", message: "Không có lượt gửi hàng ghnrun_nope." })

        // A request refused on its fields (the route's validator): each field by the merchant's name for it, its limit kept.
        const labels = (locale?: string) =>
          rawApi.post("/admin/ghn/labels", { order_codes: [], size: "A4" }, { headers: { ...admin.headers, ...(locale ? { "x-medusa-locale": locale } : {}) }, validateStatus: () => true })
        const refusedVi = await labels("vi")
        expect([refusedVi.status, refusedVi.data.code, refusedVi.data.message]).toEqual([400, "invalid_request", "Yêu cầu chưa hợp lệ: mã đơn GHN phải ít nhất 1 mục; khổ nhãn phải là một trong: A5, 80x80, 52x70."])
        expect(refusedVi.data.params.problems[0]).toEqual({ field: "order_codes", problem: "too_small", origin: "array", minimum: 1, inclusive: true })
        const english = "Invalid request: Value for field 'order_codes' too small, expected at least: '1'; Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'A4'"
        expect((await labels("en")).data).toMatchObject({ code: "invalid_request", message: english })
        expect((await labels()).data).toEqual({ type: "invalid_data", message: english })
        const query = await ask("/admin/ghn/cod?filter=late&limit=0", "vi")
        expect([query.status, query.data.message]).toEqual([400, "Yêu cầu chưa hợp lệ: bộ lọc phải là một trong: all, uncollected, untransferred, differences; số dòng mỗi trang phải ít nhất 1."])
        const refusedTicket = await raw(rawApi.defaults.baseURL, "POST", "/admin/ghn/tickets", { headers: { ...admin.headers, "x-medusa-locale": "vi" }, form: form(ticket(code), [{ name: "bang-ke.csv", bytes: Buffer.from("a,b\n"), type: "text/csv" }]) })
        expect([refusedTicket.status, refusedTicket.body.message]).toEqual([400, 'Yêu cầu chưa hợp lệ: GHN không nhận tệp .csv ("bang-ke.csv"); được gửi: .docx .doc .xls .xlsx .pdf .jpg .jpeg .png .zip .pptx.'])
        // A query key nested past Medusa's two levels: a 400 naming it (Medusa's own validation answers a 500).
        const deep = await ask("/admin/ghn/cod?a.b.c=1", "vi")
        expect([deep.status, deep.data.message]).toEqual([400, "Yêu cầu chưa hợp lệ: không nhận các trường: a.b.c."])
        expect((await ask("/admin/ghn/cod?a.b.c=1")).data).toEqual({ type: "invalid_data", message: "Invalid request: a query key nests at most two levels (a.b): a.b.c" })
        const wards = await rawApi.get("/store/ghn/wards?district_id=1442&x.y.z=1", { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true })
        expect([wards.status, wards.data.message]).toEqual([400, "Invalid request: a query key nests at most two levels (a.b): x.y.z"])
      })

      it(`refuses each of the ${TICKETS.length} bad ticket forms`, () => everyRow(TICKETS, async (_, path, fields, files, status, message) => {
        const before = await snapshot()
        const calls = await ghnWrites()
        const answer = await raw(rawApi.defaults.baseURL, "POST", path, { headers: admin.headers, form: form(fields(code), files) })
        expect(answer.status).toBe(status)
        expect(String(answer.body?.message)).toMatch(message)
        expect(String(answer.body?.message)).not.toMatch(/\.\.\/|etc\//)
        expect(await snapshot()).toEqual(before)
        expect(await ghnWrites()).toEqual(calls)
      }))
    })

    describe("store routes", () => {
      it(`refuses each of the ${STORE.length} bad store requests`, () => everyRow<StoreRow>(STORE, async (_, method, path, body, status, message, extra) => {
        const context: StoreContext = { code, store, carts }
        const headers = { headers: extra?.key === false ? { "accept-language": "en" } : { "x-publishable-api-key": store.publishableKey, "accept-language": "en" }, validateStatus: () => true }
        const payload = typeof body === "function" ? body(context) : body
        const calls = await ghnWrites()
        const answer = method === "GET" ? await rawApi.get(path(context), headers) : await rawApi.post(path(context), payload, headers)
        expect(answer.status).toBe(status)
        expect(String(answer.data?.message)).toMatch(message)
        if (extra?.code) expect(answer.data.code).toBe(extra.code)
        expect(await ghnWrites()).toEqual(calls)
      }))

      it("never sends an id GHN does not list to GHN: a flood of unknown ids costs the sandbox no request", async () => {
        const headers = { headers: { "x-publishable-api-key": store.publishableKey, "accept-language": "en" }, validateStatus: () => true }
        // The lists the checks read, once (a day's cache): the province lists and every province's districts.
        for (const path of ["/store/ghn/districts?province_id=900001", "/store/ghn/wards?district_id=900001", "/store/ghn/new-wards?province_id=900001"]) {
          expect((await rawApi.get(path, headers)).status).toBe(404)
        }
        const counts = () => Promise.all(MASTER_DATA_PATHS.map((p) => sandbox.requestCount(p)))
        const before = await counts()
        const answers = []
        for (let id = 900_002; id < 900_032; id++) {
          for (const path of [`/store/ghn/districts?province_id=${id}`, `/store/ghn/wards?district_id=${id}`, `/store/ghn/new-wards?province_id=${id}`]) {
            answers.push((await rawApi.get(path, headers)).status)
          }
        }
        expect(new Set(answers)).toEqual(new Set([404]))
        expect(await counts()).toEqual(before)
      })
    })

    describe("shopper fields past their limits (issue 39)", () => {
      const keyed = () => ({ headers: { "x-publishable-api-key": store.publishableKey, "accept-language": "en" }, validateStatus: () => true })
      /** A cart whose shipping address holds `change`, written through Medusa's cart route. */
      const cartWith = async (change: Record<string, unknown>) => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        const written = await rawApi.post(`/store/carts/${cart.id}`, { shipping_address: { ...CUSTOMER_ADDRESS, ...change } }, keyed())
        expect(written.status).toBe(200)
        return cart.id as string
      }
      const refusedAsTooLong = (answer: { status: number; data: any }, field: string, limit: number) => {
        expect([answer.status, answer.data?.code, answer.data?.params]).toEqual([400, "field_too_long", { field, limit }])
        expect(String(answer.data?.message)).toMatch(new RegExp(`${field.replace(/\./g, "\\.")} must be at most ${limit} characters, got \\d+$`))
        // the answer quotes nothing of what was sent
        expect(JSON.stringify(answer.data).length).toBeLessThan(400)
      }

      it(`refuses each of the ${ADDRESS_FIELDS.length} address fields past its limit at every GHN step of checkout, changing nothing`, () => everyRow<AddressFieldRow>(ADDRESS_FIELDS, async (field, change, limit) => {
        const cartId = await cartWith(change)
        const calls = await ghnWrites()
        refusedAsTooLong(await rawApi.post(`/store/shipping-options/${store.options.light}/calculate`, { cart_id: cartId, data: {} }, keyed()), field, limit)
        refusedAsTooLong(await rawApi.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.light, data: {} }, keyed()), field, limit)
        refusedAsTooLong(await rawApi.post("/store/ghn/leadtime", { cart_id: cartId, option_id: store.options.light }, keyed()), field, limit)
        const { data } = await api.get(`/store/carts/${cartId}?fields=id,*shipping_methods`, keyed())
        expect(data.cart.shipping_methods).toEqual([])
        expect(await ghnWrites()).toEqual(calls)
      }))

      it("answers the issue's 95,000-space phone and 90 kB address while the store keeps answering others", async () => {
        const phone = await cartWith({ phone: " ".repeat(95_000) + "a" })
        const address = await cartWith({ address_1: "XA ".repeat(30_000) })
        // Several of each at once, with the health check and a store route among them: all answered, each as it should be.
        const answers = await Promise.all([
          ...[1, 2, 3].map(() => rawApi.post(`/store/carts/${phone}/shipping-methods`, { option_id: store.options.light, data: {} }, keyed())),
          ...[1, 2, 3].map(() => rawApi.post("/store/ghn/leadtime", { cart_id: address, option_id: store.options.light }, keyed())),
          rawApi.get("/health", { validateStatus: () => true }),
          rawApi.get("/store/ghn/provinces", keyed()),
        ])
        for (const answer of answers.slice(0, 3)) refusedAsTooLong(answer, "shipping_address.phone", 64)
        for (const answer of answers.slice(3, 6)) refusedAsTooLong(answer, "shipping_address.address_1", 512)
        expect(answers.slice(6).map((a) => a.status)).toEqual([200, 200])
      })

      it("refuses to complete a GHN cart whose address went past a limit after its method was chosen (a flat-priced GHN option), naming the field", async () => {
        const { data: light } = await api.get(`/admin/shipping-options/${store.options.light}?fields=id,service_zone_id,shipping_profile_id`, admin)
        const flat = (
          await api.post(
            "/admin/shipping-options",
            {
              name: "GHN giá cố định", service_zone_id: light.shipping_option.service_zone_id, shipping_profile_id: light.shipping_option.shipping_profile_id,
              provider_id: "ghn_ghn", price_type: "flat", prices: [{ currency_code: "vnd", amount: 30000 }], data: { id: "ghn-light", service_type_id: 2 },
              type: { label: "GHN flat", description: "GHN flat", code: "ghn-flat" },
            },
            admin
          )
        ).data.shipping_option.id
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: flat, data: {} }, keyed())
        const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, keyed())).data.payment_collection
        await api.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, keyed())
        await api.post(`/store/carts/${cart.id}`, { shipping_address: { ...CUSTOMER_ADDRESS, phone: " ".repeat(95_000) + "a" } }, keyed())
        refusedAsTooLong(await rawApi.post(`/store/carts/${cart.id}/complete`, {}, keyed()), "shipping_address.phone", 64)
        const { data } = await api.get(`/store/carts/${cart.id}`, keyed())
        expect(data.cart.completed_at ?? null).toBeNull()
        // A cart shipped without GHN is Medusa's alone: its completion is not the plugin's to bound.
        const manual = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        await api.post(`/store/carts/${manual.id}/shipping-methods`, { option_id: store.options.flat, data: {} }, keyed())
        await api.post(`/store/carts/${manual.id}`, { shipping_address: { ...CUSTOMER_ADDRESS, company: "c".repeat(300) } }, keyed())
        const other = await rawApi.post(`/store/carts/${manual.id}/complete`, {}, keyed())
        expect(other.data?.code).not.toBe("field_too_long")
      })
    })

    describe("checkout", () => {
      it(`refuses a GHN quote for each of the ${CHECKOUT.length} carts GHN cannot carry, naming the limit`, () => everyRow<CheckoutRow>(CHECKOUT, async (_, items, option, status, message, shopperCode) => {
        const cart = await createCart(api, store, items.map(([variant, quantity]) => ({ variant_id: store.variants[variant], quantity })))
        const calls = await ghnWrites()
        const headers = { headers: { "x-publishable-api-key": store.publishableKey, "accept-language": "en" }, validateStatus: () => true }
        const answer = await rawApi.post(`/store/shipping-options/${store.options[option]}/calculate`, { cart_id: cart.id, data: {} }, headers)
        expect(answer.status).toBe(status)
        expect(String(answer.data?.message)).toMatch(message)
        if (shopperCode) expect(answer.data.code).toBe(shopperCode)
        // Nor can the option be chosen: the cart keeps no GHN method.
        const added = await rawApi.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: store.options[option], data: {} }, headers)
        expect(added.status).toBe(status)
        const { data } = await api.get(`/store/carts/${cart.id}?fields=id,*shipping_methods`, headers)
        expect(data.cart.shipping_methods).toEqual([])
        expect(await ghnWrites()).toEqual(calls)
      }))

      it("refuses a cash-on-delivery cart over GHN's 50,000,000 VND COD limit when it is completed, naming the limit", async () => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.watch, quantity: 2 }])
        const headers = { headers: { "x-publishable-api-key": store.publishableKey } }
        await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: store.options.light, data: {} }, headers)
        const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, headers)).data.payment_collection
        await api.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, headers)
        const answer = await rawApi.post(`/store/carts/${cart.id}/complete`, {}, { ...headers, validateStatus: () => true })
        expect(JSON.stringify(answer.data)).toMatch(/GHN collects at most 50,000,000 VND cash on delivery per order, and this cart owes 6\d,\d{3},\d{3} VND/)
        expect(answer.data.type).not.toBe("order")
        const { data } = await api.get(`/store/carts/${cart.id}`, headers)
        expect(data.cart.completed_at ?? null).toBeNull()
      })
    })

    describe("GHN callbacks (POST /hooks/ghn)", () => {
      it("shows the callbacks refused with the right secret in the webhook settings, per reason, their secrets masked", async () => {
        const at = new Date(Date.now() - 1000).toISOString()
        for (let i = 0; i < 2; i++) await failure(post({ OrderCode: code, Type: "switch_status", Status: "picked", ShopID: 190001, Token: "abc-token-value" }))
        await failure(post({ OrderCode: code, Type: "switch_status", Status: "picked", Time: at, ShopID: "not a shop" }))
        const { data } = await api.get("/admin/ghn/settings", admin)
        const refused = data.settings.webhook.refused
        expect(refused.count).toBe(3)
        expect(refused.reasons.map((r: any) => [r.reason, r.count])).toEqual(expect.arrayContaining([["fields: Time", 2], ["fields: ShopID", 1]]))
        const time = refused.reasons.find((r: any) => r.reason === "fields: Time")
        expect(time.samples[0].detail).toMatch(/malformed GHN callback: Time/)
        expect(time.samples[0].body).toContain(`"OrderCode":"${code}"`)
        expect(time.samples[0].body).toContain('"Token":"••••"')
        expect(time.samples[0].body).not.toContain("abc-token-value")
      })

      it(`refuses each of the ${CALLBACKS.length} callbacks outside what GHN sends, storing nothing`, () => everyRow(CALLBACKS, async (_, change, status, message) => {
        const before = await snapshot()
        const body = { OrderCode: code, Type: "switch_status", Status: "picked", Time: new Date(Date.now() - 1000).toISOString(), ShopID: 190001, ...change(code) }
        const kept = (await ghn().refusedCallbacks()).count
        const refused = await failure(post(body))
        expect(refused.status).toBe(status)
        expect(refused.message).toMatch(message)
        expect(await snapshot()).toEqual(before)
        // Refused with the right secret: kept for the admin (GHN does not send it again).
        expect((await ghn().refusedCallbacks()).count).toBe(kept + 1)
      }))

      it(`refuses each of the ${CALLBACK_BODIES.length} callback bodies that are not a JSON object, storing nothing`, () => everyRow(CALLBACK_BODIES, async (_, contentType, body, status, message) => {
        const before = await snapshot()
        const answer = await fetch(`${rawApi.defaults.baseURL.replace(/\/$/, "")}/hooks/ghn`, { method: "POST", headers: { [HEADER]: SECRET, "content-type": contentType }, body: body(code) })
        const text = await answer.text()
        expect(answer.status).toBe(status)
        expect(text).toMatch(message)
        expect(await snapshot()).toEqual(before)
      }))

      it(`acknowledges and stores each of the ${ACCEPTED_CALLBACKS.length} callbacks GHN may send that the plugin does not know`, () => everyRow(ACCEPTED_CALLBACKS, async (_, change, expected) => {
        const before = await snapshot()
        const body = { OrderCode: code, Type: "switch_status", Status: "picked", Time: new Date(Date.now() - 1000).toISOString(), ShopID: 190001, ...change(code) }
        const { data } = await post(body)
        expect(data).toEqual(expected)
        const stored = (await ghn().listGhnWebhookEvents({ type: body.Type }, { order: { created_at: "DESC" } }))[0]
        expect(stored).toMatchObject({ order_code: String(body.OrderCode).trim(), status: (body as any).Status ?? null })
        expect((await snapshot()).events).toBe(before.events + 1)
        // A weight of 0 never becomes the shipment's weight.
        if ((body as any).Weight === 0) {
          await waitFor(async () => (await ghn().listGhnWebhookEvents({ id: stored.id }))[0].processed_at != null).catch(() => undefined)
          expect((await snapshot()).shipment.weight).toBe(before.shipment.weight)
        }
      }))

      it("acknowledges a repeated callback as a duplicate, storing it once", async () => {
        const before = await snapshot()
        const body = { OrderCode: code, Type: "update_fee", Time: new Date(Date.now() - 2000).toISOString(), TotalFee: 22000, ShopID: 190001 }
        expect((await post(body)).data).toEqual({ ok: true })
        expect((await post(body)).data).toEqual({ ok: true, duplicate: true })
        expect((await post({ ...body, TotalFee: 23000 })).data).toEqual({ ok: true, duplicate: true })
        expect((await snapshot()).events).toBe(before.events + 1)
      })

      it("refuses a malformed percent-escape in the callback's path with a 400, storing nothing", async () => {
        const before = await snapshot()
        for (const path of ["/hooks/ghn/%E0%A4%A", "/hooks/ghn%", "/hooks/ghn/%C3%28"]) {
          const answer = await rawApi.post(path, { OrderCode: code, Type: "switch_status", Status: "picking", Time: new Date().toISOString() }, { headers: { [HEADER]: SECRET }, validateStatus: () => true })
          expect([path, answer.status, String(answer.data?.message)]).toEqual([path, 400, expect.stringMatching(/malformed percent-escape/)])
        }
        expect(await snapshot()).toEqual(before)
      })

      it("refuses a missing or wrong secret, storing nothing", async () => {
        const before = await snapshot()
        const body = { OrderCode: code, Type: "switch_status", Status: "picked", Time: new Date().toISOString() }
        expect((await failure(post(body, {}))).status).toBe(401)
        expect((await failure(post(body, { [HEADER]: "wrong" }))).status).toBe(401)
        expect(await snapshot()).toEqual(before)
      })

      it("answers GHN being down at checkout with a 503 a shopper can read, never a 500 or GHN's host", async () => {
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/*", failure_rate: 1, failure_status: 503 }])
        try {
          const cart = await createCart(api, store, [{ variant_id: store.variants.kettle, quantity: 3 }])
          const refused = await rawApi
            .post(`/store/shipping-options/${store.options.light}/calculate`, { cart_id: cart.id, data: {} }, { headers: { "x-publishable-api-key": store.publishableKey, "accept-language": "en" }, validateStatus: () => true })
          expect(refused.status).toBe(503)
          expect(refused.data).toMatchObject({ code: "ghn_unavailable", message: expect.stringMatching(/try again/) })
          expect(JSON.stringify(refused.data)).not.toMatch(/127\.0\.0\.1|http:|sandbox-owner-token/)
        } finally {
          await sandbox.faults([])
        }
      })

      it("bounds a checkout quote by one deadline when GHN never answers", async () => {
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/*", timeout: true }])
        try {
          const cart = await createCart(api, store, [{ variant_id: store.variants.kettle, quantity: 4 }])
          const started = Date.now()
          const refused = await rawApi
            .post(`/store/shipping-options/${store.options.light}/calculate`, { cart_id: cart.id, data: {} }, { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true })
          expect(refused.status).toBe(503)
          // Ended by the deadline: not before it (but for a timer's millisecond rounding), and long
          // before one GHN call's own timeout.
          const took = Date.now() - started
          expect(took).toBeGreaterThanOrEqual(QUOTE_DEADLINE_MS - 10)
          expect(took).toBeLessThan(GHN_CALL_TIMEOUT_MS)
        } finally {
          await sandbox.faults([])
        }
      })

      it("tells the admin to check the connection when GHN refuses the token, with a 502 that keeps the session", async () => {
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/detail", failure_rate: 1, failure_status: 401, count: 3 }])
        try {
          const refused = await rawApi.post(`/admin/ghn/shipments/${code}/refresh`, {}, { ...admin, validateStatus: () => true })
          expect(refused.status).toBe(502)
          expect(refused.data).toMatchObject({ type: "ghn_connection", code: "GHN_401", message: expect.stringMatching(/Check the GHN connection/) })
          expect(JSON.stringify(refused.data)).not.toMatch(/127\.0\.0\.1|http:|sandbox-owner-token/)
          // Still signed in.
          expect((await api.get("/admin/ghn/settings", admin)).status).toBe(200)
        } finally {
          await sandbox.faults([])
        }
      })

      it("never lets a callback hold a shipment back: the admin's refresh (GHN's Order Info) wins", async () => {
        // A callback dated as late as the clock allows, then GHN moves on.
        await post({ OrderCode: code, Type: "switch_status", Status: "picking", Time: new Date(Date.now() + 4 * 60_000).toISOString(), ShopID: 190001 })
        await waitFor(async () => (await ghn().listGhnShipments({ order_code: code }))[0].status === "picking")
        await sandbox.setStatus(code, "delivering")
        const { data } = await api.post(`/admin/ghn/shipments/${code}/refresh`, {}, admin)
        expect(data.shipment.status).toBe("delivering")
        void orderId
      })
    })

    describe("admin routes against GHN's status", () => {
      it("refuses a change GHN does not allow in the order's status, naming the field and the status, GHN's order unchanged", async () => {
        await sandbox.setStatus(code, "delivered")
        const before = await sandbox.order(code)
        const calls = await sandbox.requestCount("/shiip/public-api/v2/shipping-order/update")
        const refused = await rawApi.post(`/admin/ghn/shipments/${code}`, { cod_amount: 1000 }, { ...admin, validateStatus: () => true })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/GHN does not allow changing cod_amount of an order in status "delivered"/)
        expect(await sandbox.requestCount("/shiip/public-api/v2/shipping-order/update")).toBe(calls)
        expect((await sandbox.order(code)).cod_amount).toBe(before.cod_amount)
      })
    })
  },
})
