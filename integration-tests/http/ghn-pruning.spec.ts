/**
 * The callbacks table does not grow without end: callbacks applied longer ago than the retention
 * (callbackRetentionDays, 90 days) are deleted in small batches, while the shipment keeps its
 * history and callbacks never applied (failed, set aside) stay for the admin; callbacks of order
 * codes the store never had are deleted once received longer ago than the retention.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { pruneGhnCallbacks } from "../../src/jobs/prune-ghn-callbacks"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, fulfilOrder } from "../helpers/store"
import { waitFor } from "../helpers/wait"


medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    it("deletes applied callbacks past the retention in batches, keeping the shipment's history and every callback not applied", async () => {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const code = (await fulfilOrder(api, admin, store, order.id)).data.order_code as string
      await sandbox.move(code, "picked", "storing", "delivering")
      const ghn = getContainer().resolve("ghn") as any
      await waitFor(async () => {
        const events = await ghn.listGhnWebhookEvents({ order_code: code })
        return events.length >= 4 && events.every((e: any) => e.processed_at)
      })
      const applied = await ghn.listGhnWebhookEvents({ order_code: code }, { order: { event_time: "ASC" } })
      const history = (await api.get(`/admin/ghn/shipments/${code}`, admin)).data.shipment.history

      // Three applied 100 days ago, the rest recently; one never applied (set aside), 200 days old.
      const old = new Date(Date.now() - 100 * 86_400_000)
      for (const e of applied.slice(0, 3)) await ghn.updateGhnWebhookEvents({ id: e.id, processed_at: old })
      const [setAside] = await ghn.createGhnWebhookEvents([
        {
          dedupe_key: `${code}|weird|2026`,
          order_code: code,
          type: "weird",
          status: null,
          event_time: new Date(Date.now() - 200 * 86_400_000),
          received_at: new Date(Date.now() - 200 * 86_400_000),
          raw_body: "{}",
          attempts: 8,
          error: "not a callback GHN can send",
        },
      ])

      // Callbacks of order codes the store never had: one received past the retention, one recent.
      const unknown = (days: number, n: string) => ({
        dedupe_key: `GNOPE${n}|switch_status|${days}`,
        order_code: `GNOPE${n}`,
        type: "switch_status",
        status: "picking",
        event_time: new Date(Date.now() - days * 86_400_000),
        received_at: new Date(Date.now() - days * 86_400_000),
        raw_body: "{}",
        unknown_order: true,
      })
      const [, recentUnknown] = await ghn.createGhnWebhookEvents([unknown(100, "OLD"), unknown(1, "NEW")])

      // Two rows per statement: two statements delete the three applied and the old unknown one, a third finds none.
      expect(await pruneGhnCallbacks(getContainer(), { batch: 2 })).toBe(4)
      const left = await ghn.listGhnWebhookEvents({ order_code: code })
      expect(left.map((e: any) => e.id).sort()).toEqual([...applied.slice(3).map((e: any) => e.id), setAside.id].sort())
      expect((await ghn.listGhnWebhookEvents({ order_code: ["GNOPEOLD", "GNOPENEW"] })).map((e: any) => e.id)).toEqual([recentUnknown.id])
      expect((await api.get(`/admin/ghn/shipments/${code}`, admin)).data.shipment.history).toEqual(history)
      // Nothing more to delete.
      expect(await pruneGhnCallbacks(getContainer())).toBe(0)
    })
  },
})
