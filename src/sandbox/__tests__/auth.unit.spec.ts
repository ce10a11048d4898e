import { startApi, orderBody, line, V2, type Api } from "./helpers"

const SUMMARY: Array<[string, string]> = [
  ["POST", `${V2}/shop/affiliateOTP`],
  ["POST", `${V2}/shop/affiliateCreate`],
  ["POST", `${V2}/shop/affiliateCreateWithShop`],
  ["POST", `${V2}/shop/register`],
  ["GET", `${V2}/shop/all`],
  ["POST", `${V2}/shipping-order/create`],
  ["POST", `${V2}/shipping-order/preview`],
  ["POST", `${V2}/shipping-order/update`],
  ["GET", `${V2}/shipping-order/detail?order_code=X`],
  ["POST", `${V2}/shipping-order/fee`],
  ["POST", `${V2}/shipping-order/leadtime`],
  ["POST", `${V2}/shipping-order/available-services`],
  ["POST", `${V2}/switch-status/cancel`],
  ["POST", `${V2}/switch-status/storing`],
  ["POST", `${V2}/switch-status/return`],
  ["POST", `${V2}/a5/gen-token`],
  ["GET", `${V2}/shift/date`],
  ["GET", `/shiip/public-api/master-data/province`],
  ["POST", `/shiip/public-api/ticket/create`],
  ["POST", `/shiip/public-api/ticket/reply`],
  ["GET", `/shiip/public-api/ticket/detail?ticket_id=1`],
]

/** endpoints where ShopId is required, with a valid minimal body */
const SHOP_REQUIRED: Array<[string, string, unknown]> = [
  ["POST", `${V2}/shipping-order/create`, orderBody()],
  ["POST", `${V2}/shipping-order/preview`, orderBody()],
  ["POST", `${V2}/shipping-order/update`, { order_code: "GXXXXXXX", note: "x" }],
  ["GET", `${V2}/shipping-order/detail?order_code=GXXXXXXX`, undefined],
  ["POST", `${V2}/shipping-order/fee`, { to_district_id: 1472, to_ward_code: "26743", weight: 500 }],
  ["POST", `${V2}/shipping-order/leadtime`, { to_district_id: 1472, to_ward_code: "26743" }],
  ["POST", `${V2}/shipping-order/available-services`, { shop_id: 190001, from_district: 1442, to_district: 1472 }],
  ["POST", `${V2}/switch-status/cancel`, { order_codes: [] }],
  ["POST", `${V2}/switch-status/storing`, { order_codes: [] }],
  ["POST", `${V2}/switch-status/return`, { order_codes: [] }],
  ["POST", `${V2}/a5/gen-token`, { order_codes: ["GXXXXXXX"] }],
  ["GET", `/shiip/public-api/master-data/province`, undefined],
]

