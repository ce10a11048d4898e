/**
 * Transport: timeouts, retry counts observed at the server, keep-alive, abort, close, and
 * token redaction everywhere (errors, causes, stacks, logs).
 */
import { inspect } from "node:util"
import { createServer } from "node:net"
import { Agent } from "undici"
import { createGhnClient, GhnApiError, GhnError, GhnNetworkError, type GhnClient, type GhnClientOptions } from "../index"
import { fail, ok, useRecordingServer, type ScriptedResponse } from "./recording-server"

const TOKEN = "SuperSecretToken-7f3a9c1e2b4d"
const srv = useRecordingServer()
const clients: GhnClient[] = []

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
})

const client = (opts: Partial<GhnClientOptions> = {}): GhnClient => {
  const c = createGhnClient({ environment: srv.url, token: TOKEN, shopId: 885, timeoutMs: 2000, retry: { retries: 2, minDelayMs: 1, maxDelayMs: 5 }, ...opts })
  clients.push(c)
  return c
}

async function caught<T extends Error>(p: Promise<unknown>, type: new (...a: never[]) => T): Promise<T> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(type)
    return e as T
  }
  throw new Error(`expected a ${type.name}`)
}

const unavailable: ScriptedResponse = fail(503, "Service Unavailable", "SERVER_ERROR_COMMON")
const order = { to_name: "A", to_phone: "0912345678", to_address: "x", to_district_name: "Quận 1", content: "áo", weight: 500 }
const created = ok({ order_code: "GHN1", fee: {}, total_fee: 1, expected_delivery_time: "t" })
const fee = { weight: 500, to_district_id: 1442, to_ward_code: "20109" }
const quote = ok({ total: 1 })

describe("timeouts", () => {
  it("a server that never answers gives GhnNetworkError { timeout: true } within the timeout", async () => {
    const ghn = client({ timeoutMs: 300 })
    srv.enqueue({ hang: true })
    const started = Date.now()
    const e = await caught(ghn.orders.update({ order_code: "A1", note: "x" }), GhnNetworkError)
    const elapsed = Date.now() - started
    expect(e.timeout).toBe(true)
    expect(e.retryable).toBe(true)
    expect(e.message).toMatch(/GHN orders\.update timed out after 300 ms \(POST \/shiip\/public-api\/v2\/shipping-order\/update\)/)
    expect(elapsed).toBeGreaterThanOrEqual(280)
    expect(elapsed).toBeLessThan(1500)
    expect(srv.requests).toHaveLength(1)
  })

  it("a body that stalls after the headers also times out", async () => {
    const ghn = client({ timeoutMs: 300, retry: false })
    srv.enqueue({ stallBody: '{"code":200,"message":"Success","data":{"tot' })
    const started = Date.now()
    const e = await caught(ghn.fees.calculate(fee), GhnNetworkError)
    expect(e.timeout).toBe(true)
    expect(Date.now() - started).toBeLessThan(1500)
    expect(srv.requests).toHaveLength(1)
  })

  it("a slow answer beyond the timeout is a timeout", async () => {
    const ghn = client({ timeoutMs: 200, retry: false })
    srv.enqueue({ ...ok({ total: 1 }), delayMs: 800 })
    const e = await caught(ghn.fees.calculate(fee), GhnNetworkError)
    expect(e.timeout).toBe(true)
  })

  it("a retried call times out on each attempt, then throws with attempts counted", async () => {
    const ghn = client({ timeoutMs: 150 })
    srv.enqueue({ hang: true }, { hang: true }, { hang: true })
    const e = await caught(ghn.fees.calculate(fee), GhnNetworkError)
    expect(e.timeout).toBe(true)
    expect(e.attempts).toBe(3)
    expect(srv.requests).toHaveLength(3)
  })
})

