import { startApi, orderBody, V2, type Api } from "./helpers"
import { SPEC_REQUESTS } from "../spec-requests"
import { Sandbox } from "../sandbox"

const T = "/shiip/public-api/ticket"
const FORM = { "Content-Type": "application/x-www-form-urlencoded" }
type V = { operation: string; field: string; rule: string }

describe("GHN sandbox: the strict check of every operation (GET /_sandbox/violations)", () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api.sb.close())
  beforeEach(() => api.sb.control.reset())

  const violations = async (): Promise<string[]> =>
    ((await api.call("/_sandbox/violations", { method: "GET" })).json.violations as V[]).map((v) => `${v.operation}: ${v.field} (${v.rule})`)
  const form = (path: string, fields: Record<string, string>) =>
    api.call(path, { shopId: null, rawBody: new URLSearchParams(fields).toString(), headers: FORM })

  it("a request of each operation with only the fields its spec table names records nothing", async () => {
    const f = api.sb.fixture
    const r = f.route
    const ok = async (p: ReturnType<Api["call"]>) => {
      const res = await p
      expect([res.status, res.text.slice(0, 200)]).toEqual([200, expect.any(String)])
      return res
    }
    // master data (spec: Get Province, no parameters; notes: district, ward and the new-model lists)
    await ok(api.call("/shiip/public-api/master-data/province"))
    await ok(api.call("/shiip/public-api/master-data/district", { body: { province_id: 202 } }))
    await ok(api.call("/shiip/public-api/master-data/ward?district_id=1442"))
    await ok(api.call("/shiip/public-api/v3/master-data/province/all?offset=0&limit=10"))
    await ok(api.call("/shiip/public-api/v3/master-data/ward/all-by-province-id?province_id=79&offset=0&limit=10"))
    // quotes
    await ok(api.call(`${V2}/shipping-order/available-services`, { body: { shop_id: f.owner.shop_ids[0], from_district: r.from_district_id, to_district: r.to_district_id } }))
    await ok(api.call(`${V2}/shipping-order/fee`, { body: { weight: 500, to_district_id: r.to_district_id, to_ward_code: r.to_ward_code, service_type_id: 2, items: [{ name: "Áo", quantity: 1 }] } }))
    await ok(api.call(`${V2}/shipping-order/leadtime`, { body: { to_district_id: r.to_district_id, to_ward_code: r.to_ward_code, service_type_id: 2 } }))
    await ok(api.call(`${V2}/shipping-order/preview`, { body: orderBody() }))
    // an order's life
    const code = (await ok(api.call(`${V2}/shipping-order/create`, { body: orderBody({ client_order_code: "S-1", items: [{ name: "Áo", code: "A", quantity: 1, price: 1000, weight: 100 }] }) }))).json.data.order_code
    await ok(api.call(`${V2}/shipping-order/detail?order_code=${code}`))
    await ok(api.call(`${V2}/shipping-order/update`, { body: { order_code: code, note: "Gọi trước" } }))
    const token = (await ok(api.call(`${V2}/a5/gen-token`, { body: { order_codes: [code] } }))).json.data.token
    await ok(api.call(`/a5/public-api/printA5?token=${token}`, { shopId: null, token: null }))
    await ok(api.call(`${V2}/switch-status/storing`, { body: { order_codes: [code] } }))
    await ok(api.call(`${V2}/switch-status/return`, { body: { order_codes: [code] } }))
    await ok(api.call(`${V2}/switch-status/cancel`, { body: { order_codes: [code], reason_code: "SVC-CO002", reason: "hết hàng" } }))
    // Pick Shift and Get Shop: Token only (no ShopId)
    await ok(api.call(`${V2}/shift/date`, { shopId: null }))
    await ok(api.call(`${V2}/shop/all?offset=0&limit=10`, { shopId: null }))
    await ok(api.call(`${V2}/shop/register`, { body: { name: "Kho 2", phone: "0912345678", address: "1 Lê Lợi", district_id: r.from_district_id, ward_code: r.from_ward_code } }))
    // affiliate
    const partner = { token: f.partner.token, shopId: null }
    await ok(api.call(`${V2}/shop/affiliateOTP`, { ...partner, body: { phone: f.customer.phone, language: "vi" } }))
    await ok(api.call(`${V2}/shop/affiliateCreate`, { ...partner, body: { phone: f.customer.phone, otp: api.sb.control.lastOtp(f.customer.phone)! } }))
    // tickets (form)
    const ticket = (await ok(form(`${T}/create`, { order_code: code, category: "Tư vấn", description: "Hỏi" }))).json.data.id
    await ok(form(`${T}/reply`, { ticket_id: String(ticket), description: "Cảm ơn" }))
    await ok(api.call(`${T}/detail?ticket_id=${ticket}`, { shopId: null }))
    expect(await violations()).toEqual([])
  })

  it("records fields outside the spec's table in every location: body, query string, nested items, ShopId header, method", async () => {
    const r = api.sb.fixture.route
    // Spec, Leadtime: "service_type_id (Int, 2 or 5; use this and not service_id, which has no effect)"
    await api.call(`${V2}/shipping-order/leadtime?debug=1`, { body: { to_district_id: r.to_district_id, to_ward_code: r.to_ward_code, service_id: 53320 } })
    // Spec, Pick Shift: "Header: Token only. No body, no query."
    await api.call(`${V2}/shift/date?date=today`)
    // Spec, Order Info: "Query parameter order_code" (GET)
    await api.call(`${V2}/shipping-order/detail`, { body: { order_code: "GXXXXXXX" } })
    // Spec, Cancel Order: order_codes, reason_code, reason
    await api.call(`${V2}/switch-status/cancel`, { body: { order_codes: ["GXXXXXXX"], note: "x" } })
    // Spec, Create Order items[]: name, code, quantity, price, length, width, height, weight
    await api.call(`${V2}/shipping-order/create`, { body: orderBody({ items: [{ name: "Áo", quantity: 1, sku: "A-1" }] }) })
    expect(await violations()).toEqual([
      "Leadtime: query:debug (unknown_field)",
      "Leadtime: service_id (unknown_field)",
      "Pick Shift: header:ShopId (unknown_field)",
      "Pick Shift: query:date (unknown_field)",
      "Order Info: (method POST) (method)",
      "Order Info: body:order_code (unknown_field)",
      "Cancel Order: note (unknown_field)",
      "Create Order: items[0].sku (unknown_field)",
    ])
  })

  it("records each required-by-spec rule and type the sandbox relaxes when it accepts the request, not when it refuses", async () => {
    const f = api.sb.fixture
    const a = f.addresses[Object.keys(f.addresses)[0]].legacy
    // Spec, Create Order: "to_district_name | String | Required when is_new_to_address is false" (accepted by ward code)
    const byIds = orderBody({ to_district_name: undefined, to_ward_name: undefined, to_province_name: undefined, to_ward_code: a.ward_code, to_district_id: a.district_id })
    expect((await api.call(`${V2}/shipping-order/create`, { body: byIds })).status).toBe(200)
    // Spec, Create Order: "client_order_code | String | ... default null" (null is named); coupon is a String
    expect((await api.call(`${V2}/shipping-order/preview`, { body: orderBody({ client_order_code: null, coupon: null }) })).status).toBe(200)
    // Spec, Get Service: "from_district (Int, required)" (accepted with the sandbox's from_ward_id)
    const ward = f.addresses[Object.keys(f.addresses)[0]].new
    const svc = await api.call(`${V2}/shipping-order/available-services`, { body: { shop_id: f.owner.shop_ids[0], from_ward_id: ward.ward_id, to_district: f.route.to_district_id } })
    expect(svc.status).toBe(200)
    // Spec, Create Feedback of Ticket: "ticket_id | Int | Required, numeric" (the sandbox trims " 12 ")
    const code = (await api.call(`${V2}/shipping-order/create`, { body: orderBody() })).json.data.order_code
    const ticket = (await form(`${T}/create`, { order_code: code, category: "Tư vấn", description: "Hỏi" })).json.data.id
    expect((await form(`${T}/reply`, { ticket_id: ` ${ticket} `, description: "Cảm ơn" })).status).toBe(200)
    // refused: the rule is enforced, nothing to record (Calculate Fee: "weight | Int | Required, non-zero")
    expect((await api.call(`${V2}/shipping-order/fee`, { body: { to_district_id: f.route.to_district_id, to_ward_code: f.route.to_ward_code } })).status).toBe(400)
    expect((await api.call(`${V2}/shipping-order/fee`, { body: { weight: "500", to_district_id: f.route.to_district_id, to_ward_code: f.route.to_ward_code } })).status).toBe(400)
    expect(await violations()).toEqual([
      "Create Order: to_ward_code (unknown_field)",
      "Create Order: to_district_id (unknown_field)",
      "Create Order: to_district_name (required)",
      "Preview Order: coupon (type)",
      "Get Service: from_ward_id (unknown_field)",
      "Get Service: from_district (required)",
      "Create Feedback of Ticket: ticket_id (type)",
    ])
  })

  it("every GHN route is registered with its spec table: a GHN path cannot be routed without one", () => {
    const sb = new Sandbox({ quiet: true })
    expect(() => sb.route("GET", "/shiip/public-api/v2/shift/date", () => ({ code: 200, message: "Success", data: null }))).toThrow(/sb\.api/)
    expect(() => sb.api("GET", "/_sandbox/x", SPEC_REQUESTS.pickShift, () => ({ json: {} }))).toThrow(/control routes/)
    for (const op of Object.values(SPEC_REQUESTS)) expect(op.source).toMatch(/^(spec|notes): /)
  })
})
