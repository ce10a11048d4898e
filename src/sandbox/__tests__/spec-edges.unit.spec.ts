import { startApi, orderBody, V2, type Api } from "./helpers"

type V = { operation: string; field: string; rule: string }

/** Where the sandbox used to read the spec more strictly, or less, than it is written. */
describe("GHN sandbox: the spec's edges", () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api.sb.close())
  beforeEach(() => api.sb.control.reset())

  const create = (body: Record<string, unknown>, o: Parameters<Api["call"]>[1] = {}) => api.call(`${V2}/shipping-order/create`, { body, ...o })
  const violations = async () => ((await api.call("/_sandbox/violations", { method: "GET" })).json.violations as V[]).map((v) => `${v.operation}: ${v.field} (${v.rule})`)

  const fee = (body: Record<string, unknown>) => api.call(`${V2}/shipping-order/fee`, { body: { to_district_id: api.sb.fixture.route.to_district_id, to_ward_code: api.sb.fixture.route.to_ward_code, ...body } })
  const info = async (order_code: string) => (await api.call(`${V2}/shipping-order/detail?order_code=${order_code}`, { method: "GET" })).json.data
  const heavy = [{ name: "Tủ", quantity: 1, length: 100, width: 60, height: 50, weight: 25000 }]

  it("keeps an order's required note, fee payer and service when an update sends their zero value (\"\" and 0 are Go's unset)", async () => {
    const made = await create(orderBody({ required_note: "CHOXEMHANGKHONGTHU", payment_type_id: 2 }))
    const order_code = made.json.data.order_code
    const r = await api.call(`${V2}/shipping-order/update`, { body: { order_code, required_note: "", payment_type_id: 0, service_type_id: 0, note: "gọi trước" } })
    expect(r.json.code).toBe(200)
    expect(await info(order_code)).toMatchObject({ required_note: "CHOXEMHANGKHONGTHU", payment_type_id: 2, service_type_id: 2, note: "gọi trước" })
    // A real value still changes them.
    await api.call(`${V2}/shipping-order/update`, { body: { order_code, required_note: "CHOTHUHANG", payment_type_id: 1 } })
    expect(await info(order_code)).toMatchObject({ required_note: "CHOTHUHANG", payment_type_id: 1 })
  })

  it("reads a 25 kg parcel sent without a type as heavy goods (5) in Calculate Fee as in Create Order: items required, then priced as type 5", async () => {
    const { service_type_id: _s, ...untyped } = orderBody({ weight: 25000, length: 100, width: 60, height: 50 })
    // Content only: no items for the heavy goods the weight makes it.
    const contentOnly = await create(untyped)
    expect([contentOnly.status, contentOnly.json.message]).toEqual([400, expect.stringContaining("'Items' failed on the 'required' tag")])
    const noItems = await fee({ weight: 25000 })
    expect([noItems.status, noItems.json.message]).toEqual([400, expect.stringContaining("'Items' failed on the 'required' tag")])
    // With its item: created as type 5, and quoted as the type 5 quote.
    const made = await create({ ...untyped, items: heavy })
    expect(made.json.code).toBe(200)
    expect(api.sb.control.getOrder(made.json.data.order_code)).toMatchObject({ service_type_id: 5 })
    const untypedQuote = await fee({ weight: 25000, items: heavy })
    const typedQuote = await fee({ weight: 25000, items: heavy, service_type_id: 5 })
    expect(untypedQuote.status).toBe(200)
    expect(untypedQuote.json.data).toEqual(typedQuote.json.data)
  })

  it("refuses heavy goods (5) with an empty item list in Create Order and Calculate Fee: no item is no parcel", async () => {
    const created = await create(orderBody({ service_type_id: 5, weight: 25000, items: [] }))
    expect([created.status, created.json.message]).toEqual([400, expect.stringContaining("'Items' failed on the 'required' tag")])
    const quoted = await fee({ weight: 25000, service_type_id: 5, items: [] })
    expect([quoted.status, quoted.json.message]).toEqual([400, expect.stringContaining("'Items' failed on the 'required' tag")])
    expect(api.sb.control.listOrders()).toEqual([])
  })

  it("gives a print token for an empty list (no minimum stated), and Get Shop any limit (no maximum stated)", async () => {
    const token = await api.call(`${V2}/a5/gen-token`, { body: { order_codes: [] } })
    expect([token.json.code, typeof token.json.data?.token]).toEqual([200, "string"])
    const page = await api.call(`/a5/public-api/printA5?token=${token.json.data.token}`, { method: "GET" })
    expect(page.status).toBe(200)
    const shops = await api.call(`${V2}/shop/all?limit=500`, { shopId: null })
    expect([shops.status, shops.json.data.shops.length]).toEqual([200, expect.any(Number)])
    expect(shops.json.data.shops.length).toBeGreaterThan(0)
  })

  it("reports a heavy-goods order's converted and chargeable weight from one order volume (rules 2 and 3), not a sum over parcels", async () => {
    // Two boxes 50x40x30: the order is 50 x 40 x (30+30) cm = 24,000 g volumetric; weight 25,000 g.
    const items = [1, 2].map((n) => ({ name: `Thùng ${n}`, quantity: 1, length: 50, width: 40, height: 30, weight: 12500 }))
    const r = await create(orderBody({ service_type_id: 5, weight: 25000, length: 50, width: 40, height: 60, items }))
    expect(r.json.code).toBe(200)
    const o = api.sb.control.listOrders()[0] as Record<string, unknown>
    expect(o).toMatchObject({ converted_weight: (50 * 40 * 60) / 5, calculate_weight: 25000 })
    const route = api.sb.fixture.route
    const fee = await api.call(`${V2}/shipping-order/fee`, { body: { weight: 25000, to_district_id: route.to_district_id, to_ward_code: route.to_ward_code, service_type_id: 5, items } })
    expect([fee.status, fee.text.slice(0, 200)]).toEqual([200, expect.any(String)])
  })

  it("takes a Create Order without the fields the spec does not mark required", async () => {
    const { to_name: _n, to_address: _a, service_type_id: _s, payment_type_id: _p, required_note: _r, content: _c, ...rest } = orderBody()
    const r = await create({ ...rest, items: [{ weight: 1200 }] })
    expect([r.status, r.json.code, r.text.slice(0, 300)]).toEqual([200, 200, expect.any(String)])
    expect(await violations()).toEqual([])
  })

  it("refuses a payment_type_id other than the spec's 1 and 2 in Create Order", async () => {
    for (const payment_type_id of [4, 5, 3]) {
      const r = await create(orderBody({ payment_type_id }))
      expect([payment_type_id, r.status, r.json.code_message]).toEqual([payment_type_id, 400, "USER_ERR_COMMON"])
    }
    expect((await create(orderBody({ payment_type_id: 2 }))).json.code).toBe(200)
  })

  it("records to_district_name sent with is_new_to_address true, and a JSON body sent as text/plain", async () => {
    await create(orderBody({ is_new_to_address: true, to_ward_name: "Phường Sài Gòn", to_province_name: "Hồ Chí Minh", to_district_name: "Quận 1" }))
    await api.call(`${V2}/shipping-order/leadtime`, {
      rawBody: JSON.stringify({ to_district_id: 1442, to_ward_code: "20109", service_type_id: 2 }),
      headers: { "Content-Type": "text/plain" },
    })
    expect(await violations()).toEqual(["Create Order: to_district_name (empty_when_new)", "Leadtime: header:Content-Type (content_type)"])
  })

  it("states no limit the spec does not: item sides and weight, a cancel reason, a shop name", async () => {
    const items = [{ name: "Tủ", quantity: 2, length: 210, width: 60, height: 50, weight: 60000 }]
    const made = await create(orderBody({ service_type_id: 5, weight: 30000, length: 150, width: 60, height: 100, items }))
    expect([made.status, made.text.slice(0, 300)]).toEqual([200, expect.any(String)])
    const cancel = await api.call(`${V2}/switch-status/cancel`, { body: { order_codes: [made.json.data.order_code], reason: "x".repeat(3000) } })
    expect(cancel.json.code).toBe(200)
    const route = api.sb.fixture.route
    const shop = await api.call(`${V2}/shop/register`, { body: { name: "Cửa hàng ".repeat(200), phone: "0912345678", address: "1 Lê Lợi", ward_code: route.to_ward_code, district_id: route.to_district_id } })
    expect([shop.status, shop.text.slice(0, 200)]).toEqual([200, expect.any(String)])
  })
})