describe("retries (counted at the server)", () => {
  it("fee: 503, 503, then success = 3 requests", async () => {
    const ghn = client()
    srv.enqueue(unavailable, unavailable, quote)
    expect((await ghn.fees.calculate(fee)).total).toBe(1)
    expect(srv.requests).toHaveLength(3)
  })

  it("fee: 503 every time = 1 + retries requests, then the 503 is thrown", async () => {
    const ghn = client()
    srv.enqueue(unavailable, unavailable, unavailable, quote)
    const e = await caught(ghn.fees.calculate(fee), GhnApiError)
    expect(e.status).toBe(503)
    expect(e.attempts).toBe(3)
    expect(srv.requests).toHaveLength(3)
  })

  it("fee: a dropped connection is retried", async () => {
    const ghn = client()
    srv.enqueue({ destroy: true }, quote)
    expect((await ghn.fees.calculate(fee)).total).toBe(1)
    expect(srv.requests).toHaveLength(2)
  })

  it("fee: a gateway's HTML 502 page is retried", async () => {
    const ghn = client()
    srv.enqueue({ status: 502, body: "<html><body>502 Bad Gateway</body></html>", headers: { "content-type": "text/html" } }, quote)
    expect((await ghn.fees.calculate(fee)).total).toBe(1)
    expect(srv.requests).toHaveLength(2)
  })

  it("fee: a 400 is not retried", async () => {
    const ghn = client()
    srv.enqueue(fail(400, "bad", "USER_ERR_COMMON"), quote)
    await caught(ghn.fees.calculate(fee), GhnApiError)
    expect(srv.requests).toHaveLength(1)
  })

  it("retry: false disables retries", async () => {
    const ghn = client({ retry: false })
    srv.enqueue(unavailable, quote)
    await caught(ghn.fees.calculate(fee), GhnApiError)
    expect(srv.requests).toHaveLength(1)
  })

  it("retries: 0 disables retries too", async () => {
    const ghn = client({ retry: { retries: 0 } })
    srv.enqueue(unavailable, quote)
    await caught(ghn.fees.calculate(fee), GhnApiError)
    expect(srv.requests).toHaveLength(1)
  })

  it("every read-only / idempotent operation is retried once on 503 then succeeds", async () => {
    const ghn = client()
    const cases: Array<[string, () => Promise<unknown>, ScriptedResponse]> = [
      ["orders.preview", () => ghn.orders.preview(order), created],
      ["orders.info", () => ghn.orders.info("A1"), ok({ order_code: "A1", status: "picking" })],
      ["fees.leadtime", () => ghn.fees.leadtime({ to_district_id: 1, to_ward_code: "1" }), ok({ leadtime: 1752163199, leadtime_order: { from_estimate_date: "2025-07-09T16:59:59Z", to_estimate_date: "2025-07-10T16:59:59Z" } })],
      ["services.available", () => ghn.services.available({ from_district: 1, to_district: 2 }), ok([])],
      ["shops.list", () => ghn.shops.list(), ok({ last_offset: 0, shops: [] })],
      ["shifts.list", () => ghn.shifts.list(), ok([])],
      ["masterData.provinces", () => ghn.masterData.provinces(), ok([])],
      ["masterData.districts", () => ghn.masterData.districts(202), ok([])],
      ["masterData.wards", () => ghn.masterData.wards(1442), ok(null)],
      ["masterData.newProvinces", () => ghn.masterData.newProvinces(), ok([])],
      ["masterData.newWards", () => ghn.masterData.newWards({ province_id: 79 }), ok([])],
      ["print.token", () => ghn.print.token({ order_codes: ["A1"] }), ok({ token: "t" })],
      ["tickets.get", () => ghn.tickets.get(1), ok({ id: 1 })],
    ]
    for (const [name, call, success] of cases) {
      srv.reset()
      srv.enqueue(unavailable, success)
      await expect(call()).resolves.toBeDefined()
      expect([name, srv.requests.length]).toEqual([name, 2])
    }
  })

  it("non-idempotent operations are sent exactly once on 503", async () => {
    const ghn = client()
    const cases: Array<[string, () => Promise<unknown>]> = [
      ["orders.cancel", () => ghn.orders.cancel({ order_codes: ["A1"] })],
      ["orders.deliveryAgain", () => ghn.orders.deliveryAgain(["A1"])],
      ["orders.returnOrder", () => ghn.orders.returnOrder(["A1"])],
      ["orders.update", () => ghn.orders.update({ order_code: "A1", note: "x" })],
      ["orders.create (no client_order_code)", () => ghn.orders.create(order)],
      ["shops.create", () => ghn.shops.create({ name: "x" })],
      ["affiliate.getOtp", () => ghn.affiliate.getOtp({ phone: "0987654321" })],
      ["affiliate.createShopByOtp", () => ghn.affiliate.createShopByOtp({ phone: "0987654321", otp: "1" })],
      ["affiliate.addStaffByOtp", () => ghn.affiliate.addStaffByOtp({ phone: "0987654321", otp: "1", shop_id: 2 })],
      ["tickets.create", () => ghn.tickets.create({ order_code: "A1", category: "Tư vấn", description: "x" })],
      ["tickets.reply", () => ghn.tickets.reply({ ticket_id: 1, description: "x" })],
    ]
    for (const [name, call] of cases) {
      srv.reset()
      srv.enqueue(unavailable, ok(null))
      const e = await caught(call(), GhnApiError)
      expect([name, e.status, e.retryable, srv.requests.length]).toEqual([name, 503, true, 1])
    }
  })

  it("cancel on a dropped connection or a timeout: exactly 1 request", async () => {
    const ghn = client({ timeoutMs: 200 })
    srv.enqueue({ destroy: true }, ok([]))
    await caught(ghn.orders.cancel({ order_codes: ["A1"] }), GhnNetworkError)
    expect(srv.requests).toHaveLength(1)
    srv.reset()
    srv.enqueue({ hang: true }, ok([]))
    const e = await caught(ghn.orders.cancel({ order_codes: ["A1"] }), GhnNetworkError)
    expect(e.timeout).toBe(true)
    expect(srv.requests).toHaveLength(1)
  })

  it("create without client_order_code: 1 request; with it: retried (same body each time)", async () => {
    const ghn = client()
    srv.enqueue({ destroy: true }, created)
    await caught(ghn.orders.create(order), GhnNetworkError)
    expect(srv.requests).toHaveLength(1)

    srv.reset()
    srv.enqueue(unavailable, { destroy: true }, created)
    const res = await ghn.orders.create({ ...order, client_order_code: "medusa-ful_01" })
    expect(res.order_code).toBe("GHN1")
    expect(srv.requests).toHaveLength(3)
    expect(srv.requests.map((r) => (r.json as { client_order_code: string }).client_order_code)).toEqual(["medusa-ful_01", "medusa-ful_01", "medusa-ful_01"])

    srv.reset()
    srv.enqueue(unavailable, created)
    await caught(ghn.orders.create({ ...order, client_order_code: "  " }), GhnApiError)
    expect(srv.requests).toHaveLength(1)
  })

  it("429: a small Retry-After is honoured; a large one is not waited for", async () => {
    const ghn = client({ retry: { retries: 2, minDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 } })
    srv.enqueue({ ...fail(429, "Too many requests"), headers: { "retry-after": "0.3" } }, quote)
    const started = Date.now()
    await ghn.fees.calculate(fee)
    expect(Date.now() - started).toBeGreaterThanOrEqual(280)
    expect(srv.requests).toHaveLength(2)

    srv.reset()
    srv.enqueue({ ...fail(429, "Too many requests"), headers: { "retry-after": "120" } }, quote)
    const e = await caught(ghn.fees.calculate(fee), GhnApiError)
    expect(e.status).toBe(429)
    expect(e.retryAfterMs).toBe(120_000)
    expect(e.retryable).toBe(true)
    expect(srv.requests).toHaveLength(1)
  })

  it("back-off is bounded by maxDelayMs", async () => {
    const ghn = client({ retry: { retries: 3, minDelayMs: 10_000, maxDelayMs: 20 } })
    srv.enqueue(unavailable, unavailable, unavailable, quote)
    const started = Date.now()
    await ghn.fees.calculate(fee)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(srv.requests).toHaveLength(4)
  })
})

