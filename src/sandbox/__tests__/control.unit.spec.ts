import { fetch } from "undici"
import { startApi, orderBody, V2, type Api } from "./helpers"
import { CODE128_PATTERNS, code128Values } from "../labels"

/** Decodes a Code 128 B SVG produced by the label page back to its text (bars -> widths -> symbols). */
function decodeBarcode(svg: string): string {
  const rects = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)" height="\d+"\/>/g)].map((m) => [Number(m[1]), Number(m[2])])
  const widths: number[] = []
  for (let i = 0; i < rects.length; i++) {
    widths.push(rects[i][1])
    if (i + 1 < rects.length) widths.push(rects[i + 1][0] - rects[i][0] - rects[i][1])
  }
  const symbols: number[] = []
  for (let i = 0; i + 6 <= widths.length; i += 6) {
    const pat = widths.slice(i, i + 6).join("")
    const v = CODE128_PATTERNS.indexOf(pat)
    if (v < 0) {
      if (widths.slice(i).join("") === "2331112") break
      throw new Error(`bad pattern ${pat}`)
    }
    symbols.push(v)
  }
  expect(symbols[0]).toBe(104)
  const data = symbols.slice(1, -1)
  const check = symbols.at(-1)!
  expect(check).toBe((104 + data.reduce((s, v, i) => s + v * (i + 1), 0)) % 103)
  return String.fromCharCode(...data.map((v) => v + 32))
}

