/**
 * The GHN request budget against the sandbox: a polling run over many silent parcels spreads its
 * Order Info calls at the account's rate (ghnRequestsPerSecond, 20 by default) instead of bursting,
 * while a checkout quote during it does not wait.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { pollGhnShipments } from "../../src/jobs/poll-ghn-shipments"
import { freshGhnStore } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, fulfilOrder, quote, type SeededStore } from "../helpers/store"

jest.setTimeout(300_000)

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
      const parcels = 45
      for (let i = 0; i < parcels; i++) {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        const order = await checkout(api, store, cart.id, store.options.light)
        await fulfilOrder(api, admin, store, order.id)
      }
      const ghn = getContainer().resolve("ghn") as any
      const rate = ghn.options.ghnRequestsPerSecond as number
      expect(rate).toBe(20)
      // Let the bucket fill: the poll starts with one second's burst at most.
      await new Promise((r) => setTimeout(r, 1200))
      const before = await sandbox.requestCount(INFO)
      const started = Date.now()
      const poll = pollGhnShipments(getContainer(), { silentForMs: 0 })
      // A checkout quote while the poll waits for its budget: answered at once.
      await new Promise((r) => setTimeout(r, 300))
      const cart = await createCart(api, store, [{ variant_id: store.variants.kettle, quantity: 1 }])
      const quoted = Date.now()
      await quote(api, store, cart.id, store.options.light)
      const quoteMs = Date.now() - quoted
      const result = await poll
      const elapsed = Date.now() - started
      expect(result.checked).toBe(parcels)
      expect(result.failures).toEqual([])
      expect((await sandbox.requestCount(INFO)) - before).toBe(parcels)
      // 45 calls at 20 per second after a burst of 20: 1.25 seconds at least (the quote's calls count against the budget too).
      expect(elapsed).toBeGreaterThanOrEqual(((parcels - rate) / rate) * 1000 - 100)
      expect(quoteMs).toBeLessThan(elapsed)
    })
  },
})
