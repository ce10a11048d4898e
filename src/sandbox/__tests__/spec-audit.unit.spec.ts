import { startApi, orderBody, line, V2, type Api } from "./helpers"

/** The deviations the spec audit found in the sandbox: each answers as the spec reads now. */
describe("GHN sandbox: the spec audit's deviations", () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api.sb.close())
  beforeEach(() => api.sb.control.reset())

  const create = (body: Record<string, unknown>) => api.call(`${V2}/shipping-order/create`, { body })
  const update = (body: Record<string, unknown>) => api.call(`${V2}/shipping-order/update`, { body })
  const info = async (code: string) => (await api.call(`${V2}/shipping-order/detail?order_code=${code}`)).json.data
  const route = () => api.sb.fixture.route

  it("stores the service type a Create Order without service_type_id names by its weight, so later updates apply", async () => {
    const { service_type_id: _t, ...light } = orderBody()
    const made = await create(light)
    expect(made.json.code).toBe(200)
    const code = made.json.data.order_code
    expect((await info(code)).service_type_id).toBe(2)
    const changed = await update({ order_code: code, weight: 1500, length: 25, to_address: "140 Nam Kỳ Khởi Nghĩa", cod_amount: 250000 })
    expect([changed.status, changed.text.slice(0, 200)]).toEqual([200, expect.any(String)])
    const after = await info(code)
    expect(after).toMatchObject({ weight: 1500, length: 25, to_address: "140 Nam Kỳ Khởi Nghĩa" })
    expect(api.sb.control.getOrder(code)!.update_log).toEqual([expect.objectContaining({ refused: [] })])

    // Heavy goods by its weight: its one parcel as items, as type 5 needs (spec-edges: content only is refused).
    const { service_type_id: _h, ...heavy } = orderBody({ weight: 25000, length: 60, width: 50, height: 40, items: [{ name: "Tủ", quantity: 1, length: 60, width: 50, height: 40, weight: 25000 }] })
    const big = await create(heavy)
    expect([big.status, big.text.slice(0, 200)]).toEqual([200, expect.any(String)])
    expect((await info(big.json.data.order_code)).service_type_id).toBe(5)
  })

  it("reports a heavy-goods order's dimensions derived from its items even when the body also sends a box", async () => {
    const items = [
      { name: "Thùng A", quantity: 1, length: 40, width: 60, height: 30, weight: 12000 },
      { name: "Thùng B", quantity: 1, length: 20, width: 50, height: 45, weight: 11000 },
    ]
    const made = await create(orderBody({ service_type_id: 5, weight: 23000, length: 100, width: 100, height: 100, items }))
    expect([made.status, made.text.slice(0, 200)]).toEqual([200, expect.any(String)])
    // Within one item the longest side is its length and the shortest its height: A 60x40x30, B 50x45x20.
    const o = await info(made.json.data.order_code)
    expect({ length: o.length, width: o.width, height: o.height, converted_weight: o.converted_weight }).toEqual({
      length: 60,
      width: 45,
      height: 50,
      converted_weight: Math.floor((60 * 45 * 50) / 5),
    })
  })

  it("fails a missing conditionally required field on the 'required' rule", async () => {
    const { content: _c, ...noContent } = orderBody()
    const r = await create(noContent)
    expect(r.json.message.split("\n")).toEqual([line("CreateOrderRequest", "Content", "required"), line("CreateOrderRequest", "Items", "required")])
    const heavy = await create(orderBody({ service_type_id: 5, weight: 25000 }))
    expect(heavy.json.message).toBe(line("CreateOrderRequest", "Items", "required"))
    const fee = await api.call(`${V2}/shipping-order/fee`, { body: { weight: 25000, to_district_id: route().to_district_id, to_ward_code: route().to_ward_code, service_type_id: 5 } })
    expect(fee.json.message).toBe(line("CalculateFeeRequest", "Items", "required"))
  })

  it("reports a fee payer and a required note in Order Info when Create Order left them out", async () => {
    const { payment_type_id: _p, required_note: _r, ...rest } = orderBody()
    const made = await create(rest)
    const o = await info(made.json.data.order_code)
    expect([o.payment_type_id, o.required_note]).toEqual([1, "KHONGCHOXEMHANG"])
  })

  it("prices Calculate Fee and Leadtime from a from_ward_code sent without from_district_id", async () => {
    const { to_district_id, to_ward_code } = route()
    const body = { weight: 1000, to_district_id, to_ward_code, service_type_id: 2 }
    const fromShop = await api.call(`${V2}/shipping-order/fee`, { body })
    const fromWardOnly = await api.call(`${V2}/shipping-order/fee`, { body: { ...body, from_ward_code: to_ward_code } })
    const fromBoth = await api.call(`${V2}/shipping-order/fee`, { body: { ...body, from_ward_code: to_ward_code, from_district_id: to_district_id } })
    expect(fromWardOnly.json.data.total).toBe(fromBoth.json.data.total)
    expect(fromWardOnly.json.data.total).not.toBe(fromShop.json.data.total)
    const lt = (extra: Record<string, unknown>) => api.call(`${V2}/shipping-order/leadtime`, { body: { to_district_id, to_ward_code, service_type_id: 2, ...extra } })
    expect((await lt({ from_ward_code: to_ward_code })).json.data.leadtime).toBe((await lt({ from_ward_code: to_ward_code, from_district_id: to_district_id })).json.data.leadtime)
    expect((await lt({ from_ward_code: to_ward_code })).json.data.leadtime).toBeLessThan((await lt({})).json.data.leadtime)
    const unknown = await api.call(`${V2}/shipping-order/fee`, { body: { ...body, from_ward_code: "999999999" } })
    expect([unknown.status, unknown.json.code_message]).toEqual([400, "WARD_IS_INVALID"])
  })

  it("answers 401 to a caller outside the account's IP whitelist, and lets it in again once it is on the list", async () => {
    const owner = api.sb.fixture.owner
    const set = (ips: string[] | null) => api.call("/_sandbox/ip-whitelist", { body: { client_id: owner.client_id, ips } })
    expect((await set(["203.0.113.7"])).status).toBe(200)
    const refused = await api.call(`${V2}/shift/date`, { shopId: null })
    expect([refused.status, refused.json.code, refused.json.data]).toEqual([401, 401, null])
    // Another account has no list: it still gets in.
    expect((await api.call(`${V2}/shift/date`, { token: api.sb.fixture.partner.token, shopId: null })).status).toBe(200)
    await set(["203.0.113.7", "127.0.0.1"])
    expect((await api.call(`${V2}/shift/date`, { shopId: null })).status).toBe(200)
    await set(null)
    expect((await api.call(`${V2}/shift/date`, { shopId: null })).status).toBe(200)
    expect((await api.call("/_sandbox/ip-whitelist", { body: { client_id: 1, ips: [] } })).status).toBe(404)
    expect(() => api.sb.control.setIpWhitelist(owner.token, ["10.0.0.1"])).not.toThrow()
    api.sb.control.reset()
    expect((await api.call(`${V2}/shift/date`, { shopId: null })).status).toBe(200)
  })

  it("makes a heavy-goods lead time depend on the weight (deterministically), and leaves light goods alone", async () => {
    const { to_district_id, to_ward_code } = route()
    const lt = async (service_type_id: number, weight: number) =>
      (await api.call(`${V2}/shipping-order/leadtime`, { body: { to_district_id, to_ward_code, service_type_id, weight } })).json.data.leadtime as number
    const day = 24 * 3600
    expect(await lt(5, 60000)).toBe((await lt(5, 25000)) + day)
    expect(await lt(5, 120000)).toBe((await lt(5, 25000)) + 2 * day)
    expect(await lt(5, 60000)).toBe(await lt(5, 60000))
    expect(await lt(2, 19000)).toBe(await lt(2, 500))
  })

  it("states no limit Leadtime and Calculate Fee's items do not: Leadtime's parcel, an item's name and sides", async () => {
    const { to_district_id, to_ward_code } = route()
    const lt = await api.call(`${V2}/shipping-order/leadtime`, { body: { to_district_id, to_ward_code, service_type_id: 5, weight: 2_000_000, length: 250 } })
    expect([lt.status, lt.text.slice(0, 200)]).toEqual([200, expect.any(String)])
    const items = [{ name: "Tủ ".repeat(300), quantity: 1, length: 210, width: 60, height: 50, weight: 30000 }]
    const fee = await api.call(`${V2}/shipping-order/fee`, { body: { weight: 30000, to_district_id, to_ward_code, service_type_id: 5, items } })
    expect([fee.status, fee.text.slice(0, 200)]).toEqual([200, expect.any(String)])
  })

  it("takes a Create Order without weight (the spec does not mark it required): the box prices it", async () => {
    const { weight: _w, ...rest } = orderBody()
    const r = await create(rest)
    expect([r.status, r.text.slice(0, 200)]).toEqual([200, expect.any(String)])
    expect((await info(r.json.data.order_code)).calculate_weight).toBe((20 * 15 * 10) / 5)
  })
})
