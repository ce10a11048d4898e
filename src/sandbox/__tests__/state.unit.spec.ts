import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { startApi, orderBody, V2 } from "./helpers"

describe("GHN sandbox: state persistence (--state)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ghn-sandbox-state-"))
  const file = path.join(dir, "state.json")
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("keeps orders, tickets, shops and SMS across a restart (atomic write)", async () => {
    const a = await startApi({ statePath: file })
    const f = a.sb.fixture
    const code = (await a.call(`${V2}/shipping-order/create`, { body: orderBody({ client_order_code: "KEEP-1" }) })).json.data.order_code
    a.sb.control.setOrderStatus(code, "picking")
    const ticket = (await a.call(`/shiip/public-api/ticket/create`, {
      shopId: null, rawBody: new URLSearchParams({ order_code: code, category: "Tư vấn", description: "Còn không?" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    })).json.data.id
    const shopId = (await a.call(`${V2}/shop/register`, { body: { name: "Kho bền", phone: "0987000222" } })).json.data.shop_id
    await a.call(`${V2}/shop/affiliateOTP`, { token: f.partner.token, shopId: null, body: { phone: f.customer.phone } })
    await a.sb.close()
    const saved = JSON.parse(readFileSync(file, "utf8"))
    expect(saved.orders).toHaveLength(1)
    expect(readdirSync(dir)).toEqual(["state.json"])

    const b = await startApi({ statePath: file })
    try {
      const d = await b.call(`${V2}/shipping-order/detail?order_code=${code}`)
      expect(d.json.data).toMatchObject({ order_code: code, client_order_code: "KEEP-1", status: "picking" })
      const t = await b.call(`/shiip/public-api/ticket/detail?ticket_id=${ticket}`, { shopId: null })
      expect(t.json.data.order_code).toBe(code)
      const shops = (await b.call(`${V2}/shop/all`, { shopId: null })).json.data.shops.map((s: any) => s._id)
      expect(shops).toContain(shopId)
      expect((await b.call(`/_sandbox/sms`, { token: null, shopId: null })).json).toHaveLength(1)
      // counters continue: a new order gets a new code; the idempotency key still answers the first code
      const again = await b.call(`${V2}/shipping-order/create`, { body: orderBody({ client_order_code: "KEEP-1" }) })
      expect(again.json.data.order_code).toBe(code)
      const next = await b.call(`${V2}/shipping-order/create`, { body: orderBody() })
      expect(next.json.data.order_code).not.toBe(code)
    } finally {
      await b.sb.close()
    }
  })

  it("writes are debounced and saved without close", async () => {
    const f2 = path.join(dir, "debounced.json")
    const a = await startApi({ statePath: f2 })
    try {
      await a.call(`${V2}/shipping-order/create`, { body: orderBody() })
      const end = Date.now() + 3000
      let n = 0
      while (Date.now() < end) {
        try {
          n = JSON.parse(readFileSync(f2, "utf8")).orders.length
        } catch {
          n = 0
        }
        if (n === 1) break
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(n).toBe(1)
    } finally {
      await a.sb.close()
    }
  })
})
