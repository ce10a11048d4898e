/**
 * Checkout through a GHN outage (option outageFallback), through Medusa's store API with the GHN
 * sandbox answering 503, never answering and dropping connections: the option is priced from
 * GHN's last quote for the same route and parcel, else from the flat amount; the shipping method
 * says so; the GHN order is then made with GHN's real fee and the COD report shows the gap. GHN's
 * 4xx is never masked.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStore } from "../helpers/fresh-store"
import { useGhnOptions } from "../helpers/options"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, failure, fulfilOrder, quote, type SeededStore } from "../helpers/store"


// Read when the runner loads medusa-config.ts: no quote cache (every quote asks GHN), the fallback
// on with flat prices by weight band (up to 2 kg, up to 12 kg, none above) and no hold (each quote
// asks GHN again, so each outage mode is met). GHN never answering is met with the sandbox's
// `timeout` fault: a quote then ends at the deadline, 10 s, far above what a quote GHN answers takes
// once the process has GHN's address lists (the first test loads them before it times anything).
const FLAT = 35_000
const FLAT_UP_TO_12_KG = 68_000
const QUOTE_DEADLINE_MS = 10_000
useGhnOptions({
  quoteCacheTtlSeconds: 0,
  quoteTimeoutMs: QUOTE_DEADLINE_MS,
  outageFallback: { maxQuoteAgeHours: 72, holdSeconds: 0, flatAmounts: [{ upToGrams: 2000, amount: FLAT }, { upToGrams: 12_000, amount: FLAT_UP_TO_12_KG }] },
})

const FEE = "/shiip/public-api/v2/shipping-order/fee"

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let admin: { headers: Record<string, string> }
    let store: SeededStore

    beforeEach(async () => {
      ;({ admin, store } = await freshGhnStore(api, getContainer()))
    })

    afterEach(async () => {
      await sandbox.faults([])
    })

    const shirts = (quantity: number) => [{ variant_id: store.variants.shirt, quantity }]

    it("prices from GHN's last quote in each outage mode, marks the method, and the order is billed at GHN's fee", async () => {
      // The process's first quote loads GHN's address lists and the route's services (whatever its
      // price): the quotes this test asserts are the store's everyday ones.
      await quote(api, store, (await createCart(api, store, shirts(2))).id, store.options.light)
      // GHN up: the route and parcel are quoted by GHN, and the order says so (no fallback mark).
      const order = await checkout(api, store, (await createCart(api, store, shirts(1))).id, store.options.light)
      expect(order.shipping_methods[0].data.ghn_price_fallback).toBeUndefined()
      const real = order.shipping_methods[0].amount
      expect(real).toBeGreaterThan(0)
      for (const fault of [{ failure_rate: 1, failure_status: 503 }, { timeout: true }, { reset: true }]) {
        await sandbox.faults([{ path: FEE, ...fault }])
        const cart = await createCart(api, store, shirts(1))
        expect([fault, (await quote(api, store, cart.id, store.options.light)).amount]).toEqual([fault, real])
        const order = await checkout(api, store, cart.id, store.options.light)
        expect([fault, order.shipping_methods[0].amount, order.shipping_methods[0].data.ghn_price_fallback]).toEqual([
          fault,
          real,
          { amount: real, source: "last_quote", quoted_at: expect.any(String) },
        ])
        await sandbox.faults([])
      }
    })

    it("prices a parcel GHN never quoted at the flat amount, and the COD report shows it against GHN's fee", async () => {
      await sandbox.faults([{ path: FEE, failure_rate: 1, failure_status: 502 }])
      const cart = await createCart(api, store, shirts(3))
      expect((await quote(api, store, cart.id, store.options.light)).amount).toBe(FLAT)
      const order = await checkout(api, store, cart.id, store.options.light)
      expect(order.shipping_methods[0].data.ghn_price_fallback).toEqual({ amount: FLAT, source: "flat", quoted_at: null })
      // GHN is back: the fulfilment makes the GHN order as usual, at GHN's own fee.
      await sandbox.faults([])
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      const code = fulfillment.data.order_code as string
      const ghnFee = (await sandbox.order(code)).total_fee
      expect(ghnFee).not.toBe(FLAT)
      const { data } = await api.get(`/admin/ghn/cod?filter=differences&order_id=${order.id}`, admin)
      expect(data.parcels).toEqual([expect.objectContaining({ order_code: code, quoted_fee: FLAT, total_fee: ghnFee })])
    })

    it("never masks GHN's 4xx, and answers the outage when there is nothing to fall back to", async () => {
      await sandbox.faults([{ path: FEE, failure_rate: 1, failure_status: 400, failure_message: "Trọng lượng không hợp lệ" }])
      const refused = await failure(quote(api, store, (await createCart(api, store, shirts(1))).id, store.options.light))
      expect([refused.status, refused.message]).toEqual([400, expect.stringContaining("Trọng lượng không hợp lệ")])
      // Heavy goods: no flat amount, never quoted: the shopper's 503.
      await sandbox.faults([{ path: FEE, failure_rate: 1, failure_status: 503 }])
      const heavy = await failure(quote(api, store, (await createCart(api, store, [{ variant_id: store.variants.heavyBox, quantity: 1 }])).id, store.options.heavy))
      expect(heavy.status).toBe(503)
    })

    it("prices a parcel GHN never quoted by the merchant's weight band", async () => {
      await sandbox.faults([{ path: FEE, failure_rate: 1, failure_status: 503 }])
      // 1.5 kg of shirts, 4 kg of rice cookers (both light goods).
      const light = await createCart(api, store, shirts(3))
      const medium = await createCart(api, store, [{ variant_id: store.variants.pot, quantity: 2 }])
      expect([(await quote(api, store, light.id, store.options.light)).amount, (await quote(api, store, medium.id, store.options.light)).amount]).toEqual([FLAT, FLAT_UP_TO_12_KG])
      const order = await checkout(api, store, medium.id, store.options.light)
      expect(order.shipping_methods[0].data.ghn_price_fallback).toEqual({ amount: FLAT_UP_TO_12_KG, source: "flat", quoted_at: null })
    })

    it("never prices over a refused token: the shopper gets the connection's 503 and the admin's GHN page a notice", async () => {
      expect((await api.get("/admin/ghn/notices", admin)).data).toEqual({ refused_token: null })
      // GHN down: the fallback prices a cart never quoted (2 kg: the first band).
      await sandbox.faults([{ path: FEE, failure_rate: 1, failure_status: 503 }])
      expect((await quote(api, store, (await createCart(api, store, shirts(4))).id, store.options.light)).amount).toBe(FLAT)
      // GHN back, refusing the token: never masked by the fallback.
      await sandbox.faults([{ path: FEE, failure_rate: 1, failure_status: 401, failure_message: "Token is not valid!" }])
      const refused = await failure(quote(api, store, (await createCart(api, store, shirts(1))).id, store.options.light))
      expect(refused.status).toBe(503)
      const { data } = await api.get("/admin/ghn/notices", admin)
      expect(data.refused_token).toEqual({ at: expect.any(String), shop_id: 190001, code: expect.any(String), message: expect.stringContaining("Token is not valid!") })
      expect(JSON.stringify(data)).not.toMatch(/127\.0\.0\.1|sandbox-owner-token/)
    })
  },
})
