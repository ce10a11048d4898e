import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { pollGhnShipments } from "../../src/runners/polling"
import { captureDueGhnCod } from "../../src/runners/cod"
import { createGhnFulfillmentWorkflow } from "../../src/workflows"
import { freshGhnStorePerTest, WEBHOOK } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, failure, fulfilOrder } from "../helpers/store"
import { waitFor } from "../helpers/wait"



/**
 * Cash on delivery after the parcel leaves: captured once on delivery (the capture tagged with
 * the GHN order code), nothing for a returned parcel, and GHN's collection and transfer
 * reconciled in the admin's COD report and its CSV.
 */
medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    async function codOrder(quantity = 1) {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity }])
      return checkout(api, store, cart.id, store.options.light)
    }

    async function shipmentsOf(orderId: string) {
      return (await api.get(`/admin/ghn/orders/${orderId}/shipments`, admin)).data.shipments as any[]
    }

    async function paymentsOf(orderId: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=payment_status,payment_collections.payments.id,payment_collections.payments.amount,payment_collections.payments.captures.*,payment_collections.payments.captures.payment_id`,
        admin
      )
      const payments = data.order.payment_collections.flatMap((pc: any) => pc.payments)
      return { status: data.order.payment_status as string, captures: payments.flatMap((p: any) => p.captures ?? []) as any[] }
    }

    /** A COD order shipped, delivered and captured: its parcel's code and Medusa's capture. */
    async function capturedCodOrder() {
      const order = await codOrder()
      const code = (await fulfilOrder(api, admin, store, order.id)).data.order_code as string
      await deliver(code)
      await waitFor(async () => (await shipmentsOf(order.id))[0]?.cod_capture_status === "captured")
      const [made] = (await paymentsOf(order.id)).captures
      return { order, code, made }
    }

    /** The parcel as a stopped run leaves it after Medusa's capture: "capturing", the capture untagged, what the payment had before kept. */
    async function leaveCaptureMidway(code: string, made: { id: string; payment_id: string }) {
      const ghn = getContainer().resolve("ghn") as any
      const [row] = await ghn.listGhnShipments({ order_code: code })
      await (getContainer().resolve("payment") as any).updateCaptures({ id: made.id, metadata: { ghn_order_code: null } })
      await ghn.updateGhnShipments({ id: row.id, cod_capture_status: "capturing", cod_capture_id: null, cod_captured_at: new Date(), cod_capture_before: { payment_id: made.payment_id, captures: [] } })
    }

    /** Every callback stored for the parcel (a callback is stored before it is acknowledged) applied. */
    async function callbacksApplied(code: string) {
      const ghn = getContainer().resolve("ghn") as any
      await waitFor(async () => {
        const events = await ghn.listGhnWebhookEvents({ order_code: code })
        return events.length > 0 && events.every((e: any) => e.processed_at)
      }, { what: `${code}'s callbacks applied` })
    }

    const webhook = (code: string, status: string, time: string, extra: Record<string, unknown> = {}) =>
      api.post(
        "/hooks/ghn",
        { ShopID: 190001, OrderCode: code, ClientOrderCode: "", Type: "switch_status", Status: status, Time: time, Description: "", Reason: "", ReasonCode: "", ...extra },
        { headers: { [WEBHOOK.header]: WEBHOOK.secret } }
      )

    async function deliver(code: string) {
      for (const status of ["picking", "picked", "delivering", "delivered"]) await sandbox.setStatus(code, status)
    }

    it("captures a delivered parcel's COD once, tagged with its GHN order code, however often delivery is reported", async () => {
      const order = await codOrder(2)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      const code = fulfillment.data.order_code as string
      expect(fulfillment.data.cod_amount).toBe(order.total)
      expect((await paymentsOf(order.id)).captures).toHaveLength(0)

      await deliver(code)
      await waitFor(async () => (await shipmentsOf(order.id))[0]?.cod_capture_status === "captured")
      // GHN repeats the delivered callback (three times, at other times) and polling sees it too.
      const base = Date.now() - 60_000
      for (let i = 0; i < 3; i++) await webhook(code, "delivered", new Date(base + i * 1000).toISOString(), { CODAmount: order.total })
      await pollGhnShipments(getContainer(), { silentForMs: 0 })
      await api.post(`/admin/ghn/shipments/${code}/refresh`, {}, admin)
      // Every repeat applied, then the recovery pass over due captures (what the job runs): a second
      // capture, if any were due, is made by now.
      await callbacksApplied(code)
      await captureDueGhnCod(getContainer())

      const { status, captures } = await paymentsOf(order.id)
      expect(captures).toHaveLength(1)
      expect(Number(captures[0].amount)).toBe(order.total)
      expect(captures[0].metadata).toEqual(expect.objectContaining({ ghn_order_code: code }))
      expect(status).toBe("captured")
      const [shipment] = await shipmentsOf(order.id)
      expect(shipment).toEqual(
        expect.objectContaining({ is_cod_collected: true, cod_captured_amount: order.total, cod_capture_id: captures[0].id, cod_expected: order.total })
      )
    })

    it("completes a capture whose run stopped after Medusa captured, by the capture's id: never a second capture, never 'skipped'", async () => {
      const { order, code, made } = await capturedCodOrder()
      // As a stop leaves it between Medusa's capture and the parcel's record: capturing, the capture untagged.
      await leaveCaptureMidway(code, made)

      const { captureDueGhnCod } = await import("../../src/runners/cod")
      await captureDueGhnCod(getContainer())
      const { captures } = await paymentsOf(order.id)
      expect(captures.map((c: any) => [c.id, c.metadata?.ghn_order_code])).toEqual([[made.id, code]])
      const [shipment] = await shipmentsOf(order.id)
      expect(shipment).toEqual(expect.objectContaining({ cod_capture_status: "captured", cod_capture_id: made.id, cod_captured_amount: order.total, cod_capture_error: null }))
    })

    it("records on the order a capture whose run stopped inside Medusa's capture workflow, between the payment's capture and the order's transaction", async () => {
      const { order, code, made } = await capturedCodOrder()
      // As a kill leaves it inside capturePaymentWorkflow: the payment captured, the order's
      // transaction not written (the order reads unpaid), the capture untagged, the parcel capturing.
      const orders = getContainer().resolve("order") as any
      const transactionsOf = () => orders.listOrderTransactions({ order_id: order.id, reference: "capture", reference_id: made.id })
      await orders.deleteOrderTransactions((await transactionsOf()).map((t: any) => t.id))
      const summary = async () => {
        const { data } = await api.get(`/admin/orders/${order.id}?fields=summary.*`, admin)
        return [Number(data.order.summary.paid_total), Number(data.order.summary.pending_difference)]
      }
      expect(await summary()).toEqual([0, order.total])
      await leaveCaptureMidway(code, made)

      await captureDueGhnCod(getContainer())
      expect(await summary()).toEqual([order.total, 0])
      expect(await transactionsOf()).toHaveLength(1)
      expect((await paymentsOf(order.id)).captures.map((c: any) => c.id)).toEqual([made.id])
      // Run again: nothing more is written.
      await leaveCaptureMidway(code, made)
      await captureDueGhnCod(getContainer())
      expect(await transactionsOf()).toHaveLength(1)
      expect(await summary()).toEqual([order.total, 0])
    })

    it("captures nothing for a parcel GHN returned", async () => {
      const order = await codOrder()
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      const code = fulfillment.data.order_code as string
      for (const status of ["picking", "picked", "delivering", "delivery_fail", "waiting_to_return", "return", "returning", "returned"]) {
        await sandbox.setStatus(code, status)
      }
      await waitFor(async () => (await shipmentsOf(order.id))[0]?.status === "returned")
      await pollGhnShipments(getContainer(), { silentForMs: 0 })
      expect((await paymentsOf(order.id)).captures).toHaveLength(0)
      const [shipment] = await shipmentsOf(order.id)
      expect(shipment.cod_capture_status).toBeNull()
      expect(shipment.is_cod_collected).toBe(false)
    })

    it("creates a COD fulfilment from a store's own code through Medusa's own workflow, with the readable code", async () => {
      const order = await codOrder()
      const { data } = await api.get(`/admin/orders/${order.id}?fields=id,display_id,*items`, admin)
      const items = data.order.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))

      // Medusa's own workflow, called directly: the plugin's hook makes the GHN order, COD and all.
      const { createOrderFulfillmentWorkflow } = await import("@medusajs/medusa/core-flows")
      const { result } = await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: order.id, items, location_id: store.locationId } })
      const [shipment] = await shipmentsOf(order.id)
      expect(shipment).toEqual(expect.objectContaining({ cod_amount: order.total, cod_expected: order.total, fulfillment_id: result.id }))
      const atGhn = await sandbox.order(shipment.order_code)
      expect(atGhn.cod_amount).toBe(order.total)
      expect(atGhn.client_order_code).toBe(`${process.env.GHN_CLIENT_ORDER_CODE_PREFIX}${data.order.display_id}-1`)

      // The older name runs the same path; a second fulfilment of the same items is Medusa's to refuse.
      const again = await createGhnFulfillmentWorkflow(getContainer())
        .run({ input: { order_id: order.id, items, location_id: store.locationId } })
        .then(() => null, (e: Error) => e.message)
      expect(again).toBeTruthy()
      expect(await sandbox.ordersByClientCode(`${process.env.GHN_CLIENT_ORDER_CODE_PREFIX}${data.order.display_id}-2`)).toHaveLength(0)
    })

    it("reconciles GHN's collection and transfer in the COD report and its CSV", async () => {
      const delivered = await codOrder()
      const pending = await codOrder()
      const a = (await fulfilOrder(api, admin, store, delivered.id)).data.order_code as string
      const b = (await fulfilOrder(api, admin, store, pending.id)).data.order_code as string
      await waitFor(async () => (await shipmentsOf(pending.id)).length === 1)
      // GHN re-weighs parcel b at the hub: its final fee differs from the checkout's quote.
      await fetch(`${sandbox.url()}/_sandbox/orders/${b}/weight`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ weight: 3000 }) })
      await deliver(a)
      await waitFor(async () => (await shipmentsOf(delivered.id))[0]?.cod_capture_status === "captured")

      const report = async (filter: string) => (await api.get(`/admin/ghn/cod?filter=${filter}`, admin)).data
      const all = await report("all")
      const rowA = all.parcels.find((p: any) => p.order_code === a)
      const rowB = all.parcels.find((p: any) => p.order_code === b)
      expect(rowA).toEqual(
        expect.objectContaining({ cod_expected: delivered.total, cod_ghn: delivered.total, cod_difference: 0, cod_collected: delivered.total, cod_transferred: 0, cod_captured: delivered.total })
      )
      expect(rowA.cod_collect_date).toEqual(expect.any(String))
      expect(rowA.order_display_id).toEqual(expect.any(Number))
      expect(rowA.quoted_fee).toBe(delivered.shipping_methods[0].amount)
      expect(rowB.cod_collected).toBe(0)
      await waitFor(async () => (await report("all")).parcels.find((p: any) => p.order_code === b).total_fee !== rowB.quoted_fee)
      expect((await report("uncollected")).parcels.map((p: any) => p.order_code)).toEqual([b])
      expect((await report("untransferred")).parcels.map((p: any) => p.order_code)).toEqual([a])
      expect((await report("differences")).parcels.map((p: any) => p.order_code)).toContain(b)
      expect(all.totals).toEqual(expect.objectContaining({ parcels: 2, expected: delivered.total + pending.total, collected: delivered.total, transferred: 0 }))

      // GHN pays the shop: the sandbox records the transfer and calls back.
      const transfer = await fetch(`${sandbox.url()}/_sandbox/cod-transfers`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({}) })
      expect((await transfer.json()).transferred).toBe(1)
      await waitFor(async () => (await shipmentsOf(delivered.id))[0]?.is_cod_transferred === true)
      expect((await report("untransferred")).parcels).toHaveLength(0)
      const after = (await report("all")).parcels.find((p: any) => p.order_code === a)
      expect(after).toEqual(expect.objectContaining({ cod_transferred: delivered.total, cod_transfer_date: expect.any(String) }))

      const csv = await api.get("/admin/ghn/cod?filter=all&format=csv", admin)
      expect(csv.headers["content-type"]).toMatch(/text\/csv/)
      expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="ghn-cod-all-\d{4}-\d{2}-\d{2}\.csv"/)
      const lines = String(csv.data).replace(/^\uFEFF/, "").trim().split(/\r\n/)
      expect(lines[0]).toBe(
        "order_display_id,order_code,status,created_at,cod_expected,cod_ghn,cod_difference,cod_collected,cod_collect_date,cod_transferred,cod_transfer_date,cod_captured,cod_capture_status,cod_capture_id,quoted_fee,total_fee,fee_difference,order_cod,order_cod_due,order_cod_difference"
      )
      expect(lines).toHaveLength(3)
      const lineA = lines.find((l) => l.includes(a))!.split(",")
      expect(lineA[4]).toBe(String(delivered.total))
      expect(lineA[9]).toBe(String(delivered.total))
      // The order's check: its parcel carries what the customer owed by COD.
      expect(lineA.slice(-3)).toEqual([String(delivered.total), String(delivered.total), "0"])

      const bad = await failure(api.get("/admin/ghn/cod?filter=paid", admin))
      expect(bad.status).toBe(400)
      expect(bad.message).toMatch(/filter/)
    })
  },
})
