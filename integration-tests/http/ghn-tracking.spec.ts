import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { Modules } from "@medusajs/framework/utils"
import { pollGhnShipments } from "../../src/runners/polling"
import { freshGhnStorePerTest, WEBHOOK } from "../helpers/fresh-store"
import { waitFor } from "../helpers/wait"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, CUSTOMER_ADDRESS, fulfilOrder, failure } from "../helpers/store"



medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    async function fulfilledOrder() {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      // The shipment record appears from order.fulfillment_created.
      await waitFor(async () => (await shipmentsOf(order.id)).length === 1)
      return { orderId: order.id as string, fulfillmentId: fulfillment.id as string, code: fulfillment.data.order_code as string }
    }

    async function shipmentsOf(orderId: string) {
      return (await api.get(`/admin/ghn/orders/${orderId}/shipments`, admin)).data.shipments as any[]
    }

    async function fulfillment(orderId: string, id: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=fulfillments.id,fulfillments.shipped_at,fulfillments.delivered_at,fulfillments.canceled_at,fulfillments.labels.*`,
        admin
      )
      return data.order.fulfillments.find((f: any) => f.id === id)
    }

    function webhookBody(code: string, status: string, time: string, extra: Record<string, unknown> = {}) {
      return { ShopID: 190001, OrderCode: code, ClientOrderCode: "", Type: "switch_status", Status: status, Time: time, Description: "", Reason: "", ReasonCode: "", ...extra }
    }

    const post = (body: unknown, headers: Record<string, string> = { [WEBHOOK.header]: WEBHOOK.secret }) => api.post("/hooks/ghn", body, { headers })

    it("lists shipments on the GHN page with their order's number and receiver, searched by either, by GHN's code or by the client code", async () => {
      const first = await fulfilledOrder()
      const other = await (async () => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], { ...CUSTOMER_ADDRESS, first_name: "Bình", last_name: "Trần Thị" })
        const order = await checkout(api, store, cart.id, store.options.light)
        const fulfillment = await fulfilOrder(api, admin, store, order.id)
        return { orderId: order.id as string, code: fulfillment.data.order_code as string }
      })()
      const displayOf = async (id: string) => (await api.get(`/admin/orders/${id}?fields=id,display_id`, admin)).data.order.display_id
      const [n1, n2] = [await displayOf(first.orderId), await displayOf(other.orderId)]
      const list = async (q: string) => (await api.get(`/admin/ghn/shipments?q=${encodeURIComponent(q)}`, admin)).data.shipments.map((s: any) => [s.order_code, s.order_number, s.receiver])
      // "#2" is the order's number only; a bare "2" also finds every code holding a 2 (a substring search).
      expect(await list(`#${n2}`)).toEqual([[other.code, String(n2), "Trần Thị Bình"]])
      expect(await list(String(n2))).toEqual(expect.arrayContaining([[other.code, String(n2), "Trần Thị Bình"]]))
      expect(await list(`#${n1}`)).toEqual([[first.code, String(n1), "Nguyễn Văn An"]])
      expect(await list("Trần Thị Bình")).toEqual([[other.code, String(n2), "Trần Thị Bình"]])
      expect(await list("nguyễn văn")).toEqual([[first.code, String(n1), "Nguyễn Văn An"]])
      expect(await list(first.code)).toEqual([[first.code, String(n1), "Nguyễn Văn An"]])
      expect(await list(`${process.env.GHN_CLIENT_ORDER_CODE_PREFIX}${n2}-1`)).toEqual([[other.code, String(n2), "Trần Thị Bình"]])
      expect(await list("không có ai")).toEqual([])
    })

    it("applies only the moves GHN can make: after delivered, a cancel, a return and an unknown status stay in the history, marked", async () => {
      const { orderId, fulfillmentId, code } = await fulfilledOrder()
      const t0 = Date.now()
      const at = (s: number) => new Date(t0 + s * 1000).toISOString()
      for (const [status, s] of [["picked", 1], ["delivering", 2], ["delivered", 3]] as const) await post(webhookBody(code, status, at(s)))
      await waitFor(async () => !!(await fulfillment(orderId, fulfillmentId)).delivered_at)
      // Later callbacks GHN cannot send for a delivered parcel (or ever).
      for (const [status, s] of [["cancel", 4], ["returned", 5], ["scrap", 6]] as const) expect((await post(webhookBody(code, status, at(s)))).status).toBe(200)
      const ghn = getContainer().resolve("ghn") as any
      await waitFor(async () => (await ghn.listGhnWebhookEvents({ order_code: code })).every((e: any) => e.processed_at))
      const [shipment] = await shipmentsOf(orderId)
      expect(shipment.status).toBe("delivered")
      const late = shipment.history.filter((h: any) => ["cancel", "returned", "scrap"].includes(h.status))
      expect(late.map((h: any) => [h.status, h.not_applied])).toEqual([
        ["cancel", "after_final"],
        ["returned", "after_final"],
        ["scrap", "unknown_status"],
      ])
      const f = await fulfillment(orderId, fulfillmentId)
      expect([!!f.delivered_at, f.canceled_at]).toEqual([true, null])
    })

    it("never applies a delivered callback dated before the GHN order existed (status and COD stay)", async () => {
      const { orderId, code } = await fulfilledOrder()
      const old = new Date(Date.now() - 3 * 24 * 3600_000).toISOString()
      expect((await post(webhookBody(code, "delivered", old, { CODAmount: 100000 }))).status).toBe(200)
      const ghn = getContainer().resolve("ghn") as any
      await waitFor(async () => (await ghn.listGhnWebhookEvents({ order_code: code })).every((e: any) => e.processed_at))
      const [shipment] = await shipmentsOf(orderId)
      expect(shipment.status).toBe("ready_to_pick")
      expect(shipment.is_cod_collected).toBe(false)
      expect(shipment.history.find((h: any) => h.status === "delivered")).toMatchObject({ not_applied: "before_order" })
    })

    it("follows the sandbox's webhooks from pickup to delivery, keeping the label", async () => {
      const { orderId, fulfillmentId, code } = await fulfilledOrder()
      for (const status of ["picking", "picked", "delivering"]) await sandbox.setStatus(code, status)
      await waitFor(async () => !!(await fulfillment(orderId, fulfillmentId)).shipped_at)
      await sandbox.setStatus(code, "delivered")
      await waitFor(async () => !!(await fulfillment(orderId, fulfillmentId)).delivered_at)

      const f = await fulfillment(orderId, fulfillmentId)
      expect(f.labels).toHaveLength(1)
      expect(f.labels[0]).toMatchObject({ tracking_number: code, label_url: expect.stringMatching(new RegExp(`/admin/ghn/labels/${code}\\?size=A5$`)) })
      // Every callback, including the one GHN sent before Medusa stored the fulfilment, is applied.
      const ghn = getContainer().resolve("ghn") as any
      await waitFor(async () => (await ghn.listGhnWebhookEvents({ order_code: code })).every((e: any) => e.processed_at))
      const events = await ghn.listGhnWebhookEvents({ order_code: code })
      expect(events.map((e: any) => e.status)).toEqual(expect.arrayContaining(["ready_to_pick", "picking", "picked", "delivering", "delivered"]))
      const [shipment] = await shipmentsOf(orderId)
      expect(shipment.status).toBe("delivered")
      expect(shipment.history.map((h: any) => h.status)).toEqual(["ready_to_pick", "picking", "picked", "delivering", "delivered"])
      const deliveries = (await sandbox.webhooks()).filter((w: any) => w.order_code === code)
      expect(deliveries.every((w: any) => w.state === "delivered")).toBe(true)
    })

    it("ignores repeats and older events", async () => {
      const { orderId, fulfillmentId, code } = await fulfilledOrder()
      // GHN times after the sandbox's own events, within the clock skew the webhook allows.
      const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
      const delivered = webhookBody(code, "delivered", at(3), { CODAmount: 300000, TotalFee: 41000, Weight: 800 })
      for (let i = 0; i < 3; i++) expect((await post(delivered)).status).toBe(200)
      expect((await post(delivered)).data).toMatchObject({ duplicate: true })
      await waitFor(async () => (await shipmentsOf(orderId))[0].status === "delivered")
      // Older events arrive late, in reverse order: history grows, the status stays.
      // The late bodies carry the fees, COD and weight of their time: the newer figures stay.
      await post(webhookBody(code, "delivering", at(2), { CODAmount: 100000, TotalFee: 30000, Weight: 500 }))
      await post(webhookBody(code, "picked", at(1)))
      const ghn = getContainer().resolve("ghn") as any
      await waitFor(async () => (await ghn.listGhnWebhookEvents({ order_code: code })).every((e: any) => e.processed_at))
      const [shipment] = await shipmentsOf(orderId)
      expect(shipment.status).toBe("delivered")
      expect(shipment).toMatchObject({ cod_amount: 300000, total_fee: 41000, weight: 800 })
      // One entry per distinct event, in GHN time order, whatever the order of arrival.
      expect(shipment.history.map((h: any) => h.status)).toEqual(["ready_to_pick", "picked", "delivering", "delivered"])
      expect(shipment.history.filter((h: any) => h.status === "delivered")).toHaveLength(1)
      expect((await fulfillment(orderId, fulfillmentId)).delivered_at).toBeTruthy()
    })

    it("refuses a missing or wrong secret and a malformed body, storing nothing", async () => {
      const { code } = await fulfilledOrder()
      const ghn = getContainer().resolve("ghn") as any
      const before = (await ghn.listGhnWebhookEvents({ order_code: code })).length
      expect((await failure(post(webhookBody(code, "picked", new Date().toISOString()), {}))).status).toBe(401)
      expect((await failure(post(webhookBody(code, "picked", new Date().toISOString()), { [WEBHOOK.header]: "wrong" }))).status).toBe(401)
      const bad = await failure(post({ OrderCode: code, Type: "switch_status", Time: "not a date" }))
      expect(bad.status).toBe(400)
      expect(bad.message).toContain("Time")
      expect((await ghn.listGhnWebhookEvents({ order_code: code })).length).toBe(before)
    })

    it("stores and acknowledges an unknown order code, with the body exactly as GHN sent it", async () => {
      // GHN's own spacing and key order, and an unknown field: kept byte for byte.
      const sent = JSON.stringify(webhookBody("NOPE123", "picked", new Date().toISOString(), { CODAmount: 150000.0, NewField: { a: 1 } }), null, 1)
      const res = await post(sent, { [WEBHOOK.header]: WEBHOOK.secret, "content-type": "application/json" })
      expect(res.status).toBe(200)
      expect(res.data.unknown_order).toBe(true)
      const ghn = getContainer().resolve("ghn") as any
      const [event] = await ghn.listGhnWebhookEvents({ order_code: "NOPE123" })
      expect(event.unknown_order).toBe(true)
      expect(event.raw_body).toBe(sent)
      // Parsed once, by the webhook: what the shipment will apply (the unknown field stays in raw_body).
      expect(event.event).toMatchObject({ type: "switch_status", status: "picked", cod_amount: 150000, source: "webhook" })
      expect(event.body).toBeNull()
    })

    it("cancels the fulfilment when GHN cancels, without calling GHN's cancel", async () => {
      const { orderId, fulfillmentId, code } = await fulfilledOrder()
      const cancelsBefore = await sandbox.requestCount("/shiip/public-api/v2/switch-status/cancel")
      await sandbox.setStatus(code, "cancel", "GHN-CANCEL")
      await waitFor(async () => !!(await fulfillment(orderId, fulfillmentId)).canceled_at)
      expect(await sandbox.requestCount("/shiip/public-api/v2/switch-status/cancel")).toBe(cancelsBefore)
    })

    it("announces lost parcels", async () => {
      const { code } = await fulfilledOrder()
      const eventBus = getContainer().resolve(Modules.EVENT_BUS) as any
      const seen: any[] = []
      eventBus.subscribe("ghn.shipment.exception", async (event: any) => {
        seen.push(event.data)
      })
      await sandbox.setStatus(code, "picked")
      await sandbox.setStatus(code, "lost", "GHN-LOST01")
      await waitFor(async () => seen.some((e) => e.status === "lost"))
      expect(seen.find((e) => e.status === "lost")).toMatchObject({ order_code: code, reason_code: "GHN-LOST01" })
    })

    it("converges through polling when webhooks are off", async () => {
      await sandbox.webhook(null)
      const { orderId, fulfillmentId, code } = await fulfilledOrder()
      for (const status of ["picking", "picked", "delivering", "delivered"]) await sandbox.setStatus(code, status)
      const result = await pollGhnShipments(getContainer(), { silentForMs: 0 })
      expect(result.failures).toEqual([])
      const f = await fulfillment(orderId, fulfillmentId)
      expect(f.shipped_at).toBeTruthy()
      expect(f.delivered_at).toBeTruthy()
    })

    it("redelivers and returns with GHN's per-order results", async () => {
      const a = await fulfilledOrder()
      const b = await fulfilledOrder()
      await sandbox.setStatus(a.code, "picked")
      await sandbox.setStatus(a.code, "storing")
      const { data } = await api.post("/admin/ghn/redeliver", { order_codes: [a.code, b.code] }, admin)
      expect(data.results).toEqual([
        expect.objectContaining({ order_code: a.code, result: true }),
        expect.objectContaining({ order_code: b.code, result: false, message: "Trạng thái đơn hàng không hợp lệ" }),
      ])
      const ret = await api.post("/admin/ghn/return", { order_codes: [b.code] }, admin)
      expect(ret.data.results[0]).toMatchObject({ order_code: b.code, result: false })
    })

    it("keeps admin routes behind a session and validates their bodies", async () => {
      expect((await failure(api.get("/admin/ghn/shipments"))).status).toBe(401)
      expect((await failure(api.post("/admin/ghn/redeliver", { order_codes: ["X"] }))).status).toBe(401)
      const bad = await failure(api.post("/admin/ghn/labels", { order_codes: [], size: "A4" }, admin))
      expect(bad.status).toBe(400)
      expect(bad.message).toContain("Value for field 'order_codes' too small, expected at least: '1'")
      expect(bad.message).toContain("Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'A4'")
    })
  },
})

