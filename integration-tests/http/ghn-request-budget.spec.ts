/**
 * The GHN request budget against the sandbox: a polling run over many silent parcels spreads its
 * Order Info calls at the account's rate (ghnRequestsPerSecond) instead of bursting, while a
 * checkout quote during it does not wait; and one storefront caller flooding quotes of new parcels
 * spends only its own share of the account's GHN calls (429), never everyone's.
 *
 * The rate is 2 a second here (20 by default): a caller's share (a tenth) then refills so slowly
 * that a flood is refused past it however slowly a loaded machine serves it, and the poll's pace
 * spans seconds.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { pollGhnShipments } from "../../src/runners/polling"
import { CALLER_QUOTE_BURST_SECONDS, CALLER_QUOTE_SHARE } from "../../src/lib/runtime/ghn-accounts"
import { freshGhnStore } from "../helpers/fresh-store"
import { useGhnOptions } from "../helpers/options"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, CUSTOMER_ADDRESS, explained, fulfilOrder, quote, storeHeaders, type SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"

// A ceiling: a loaded machine places the parcels' orders slowly.

// Read when the runner loads medusa-config.ts: the store sits behind one trusted proxy at
// 127.0.0.1, and each shopper comes through it with its own public address (X-Forwarded-For).
const RATE = 2
useGhnOptions({ trustedProxies: ["127.0.0.1/32"], ghnRequestsPerSecond: RATE })

const INFO = "/shiip/public-api/v2/shipping-order/detail"

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let admin: { headers: Record<string, string> }
    let store: SeededStore

    beforeEach(async () => {
      ;({ admin, store } = await freshGhnStore(api, getContainer()))
    })

    it("polls at the budget's rate, never in a burst, and a quote during the poll does not wait", async () => {
      // At 2 calls a second (a bucket of 2), 16 parcels make a poll of 6.5 s at least.
      const parcels = 16
      for (let i = 0; i < parcels; i++) {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        const order = await checkout(api, store, cart.id, store.options.light)
        await fulfilOrder(api, admin, store, order.id)
      }
      const ghn = getContainer().resolve("ghn") as any
      const rate = ghn.options.ghnRequestsPerSecond as number
      expect(rate).toBe(RATE)
      // The bucket holds one second's calls (src/lib/ghn/budget.ts).
      const burst = Math.ceil(rate)
      // A new parcel (a GHN fee call of its own), quoted while the poll runs.
      const cart = await createCart(api, store, [{ variant_id: store.variants.kettle, quantity: 1 }])
      const before = await sandbox.requestCount(INFO)
      const poll = pollGhnShipments(getContainer(), { silentForMs: 0 })
      // The quote goes once the poll is under way (its first Order Info at GHN).
      await waitFor(async () => (await sandbox.requestCount(INFO)) > before, { what: "the poll's first Order Info", intervalMs: 20 })
      await quote(api, store, cart.id, store.options.light)
      const result = await poll
      expect(result.checked).toBe(parcels)
      expect(result.failures).toEqual([])
      expect((await sandbox.requestCount(INFO)) - before).toBe(parcels)
      // The pace as GHN saw it (the sandbox's arrival times): the poll's calls go one after the
      // other, each taken from the budget once the one before was answered, so any calls i..j span
      // at least what the bucket allows, (j - i - burst) / rate seconds; the quote's calls count
      // against the budget too (only slower). A slow machine stretches this, never breaks it.
      const times = (await sandbox.requestTimes(INFO)).slice(-parcels)
      const bursts: string[] = []
      for (let i = 0; i < times.length; i++) {
        for (let j = i + 1; j < times.length; j++) {
          const least = ((j - i - burst) / rate) * 1000
          if (times[j] - times[i] < least) bursts.push(`calls ${i + 1}..${j + 1} in ${times[j] - times[i]} ms (at least ${least})`)
        }
      }
      expect(bursts).toEqual([])
      // 16 calls at 2 a second after a burst of 2: 6.5 seconds at least from the first to the last.
      expect(times[times.length - 1] - times[0]).toBeGreaterThanOrEqual(((parcels - 1 - burst) / rate) * 1000)
      // The quote did not queue behind the poll: its fee call reached GHN before the poll's last call.
      const fees = await sandbox.requestTimes("/shiip/public-api/v2/shipping-order/fee")
      expect(fees[fees.length - 1]).toBeGreaterThan(times[0])
      expect(fees[fees.length - 1]).toBeLessThan(times[times.length - 1])
    })

    it("gives each storefront caller a share of the account's GHN calls: one caller's flood of new quotes is refused past it, others still quoted", async () => {
      const base = String(api.defaults.baseURL).replace("localhost", "127.0.0.1").replace(/\/$/, "")
      /** A store request of a shopper at this address, through the trusted proxy. */
      const as = (address: string) => ({ headers: { ...storeHeaders(store).headers, "x-forwarded-for": address }, validateStatus: () => true })
      const FEE = "/shiip/public-api/v2/shipping-order/fee"
      const feesBefore = await sandbox.requestCount(FEE)
      // Quotes of new parcels (a new quantity each: a new weight, a GHN call each), from one address, at once.
      const carts: string[] = []
      for (let quantity = 1; quantity <= 39; quantity++) {
        const { data } = await rawApi.post("/store/carts", { region_id: store.regionId, email: "flood@example.vn", shipping_address: CUSTOMER_ADDRESS, items: [{ variant_id: store.variants.shirt, quantity }] }, as("198.51.100.60"))
        carts.push(data.cart.id)
      }
      const started = Date.now()
      const answers: { status: number; data: any; headers: Record<string, string> }[] = await Promise.all(
        carts.map((cart_id) => rawApi.post(`${base}/store/shipping-options/${store.options.light}/calculate`, { cart_id, data: {} }, as("198.51.100.60")))
      )
      const seconds = (Date.now() - started) / 1000
      // The caller's share: a tenth of the account's rate, with 10 seconds of it at once.
      const share = RATE * CALLER_QUOTE_SHARE
      const burst = Math.max(1, Math.round(share * CALLER_QUOTE_BURST_SECONDS))
      const quoted = answers.filter((a) => a.status === 200).length
      const refused = answers.filter((a) => a.status !== 200)
      expect(refused.length).toBeGreaterThan(0)
      for (const r of refused) expect([r.status, r.data.code]).toEqual([429, "ghn_store_budget"])
      expect(refused[0].data.message).toContain("from this address")
      expect(Number(refused[0].headers["retry-after"])).toBeGreaterThan(0)
      // All of the burst (the route's Get Service may be one of its calls), and no more than what
      // refilled while the quotes ran (a slow machine only lets more through, never fewer).
      expect(quoted).toBeGreaterThanOrEqual(burst - 1)
      expect(quoted).toBeLessThanOrEqual(burst + Math.ceil(share * seconds))
      // GHN heard no more than the share, and no fee for a refused quote: at most one fee call an
      // answered quote (two carts whose parcels GHN prices alike share one quote).
      const fees = (await sandbox.requestCount(FEE)) - feesBefore
      expect(fees).toBeGreaterThan(0)
      expect(fees).toBeLessThanOrEqual(quoted)
      expect(fees).toBeLessThanOrEqual(burst + Math.ceil(share * seconds))
      // Another shopper, from another address, is quoted at once.
      const { data } = await rawApi.post("/store/carts", { region_id: store.regionId, email: "other@example.vn", shipping_address: CUSTOMER_ADDRESS, items: [{ variant_id: store.variants.kettle, quantity: 1 }] }, as("198.51.100.61"))
      const other = await rawApi.post(`${base}/store/shipping-options/${store.options.light}/calculate`, { cart_id: data.cart.id, data: {} }, as("198.51.100.61"))
      expect([other.status, other.data.shipping_option?.amount > 0]).toEqual([200, true])
    })
  },
})
