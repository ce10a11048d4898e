/**
 * Shopper notifications through Medusa's Notification Module (the development store's local
 * provider serves `email`): a parcel moved by the GHN sandbox (callbacks over HTTP) tells the
 * shopper each moment once, in the order's language, with GHN's code and tracking link, the cash
 * to prepare and GHN's reason for a failed delivery; read back through the Notification Module.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { notifyGhnShopperWorkflow } from "../../src/workflows/notify-ghn-shopper"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, fulfilOrder, movedTo } from "../helpers/store"
import { waitFor } from "../helpers/wait"


medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    async function parcel(locale?: string) {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      if (locale) await getContainer().resolve(Modules.ORDER).updateOrders(order.id, { locale } as never)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      return { orderId: order.id as string, code: fulfillment.data.order_code as string, cod: Number(fulfillment.data.cod_amount) }
    }

    const move = (code: string, ...steps: string[]) => movedTo(api, admin, code, ...steps)

    const sent = async (orderId: string) =>
      (await getContainer().resolve(Modules.NOTIFICATION).listNotifications({ resource_id: orderId } as never, { order: { created_at: "ASC" } })) as any[]

    /** Waits for `count` notifications (at least, with `atLeast`), each past Medusa's "pending" (its provider answered). */
    const answered = (orderId: string, count: number, atLeast = false) =>
      waitFor(async () => {
        const all = await sent(orderId)
        return (atLeast ? all.length >= count : all.length === count) && all.every((n) => n.status !== "pending")
      })

    it("tells the shopper each moment of the parcel once, in Vietnamese, with the cash to prepare and GHN's reason", async () => {
      const p = await parcel()
      expect(p.cod).toBeGreaterThan(0)
      await move(p.code, "picked", "storing", "delivering", "delivery_fail:GHN-DFC1A2", "delivering", "delivered")
      await answered(p.orderId, 5)
      const all = await sent(p.orderId)
      expect(all.map((n) => [n.template, n.channel, n.to, n.status])).toEqual([
        ["ghn-parcel-shipped", "email", "khach@example.vn", "success"],
        ["ghn-parcel-out-for-delivery", "email", "khach@example.vn", "success"],
        ["ghn-parcel-delivery-failed", "email", "khach@example.vn", "success"],
        ["ghn-parcel-out-for-delivery", "email", "khach@example.vn", "success"],
        ["ghn-parcel-delivered", "email", "khach@example.vn", "success"],
      ])
      const [shipped, out, failed, again, delivered] = all.map((n) => n.data)
      const cash = `${new Intl.NumberFormat("vi-VN").format(p.cod)} ₫`
      expect(shipped.subject).toMatch(/^Đơn hàng #\d+ đã được giao cho GHN$/)
      expect(shipped.text).toContain(p.code)
      expect(shipped.tracking_url).toContain(p.code)
      expect(shipped.text).toContain(shipped.tracking_url)
      expect(out.text).toContain(`Vui lòng chuẩn bị ${cash} tiền mặt`)
      expect(failed.text).toContain("Không liên lạc được với người nhận")
      expect(failed.text).toContain("GHN sẽ giao lại")
      expect(again.text).toContain(cash)
      expect(delivered.subject).toMatch(/đã giao thành công$/)
      expect(delivered.cod_amount).toBe(0)

      // A retry of any of them (the event bus again, a restart's recovery) sends nothing more.
      for (const n of all) {
        const update = (n.data as { update: string }).update
        await notifyGhnShopperWorkflow(getContainer()).run({
          input: { update, order_code: p.code, order_id: p.orderId, fulfillment_id: "ful", status: update, reason: null, reason_code: null, delivery_attempts: update === "out_for_delivery" && n === all[1] ? 0 : 1 } as never,
        })
      }
      // GHN's Order Info again (the admin's refresh): the status does not move, nothing is sent.
      await api.post(`/admin/ghn/shipments/${p.code}/refresh`, {}, admin)
      expect(await sent(p.orderId)).toHaveLength(5)
      expect(new Set(all.map((n) => n.idempotency_key)).size).toBe(5)
    })

    it("tells at most maxFailedDeliveryNotifications (3) failed deliveries per parcel, GHN's reason on one line of at most 300 characters", async () => {
      const p = await parcel()
      const longReason = "Khách hẹn giao lại vào buổi chiều, gọi trước khi đến.\n".repeat(40)
      await move(p.code, "picked", "delivering")
      // GHN's free-text reason (up to 5,000 characters), as the sandbox sends it in the callback.
      const res = await fetch(`${sandbox.url()}/_sandbox/orders/${encodeURIComponent(p.code)}/status`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status: "delivery_fail", reason: longReason }),
      })
      expect(res.ok).toBe(true)
      await waitFor(async () => (await api.get(`/admin/ghn/shipments/${p.code}`, admin)).data.shipment.status === "delivery_fail")
      for (let i = 0; i < 4; i++) await move(p.code, "delivering", "delivery_fail")
      // 1 shipped + 5 out for delivery + 3 of the 5 failures.
      await answered(p.orderId, 9, true)
      await api.post(`/admin/ghn/shipments/${p.code}/refresh`, {}, admin)
      const all = await sent(p.orderId)
      const failed = all.filter((n) => n.template === "ghn-parcel-delivery-failed")
      expect(failed.map((n) => n.data.update)).toEqual(["delivery_failed", "delivery_failed", "delivery_failed"])
      expect(all.filter((n) => n.template === "ghn-parcel-out-for-delivery")).toHaveLength(5)
      const reason = failed[0].data.reason as string
      expect([...reason].length).toBeLessThanOrEqual(300)
      expect(reason).toMatch(/^Khách hẹn giao lại vào buổi chiều, gọi trước khi đến\. Khách hẹn/)
      expect(reason.endsWith("…")).toBe(true)
      expect(failed[0].data.text).toContain(reason)
      expect(failed[0].data.text).not.toContain(longReason.slice(0, 400))
      // A fourth failure's notification, asked for again directly, is not sent either.
      await notifyGhnShopperWorkflow(getContainer()).run({
        input: { update: "delivery_failed", order_code: p.code, order_id: p.orderId, fulfillment_id: "ful", status: "delivery_fail", reason: null, reason_code: null, delivery_attempts: 4 } as never,
      })
      expect((await sent(p.orderId)).filter((n) => n.template === "ghn-parcel-delivery-failed")).toHaveLength(3)
    })

    it("writes in English for an English order, and tells a returned parcel's shopper why", async () => {
      const p = await parcel("en-US")
      await move(p.code, "picked", "delivering", "delivery_fail:GHN-DFC1A4", "waiting_to_return", "return", "returning", "returned")
      await answered(p.orderId, 4)
      const all = await sent(p.orderId)
      expect(all.map((n) => n.template)).toEqual(["ghn-parcel-shipped", "ghn-parcel-out-for-delivery", "ghn-parcel-delivery-failed", "ghn-parcel-returned"])
      expect(all[0].data.subject).toMatch(/^Order #\d+ is on its way with GHN$/)
      expect(all[1].data.text).toContain(`Please have ${new Intl.NumberFormat("en-US").format(p.cod)} ₫ in cash ready`)
      expect(all[2].data.text).toContain("Người nhận từ chối nhận hàng")
      expect(all[3].data.subject).toMatch(/was returned to the shop$/)
      expect(all.every((n) => n.data.locale === "en")).toBe(true)
    })
  },
})
