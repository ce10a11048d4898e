import { startApi, startReceiver, orderBody, V2, type Api, type Receiver } from "./helpers"

const BODY_KEYS = [
  "ShopID", "Time", "OrderCode", "ClientOrderCode", "Type", "Description", "Status", "Reason", "ReasonCode", "CODAmount",
  "CODTransferDate", "Weight", "ConvertedWeight", "Length", "Width", "Height", "PaymentType", "IsPartialReturn",
  "PartialReturnCode", "Warehouse", "ShipperName", "ShipperPhone", "PodURL", "TotalFee", "Fee",
]
const FEE_KEYS = [
  "MainService", "Insurance", "CODFee", "CODFailedFee", "StationDO", "StationPU", "Return", "R2S", "Coupon",
  "DocumentReturn", "DoubleCheck", "PickRemoteAreasFee", "DeliverRemoteAreasFee", "Total",
]

describe("GHN sandbox: order life and status webhooks", () => {
  let api: Api
  let rx: Receiver
  beforeAll(async () => {
    rx = await startReceiver()
    api = await startApi({
      webhookUrl: rx.url,
      webhookHeaders: { "X-Webhook-Secret": "s3cret" },
      webhookRetry: { attempts: 4, baseDelayMs: 20, maxDelayMs: 100 },
    })
  })
  afterAll(async () => {
    await api.sb.close()
    await rx.close()
  })
  beforeEach(async () => {
    await api.sb.control.flushWebhooks(5000)
    api.sb.control.reset()
    rx.requests.length = 0
    rx.plan.length = 0
  })

  const create = async (extra: Record<string, unknown> = {}) => (await api.call(`${V2}/shipping-order/create`, { body: orderBody(extra) })).json.data.order_code as string
  const move = (code: string, status: string, extra: Record<string, unknown> = {}) =>
    api.call(`/_sandbox/orders/${code}/status`, { token: null, shopId: null, body: { status, ...extra } })

  it("create then the happy path: one webhook per change, GHN's PascalCase body, configured headers, increasing Time", async () => {
    const code = await create({ client_order_code: "WH-1" })
    for (const s of ["picking", "picked", "storing", "transporting", "sorting", "delivering", "delivered"]) {
      const r = await move(code, s)
      expect(r.status).toBe(200)
      expect(r.json).toMatchObject({ order_code: code, status: s })
    }
    const w = await api.call(`/_sandbox/webhooks?wait=1&order_code=${code}`, { token: null, shopId: null })
    expect(w.json.flushed).toBe(true)
    expect(rx.requests.map((r) => [r.body.Type, r.body.Status])).toEqual([
      ["create", "ready_to_pick"], ["switch_status", "picking"], ["switch_status", "picked"], ["switch_status", "storing"],
      ["switch_status", "transporting"], ["switch_status", "sorting"], ["switch_status", "delivering"], ["switch_status", "delivered"],
    ])
    const first = rx.requests[0]
    expect(first.headers["x-webhook-secret"]).toBe("s3cret")
    expect(first.headers["content-type"]).toBe("application/json")
    expect(Object.keys(first.body).sort()).toEqual([...BODY_KEYS].sort())
    expect(Object.keys(first.body.Fee).sort()).toEqual([...FEE_KEYS].sort())
    expect(first.body).toMatchObject({ ShopID: 190001, OrderCode: code, ClientOrderCode: "WH-1", CODAmount: 250000, Weight: 1200, PaymentType: 1, IsPartialReturn: false })
    expect(first.body.Fee.Total).toBe(first.body.TotalFee)
    const times = rx.requests.map((r) => Date.parse(r.body.Time))
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1])
    expect(rx.requests[0].body.Time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const delivered = rx.requests.at(-1)!.body
    expect(delivered.PodURL).toContain(code)
    expect(rx.requests.find((r) => r.body.Status === "delivering")!.body.ShipperName).not.toBe("")
    expect(api.sb.control.getOrder(code)).toMatchObject({ status: "delivered", is_cod_collected: true })
    expect(w.json.deliveries.every((d: any) => d.state === "delivered" && d.attempts.length === 1 && d.attempts[0].status === 200)).toBe(true)
  })

  it("retries with back-off after a 500 from the receiver, in order per order; records the answers", async () => {
    const code = await create()
    await api.sb.control.flushWebhooks()
    rx.requests.length = 0
    rx.plan.push(500, 503)
    await move(code, "picking")
    await move(code, "picked")
    expect(await api.sb.control.flushWebhooks(5000)).toBe(true)
    // picking was tried three times (500, 503, 200) before picked was sent
    expect(rx.requests.map((r) => r.body.Status)).toEqual(["picking", "picking", "picking", "picked"])
    expect(rx.requests[1].at - rx.requests[0].at).toBeGreaterThanOrEqual(15)
    const d = api.sb.control.webhooks({ order_code: code }).find((x) => x.body.Status === "picking")!
    expect(d.state).toBe("delivered")
    expect(d.attempts.map((a) => a.status)).toEqual([500, 503, 200])
    expect(d.attempts[2].body).toContain("received")
  })

  it("does not retry a 4xx other than 408/429; retries 429", async () => {
    const code = await create()
    await api.sb.control.flushWebhooks()
    rx.plan.push(400)
    await move(code, "picking")
    rx.plan.push(429)
    await move(code, "picked")
    await api.sb.control.flushWebhooks(5000)
    const list = api.sb.control.webhooks({ order_code: code })
    const picking = list.find((x) => x.body.Status === "picking")!
    const picked = list.find((x) => x.body.Status === "picked")!
    expect([picking.state, picking.attempts.length]).toEqual(["failed", 1])
    expect([picked.state, picked.attempts.map((a) => a.status)]).toEqual(["delivered", [429, 200]])
  })

  it("gives up after the configured attempts when the receiver is down", async () => {
    const code = await create()
    await api.sb.control.flushWebhooks()
    api.sb.control.setWebhook("http://127.0.0.1:1/down", {})
    await move(code, "picking")
    await api.sb.control.flushWebhooks(5000)
    const d = api.sb.control.webhooks({ order_code: code }).at(-1)!
    expect(d.state).toBe("failed")
    expect(d.attempts).toHaveLength(4)
    expect(d.attempts[0].error).toBeTruthy()
    api.sb.control.setWebhook(rx.url, { "X-Webhook-Secret": "s3cret" })
  })

  it("delivery_fail -> waiting_to_return -> storing (Delivery Again) -> delivering, with Reason/ReasonCode", async () => {
    const code = await create()
    for (const s of ["picking", "picked", "storing", "transporting", "sorting", "delivering"]) await move(code, s)
    const fail = await move(code, "delivery_fail", { reason_code: "GHN-DFC1A4" })
    expect(fail.json.order.reason).toBe("Người nhận từ chối nhận hàng")
    await move(code, "waiting_to_return")
    const again = await api.call(`${V2}/switch-status/storing`, { body: { order_codes: [code] } })
    expect(again.json.data[0].result).toBe(true)
    await move(code, "delivering")
    await move(code, "delivered")
    await api.sb.control.flushWebhooks()
    const bodies = rx.requests.filter((r) => r.body.OrderCode === code).map((r) => r.body)
    expect(bodies.map((b) => b.Status)).toEqual([
      "ready_to_pick", "picking", "picked", "storing", "transporting", "sorting", "delivering", "delivery_fail",
      "waiting_to_return", "storing", "delivering", "delivered",
    ])
    const df = bodies.find((b) => b.Status === "delivery_fail")
    expect(df).toMatchObject({ ReasonCode: "GHN-DFC1A4", Reason: "Người nhận từ chối nhận hàng" })
    expect(bodies.find((b) => b.Status === "picking")).toMatchObject({ Reason: "", ReasonCode: "" })
  })

  it("the return path (Return Order), then lost, damage and cancel from GHN's side", async () => {
    const code = await create()
    for (const s of ["picking", "picked", "storing", "transporting", "sorting", "delivering", "delivery_fail"]) await move(code, s)
    const ret = await api.call(`${V2}/switch-status/return`, { body: { order_codes: [code] } })
    expect(ret.json.data[0]).toEqual({ order_code: code, result: true, message: "OK" })
    for (const s of ["return_transporting", "return_sorting", "returning", "returned"]) expect((await move(code, s)).status).toBe(200)
    const lost = await create()
    await move(lost, "picking")
    await move(lost, "picked")
    expect((await move(lost, "lost")).json.order).toMatchObject({ status: "lost", reason_code: "GHN-LOST01" })
    const damaged = await create()
    await move(damaged, "picking")
    expect((await move(damaged, "damage")).json.order.status).toBe("damage")
    const cancelled = await create()
    expect((await move(cancelled, "cancel")).json.order).toMatchObject({ status: "cancel", reason_code: "GHN-CANCEL01" })
    await api.sb.control.flushWebhooks()
    const statuses = (c: string) => rx.requests.filter((r) => r.body.OrderCode === c).map((r) => r.body.Status)
    expect(statuses(code).slice(-5)).toEqual(["return", "return_transporting", "return_sorting", "returning", "returned"])
    const retBody = rx.requests.find((r) => r.body.OrderCode === code && r.body.Status === "return")!.body
    expect(retBody.Fee.R2S).toBeGreaterThan(0)
    expect(retBody.TotalFee).toBe(retBody.Fee.Total)
    expect(rx.requests.find((r) => r.body.OrderCode === cancelled && r.body.Status === "cancel")!.body.ReasonCode).toBe("GHN-CANCEL01")
  })

  it("accepts skipped statuses (GHN skips some); refuses impossible moves (409) unless forced; unknown status (400)", async () => {
    const code = await create()
    expect((await move(code, "picked")).status).toBe(200)
    const cancel = await move(code, "cancel")
    expect(cancel.status).toBe(409)
    expect(cancel.json.error).toContain("picked -> cancel")
    expect((await move(code, "ready_to_pick")).status).toBe(409)
    expect((await move(code, "picked")).status).toBe(409)
    expect((await move(code, "teleported")).status).toBe(400)
    expect((await move(code, "delivering")).status).toBe(200)
    expect((await move(code, "delivered")).status).toBe(200)
    expect((await move(code, "returned")).status).toBe(409)
    expect((await move(code, "returned", { force: true })).status).toBe(200)
    expect((await move("GNOPE000", "picking")).status).toBe(404)
    const other = await create()
    expect((await move(other, "cancel", { reason_code: "GHN-CANCEL" })).json.order).toMatchObject({ status: "cancel", reason_code: "GHN-CANCEL" })
    await api.sb.control.flushWebhooks()
    expect(rx.requests.filter((r) => r.body.OrderCode === code).map((r) => r.body.Status)).toEqual(["ready_to_pick", "picked", "delivering", "delivered", "returned"])
  })

  it("update_weight, update_fee (control re-weigh) and update_cod (Update Order) events", async () => {
    const code = await create()
    const r = await api.call(`/_sandbox/orders/${code}/weight`, { token: null, shopId: null, body: { weight: 4000 } })
    expect(r.status).toBe(200)
    expect(r.json.weight).toBe(4000)
    await api.call(`${V2}/shipping-order/update`, { body: { order_code: code, cod_amount: 300000 } })
    const otp = api.sb.control.lastOtp(api.sb.fixture.owner.phone)!
    await api.call(`${V2}/shipping-order/update`, { body: { order_code: code, cod_amount: 300000, otp } })
    await api.sb.control.flushWebhooks()
    const types = rx.requests.filter((x) => x.body.OrderCode === code).map((x) => x.body.Type)
    expect(types).toEqual(["create", "update_weight", "update_fee", "update_cod"])
    const w = rx.requests.find((x) => x.body.Type === "update_weight")!.body
    expect(w).toMatchObject({ Weight: 4000, Status: "ready_to_pick" })
    const f = rx.requests.find((x) => x.body.Type === "update_fee")!.body
    expect(f.TotalFee).toBeGreaterThan(rx.requests[0].body.TotalFee)
    expect(rx.requests.find((x) => x.body.Type === "update_cod")!.body.CODAmount).toBe(300000)
  })

  it("the webhook target can be changed at runtime (POST /_sandbox/webhook)", async () => {
    const rx2 = await startReceiver()
    try {
      const set = await api.call(`/_sandbox/webhook`, { token: null, shopId: null, body: { url: rx2.url, headers: { Authorization: "Bearer abc" } } })
      expect(set.json).toEqual({ url: rx2.url, headers: { Authorization: "Bearer abc" } })
      const code = await create()
      await rx2.waitFor(1)
      expect(rx2.requests[0].headers.authorization).toBe("Bearer abc")
      expect(rx2.requests[0].body.OrderCode).toBe(code)
      expect(rx.requests.filter((x) => x.body.OrderCode === code)).toHaveLength(0)
    } finally {
      api.sb.control.setWebhook(rx.url, { "X-Webhook-Secret": "s3cret" })
      await api.sb.control.flushWebhooks()
      await rx2.close()
    }
  })

  it("--auto-advance moves new orders along the happy path", async () => {
    const rx3 = await startReceiver()
    const auto = await startApi({ autoAdvanceSeconds: 0.03, webhookUrl: rx3.url })
    try {
      const c = await auto.call(`${V2}/shipping-order/create`, { body: orderBody() })
      const code = c.json.data.order_code
      const end = Date.now() + 3000
      while (auto.sb.control.getOrder(code)!.status !== "delivered" && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
      expect(auto.sb.control.getOrder(code)!.status).toBe("delivered")
      await auto.sb.control.flushWebhooks()
      expect(rx3.requests.map((r) => r.body.Status)).toEqual(["ready_to_pick", "picking", "picked", "storing", "transporting", "sorting", "delivering", "delivered"])
    } finally {
      await auto.sb.close()
      await rx3.close()
    }
  })
})
