/**
 * The shopper's notifications of one update, built against fakes of the plugin's module, Medusa's
 * query and the store's configuration: which channels, which language, which moments.
 */
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ghnProviderIdOf } from "../../../lib/runtime/provider-id"
import type { ShopperUpdateData } from "../../../contracts/events"
import { SHOPPER_UPDATES } from "../../../lib/status/shopper-updates"
import { trackingLinksOf } from "../../../lib/status/tracking-link"
import { GHN_MODULE } from "../../../modules/ghn"
import { buildGhnShopperNotificationsStep, type ShopperNotification } from "../build-ghn-shopper-notifications"

const build = createWorkflow("t-build-shopper-notifications", (input: ShopperUpdateData) => new WorkflowResponse(buildGhnShopperNotificationsStep(input)))

function container(opts: { channels: string[]; updates?: string[]; orderLocale?: string | null; shopperLocale?: "vi" | "en"; orderTrackingUrl?: string }) {
  const c = createMedusaContainer()
  c.register({
    [GHN_MODULE]: asValue({
      options: { shopperNotifications: opts.updates ?? [...SHOPPER_UPDATES], shopperLocale: opts.shopperLocale ?? "vi", maxFailedDeliveryNotifications: 3, orderTrackingUrl: opts.orderTrackingUrl },
      trackingLinks: trackingLinksOf("the-store-jwt-secret"),
      async listGhnShipments() {
        return [{ order_code: "LB7XK9", provider_id: ghnProviderIdOf("hcm-shop"), cod_amount: 350_000, expected_delivery_time: "2026-11-27T03:00:00Z" }]
      },
      accountOf: () => ({ client: { trackingUrl: (code: string) => `https://donhang.ghn.vn/?order_code=${code}` } }),
    }),
    [ContainerRegistrationKeys.CONFIG_MODULE]: asValue({ modules: { [Modules.NOTIFICATION]: { options: { providers: [{ options: { channels: opts.channels } }] } } } }),
    [ContainerRegistrationKeys.QUERY]: asValue({
      async graph({ entity }: { entity: string }) {
        return entity === "store"
          ? { data: [{ name: "Cửa hàng An" }] }
          : { data: [{ id: "order_1", display_id: 1042, email: "khach@example.vn", locale: opts.orderLocale ?? null, shipping_address: { phone: "0912345678" } }] }
      },
    }),
  })
  return c
}

const update = (u: ShopperUpdateData["update"], attempts = 0): ShopperUpdateData => ({
  update: u, order_code: "LB7XK9", order_id: "order_1", fulfillment_id: "ful_1", status: u, reason: u === "delivery_failed" ? "Người nhận hẹn lại ngày giao" : null, reason_code: null, delivery_attempts: attempts,
})

const run = async (c: ReturnType<typeof container>, data: ShopperUpdateData) => (await build(c).run({ input: data })).result as ShopperNotification[]

describe("build-ghn-shopper-notifications", () => {
  it("writes to the order's email, and by SMS to the receiver's phone when the store has an sms provider", async () => {
    const both = await run(container({ channels: ["email", "sms"] }), update("out_for_delivery"))
    expect(both.map((n) => [n.channel, n.to, n.idempotency_key])).toEqual([
      ["email", "khach@example.vn", "ghn:LB7XK9:out_for_delivery:0:email"],
      ["sms", "0912345678", "ghn:LB7XK9:out_for_delivery:0:sms"],
    ])
    expect(both[0]).toMatchObject({ template: "ghn-parcel-out-for-delivery", trigger_type: "ghn.parcel.out_for_delivery", resource_type: "order", resource_id: "order_1" })
    expect(both[0].content.subject).toBe("Đơn hàng #1042 đang được giao hôm nay")
    expect(both[0].data).toMatchObject({ cod_amount: 350_000, tracking_url: "https://donhang.ghn.vn/?order_code=LB7XK9", locale: "vi" })
    expect(both[1].content.text).toContain("https://donhang.ghn.vn/?order_code=LB7XK9")
    // The admin's feed only: nothing to send.
    expect(await run(container({ channels: ["feed"] }), update("delivered"))).toEqual([])
  })

  it("links to the store's tracking page with the order's signed token when orderTrackingUrl is set, else to GHN's", async () => {
    const [email, sms] = await run(container({ channels: ["email", "sms"], orderTrackingUrl: "https://shop.example.vn/theo-doi" }), update("shipped"))
    const link = new URL(email.data.order_tracking_url as string)
    expect(`${link.origin}${link.pathname}`).toBe("https://shop.example.vn/theo-doi")
    expect(link.searchParams.get("ghn_tracking")).toBe(email.data.order_tracking_token)
    expect(trackingLinksOf("the-store-jwt-secret")!.read(email.data.order_tracking_token as string)).toEqual({ ok: true, order_id: "order_1" })
    expect(email.content.text).toContain(email.data.order_tracking_url as string)
    expect(email.data.tracking_url).toBe("https://donhang.ghn.vn/?order_code=LB7XK9")
    expect(sms.content.text).toContain(email.data.order_tracking_url as string)
    const [plain] = await run(container({ channels: ["email"] }), update("shipped"))
    expect(plain.data.order_tracking_url).toBeNull()
    expect(plain.content.text).toContain("https://donhang.ghn.vn/?order_code=LB7XK9")
  })

  it("sends only the moments the store chose, in the order's language or the store's", async () => {
    const chosen = container({ channels: ["email"], updates: ["delivered"] })
    expect(await run(chosen, update("shipped"))).toEqual([])
    expect((await run(chosen, update("delivered")))[0].data).toMatchObject({ cod_amount: 0, update: "delivered" })
    expect((await run(container({ channels: ["email"], orderLocale: "en-US" }), update("delivery_failed", 1)))[0].content).toEqual({
      subject: "Delivery of order #1042 did not succeed",
      text: expect.stringContaining(": Người nhận hẹn lại ngày giao"),
    })
    expect((await run(container({ channels: ["email"], orderLocale: "fr-FR", shopperLocale: "en" }), update("shipped")))[0].content.subject).toBe("Order #1042 is on its way with GHN")
  })

  it("sends at most maxFailedDeliveryNotifications failed deliveries per parcel, GHN's reason cut to 300 characters on one line", async () => {
    const c = container({ channels: ["email"] })
    expect(await run(c, update("delivery_failed", 3))).toHaveLength(1)
    expect(await run(c, update("delivery_failed", 4))).toEqual([])
    // Other moments are not capped.
    expect(await run(c, update("out_for_delivery", 4))).toHaveLength(1)
    const [long] = await run(c, { ...update("delivery_failed", 1), reason: "Khách hẹn lại.\r\n".repeat(500) })
    expect([...(long.data.reason as string)]).toHaveLength(300)
    expect(long.data.reason).toMatch(/^Khách hẹn lại\. Khách hẹn lại\..*…$/)
    expect(long.content.text).not.toMatch(/\r/)
  })
})