describe("connection handling", () => {
  it("pooled keep-alive connections are reused across calls", async () => {
    const ghn = client()
    for (let i = 0; i < 8; i++) {
      srv.enqueue(quote)
      await ghn.fees.calculate(fee)
    }
    expect(srv.requests).toHaveLength(8)
    expect(srv.requests.every((r) => r.headers["connection"] === "keep-alive")).toBe(true)
    // undici may open a second socket while the first is being released; never one per call
    expect(srv.connections).toBeLessThanOrEqual(2)
  })

  it("a caller's AbortSignal aborts without retry", async () => {
    const ghn = client()
    srv.enqueue({ hang: true }, quote)
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 100)
    const e = await caught(ghn.fees.calculate(fee, { signal: ac.signal }), GhnNetworkError)
    expect(e.aborted).toBe(true)
    expect(e.timeout).toBe(false)
    expect(srv.requests).toHaveLength(1)
  })

  it("close(): later calls fail with GhnError and nothing is sent; close is idempotent", async () => {
    const ghn = client()
    await ghn.close()
    await ghn.close()
    const e = await caught(ghn.shifts.list(), GhnError)
    expect(e.message).toMatch(/closed/)
    expect(srv.requests).toHaveLength(0)
  })

  it("a dispatcher passed in options is used and left open by close()", async () => {
    const agent = new Agent()
    try {
      const ghn = createGhnClient({ environment: srv.url, token: TOKEN, dispatcher: agent })
      srv.enqueue(ok([]))
      await ghn.shifts.list()
      await ghn.close()
      expect(agent.closed).toBe(false)
      expect(srv.requests).toHaveLength(1)
    } finally {
      await agent.close()
    }
  })

  it("ten attachments of exactly 2 MB pass validation and arrive as multipart", async () => {
    // 20 MB through loopback: a deadline no loaded machine reaches (the others' 2 s is for tests of timeouts).
    const ghn = client({ timeoutMs: 60_000 })
    srv.enqueue(ok({ id: 1 }))
    const two = new Uint8Array(2 * 1024 * 1024).fill(7)
    const attachments = Array.from({ length: 10 }, (_, i) => ({ filename: `f${i}.jpeg`, content: two }))
    await ghn.tickets.create({ order_code: "A1", category: "Thay đổi thông tin", description: "x", attachments })
    const r = srv.requests[0]!
    expect(r.contentType).toMatch(/^multipart\/form-data/)
    expect(r.body.length).toBeGreaterThan(10 * two.length)
  })
})

