import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStore } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, fulfilOrder } from "../helpers/store"
import { waitFor } from "../helpers/wait"


// A second registration of the GHN provider (medusa-config.ts), id "second": another sandbox
// account (the partner's) and shop, with its own webhook secret.
const SECOND = { token: "sandbox-partner-token", shopId: 190004, secret: "second-account-webhook-secret" }
process.env.GHN_SECOND_TOKEN = SECOND.token
process.env.GHN_SECOND_SHOP_ID = String(SECOND.shopId)
process.env.GHN_SECOND_WEBHOOK_SECRET = SECOND.secret
/** The first account's secret (medusa-config's default for the plugin's own options). */
const FIRST_SECRET = "dev-webhook-secret-change-me"

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)

    it("quotes, fulfils, prints, tracks and cancels each GHN order with the account of its own provider", async () => {
      const { admin, store } = await freshGhnStore(api, getContainer())
      await api.post(`/admin/stock-locations/${store.locationId}/fulfillment-providers`, { add: ["ghn_second"] }, admin)
      const { data: first } = await api.get(`/admin/shipping-options/${store.options.light}?fields=id,service_zone_id,shipping_profile_id`, admin)
      const secondOption = (
        await api.post(
          "/admin/shipping-options",
          {
            name: "GHN (tài khoản 2)",
            service_zone_id: first.shipping_option.service_zone_id,
            shipping_profile_id: first.shipping_option.shipping_profile_id,
            type: { label: "GHN 2", description: "GHN 2", code: "ghn-2" },
            provider_id: "ghn_second",
            price_type: "calculated",
            prices: [],
            data: { id: "ghn-light", service_type_id: 2 },
          },
          admin
        )
      ).data.shipping_option.id

      const before = await sandbox.requestCount("/shiip/public-api/v2/shipping-order/fee")
      const place = async (optionId: string) => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        return checkout(api, store, cart.id, optionId)
      }
      const viaSecond = await place(secondOption)
      const viaFirst = await place(store.options.light)
      expect(viaSecond.shipping_methods[0].amount).toBeGreaterThan(0)
      expect(await sandbox.requestCount("/shiip/public-api/v2/shipping-order/fee")).toBeGreaterThan(before)

      const second = await fulfilOrder(api, admin, store, viaSecond.id)
      const firstF = await fulfilOrder(api, admin, store, viaFirst.id)
      expect(second.data.shop_id).toBe(SECOND.shopId)
      expect((await sandbox.order(second.data.order_code)).shop_id).toBe(SECOND.shopId)
      expect((await sandbox.order(firstF.data.order_code)).shop_id).toBe(190001)

      // Labels: one print token per account (the other account's token is refused by GHN for this shop).
      const label = await rawApi.get(`/admin/ghn/labels/${second.data.order_code}?size=A5`, { ...admin, maxRedirects: 0, validateStatus: () => true })
      expect([200, 302, 303]).toContain(label.status)
      const labels = await api.post("/admin/ghn/labels", { order_codes: [second.data.order_code, firstF.data.order_code], size: "A5" }, admin)
      expect(labels.data.labels.map((l: any) => l.shop_id).sort()).toEqual([190001, SECOND.shopId])

      // The second account calls back with its own secret.
      const hook = await rawApi.post(
        "/hooks/ghn",
        { OrderCode: second.data.order_code, Type: "switch_status", Status: "picking", Time: new Date().toISOString(), ShopID: SECOND.shopId },
        { headers: { "x-ghn-webhook-secret": SECOND.secret } }
      )
      expect(hook.status).toBe(200)
      await waitFor(async () => (await api.get(`/admin/ghn/shipments/${second.data.order_code}`, admin)).data.shipment.status === "picking")
      const { data: shipment } = await api.get(`/admin/ghn/shipments/${second.data.order_code}`, admin)
      expect(shipment.shipment).toMatchObject({ provider_id: "ghn_second", shop_id: SECOND.shopId })

      // A secret authenticates its own account's parcels only: the first account's secret for the
      // second's parcel (and the reverse) is refused exactly as a wrong secret is, nothing stored.
      const ghn = getContainer().resolve("ghn") as any
      const stored = async () => (await ghn.listGhnWebhookEvents({})).length
      const storedBefore = await stored()
      const callback = (code: string, status: string) => ({ OrderCode: code, Type: "switch_status", Status: status, Time: new Date().toISOString() })
      const wrong = await rawApi.post("/hooks/ghn", callback(second.data.order_code, "picked"), { headers: { "x-ghn-webhook-secret": "not-a-secret-of-this-store" }, validateStatus: () => true })
      expect(wrong.status).toBe(401)
      for (const [code, secret] of [
        [second.data.order_code, FIRST_SECRET],
        [firstF.data.order_code, SECOND.secret],
      ]) {
        const crossed = await rawApi.post("/hooks/ghn", callback(code, "picked"), { headers: { "x-ghn-webhook-secret": secret }, validateStatus: () => true })
        expect([code, crossed.status, crossed.data]).toEqual([code, 401, wrong.data])
      }
      expect(await stored()).toBe(storedBefore)
      expect((await api.get(`/admin/ghn/shipments/${second.data.order_code}`, admin)).data.shipment.status).toBe("picking")
      expect((await api.get(`/admin/ghn/shipments/${firstF.data.order_code}`, admin)).data.shipment.status).toBe("ready_to_pick")
      // Its own account's secret still goes through.
      expect((await rawApi.post("/hooks/ghn", callback(firstF.data.order_code, "picking"), { headers: { "x-ghn-webhook-secret": FIRST_SECRET } })).status).toBe(200)

      // Settings -> GHN lists both registrations, each with its own connection check.
      const { data: settings } = await api.get("/admin/ghn/settings", admin)
      expect(settings.settings.providers.map((p: any) => [p.provider_id, p.shop_id])).toEqual([["ghn_ghn", 190001], ["ghn_second", SECOND.shopId]])
      const { data: check } = await api.get("/admin/ghn/settings/connection?provider_id=ghn_second", admin)
      expect(check.connection).toMatchObject({ ok: true, provider_id: "ghn_second", shop: { id: SECOND.shopId, ok: true } })

      // Refresh (Order Info) and cancel go to the second account too.
      await api.post(`/admin/ghn/shipments/${second.data.order_code}/refresh`, {}, admin)
      await api.post(`/admin/orders/${viaSecond.id}/fulfillments/${second.id}/cancel`, {}, admin)
      expect((await sandbox.order(second.data.order_code)).status).toBe("cancel")
      expect((await sandbox.order(firstF.data.order_code)).status).toBe("ready_to_pick")
    })
  },
})