describe("GHN sandbox: authentication, ShopId rules, permissions", () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api.sb.close())

  it("every Summary operation answers 401 'Authorization header is required!' without Token", async () => {
    for (const [method, p] of SUMMARY) {
      const r = await api.call(p, { method, token: null, body: method === "POST" && !p.includes("ticket") ? {} : undefined })
      expect([p, r.status, r.json]).toEqual([p, 401, { code: 401, message: "Authorization header is required!", data: null }])
    }
  })

  it("an unknown token and a disabled account get 401", async () => {
    const a = await api.call(`${V2}/shift/date`, { token: "nope" })
    expect(a.status).toBe(401)
    expect(a.json.data).toBeNull()
    const b = await api.call(`${V2}/shift/date`, { token: api.sb.fixture.disabled.token })
    expect(b.status).toBe(401)
  })

  it("ShopId required: missing -> validation line; foreign -> CLIENT_NOT_OWNER_OF_SHOP; inactive -> SHOP_NO_ACTIVE", async () => {
    const f = api.sb.fixture
    for (const [method, p, body] of SHOP_REQUIRED) {
      const missing = await api.call(p, { method, body, shopId: null })
      expect([p, missing.status, missing.json.code_message, missing.json.message]).toEqual([p, 400, "USER_ERR_COMMON", line("Header", "ShopID", "required")])
      const foreign = await api.call(p, { method, body, shopId: f.partner.shop_ids[0] })
      expect([p, foreign.status, foreign.json.code_message]).toEqual([p, 400, "CLIENT_NOT_OWNER_OF_SHOP"])
      const inactive = await api.call(p, { method, body, shopId: f.owner.inactive_shop_id })
      expect([p, inactive.status, inactive.json.code_message]).toEqual([p, 400, "SHOP_NO_ACTIVE"])
      expect(foreign.json.data).toBeNull()
    }
  })

  it("Create Shop: foreign ShopId -> CLIENT_NOT_BELONG_OF_SHOP, inactive -> SHOP_NO_ACTIVE", async () => {
    const f = api.sb.fixture
    const body = { name: "Shop mới", phone: "0987000111" }
    const a = await api.call(`${V2}/shop/register`, { body, shopId: f.partner.shop_ids[0] })
    expect(a.json.code_message).toBe("CLIENT_NOT_BELONG_OF_SHOP")
    const b = await api.call(`${V2}/shop/register`, { body, shopId: f.owner.inactive_shop_id })
    expect(b.json.code_message).toBe("SHOP_NO_ACTIVE")
  })

  it("ShopId not used by Pick Shift and Get Shop (even garbage)", async () => {
    expect((await api.call(`${V2}/shift/date`, { shopId: "garbage" })).status).toBe(200)
    expect((await api.call(`${V2}/shop/all`, { shopId: "garbage" })).status).toBe(200)
    expect((await api.call(`${V2}/shift/date`, { shopId: null })).status).toBe(200)
  })

  it("ShopId optional (affiliate, tickets): default main shop; a foreign shop is rejected", async () => {
    const f = api.sb.fixture
    const ok = await api.call(`${V2}/shop/affiliateOTP`, { token: f.partner.token, shopId: null, body: { phone: f.customer.phone } })
    expect(ok.json.code).toBe(200)
    const bad = await api.call(`${V2}/shop/affiliateOTP`, { token: f.partner.token, shopId: f.owner.shop_ids[0], body: { phone: f.customer.phone } })
    expect(bad.json.code_message).toBe("CLIENT_NOT_OWNER_OF_SHOP")
    const inactive = await api.call(`${V2}/shop/affiliateOTP`, { shopId: f.owner.inactive_shop_id, body: { phone: f.customer.phone } })
    expect(inactive.json.code_message).toBe("SHOP_NO_ACTIVE")
    const t = await api.call(`/shiip/public-api/ticket/detail?ticket_id=1`, { token: f.partner.token, shopId: f.owner.shop_ids[0] })
    expect(t.status).toBe(403)
    expect(t.json).toEqual({ code: 403, message: expect.any(String), data: null })
  })

  it("staff without order-detail permission gets 403 on Order Info; it can still create orders", async () => {
    const f = api.sb.fixture
    const c = await api.call(`${V2}/shipping-order/create`, { token: f.staff.token, shopId: f.staff.shop_ids[0], body: orderBody() })
    expect(c.json.code).toBe(200)
    const code = c.json.data.order_code
    const d = await api.call(`${V2}/shipping-order/detail?order_code=${code}`, { token: f.staff.token, shopId: f.staff.shop_ids[0] })
    expect(d.status).toBe(403)
    expect(d.json.code).toBe(403)
    expect(d.json.data).toBeNull()
    const owner = await api.call(`${V2}/shipping-order/detail?order_code=${code}`)
    expect(owner.json.data.order_code).toBe(code)
  })

  it("staff without the ticket permission gets 403 on Get Ticket and Create Feedback", async () => {
    const f = api.sb.fixture
    const g = await api.call(`/shiip/public-api/ticket/detail?ticket_id=3000001`, { token: f.staff.token, shopId: null })
    expect(g.status).toBe(403)
    const form = new URLSearchParams({ ticket_id: "3000001", description: "hello" }).toString()
    const r = await api.call(`/shiip/public-api/ticket/reply`, { token: f.staff.token, shopId: null, rawBody: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } })
    expect(r.status).toBe(403)
  })

  it("staff without Edit COD gets PERMISSION_DENIED_EDIT_COD when changing cod_amount", async () => {
    const f = api.sb.fixture
    const c = await api.call(`${V2}/shipping-order/create`, { token: f.staff.token, shopId: f.staff.shop_ids[0], body: orderBody() })
    const r = await api.call(`${V2}/shipping-order/update`, { token: f.staff.token, shopId: f.staff.shop_ids[0], body: { order_code: c.json.data.order_code, cod_amount: 999000 } })
    expect(r.status).toBe(400)
    expect(r.json.code_message).toBe("PERMISSION_DENIED_EDIT_COD")
    // an unchanged cod_amount is not a change
    const same = await api.call(`${V2}/shipping-order/update`, { token: f.staff.token, shopId: f.staff.shop_ids[0], body: { order_code: c.json.data.order_code, cod_amount: 250000, note: "gọi trước" } })
    expect(same.json).toEqual({ code: 200, message: "Success", data: null })
  })

  it("every JSON endpoint answers a validation failure as USER_ERR_COMMON with one line per failed field", async () => {
    const shape = /^Key: '[A-Za-z]+(\.[A-Za-z]+(\[\d+\])?)+' Error:Field validation for '[A-Za-z]+' failed on the '[a-z_]+' tag$/
    const cases: Array<[string, string, unknown, string[]]> = [
      ["POST", `${V2}/shop/affiliateOTP`, {}, ["AffiliateOTPRequest.Phone"]],
      ["POST", `${V2}/shop/affiliateCreate`, {}, ["AffiliateCreateRequest.Phone"]],
      ["POST", `${V2}/shop/affiliateCreateWithShop`, {}, ["AffiliateCreateWithShopRequest.Phone", "AffiliateCreateWithShopRequest.ShopID"]],
      ["POST", `${V2}/shop/register`, {}, ["RegisterShopRequest.Name"]],
      ["GET", `${V2}/shop/all?offset=-1&limit=-1`, undefined, ["GetShopRequest.Offset", "GetShopRequest.Limit"]],
      ["POST", `${V2}/shipping-order/preview`, { ...orderBody(), to_name: "x".repeat(1025) }, ["CreateOrderRequest.ToName"]],
      ["POST", `${V2}/shipping-order/update`, {}, ["UpdateOrderRequest.OrderCode"]],
      ["GET", `${V2}/shipping-order/detail`, undefined, ["OrderDetailRequest.OrderCode"]],
      ["POST", `${V2}/shipping-order/fee`, {}, ["CalculateFeeRequest.ToDistrictID", "CalculateFeeRequest.ToWardCode", "CalculateFeeRequest.Weight"]],
      ["POST", `${V2}/shipping-order/leadtime`, {}, ["LeadtimeRequest.ToDistrictID", "LeadtimeRequest.ToWardCode"]],
      ["POST", `${V2}/shipping-order/available-services`, {}, ["AvailableServicesRequest.ShopID", "AvailableServicesRequest.FromDistrict", "AvailableServicesRequest.ToDistrict"]],
      ["POST", `${V2}/switch-status/cancel`, {}, ["CancelOrderRequest.OrderCodes"]],
      ["POST", `${V2}/switch-status/storing`, {}, ["SwitchStatusRequest.OrderCodes"]],
      ["POST", `${V2}/switch-status/return`, {}, ["SwitchStatusRequest.OrderCodes"]],
      ["POST", `${V2}/a5/gen-token`, {}, ["GenTokenRequest.OrderCodes"]],
    ]
    for (const [method, p, body, keys] of cases) {
      const r = await api.call(p, { method, body })
      expect([p, r.status, r.json.code, r.json.code_message, r.json.data]).toEqual([p, 400, 400, "USER_ERR_COMMON", null])
      const lines = (r.json.message as string).split("\n")
      for (const l of lines) expect([p, shape.test(l)]).toEqual([p, true])
      expect([p, lines.map((l) => l.match(/^Key: '([^']+)'/)![1])]).toEqual([p, keys])
    }
    const malformed = await api.call(`${V2}/shipping-order/fee`, { rawBody: "{not json", headers: { "Content-Type": "application/json" } })
    expect([malformed.status, malformed.json.code_message]).toEqual([400, "USER_ERR_COMMON"])
  })

  it("Update Order validates phones (PHONE_INVALID) like Create Order", async () => {
    const c = await api.call(`${V2}/shipping-order/create`, { body: orderBody() })
    const r = await api.call(`${V2}/shipping-order/update`, { body: { order_code: c.json.data.order_code, to_phone: "09" } })
    expect(r.json.code_message).toBe("PHONE_INVALID")
  })

  it("an order of another account: CLIENT_NOT_OWNER_OF_SHOP on Order Info and Update", async () => {
    const f = api.sb.fixture
    const c = await api.call(`${V2}/shipping-order/create`, { body: orderBody() })
    const code = c.json.data.order_code
    const d = await api.call(`${V2}/shipping-order/detail?order_code=${code}`, { token: f.partner.token, shopId: f.partner.shop_ids[0] })
    expect(d.json.code_message).toBe("CLIENT_NOT_OWNER_OF_SHOP")
    const u = await api.call(`${V2}/shipping-order/update`, { token: f.partner.token, shopId: f.partner.shop_ids[0], body: { order_code: code, note: "x" } })
    expect(u.json.code_message).toBe("CLIENT_NOT_OWNER_OF_SHOP")
  })
})