describe("token redaction", () => {
  const expectNoToken = (e: unknown) => {
    const err = e as Error & { cause?: unknown }
    expect(err.message).not.toContain(TOKEN)
    expect(err.stack ?? "").not.toContain(TOKEN)
    expect(JSON.stringify(err)).not.toContain(TOKEN)
    expect(JSON.stringify(err.cause ?? null)).not.toContain(TOKEN)
    expect(String(err)).not.toContain(TOKEN)
    expect(inspect(err, { depth: 20, showHidden: true })).not.toContain(TOKEN)
  }

  it("the token is sent, but never logged", async () => {
    const lines: string[] = []
    const logger = { debug: (m: string, meta?: object) => lines.push(m + JSON.stringify(meta)), warn: (m: string, meta?: object) => lines.push(m + JSON.stringify(meta)) }
    const ghn = client({ logger })
    srv.enqueue(fail(503, `upstream said ${TOKEN}`), quote)
    await ghn.fees.calculate(fee)
    expect(srv.requests[0]!.headers["token"]).toBe(TOKEN)
    expect(lines.length).toBeGreaterThanOrEqual(4)
    expect(lines.some((l) => l.includes("retrying"))).toBe(true)
    expect(lines.join("\n")).not.toContain(TOKEN)
    expect(lines.join("\n")).toContain("[REDACTED]")
  })

  it("a GHN message echoing the token is redacted in every error property", async () => {
    const ghn = client()
    srv.enqueue(fail(401, `Token ${TOKEN} is not valid`, `CODE_${TOKEN}`, `value ${TOKEN}`, { token: TOKEN }))
    const e = await caught(ghn.shifts.list(), GhnApiError)
    expectNoToken(e)
    expect(e.ghn_message).toBe("Token [REDACTED] is not valid")
    expect(e.data).toEqual({ token: "[REDACTED]" })
  })

  it("network errors (connection refused) are redacted, including the wrapped undici error and logs", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer()
      s.listen(0, "127.0.0.1", () => {
        const a = s.address()
        s.close(() => resolve(typeof a === "object" && a ? a.port : 0))
      })
    })
    const lines: string[] = []
    const logger = { debug: (m: string, meta?: object) => lines.push(m + JSON.stringify(meta)), warn: (m: string, meta?: object) => lines.push(m + JSON.stringify(meta)) }
    // a base URL carrying the token (a user mistake) is redacted too
    const ghn = createGhnClient({ baseUrl: `http://127.0.0.1:${port}/${TOKEN}`, token: TOKEN, shopId: 1, logger, retry: { minDelayMs: 1, maxDelayMs: 2 } })
    clients.push(ghn)
    const e = await caught(ghn.fees.calculate(fee), GhnNetworkError)
    expect(e.timeout).toBe(false)
    expect(e.errorCode).toBe("ECONNREFUSED")
    expect(e.attempts).toBe(3)
    expectNoToken(e)
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.join("\n")).not.toContain(TOKEN)
  })

  it("timeouts and dropped connections are redacted", async () => {
    const ghn = client({ timeoutMs: 100, retry: false })
    srv.enqueue({ hang: true })
    expectNoToken(await caught(ghn.shifts.list(), GhnNetworkError))
    srv.enqueue({ destroy: true })
    expectNoToken(await caught(ghn.shifts.list(), GhnNetworkError))
  })

  it("an invalid token (bad header characters) is refused without echoing it", async () => {
    const bad = `${TOKEN}\r\nX-Injected: 1`
    let err: unknown
    try {
      createGhnClient({ environment: srv.url, token: bad, retry: false })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(GhnError)
    expect((err as Error).message).toMatch(/control characters/)
    expect(inspect(err, { depth: 20, showHidden: true })).not.toContain(TOKEN)
    expect(srv.requests).toHaveLength(0)
  })

  it("an invalid per-call shopId is refused before sending, without the token", async () => {
    const ghn = client()
    srv.enqueue(quote)
    const e = await caught(ghn.fees.calculate(fee, { shopId: 1.5 }), GhnError)
    expect(e.message).toMatch(/shopId = 1.5 must be a positive integer/)
    expect(e.message).not.toContain(TOKEN)
    expect(srv.requests).toHaveLength(0)
  })

  it("the client object does not expose the token", () => {
    const ghn = client()
    expect(inspect(ghn, { depth: 20, showHidden: true })).not.toContain(TOKEN)
    expect(JSON.stringify(ghn)).not.toContain(TOKEN)
  })
})

