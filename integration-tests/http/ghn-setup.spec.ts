/**
 * Settings -> GHN -> Set-up through Medusa's HTTP API: each line of the checklist read from a
 * seeded store, then turned the other way by what a merchant does in the admin (measures set,
 * GHN's webhook heard, the location's GHN provider removed, its address moved out of GHN's
 * lists, the region's currency changed, the GHN shipping options deleted, no COD provider).
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"

type Line = { key: string; ok: boolean; link: string; details: Record<string, any> }

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer)

    const setup = async () => {
      const { data } = await api.get("/admin/ghn/setup", admin)
      return { ok: data.ok as boolean, line: (key: string) => (data.lines as Line[]).find((l) => l.key === key)! }
    }

    it("passes what the seeded store has, and turns measures and the webhook green when the merchant fixes them", async () => {
      const before = await setup()
      expect(before.ok).toBe(false)
      expect(before.line("locations")).toMatchObject({ ok: true, details: { locations: [expect.objectContaining({ id: store.locationId, ghn_enabled: true })] } })
      expect(before.line("addresses")).toMatchObject({ ok: true, details: { locations: [expect.objectContaining({ id: store.locationId, ward: expect.stringMatching(/Phúc Xá/), address_error: null })] } })
      expect(before.line("currency")).toMatchObject({ ok: true, details: { vietnam_regions: [expect.objectContaining({ id: store.regionId, currency_code: "vnd" })] } })
      expect(before.line("cod")).toMatchObject({ ok: true, details: { configured: ["pp_system_default"], enabled: ["pp_system_default"] } })
      expect(before.line("shipping_options")).toMatchObject({ ok: true, details: { outbound: 2, returns: 1 } })
      // The gift has no weight and no size, on the variant or the product; the shirt both on its variant, the kettle its size on the variant and weight on the product.
      const { data: listed } = await api.get("/admin/product-variants?limit=100&fields=id,product_id,weight,length,width,height,product.weight,product.length,product.width,product.height", admin)
      const measures = before.line("measures")
      expect(measures).toMatchObject({ ok: false, link: "/products" })
      expect(measures.details.total).toBe(listed.variants.length)
      expect(measures.details.without_weight).toBeGreaterThanOrEqual(1)
      expect(before.line("webhook")).toMatchObject({ ok: false, details: { last_received_at: null } })

      // Measures set on every variant missing them.
      const lacking = listed.variants.filter((v: any) => !(v.weight || v.product?.weight) || !((v.length && v.width && v.height) || (v.product?.length && v.product?.width && v.product?.height)))
      expect(lacking.map((v: any) => v.id)).toContain(store.variants.noWeight)
      expect(measures.details.without_weight + measures.details.without_size).toBeGreaterThanOrEqual(lacking.length)
      for (const v of lacking) await api.post(`/admin/products/${v.product_id}/variants/${v.id}`, { weight: 400, length: 20, width: 15, height: 5 }, admin)

      // A callback a day and more ago is not enough; one now is.
      const ghn = getContainer().resolve("ghn") as any
      const callback = (key: string, hoursAgo: number) => ({ dedupe_key: key, order_code: "GHNSETUP", type: "switch_status", status: "picked", event_time: new Date(), received_at: new Date(Date.now() - hoursAgo * 3600_000) })
      await ghn.createGhnWebhookEvents([callback("old", 25)])
      expect((await setup()).line("webhook")).toMatchObject({ ok: false, details: { last_received_at: expect.any(String) } })
      await ghn.createGhnWebhookEvents([callback("new", 0)])

      const after = await setup()
      expect(after.line("measures")).toMatchObject({ ok: true, details: { without_weight: 0, without_size: 0 } })
      expect(after.line("webhook").ok).toBe(true)
      expect(after.ok).toBe(true)
    })

    it("fails each line the merchant breaks, with the link that fixes it", async () => {
      // The location's address moved where GHN has no ward.
      await api.post(`/admin/stock-locations/${store.locationId}`, { address: { address_1: "1 Nowhere Street", city: "Atlantis District", province: "Atlantis", country_code: "vn" } }, admin)
      const moved = await setup()
      expect(moved.line("addresses")).toMatchObject({ ok: false, link: `/settings/locations/${store.locationId}`, details: { locations: [expect.objectContaining({ ward: null, address_error: expect.any(String) })] } })

      // The region in dollars.
      await api.post(`/admin/regions/${store.regionId}`, { currency_code: "usd" }, admin)
      expect((await setup()).line("currency")).toMatchObject({ ok: false, link: `/settings/regions/${store.regionId}`, details: { not_vnd: [expect.objectContaining({ id: store.regionId, currency_code: "usd" })] } })

      // The GHN shipping options deleted (the return option stays: no outbound option is left).
      for (const id of [store.options.light, store.options.heavy]) await api.delete(`/admin/shipping-options/${id}`, admin)
      expect((await setup()).line("shipping_options")).toMatchObject({ ok: false, details: { outbound: 0, returns: 1 } })

      // GHN no longer enabled on the location.
      await api.post(`/admin/stock-locations/${store.locationId}/fulfillment-providers`, { remove: ["ghn_ghn"] }, admin)
      const off = await setup()
      expect(off.line("locations")).toMatchObject({ ok: false, link: "/settings/locations", details: { locations: [expect.objectContaining({ id: store.locationId, ghn_enabled: false })] } })
      expect(off.line("addresses").ok).toBe(false)

      // A store whose codPaymentProviders names a provider the store does not have.
      const ghn = getContainer().resolve("ghn") as any
      const configured = ghn.options.codPaymentProviders
      ghn.options.codPaymentProviders = ["pp_cod_missing"]
      try {
        expect((await setup()).line("cod")).toMatchObject({ ok: false, link: "/settings/regions", details: { configured: ["pp_cod_missing"], enabled: [] } })
      } finally {
        ghn.options.codPaymentProviders = configured
      }
      expect((await setup()).ok).toBe(false)
    })
  },
})
