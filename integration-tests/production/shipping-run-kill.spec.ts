/**
 * A shipping run as a production store runs it (a server and a worker on Medusa's Redis modules,
 * each a `medusa start` process on its own PostgreSQL database): the worker executing the run is
 * killed with SIGKILL while GHN orders are being made, a new worker starts, and the run completes
 * with exactly one GHN order per order. Needs Redis as the topology tests of production.spec.ts do.
 */
import { apiClient } from "../../bench/lib/harness"
import { useGhnOptions } from "../helpers/options"
import { redisMissing } from "../helpers/redis"
import { describeWhen } from "../helpers/requirements"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained } from "../helpers/store"
import { serverAndWorker } from "../helpers/topology"
import { waitFor } from "../helpers/wait"


// The stores' order locks expire after 20 s (120 s by default), so the run's lease a dead worker
// leaves expires after 25 s (runLeaseSeconds), not 150: long past any one order's fulfilment here
// (Create Order answers in 2 s), and what the resumed run waits for, not a fixed time.
useGhnOptions({ orderLockSeconds: 20 })

const CREATE = "/shiip/public-api/v2/shipping-order/create"
const PREFIX = process.env.GHN_CLIENT_ORDER_CODE_PREFIX ?? ""

describeWhen(redisMissing(), "the shipping run's SIGKILL test runs a server and a worker on Medusa's Redis modules and needs Redis")(
  "a shipping run whose worker is killed with SIGKILL",
  () => {
    const store = serverAndWorker("runkill", { afterAll: () => sandbox.faults([]) })

    it("completes the run once a new worker starts, with exactly one GHN order per order, those being made at the kill included", async () => {
      const { sql, seeded } = store
      const api = explained(apiClient(store.server.url))
      const admin = await store.admin()
      const orders: { id: string; display_id: number }[] = []
      for (let i = 0; i < 16; i++) {
        const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 1 }])
        const order = (await checkout(api, seeded, cart.id, seeded.options.light)) as any
        orders.push({ id: order.id, display_id: order.display_id })
      }
      const ids = orders.map((o) => o.id)
      // GHN answers Create Order slowly, so the kill finds GHN orders being made (their intents pending).
      await sandbox.faults([{ path: CREATE, latency_ms: 2000 }])
      const { data } = await api.post("/admin/ghn/shipping-runs", { order_ids: ids }, admin)
      const runId = data.shipping_run.id as string

      const pendingIntents = async () =>
        (await sql.query("select count(*)::int as n from ghn_create_intent where order_id = any($1) and status = 'pending' and deleted_at is null", [ids])).rows[0].n as number
      const states = async () => {
        const { rows } = await sql.query("select status, count(*)::int as n from ghn_shipping_run_order where run_id = $1 group by status", [runId])
        return Object.fromEntries(rows.map((r: any) => [r.status, r.n])) as Record<string, number>
      }
      await waitFor(async () => ((await states()).created ?? 0) >= 4 && (await pendingIntents()) > 0, 180_000)
      await store.killWorker()
      await sandbox.faults([])

      // What the kill left: orders running, GHN orders made (or being made) whose answer never reached the store.
      const left = await states()
      expect(left.running ?? 0).toBeGreaterThan(0)
      expect(left.queued ?? 0).toBeGreaterThan(0)
      const { rows: stranded } = await sql.query(
        `select i.client_order_code from ghn_create_intent i join fulfillment f on f.id = i.fulfillment_id
          where i.order_id = any($1) and i.status = 'pending' and i.deleted_at is null and f.canceled_at is null`,
        [ids]
      )
      expect(stranded.length).toBeGreaterThan(0)

      await store.startWorker()
      // The lease outlasts the dead worker's locks (25 s, then 20 s), then the resume job (every 15 s) continues the run.
      let run: any
      await waitFor(async () => {
        run = (await api.get(`/admin/ghn/shipping-runs/${runId}`, admin)).data.shipping_run
        return run.status === "completed"
      }, 420_000)
      expect(run.results.filter((r: any) => r.status !== "created")).toEqual([])
      expect(run).toMatchObject({ status: "completed", total: 16, created: 16, failed: 0 })

      const made = (await sandbox.orders()).filter((o: any) => String(o.client_order_code).startsWith(PREFIX))
      for (const order of orders) {
        const result = run.results.find((r: any) => r.order_id === order.id)
        const ghnOrders = made.filter((o: any) => String(o.client_order_code).startsWith(`${PREFIX}${order.display_id}-`))
        // Exactly one GHN order, live, the one the run recorded and the order's one fulfilment carries.
        expect(ghnOrders.map((o: any) => [o.order_code, o.status === "cancel"])).toEqual([[result.ghn_order_code, false]])
        const { data: o } = await api.get(`/admin/orders/${order.id}?fields=id,*fulfillments,fulfillments.labels.*`, admin)
        const live = o.order.fulfillments.filter((f: any) => !f.canceled_at)
        expect(live.map((f: any) => f.data.order_code)).toEqual([result.ghn_order_code])
        expect(live[0].labels[0]).toMatchObject({ tracking_number: result.ghn_order_code })
      }
      // The intents the kill left pending were completed by the resumed run, not left to the recovery job.
      expect(await pendingIntents()).toBe(0)
      for (const { client_order_code } of stranded) {
        expect(made.filter((o: any) => o.client_order_code === client_order_code)).toHaveLength(1)
      }
    })
  }
)