describe("GHN sandbox: control API, faults, labels", () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi({ faultSeed: 7 })
  })
  afterAll(() => api.sb.close())
  beforeEach(() => api.sb.control.reset())

  const ctl = (p: string, body?: unknown, method?: string) => api.call(`/_sandbox${p}`, { token: null, shopId: null, body, method })
  const create = (extra: Record<string, unknown> = {}) => api.call(`${V2}/shipping-order/create`, { body: orderBody(extra) })

  it("GET /_sandbox/fixture: owner, partner, staff, customer, inactive shop, a route with services 2 and 5", async () => {
    const r = await ctl("/fixture")
    expect(r.status).toBe(200)
    const f = r.json
    for (const k of ["owner", "partner", "staff", "customer"]) {
      expect(f[k]).toEqual(expect.objectContaining({ token: expect.any(String), client_id: expect.any(Number), phone: expect.stringMatching(/^0\d{9}$/), shop_ids: expect.any(Array) }))
    }
    expect(f.owner.shop_ids).toHaveLength(2)
    expect(f.owner.inactive_shop_id).toBe(190003)
    expect(f.route).toMatchObject({ from_district_id: 1442, from_ward_code: "00004", to_district_id: 1472, to_ward_code: "26743", service_type_ids: [2, 5] })
    expect(f.addresses.hcm_receiver.new).toEqual({ ward_name: "Phường Bến Thành", province_name: "Thành phố Hồ Chí Minh", ward_id: 26743, province_id: 79 })
    expect(r.json).toEqual(api.sb.fixture)
    // the fixture route really has both services
    const s = await api.call(`${V2}/shipping-order/available-services`, { body: { shop_id: f.owner.shop_ids[0], from_district: f.route.from_district_id, to_district: f.route.to_district_id } })
    expect(s.json.data.map((x: any) => x.service_type_id)).toEqual([2, 5])
  })

  it("GET/POST orders, sms; unknown control routes are 404", async () => {
    const code = (await create()).json.data.order_code
    const o = await ctl(`/orders/${code}`)
    expect(o.json).toMatchObject({ order_code: code, status: "ready_to_pick", fee: expect.any(Object), history: expect.any(Array) })
    expect((await ctl(`/orders/GNOPE000`)).status).toBe(404)
    expect((await ctl(`/orders`)).json).toHaveLength(1)
    expect((await ctl("/nope")).status).toBe(404)
    expect((await ctl("/sms")).json).toEqual([])
  })

  it("GET /_sandbox/stats counts GHN requests per path; /_sandbox/webhooks lists deliveries (alias webhooks)", async () => {
    const fee = `${V2}/shipping-order/fee`
    const before = (await ctl("/stats")).json.requests[fee] ?? 0
    await api.call(fee, { body: { to_district_id: 1472, to_ward_code: "26743", weight: 500 } })
    await api.call(fee, { body: {} })
    await ctl("/fixture")
    const s = (await ctl("/stats")).json
    expect(s.requests[fee]).toBe(before + 2)
    expect(Object.keys(s.requests).some((k) => k.startsWith("/_sandbox"))).toBe(false)
    const code = (await create()).json.data.order_code
    const w = (await ctl(`/webhooks?order_code=${code}`)).json
    expect(w.deliveries).toEqual([expect.objectContaining({ order_code: code, type: "create", state: "skipped" })])
    expect(w.webhooks).toEqual(w.deliveries)
    expect(w.url).toBeNull()
  })

  it("faults: latency per path", async () => {
    // A latency far above what a loopback call costs on a loaded machine: the other path never carries it.
    await ctl("/faults", { path: `${V2}/shipping-order/fee`, latency_ms: 1000 })
    const t0 = Date.now()
    await api.call(`${V2}/shipping-order/fee`, { body: { to_district_id: 1472, to_ward_code: "26743", weight: 500 } })
    expect(Date.now() - t0).toBeGreaterThanOrEqual(990)
    const t1 = Date.now()
    await api.call(`${V2}/shift/date`)
    expect(Date.now() - t1).toBeLessThan(990)
  })

  it("faults: failure rate with a count (SERVER_ERROR_COMMON envelope), custom status, deterministic seeded RNG", async () => {
    const set = await ctl("/faults", { path: `${V2}/shift/date`, failure_rate: 1, count: 2 })
    expect(set.json).toEqual([expect.objectContaining({ path: `${V2}/shift/date`, failure_rate: 1, count: 2 })])
    const a = await api.call(`${V2}/shift/date`)
    expect(a.status).toBe(500)
    expect(a.json).toMatchObject({ code: 500, data: null, code_message: "SERVER_ERROR_COMMON" })
    expect((await api.call(`${V2}/shift/date`)).status).toBe(500)
    expect((await api.call(`${V2}/shift/date`)).status).toBe(200)
    expect((await ctl("/faults")).json).toEqual([])
    await ctl("/faults", { path: "/shiip/public-api/ticket/*", failure_rate: 1, failure_status: 404, count: 1 })
    expect((await api.call(`/shiip/public-api/ticket/detail?ticket_id=1`, { shopId: null })).json).toMatchObject({ code: 404, data: null })
    // rate 0.5 with a seed: the same sequence every time
    const run = async () => {
      await ctl("/faults", { seed: 99, faults: [{ path: `${V2}/shift/date`, failure_rate: 0.5 }] })
      const out: number[] = []
      for (let i = 0; i < 12; i++) out.push((await api.call(`${V2}/shift/date`)).status)
      return out
    }
    const x = await run()
    const y = await run()
    expect(x).toEqual(y)
    expect(x).toContain(500)
    expect(x).toContain(200)
    await ctl("/faults", [], "POST")
    expect((await ctl("/faults")).json).toEqual([])
  })

  it("faults: timeout never answers", async () => {
    api.sb.control.setFaults({ path: `${V2}/shift/date`, timeout: true, count: 1 })
    const ac = new AbortController()
    const timer = setTimeout(() => ac.abort(), 200)
    await expect(fetch(`${api.sb.url}${V2}/shift/date`, { headers: { Token: api.sb.fixture.owner.token }, signal: ac.signal })).rejects.toThrow()
    clearTimeout(timer)
    expect((await api.call(`${V2}/shift/date`)).status).toBe(200)
  })

  it("faults: drop_after_commit on Create Order leaves exactly one order; the retry with the same client_order_code gets its code", async () => {
    await ctl("/faults", { path: `${V2}/shipping-order/create`, drop_after_commit: true, count: 1 })
    await expect(create({ client_order_code: "DROP-1" })).rejects.toThrow()
    const orders = (await ctl("/orders")).json as any[]
    expect(orders).toHaveLength(1)
    const retry = await create({ client_order_code: "DROP-1" })
    expect(retry.json.code).toBe(200)
    expect(retry.json.data.order_code).toBe(orders[0].order_code)
    expect((await ctl("/orders")).json).toHaveLength(1)
  })

  it("global latency option", async () => {
    const slow = await startApi({ latencyMs: 1000 })
    try {
      const t0 = Date.now()
      await slow.call(`${V2}/shift/date`)
      expect(Date.now() - t0).toBeGreaterThanOrEqual(990)
      const t1 = Date.now()
      await slow.call(`/_sandbox/fixture`)
      expect(Date.now() - t1).toBeLessThan(990)
    } finally {
      await slow.sb.close()
    }
  })

  it("POST /_sandbox/reset clears orders, tickets, SMS, faults and shops created at runtime", async () => {
    await create()
    await api.call(`${V2}/shop/register`, { body: { name: "Tạm", phone: "0987000111" } })
    await ctl("/faults", { path: "/x", latency_ms: 1 })
    expect((await ctl("/reset", {})).json).toEqual({ ok: true })
    expect((await ctl("/orders")).json).toEqual([])
    expect((await ctl("/faults")).json).toEqual([])
    const shops = (await api.call(`${V2}/shop/all`, { shopId: null })).json.data.shops
    expect(shops).toHaveLength(3)
  })

  it("POST /_sandbox/clock moves the injectable clock", async () => {
    const before = (await ctl("/clock")).json.now
    const r = await ctl("/clock", { advance_ms: 3600000 })
    expect(r.json.now - before).toBeGreaterThanOrEqual(3600000)
    const set = await ctl("/clock", { now_ms: Date.UTC(2030, 0, 1) })
    expect(set.json.iso).toBe("2030-01-01T00:00:00Z")
    expect((await ctl("/clock", {})).status).toBe(400)
  })

  it("labels: HTML sized for the paper, one label per order, code, sort code, parties, COD, weight, a Code 128 barcode", async () => {
    const a = (await create({ cod_amount: 1500000, weight: 2300, client_order_code: "LBL-1", items: [{ name: "Áo", quantity: 1 }, { name: "Quần", quantity: 2 }] })).json.data.order_code
    const b = (await create({ to_name: "Lê Thị Mai" })).json.data.order_code
    const token = (await api.call(`${V2}/a5/gen-token`, { body: { order_codes: [a, b] } })).json.data.token
    const sizes: Record<string, string> = { printA5: "size: A5", print80x80: "size: 80mm 80mm", print52x70: "size: 52mm 70mm" }
    for (const [p, css] of Object.entries(sizes)) {
      const r = await api.call(`/a5/public-api/${p}?token=${token}`, { token: null, shopId: null })
      expect(r.status).toBe(200)
      expect(r.text).toContain(`@page { ${css};`)
      expect(r.text.match(/<section class="label"/g)).toHaveLength(2)
    }
    const html = (await api.call(`/a5/public-api/printA5?token=${token}`, { token: null, shopId: null })).text
    const o = api.sb.control.getOrder(a)!
    const label = html.slice(html.indexOf(`data-order-code="${a}"`), html.indexOf(`data-order-code="${b}"`))
    expect(label).toContain(String(o.sort_code))
    expect(label).toContain("Sandbox Shop Hà Nội")
    expect(label).toContain("Nguyễn Thị Hoa")
    expect(label).toContain("135 Nam Kỳ Khởi Nghĩa")
    expect(label).toContain('data-cod="1500000"')
    expect(label).toContain("1.500.000 đ")
    expect(label).toContain('data-weight="2300"')
    const svg = label.slice(label.indexOf("<svg"), label.indexOf("</svg>") + 6)
    expect(decodeBarcode(svg)).toBe(a)
    // item_index prints the selected items only
    const t2 = (await api.call(`${V2}/a5/gen-token`, { body: { order_codes: [a], item_index: [1] } })).json.data.token
    const one = (await api.call(`/a5/public-api/printA5?token=${t2}`, { token: null, shopId: null })).text
    expect(one).toContain("Quần x 2")
    expect(one).not.toContain("Áo x 1")
  })

  it("Code 128 tables are well formed", () => {
    expect(CODE128_PATTERNS).toHaveLength(107)
    for (const p of CODE128_PATTERNS.slice(0, 106)) expect([...p].reduce((s, d) => s + Number(d), 0)).toBe(11)
    expect(new Set(CODE128_PATTERNS).size).toBe(107)
    expect(code128Values("PJJ123C")).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106])
    // spot checks against the ISO/IEC 15417 table (value: widths)
    const iso: Record<number, string> = {
      0: "212222", 1: "222122", 16: "123122", 17: "123221", 33: "111323", 34: "131123", 48: "313121",
      63: "111224", 77: "413111", 95: "114113", 102: "411131", 104: "211214", 106: "2331112",
    }
    for (const [v, w] of Object.entries(iso)) expect([v, CODE128_PATTERNS[Number(v)]]).toEqual([v, w])
  })
})