describe("the call observer (health figures and traces)", () => {
  it("tells each call once, when it is over, by class: success after retries, GHN's refusal with its code, 429, 5xx, a timeout; never the token", async () => {
    const calls: import("../index").GhnCallRecord[] = []
    const ghn = client({ timeoutMs: 300, onCall: (c) => calls.push(c) })
    srv.enqueue(unavailable, quote)
    await ghn.fees.calculate(fee)
    srv.enqueue(fail(400, "Đơn hàng không hợp lệ", "ORDER_INVALID"))
    await caught(ghn.orders.update({ order_code: "A1", note: "x" }), GhnApiError)
    srv.enqueue(fail(429, "Too many requests", "TOO_MANY_REQUEST"))
    await caught(client({ retry: false, onCall: (c) => calls.push(c) }).fees.calculate(fee), GhnApiError)
    srv.enqueue(unavailable, unavailable, unavailable)
    await caught(ghn.fees.calculate(fee), GhnApiError)
    srv.enqueue({ hang: true })
    await caught(client({ timeoutMs: 200, retry: false, onCall: (c) => calls.push(c) }).fees.calculate(fee), GhnNetworkError)
    expect(calls.map((c) => [c.operation, c.outcome, c.status, c.code, c.attempts])).toEqual([
      ["fees.calculate", "2xx", 200, undefined, 2],
      ["orders.update", "4xx", 400, "ORDER_INVALID", 1],
      ["fees.calculate", "429", 429, "TOO_MANY_REQUEST", 1],
      ["fees.calculate", "5xx", 503, "SERVER_ERROR_COMMON", 3],
      ["fees.calculate", "timeout", 0, undefined, 1],
    ])
    for (const c of calls) expect(c.durationMs).toBeGreaterThanOrEqual(0)
    expect(JSON.stringify(calls)).not.toContain(TOKEN)
  })

  it("an observer that throws never breaks the call", async () => {
    const ghn = client({ onCall: () => { throw new Error("observer down") } })
    srv.enqueue(quote)
    await expect(ghn.fees.calculate(fee)).resolves.toMatchObject({ total: 1 })
  })
})
