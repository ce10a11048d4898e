/**
 * Re-weighing, learned, through Medusa's HTTP API: parcels GHN re-weighs in the sandbox (its
 * control API fires update_weight and update_fee over HTTP), the report per product variant with
 * the fees they cost and GHN's suggestion, its CSV, and the suggestion applied to the variant.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, failure, fulfilOrder } from "../helpers/store"
import { waitFor } from "../helpers/wait"


medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    async function parcel(items: { variant_id: string; quantity: number }[]) {
      const cart = await createCart(api, store, items)
      const order = await checkout(api, store, cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      return fulfillment.data.order_code as string
    }

    const shipment = async (code: string) => (await api.get(`/admin/ghn/shipments/${code}`, admin)).data.shipment

    it("reports the variants GHN re-weighs, with what they cost and GHN's measures, as JSON and CSV, and applies a suggestion", async () => {
      const shirt = store.variants.shirt
      const one = await parcel([{ variant_id: shirt, quantity: 1 }])
      const two = await parcel([{ variant_id: shirt, quantity: 2 }])
      const close = await parcel([{ variant_id: shirt, quantity: 1 }])
      const mixed = await parcel([
        { variant_id: shirt, quantity: 1 },
        { variant_id: store.variants.kettle, quantity: 1 },
      ])
      const sent = await Promise.all([one, two, close, mixed].map(async (c) => (await sandbox.order(c)) as { weight: number; total_fee: number }))
      // GHN's hub: the shirt weighs 900 g a unit in a 35 x 30 x 8 box; one parcel within 5 %; the mixed one heavier.
      await sandbox.reweigh(one, { weight: 900, length: 35, width: 30, height: 8 })
      await sandbox.reweigh(two, { weight: 1800, length: 35, width: 30, height: 16 })
      await sandbox.reweigh(close, { weight: Math.round(sent[2].weight * 1.05) })
      await sandbox.reweigh(mixed, { weight: sent[3].weight * 3 })
      await waitFor(async () => (await shipment(mixed)).weight === sent[3].weight * 3 && (await shipment(two)).weight === 1800)
      const fees = await Promise.all([one, two].map(async (c) => ((await sandbox.order(c)) as { total_fee: number }).total_fee))

      const { data } = await api.get("/admin/ghn/reweigh", admin)
      expect(data.units).toEqual({ weight: "g", dimension: "cm" })
      expect(data.unattributed).toBe(1)
      const variantNow = async () => (await api.get(`/admin/product-variants?id=${shirt}&fields=id,weight,length,width,height`, admin)).data.variants[0]
      const variant = { variant: await variantNow() }
      expect(data.variants).toEqual([
        expect.objectContaining({
          variant_id: shirt,
          parcels: 2,
          fee_difference: fees[0] - sent[0].total_fee + (fees[1] - sent[1].total_fee),
          current: { weight: variant.variant.weight, length: variant.variant.length, width: variant.variant.width, height: variant.variant.height },
          // 900 g a unit (both parcels); the box from the one-unit parcel, longest side first.
          suggested: { weight: 900, length: 35, width: 30, height: 8 },
          order_codes: expect.arrayContaining([one, two]),
        }),
      ])
      expect(data.variants[0].fee_difference).toBeGreaterThan(0)

      const csv = await api.get("/admin/ghn/reweigh?format=csv", admin)
      expect(csv.headers["content-type"]).toMatch(/text\/csv/)
      const lines = String(csv.data).replace(/^\uFEFF/, "").trim().split(/\r\n/)
      expect(lines[0]).toBe("variant_id,sku,product,variant,parcels,fee_difference,weight,suggested_weight,length,suggested_length,width,suggested_width,height,suggested_height")
      expect(lines[1]).toContain(`${shirt},`)
      expect(lines[1]).toMatch(/,2,\d+,[\d.]+,900,[\d.]*,35,[\d.]*,30,[\d.]*,8$/)

      // Applied after the admin saw the old and new values.
      const applied = (await api.post(`/admin/ghn/reweigh/${shirt}`, { weight: 900, length: 35, width: 30, height: 8 }, admin)).data
      expect(applied.before).toEqual(data.variants[0].current)
      expect(applied.after).toEqual({ weight: 900, length: 35, width: 30, height: 8 })

      // Bad input changes nothing.
      for (const [body, message] of [
        [{ weight: -1 }, /field 'weight' too small, expected at least: '0'/],
        [{}, /nothing to change/],
        [{ weight: "heavy" }, /weight/],
        [{ depth: 3 }, /depth/],
      ] as const) {
        const bad = await failure(api.post(`/admin/ghn/reweigh/${shirt}`, body, admin))
        expect(bad.status).toBe(400)
        expect(bad.message).toMatch(message)
      }
      expect((await failure(api.post("/admin/ghn/reweigh/variant_nope", { weight: 1 }, admin))).status).toBe(404)
      expect((await failure(api.get("/admin/ghn/reweigh?days=400", admin))).message).toMatch(/field 'days' too big, expected at most: '365'/)
      expect((await variantNow()).weight).toBe(900)
    })
  },
})
