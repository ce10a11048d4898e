/**
 * The "Needs action" queue through Medusa's HTTP API: parcels moved by the GHN sandbox (its
 * control API, callbacks over HTTP) into every state that waits for the merchant, listed with
 * GHN's reason, the failed attempts, the COD at stake and what a return adds; re-delivered and
 * returned in bulk with GHN refusing one parcel of three; what a failed delivery collects changed
 * within the spec's update table.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, failure, fulfilOrder } from "../helpers/store"
import { waitFor } from "../helpers/wait"


const UPDATE = "/shiip/public-api/v2/shipping-order/update"

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    async function parcel() {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      return { orderId: order.id as string, code: fulfillment.data.order_code as string, cod: Number(fulfillment.data.cod_amount) }
    }

    const queue = async (query = "") => (await api.get(`/admin/ghn/needs-action${query}`, admin)).data
    const row = (page: any, code: string) => page.parcels.find((p: any) => p.order_code === code)

    it("lists every state that waits for the merchant, acts on them in bulk with GHN's answer per parcel, and changes what a failed delivery collects", async () => {
      const p = { failed: await parcel(), waiting: await parcel(), storing: await parcel(), returnFail: await parcel(), exception: await parcel(), lost: await parcel(), damage: await parcel(), held: await parcel() }
      await sandbox.move(p.failed.code, "picked", "delivering", "delivery_fail:GHN-DFC1A4", "delivering", "delivery_fail")
      await sandbox.move(p.waiting.code, "picked", "delivering", "delivery_fail", "waiting_to_return")
      await sandbox.move(p.storing.code, "picked", "storing")
      await sandbox.move(p.held.code, "picked", "storing")
      await sandbox.move(p.returnFail.code, "picked", "delivering", "delivery_fail", "return", "return_fail")
      await sandbox.move(p.exception.code, "picked", "exception")
      await sandbox.move(p.lost.code, "picked", "lost")
      await sandbox.move(p.damage.code, "picked", "damage")

      // Waited for as the states, not as a total: a parcel on its way to return_fail passes
      // delivery_fail, which the queue also lists.
      const counts = { delivery_fail: 1, waiting_to_return: 1, storing: 2, return_fail: 1, exception: 1, lost: 1, damage: 1 }
      await waitFor(async () => {
        expect((await queue()).counts).toEqual(counts)
        return true
      }, { timeoutMs: 60_000, what: "every parcel in its state of the queue" })
      const page = await queue()
      expect(page.total).toBe(8)
      expect(page.counts).toEqual(counts)
      // Each row as the merchant reads it.
      const failed = row(page, p.failed.code)
      expect(failed.order_number).toEqual(expect.any(String))
      expect(failed.receiver).toBe("Nguyễn Văn An")
      expect(failed.needs).toEqual(
        expect.objectContaining({
          reason: "Không liên lạc được với người nhận",
          reason_code: "GHN-DFC1A2",
          attempts: 2,
          since: expect.any(String),
          cod_at_stake: p.failed.cod,
          actions: { redeliver: false, return: true, update: ["to_phone", "to_address"] },
        })
      )
      // Not billed yet: half the main service (returnFeeRatio 0.5), marked as an estimate.
      const main = (await sandbox.order(p.failed.code)).fee.main_service
      expect(failed.needs.return_cost).toEqual({ amount: Math.round(main / 2), estimated: true })
      // GHN billed the return of the parcel it brings back: GHN's figure, not an estimate.
      const returning = await sandbox.order(p.returnFail.code)
      expect(row(page, p.returnFail.code).needs.return_cost).toEqual({ amount: returning.fee.r2s + returning.fee.return, estimated: false })
      expect(row(page, p.returnFail.code).needs.reason_code).toBe("GHN-RFE0A0")
      expect(row(page, p.lost.code).needs).toEqual(expect.objectContaining({ reason_code: "GHN-LOST01", attempts: 0, actions: { redeliver: false, return: false, update: [] } }))
      expect(row(page, p.waiting.code).needs.actions).toEqual({ redeliver: true, return: true, update: ["cod_failed_amount", "to_phone", "to_address"] })
      // The longest waiting first.
      const since = page.parcels.map((r: any) => Date.parse(r.needs.since))
      expect(since).toEqual([...since].sort((a, b) => a - b))
      // One status, one order.
      expect((await queue("?status=lost")).parcels.map((r: any) => r.order_code)).toEqual([p.lost.code])
      expect((await queue(`?order_id=${p.damage.orderId}`)).parcels.map((r: any) => r.order_code)).toEqual([p.damage.code])

      // Deliver again, three at once: GHN takes storing and waiting_to_return, refuses a failed delivery (Delivery Again's table).
      const again = (await api.post("/admin/ghn/redeliver", { order_codes: [p.waiting.code, p.storing.code, p.failed.code] }, admin)).data.results
      expect(again).toEqual([
        expect.objectContaining({ order_code: p.waiting.code, result: true }),
        expect.objectContaining({ order_code: p.storing.code, result: true }),
        expect.objectContaining({ order_code: p.failed.code, result: false, message: expect.any(String) }),
      ])
      // The refused parcel is as it was, at GHN and in the queue.
      expect((await sandbox.order(p.failed.code)).status).toBe("delivery_fail")
      // Return, three at once: GHN refuses the lost parcel.
      const back = (await api.post("/admin/ghn/return", { order_codes: [p.failed.code, p.held.code, p.lost.code] }, admin)).data.results
      expect(back.map((r: any) => [r.order_code, r.result])).toEqual([
        [p.failed.code, true],
        [p.held.code, true],
        [p.lost.code, false],
      ])
      expect((await sandbox.order(p.lost.code)).status).toBe("lost")
      await waitFor(async () => {
        const now = await queue()
        // Returned parcels leave the queue; Delivery Again puts a parcel in storing, to be delivered again.
        return !row(now, p.failed.code) && !row(now, p.held.code) && row(now, p.waiting.code)?.status === "storing" && !!row(now, p.lost.code)
      }, 60_000)

      // What the receiver pays on a failed delivery: GHN allows it while the parcel waits to return...
      await sandbox.move(p.waiting.code, "delivering", "delivery_fail", "waiting_to_return")
      await waitFor(async () => row(await queue(), p.waiting.code)?.status === "waiting_to_return")
      await api.post(`/admin/ghn/shipments/${p.waiting.code}`, { cod_failed_amount: 30000 }, admin)
      expect((await sandbox.order(p.waiting.code)).cod_failed_amount).toBe(30000)
      // ...not after a failed delivery (the spec's table): refused naming the field and the status, nothing sent.
      const other = await parcel()
      await sandbox.move(other.code, "picked", "delivering", "delivery_fail")
      await waitFor(async () => row(await queue("?status=delivery_fail"), other.code)?.status === "delivery_fail")
      const updates = await sandbox.requestCount(UPDATE)
      const refused = await failure(api.post(`/admin/ghn/shipments/${other.code}`, { cod_failed_amount: 30000 }, admin))
      expect(refused.status).toBe(400)
      expect(refused.message).toMatch(/cod_failed_amount.*delivery_fail/)
      expect(await sandbox.requestCount(UPDATE)).toBe(updates)
    })

    it("moves the pickup time and sets document return and double check where GHN's status table allows; a past pickup time is GHN's PICKUP_TIME_ERROR", async () => {
      const ready = await parcel()
      const shown = (await api.get(`/admin/ghn/shipments/${ready.code}`, admin)).data.shipment
      expect(shown.actions.update).toEqual(expect.arrayContaining(["pickup_time", "document_return", "double_check"]))
      const tomorrow = Math.floor((await sandbox.now()) / 1000) + 86400
      await api.post(`/admin/ghn/shipments/${ready.code}`, { pickup_time: tomorrow, document_return: true, double_check: true }, admin)
      expect(await sandbox.order(ready.code)).toMatchObject({
        pickup_time: new Date(tomorrow * 1000).toISOString().replace(".000Z", "Z"),
        document_return: true,
        double_check: true,
      })
      const past = await failure(api.post(`/admin/ghn/shipments/${ready.code}`, { pickup_time: tomorrow - 2 * 86400 }, admin))
      expect(past.status).toBe(400)
      expect(past.message).toMatch(/PICKUP_TIME_ERROR/)
      // Once picked, the pickup cannot move; the documents and the double check still can (the spec's table).
      await sandbox.move(ready.code, "picking", "picked")
      await waitFor(async () => (await api.get(`/admin/ghn/shipments/${ready.code}`, admin)).data.shipment.status === "picked")
      const picked = (await api.get(`/admin/ghn/shipments/${ready.code}`, admin)).data.shipment
      expect(picked.actions.update).toEqual(expect.arrayContaining(["document_return", "double_check"]))
      expect(picked.actions.update).not.toContain("pickup_time")
      const updates = await sandbox.requestCount(UPDATE)
      const refused = await failure(api.post(`/admin/ghn/shipments/${ready.code}`, { pickup_time: tomorrow + 86400 }, admin))
      expect([refused.status, refused.message]).toEqual([400, expect.stringMatching(/pickup_time.*picked/)])
      expect(await sandbox.requestCount(UPDATE)).toBe(updates)
      await api.post(`/admin/ghn/shipments/${ready.code}`, { double_check: false }, admin)
      expect((await sandbox.order(ready.code)).double_check).toBe(false)
      const wrong = await failure(api.post(`/admin/ghn/shipments/${ready.code}`, { document_return: "yes" }, admin))
      expect([wrong.status, wrong.message]).toEqual([400, expect.stringMatching(/document_return/)])
    })

    it("refuses a queue status that is not one, naming it and the queue's statuses", async () => {
      const bad = await failure(api.get("/admin/ghn/needs-action?status=delivered,lost", admin))
      expect(bad.status).toBe(400)
      expect(bad.message).toMatch(/status: delivered is not a status of the queue \(delivery_fail, waiting_to_return, storing, return_fail, exception, lost, damage\)/)
    })
  },
})
