/**
 * Settings -> GHN through Medusa's HTTP API: the stock location -> GHN shop map edited in the admin
 * (applies from the next fulfilment, a parcel already at GHN keeps its shop, the option
 * `locationShops` is the fallback), a shop created from a location's address, and the GHN shipping
 * options of a location's zone created once and refused the second time.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, failure, fulfilOrder, WAREHOUSE_ADDRESS } from "../helpers/store"


medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer)

    const shipOrder = async () => {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      return (await fulfilOrder(api, admin, store, order.id)).data as { order_code: string; shop_id: number }
    }
    const locationOf = async () => ((await api.get("/admin/ghn/location-shops", admin)).data.locations as any[]).find((l) => l.id === store.locationId)
    const setupLocation = async () =>
      ((await api.get("/admin/ghn/setup", admin)).data.lines.find((l: any) => l.key === "locations").details.locations as any[]).find((l) => l.id === store.locationId)

    it("applies a shop change to the next fulfilment, keeps the old parcel's shop, and falls back to the option", async () => {
      const ghn = getContainer().resolve("ghn") as any
      // The shop a quote asks GHN with: the map read once and kept for quotes, read again after a change.
      const quoteShop = () => ghn.shopIdForLocation(ghn.accountOf("ghn_ghn").options, store.locationId, { quote: true })
      const first = await shipOrder()
      expect(first.shop_id).toBe(190001)
      expect(await quoteShop()).toBe(190001)
      expect(await locationOf()).toMatchObject({ shop_id: 190001, source: "default", mapped: false })

      const saved = await api.post("/admin/ghn/location-shops", { locations: [{ location_id: store.locationId, shop_id: 190002 }] }, admin)
      expect(saved.data.locations.find((l: any) => l.id === store.locationId)).toMatchObject({ shop_id: 190002, source: "stored", mapped: true })
      expect(await setupLocation()).toMatchObject({ shop_id: 190002, source: "stored" })
      expect(await quoteShop()).toBe(190002)

      const second = await shipOrder()
      expect(second.shop_id).toBe(190002)
      expect((await sandbox.order(second.order_code)).shop_id).toBe(190002)
      // The parcel made before the change stays with its shop, here and at GHN.
      expect((await api.get(`/admin/ghn/shipments/${first.order_code}`, admin)).data.shipment.shop_id).toBe(190001)
      expect((await sandbox.order(first.order_code)).shop_id).toBe(190001)
      expect((await api.get(`/admin/ghn/shipments/${second.order_code}`, admin)).data.shipment.shop_id).toBe(190002)

      // Cleared: the option `locationShops` applies again (the provider's account and the module's).
      const configured = (await api.post("/admin/ghn/shops", { name: "Kho cấu hình", phone: "0901000009", address: "20 Phan Đình Phùng", district_id: 1442, ward_code: "00004" }, admin)).data.shop_id as number
      const accounts = [ghn.options, ghn.accountOf("ghn_ghn").options]
      const before = accounts.map((o) => o.locationShops)
      accounts.forEach((o) => (o.locationShops = { ...o.locationShops, [store.locationId]: configured }))
      try {
        await api.post("/admin/ghn/location-shops", { locations: [{ location_id: store.locationId, shop_id: null }] }, admin)
        expect(await locationOf()).toMatchObject({ shop_id: configured, source: "option", mapped: true })
        expect(await quoteShop()).toBe(configured)
        const third = await shipOrder()
        expect(third.shop_id).toBe(configured)
        expect((await api.get(`/admin/ghn/shipments/${second.order_code}`, admin)).data.shipment.shop_id).toBe(190002)
      } finally {
        accounts.forEach((o, i) => (o.locationShops = before[i]))
      }
    })

    it("refuses a shop the account does not have, a location the store does not have, and a malformed map, saving nothing", async () => {
      const foreign = await failure(api.post("/admin/ghn/location-shops", { locations: [{ location_id: store.locationId, shop_id: 4242 }] }, admin))
      expect(foreign.status).toBe(400)
      expect(foreign.message).toMatch(/locations\[\]\.shop_id: 4242 is not a shop of the GHN account/)
      const unknown = await failure(api.post("/admin/ghn/location-shops", { locations: [{ location_id: "sloc_nowhere", shop_id: 190002 }] }, admin))
      expect(unknown.status).toBe(404)
      expect(unknown.message).toContain("sloc_nowhere")
      const malformed = await failure(api.post("/admin/ghn/location-shops", { locations: [{ location_id: store.locationId, shop_id: "190002" }] }, admin))
      expect(malformed.status).toBe(400)
      expect(malformed.message).toContain("shop_id")
      // Shop 190003 is the account's, but GHN has not activated it.
      const inactive = await failure(api.post("/admin/ghn/location-shops", { locations: [{ location_id: store.locationId, shop_id: 190003 }] }, admin))
      expect(inactive.status).toBe(400)
      expect(inactive.message).toMatch(/GHN has not activated 190003/)
      expect(await locationOf()).toMatchObject({ shop_id: 190001, source: "default" })
    })

    it("creates a GHN shop from the location's address and ships from it", async () => {
      const { data, status } = await api.post("/admin/ghn/location-shops/create-shop", { location_id: store.locationId }, admin)
      expect(status).toBe(201)
      expect(data.shop).toMatchObject({ _id: data.shop_id, name: "Kho Hà Nội", phone: WAREHOUSE_ADDRESS.phone })
      expect(data.shop.address).toContain(WAREHOUSE_ADDRESS.address_1)
      expect(data.locations.find((l: any) => l.id === store.locationId)).toMatchObject({ shop_id: data.shop_id, source: "stored" })
      const listed = (await api.get("/admin/ghn/shops", admin)).data.shops.map((s: any) => s._id)
      expect(listed).toContain(data.shop_id)
    })

    it("creates a location's GHN shipping options once, and refuses to duplicate them", async () => {
      // The seeded location's zone already has GHN light, heavy and return (light) options.
      const seeded = (await api.get(`/admin/ghn/shipping-options/plan?location_id=${store.locationId}`, admin)).data.plan
      expect(seeded.duplicates.map((d: any) => d.id).sort()).toEqual([store.options.light, store.options.heavy, store.options.returnLight].sort())
      const dup = await failure(api.post("/admin/ghn/shipping-options", { location_id: store.locationId }, admin))
      expect(dup.status).toBe(409)
      expect(dup.message).toContain(store.options.light)

      // A new location with no fulfilment set, no zone, GHN not enabled.
      const location = (await api.post("/admin/stock-locations", { name: "Kho Hà Đông", address: WAREHOUSE_ADDRESS }, admin)).data.stock_location
      const { data: planned } = await api.get(`/admin/ghn/shipping-options/plan?location_id=${location.id}`, admin)
      expect(planned.plan).toMatchObject({
        service_zone: { id: null, name: "Việt Nam (GHN, Kho Hà Đông)", fulfillment_set: "Kho Hà Đông GHN", create: true },
        provider: { id: "ghn_ghn", enable: true },
        duplicates: [],
      })
      expect(planned.plan.options.map((o: any) => [o.service_type_id, o.is_return])).toEqual([[2, false], [5, false], [2, true], [5, true]])

      const created = await api.post("/admin/ghn/shipping-options", { location_id: location.id }, admin)
      expect(created.status).toBe(201)
      expect(created.data.shipping_options).toHaveLength(4)
      const zoneId = created.data.shipping_options[0].service_zone_id
      const { data: listed } = await api.get(`/admin/shipping-options?service_zone_id=${zoneId}&fields=id,name,provider_id,price_type,data,*rules`, admin)
      expect(listed.shipping_options.map((o: any) => o.name).sort()).toEqual(planned.plan.options.map((o: any) => o.name).sort())
      expect(listed.shipping_options.every((o: any) => o.provider_id === "ghn_ghn" && o.price_type === "calculated")).toBe(true)
      const { data: withProviders } = await api.get(`/admin/stock-locations/${location.id}?fields=id,*fulfillment_providers,*fulfillment_sets`, admin)
      expect(withProviders.stock_location.fulfillment_providers.map((p: any) => p.id)).toContain("ghn_ghn")

      // The same again: refused, naming the options, nothing created.
      const again = await failure(api.post("/admin/ghn/shipping-options", { location_id: location.id }, admin))
      expect(again.status).toBe(409)
      for (const o of created.data.shipping_options) expect(again.message).toContain(o.id)
      const after = await api.get(`/admin/shipping-options?service_zone_id=${zoneId}`, admin)
      expect(after.data.shipping_options).toHaveLength(4)

      // Another location of the same name: Medusa keeps set and zone names unique, so the new ones are numbered.
      const twin = (await api.post("/admin/stock-locations", { name: "Kho Hà Đông", address: WAREHOUSE_ADDRESS }, admin)).data.stock_location
      const { data: twinPlan } = await api.get(`/admin/ghn/shipping-options/plan?location_id=${twin.id}`, admin)
      expect(twinPlan.plan.service_zone).toEqual({ id: null, name: "Việt Nam (GHN, Kho Hà Đông) (2)", fulfillment_set: "Kho Hà Đông GHN (2)", create: true })
      expect((await api.post("/admin/ghn/shipping-options", { location_id: twin.id }, admin)).data.shipping_options).toHaveLength(4)

      // A zone the location does not have is refused, naming it.
      const wrong = await failure(api.get(`/admin/ghn/shipping-options/plan?location_id=${location.id}&service_zone_id=serzo_nowhere`, admin))
      expect(wrong.status).toBe(400)
      expect(wrong.message).toContain("service_zone_id")
    })
  },
})
