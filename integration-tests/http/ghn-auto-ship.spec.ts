/**
 * Automatic shipping (option autoShip): new GHN orders are queued, and the due pass ships them in
 * one shipping run after the delay; an order held, cancelled or edited never ships on its own, one
 * GHN would refuse waits with its reason. The pass is called as the job calls it, with the time
 * moved past the delay.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { autoShipPass } from "../../src/runners/auto-ship"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, CUSTOMER_ADDRESS, failure } from "../helpers/store"
import { useGhnOptions } from "../helpers/options"
import { waitFor } from "../helpers/wait"


// This file's store runs with automatic shipping: 30 minutes after an order is placed.
useGhnOptions({ autoShip: { when: "placed", delayMinutes: 30 } })

const MINUTE = 60_000
const PREFIX = process.env.GHN_CLIENT_ORDER_CODE_PREFIX ?? ""

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer)

    afterAll(() => {
      delete process.env.GHN_OPTIONS
    })

    async function placeOrder() {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = (await checkout(api, store, cart.id, store.options.light)) as any
      return { id: order.id as string, display_id: order.display_id as number }
    }

    const ready = async () => (await api.get("/admin/ghn/ready-to-ship?limit=200", admin)).data as { orders: any[]; count: number; auto_ship: unknown }
    const stateOf = async (id: string) => (await ready()).orders.find((o) => o.id === id)?.auto_ship
    /** Each order queued by the order.placed subscriber. */
    const queued = (ids: string[]) => waitFor(async () => (await Promise.all(ids.map(stateOf))).every((s) => s?.status === "waiting"))
    const ghnOrdersOf = async (displayId: number) => (await sandbox.orders()).filter((o: any) => String(o.client_order_code).startsWith(`${PREFIX}${displayId}-`))

    async function finished(id: string) {
      let run: any
      await waitFor(async () => {
        run = (await api.get(`/admin/ghn/shipping-runs/${id}`, admin)).data.shipping_run
        return run.status === "completed"
      }, 300_000)
      return run
    }

    it("ships new orders after the delay, one run per batch, and never an order held, cancelled or edited; one GHN would refuse waits with its reason", async () => {
      const [shipped, held, cancelled, edited, badAddress] = [await placeOrder(), await placeOrder(), await placeOrder(), await placeOrder(), await placeOrder()]
      const all = [shipped, held, cancelled, edited, badAddress]
      await queued(all.map((o) => o.id))
      expect((await ready()).auto_ship).toEqual({ when: "placed", delay_minutes: 30, locations: null })

      // Not due yet: nothing ships; each order gets its time, 30 minutes after it was placed.
      expect(await autoShipPass(getContainer())).toEqual({ run_id: null, shipped: [], held_back: [] })
      for (const o of (await ready()).orders) {
        expect(new Date(o.auto_ship.due_at).getTime()).toBe(new Date(o.placed_at).getTime() + 30 * MINUTE)
      }

      // Meanwhile the merchant holds one order, cancels one, edits one, and gives one an address GHN cannot resolve.
      expect((await api.post("/admin/ghn/ready-to-ship/hold", { order_ids: [held.id], hold: true }, admin)).data).toEqual({ held: 1 })
      await api.post(`/admin/orders/${cancelled.id}/cancel`, {}, admin)
      await api.post("/admin/order-edits", { order_id: edited.id }, admin)
      await api.post(`/admin/orders/${badAddress.id}`, { shipping_address: { ...CUSTOMER_ADDRESS, address_2: "Phường Không Có Thật" } }, admin)

      const later = new Date(Date.now() + 31 * MINUTE)
      const pass = await autoShipPass(getContainer(), later)
      expect(pass.shipped).toEqual([shipped.id])
      expect(pass.held_back.sort((a, b) => a.order_id.localeCompare(b.order_id))).toEqual(
        [
          { order_id: cancelled.id, reason: "cancelled" },
          { order_id: edited.id, reason: "edited" },
          { order_id: badAddress.id, reason: "problems" },
        ].sort((a, b) => a.order_id.localeCompare(b.order_id))
      )
      const run = await finished(pass.run_id!)
      expect(run).toMatchObject({ total: 1, created: 1, failed: 0 })
      expect((await api.get("/admin/ghn/shipping-runs", admin)).data.shipping_runs[0]).toMatchObject({ id: run.id, created_by: "auto_ship" })
      expect(await ghnOrdersOf(shipped.display_id)).toHaveLength(1)
      for (const o of [held, cancelled, edited, badAddress]) expect(await ghnOrdersOf(o.display_id)).toHaveLength(0)

      // They stay in Ready to ship with the reason (the cancelled one is no longer ready).
      const after = await ready()
      expect(after.orders.map((o) => o.id).sort()).toEqual([held.id, edited.id, badAddress.id].sort())
      expect(after.orders.find((o) => o.id === held.id).auto_ship).toMatchObject({ status: "held" })
      expect(after.orders.find((o) => o.id === edited.id).auto_ship).toMatchObject({ status: "skipped", reason: "edited" })
      const waiting = after.orders.find((o) => o.id === badAddress.id)
      expect(waiting.auto_ship).toMatchObject({ status: "waiting", reason: "problems" })
      expect(waiting.problems).toEqual([expect.objectContaining({ code: "address" })])
      expect(new Date(waiting.auto_ship.due_at).getTime()).toBe(later.getTime() + 15 * MINUTE)

      // A second pass at the same time ships nothing more: held, skipped and waiting orders stay.
      expect((await autoShipPass(getContainer(), later)).run_id).toBeNull()

      // Released, the held order is queued again (its delay from now) and ships with the orders placed since: one run.
      expect((await api.post("/admin/ghn/ready-to-ship/hold", { order_ids: [held.id], hold: false }, admin)).data).toEqual({ released: 1 })
      const more = [await placeOrder(), await placeOrder()]
      await queued([held.id, ...more.map((o) => o.id)])
      const batch = await autoShipPass(getContainer(), new Date(Date.now() + 31 * MINUTE))
      expect(batch.shipped.sort()).toEqual([held.id, ...more.map((o) => o.id)].sort())
      const second = await finished(batch.run_id!)
      expect(second).toMatchObject({ total: 3, created: 3, failed: 0 })
      for (const o of [held, ...more]) expect(await ghnOrdersOf(o.display_id)).toHaveLength(1)
      expect((await api.get("/admin/ghn/shipping-runs", admin)).data.count).toBe(2)
      for (const o of [cancelled, edited, badAddress]) expect(await ghnOrdersOf(o.display_id)).toHaveLength(0)
    })

    it("refuses a hold of unknown orders and a bad body, and holds nothing", async () => {
      const order = await placeOrder()
      await queued([order.id])
      const cases: [unknown, number, RegExp][] = [
        [{ order_ids: ["order_unknown"], hold: true }, 404, /order_unknown is not an order of this store; nothing was held/],
        [{ order_ids: [], hold: true }, 400, /order_ids.*at least.*1/],
        [{ order_ids: [order.id] }, 400, /hold/],
        [{ order_ids: [order.id], hold: true, until: "tomorrow" }, 400, /until/],
      ]
      for (const [body, status, message] of cases) {
        const error = await failure(api.post("/admin/ghn/ready-to-ship/hold", body, admin))
        expect({ body, status: error.status }).toEqual({ body, status })
        expect(error.message).toMatch(message)
      }
      expect(await stateOf(order.id)).toMatchObject({ status: "waiting" })
    })
  },
})
