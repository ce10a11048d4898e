/**
 * COD recorded on delivery as a production store runs it (a server and a worker on Medusa's Redis
 * modules, each its own process): GHN delivers a burst of cash-on-delivery parcels, the worker
 * capturing their COD is killed with SIGKILL while captures are under way (a parcel between its
 * order's lock, Medusa's capture and its record), a new worker starts, and every order ends paid
 * exactly once: neither a second capture nor a lost one. Needs Redis as production.spec.ts does.
 */
import { apiClient, WEBHOOK_HEADER, WEBHOOK_SECRET } from "../../bench/lib/harness"
import { useGhnOptions } from "../helpers/options"
import { redisMissing } from "../helpers/redis"
import { describeWhen } from "../helpers/requirements"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, fulfilOrder } from "../helpers/store"
import { serverAndWorker } from "../helpers/topology"
import { waitFor } from "../helpers/wait"


const ORDERS = 12

// The stores' order locks expire after 20 s (120 s by default): what the new worker's captures
// wait for is the dead worker's locks, long past any one capture (under a second here).
useGhnOptions({ orderLockSeconds: 20 })

describeWhen(redisMissing(), "the COD capture's SIGKILL test runs a server and a worker on Medusa's Redis modules and needs Redis")(
  "COD captures whose worker is killed with SIGKILL",
  () => {
    const store = serverAndWorker("codkill")

    beforeAll(async () => {
      // The test posts GHN's callbacks itself, all at once.
      await sandbox.webhook(null)
    })

    it("records each delivered parcel's COD once after the kill: no second capture, none lost, every order paid", async () => {
      const { sql, seeded } = store
      const api = explained(apiClient(store.server.url))
      const admin = await store.admin()
      const parcels: { orderId: string; total: number; code: string }[] = []
      for (let i = 0; i < ORDERS; i++) {
        const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 1 + (i % 3) }])
        const order = await checkout(api, seeded, cart.id, seeded.options.light)
        const parcel = await fulfilOrder(api, admin, seeded, order.id)
        expect(parcel.data.cod_amount).toBe(Number(order.total))
        parcels.push({ orderId: order.id, total: Number(order.total), code: parcel.data.order_code })
      }
      const ids = parcels.map((p) => p.orderId)
      const callback = (code: string, status: string, time: number, extra: Record<string, unknown> = {}) =>
        api.post(
          "/hooks/ghn",
          { ShopID: 190001, OrderCode: code, ClientOrderCode: "", Type: "switch_status", Status: status, Time: new Date(time).toISOString(), Description: "", Reason: "", ReasonCode: "", ...extra },
          { headers: { [WEBHOOK_HEADER]: WEBHOOK_SECRET } }
        )
      const start = Date.now()
      for (const p of parcels) {
        await sandbox.setStatus(p.code, "picked")
        await sandbox.setStatus(p.code, "delivered")
      }
      await Promise.all(parcels.map((p) => callback(p.code, "picked", start)))
      await Promise.all(parcels.map((p) => callback(p.code, "delivered", start + 1000, { CODAmount: p.total })))

      // The kill: as soon as a parcel's capture is under way (marked "capturing" before Medusa's
      // capture, recorded after it), while others wait for their turn.
      const captureStates = async () => {
        const { rows } = await sql.query("select coalesce(cod_capture_status, 'due') as s, count(*)::int as n from ghn_shipment where order_id = any($1) group by 1", [ids])
        return Object.fromEntries(rows.map((r: any) => [r.s, r.n])) as Record<string, number>
      }
      await waitFor(async () => ((await captureStates()).capturing ?? 0) > 0, 120_000)
      await store.killWorker()
      const atKill = await captureStates()
      // Medusa's captures made for parcels the kill left "capturing": made but not recorded, the case a restart must adopt.
      const { rows: midway } = await sql.query(
        `select s.order_code, count(c.id)::int as captures from ghn_shipment s
           left join order_payment_collection opc on opc.order_id = s.order_id and opc.deleted_at is null
           left join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
           left join capture c on c.payment_id = p.id and c.deleted_at is null
          where s.order_id = any($1) and s.cod_capture_status = 'capturing' group by s.order_code`,
        [ids]
      )
      process.stdout.write(`[cod-kill] at the kill: ${JSON.stringify(atKill)}; left mid-way (capturing): ${JSON.stringify(midway)}\n`)
      expect(atKill.capturing ?? 0).toBeGreaterThan(0)

      await store.startWorker()
      // The recovery pass (every 15 s) completes them once the dead worker's locks expire.
      const started = Date.now()
      await waitFor(async () => (await captureStates()).captured === ORDERS, 420_000).catch(async (error: Error) => {
        const { rows } = await sql.query("select order_code, cod_capture_status, cod_captured_at, cod_capture_error from ghn_shipment where order_id = any($1) and cod_capture_status is distinct from 'captured'", [ids])
        throw new Error(`${error.message}: parcels not recorded ${JSON.stringify(rows)}`)
      })
      process.stdout.write(`[cod-kill] all ${ORDERS} captured ${Math.round((Date.now() - started) / 1000)} s after the new worker started\n`)

      for (const p of parcels) {
        const fields = "id,total,summary.*,payment_collections.payments.captures.id,payment_collections.payments.captures.amount,payment_collections.payments.captures.metadata"
        const { order } = (await api.get(`/admin/orders/${p.orderId}?fields=${fields}`, admin)).data
        const captures = order.payment_collections.flatMap((pc: any) => pc.payments ?? []).flatMap((x: any) => x.captures ?? [])
        // One capture of the order's total, tagged with its parcel, the one the parcel records.
        expect(captures.map((c: any) => [Number(c.amount), c.metadata?.ghn_order_code])).toEqual([[p.total, p.code]])
        expect([Number(order.summary.paid_total), Number(order.summary.pending_difference)]).toEqual([p.total, 0])
        const [shipment] = (await api.get(`/admin/ghn/orders/${p.orderId}/shipments`, admin)).data.shipments
        expect(shipment).toEqual(expect.objectContaining({ cod_capture_status: "captured", cod_captured_amount: p.total, cod_capture_id: captures[0].id }))
      }
    })
  }
)
