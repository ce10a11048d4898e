import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStore, WEBHOOK } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, fulfilOrder, SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"


/**
 * One writer per Medusa order: two parcels of one cash-on-delivery order whose GHN callbacks
 * arrive at the same moment (picked up together, delivered together) leave Medusa's order whole:
 * its item rows and total as placed, paid in full after delivery, nothing owed; and a parcel made
 * after them collects nothing.
 */
medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let admin: { headers: Record<string, string> }
    let store: SeededStore

    beforeEach(async () => {
      ({ admin, store } = await freshGhnStore(api, getContainer()))
      // Callbacks are posted by the test itself, at the same moment.
      await sandbox.webhook(null)
    })

    const callback = (code: string, status: string, time: Date, extra: Record<string, unknown> = {}) =>
      api.post(
        "/hooks/ghn",
        { ShopID: 190001, OrderCode: code, ClientOrderCode: "", Type: "switch_status", Status: status, Time: time.toISOString(), Description: "", Reason: "", ReasonCode: "", ...extra },
        { headers: { [WEBHOOK.header]: WEBHOOK.secret } }
      )

    async function orderOf(id: string) {
      const fields = [
        "id",
        "total",
        "payment_status",
        "fulfillment_status",
        "summary.*",
        "items.id",
        "items.quantity",
        "items.requires_shipping",
        "items.detail.fulfilled_quantity",
        "items.detail.shipped_quantity",
        "items.detail.delivered_quantity",
        "payment_collections.id",
        "payment_collections.status",
        "payment_collections.payments.captures.amount",
      ].join(",")
      return (await api.get(`/admin/orders/${id}?fields=${fields}`, admin)).data.order
    }
    /** What the order looks like, for a failure's message: its item rows, total and summary. */
    const figures = (o: any) =>
      JSON.stringify({
        items: o?.items?.map((i: any) => [i.id.slice(-6), Number(i.quantity), Number(i.detail?.shipped_quantity), Number(i.detail?.delivered_quantity)]),
        total: o?.total,
        paid: o?.summary?.paid_total,
        owed: o?.summary?.pending_difference,
      })
    /** Waits for the order to reach `check`, saying what it looked like last when it does not. */
    async function orderReaches(id: string, check: (o: any) => boolean) {
      let last: any
      await waitFor(async () => check((last = await orderOf(id))), 60_000).catch((error: Error) => {
        throw new Error(`${error.message}; the order: ${figures(last)}`)
      })
    }
    const shipmentsOf = async (id: string) => (await api.get(`/admin/ghn/orders/${id}/shipments`, admin)).data.shipments as any[]

    it("two parcels picked up, then delivered, at the same moment: the order keeps its items and total, and is paid in full", async () => {
      const cart = await createCart(api, store, [
        { variant_id: store.variants.shirt, quantity: 1 },
        { variant_id: store.variants.kettle, quantity: 1 },
        { variant_id: store.variants.pot, quantity: 1 },
      ])
      const placed = await checkout(api, store, cart.id, store.options.light)
      const before = await orderOf(placed.id)
      const lines = before.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
      expect(lines).toHaveLength(3)

      const a = await fulfilOrder(api, admin, store, placed.id, [lines[0]])
      const b = await fulfilOrder(api, admin, store, placed.id, [lines[1]])
      const codes = [a.data.order_code as string, b.data.order_code as string]
      // The order is collected once, on its first parcel.
      expect([a.data.cod_amount, b.data.cod_amount]).toEqual([placed.total, 0])

      const start = Date.now()
      await Promise.all(codes.map((code) => callback(code, "picked", new Date(start))))
      const parcelLines = lines.slice(0, 2).map((l: any) => l.id)
      const each = (o: any, field: string) => parcelLines.every((id: string) => o.items.filter((i: any) => i.id === id).map((i: any) => Number(i.detail[field])).join() === "1")
      await orderReaches(placed.id, (o) => each(o, "shipped_quantity"))
      await Promise.all(codes.map((code) => callback(code, "delivered", new Date(start + 1000), { CODAmount: code === codes[0] ? placed.total : 0 })))
      await waitFor(async () => (await shipmentsOf(placed.id)).find((s) => s.order_code === codes[0])?.cod_capture_status === "captured", 60_000)
      await orderReaches(placed.id, (o) => each(o, "delivered_quantity"))

      const after = await orderOf(placed.id)
      process.stdout.write(`after both parcels: ${figures(after)}\n`)
      // Exactly its item rows (no line listed twice) and its total as placed.
      expect(after.items.map((i: any) => i.id).sort()).toEqual(lines.map((l: any) => l.id).sort())
      expect(after.items.map((i: any) => Number(i.quantity))).toEqual([1, 1, 1])
      expect(Number(after.total)).toBe(Number(placed.total))
      // Paid in full by the first parcel's COD, nothing owed.
      expect(Number(after.summary.paid_total)).toBe(Number(placed.total))
      expect(Number(after.summary.pending_difference)).toBe(0)
      const captured = after.payment_collections.flatMap((pc: any) => pc.payments ?? []).flatMap((p: any) => p.captures ?? [])
      expect(captured.map((c: any) => Number(c.amount))).toEqual([Number(placed.total)])

      // A parcel made after them collects nothing: the order owes nothing.
      const c = await fulfilOrder(api, admin, store, placed.id, [lines[2]])
      expect(c.data.cod_amount).toBe(0)
      process.stdout.write(
        `order total ${placed.total}: COD per parcel ${[a, b, c].map((f) => f.data.cod_amount).join(", ")}; paid ${after.summary.paid_total}, owed ${after.summary.pending_difference}\n`
      )
    })

    it("an order edited before it ships: the cash GHN collected is recorded on the collection Medusa opened for what it owes", async () => {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const placed = await checkout(api, store, cart.id, store.options.light)
      // The admin adds a kettle: Medusa opens a collection for the new total (the authorised COD payment no longer covers it).
      await api.post("/admin/order-edits", { order_id: placed.id }, admin)
      await api.post(`/admin/order-edits/${placed.id}/items`, { items: [{ variant_id: store.variants.kettle, quantity: 1 }] }, admin)
      await api.post(`/admin/order-edits/${placed.id}/request`, {}, admin)
      await api.post(`/admin/order-edits/${placed.id}/confirm`, {}, admin)
      const edited = await orderOf(placed.id)
      const owed = Number(edited.summary.pending_difference)
      expect(edited.payment_collections.map((pc: any) => pc.status)).toContain("not_paid")

      // Medusa adds an edit's item without shipping: the parcel carries the shipped items, the COD what the order owes.
      const shipped = edited.items.filter((i: any) => i.requires_shipping !== false).map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
      const parcel = await fulfilOrder(api, admin, store, placed.id, shipped)
      const code = parcel.data.order_code as string
      expect(parcel.data.cod_amount).toBe(owed)
      const start = Date.now()
      await callback(code, "picked", new Date(start))
      await callback(code, "delivered", new Date(start + 1000), { CODAmount: owed })
      await waitFor(async () => (await shipmentsOf(placed.id))[0]?.cod_capture_status === "captured", 60_000)

      const after = await orderOf(placed.id)
      const [shipment] = await shipmentsOf(placed.id)
      process.stdout.write(
        `edited order: total ${edited.total} (placed ${placed.total}), owed ${owed}, parcel COD ${parcel.data.cod_amount}; after delivery paid ${after.summary.paid_total}, owed ${after.summary.pending_difference}, collections ${after.payment_collections.map((pc: any) => pc.status).join("/")}, recorded ${shipment.cod_captured_amount} (${shipment.cod_capture_id})\n`
      )
      expect(Number(after.summary.pending_difference)).toBe(0)
      expect(shipment).toEqual(expect.objectContaining({ cod_captured_amount: owed, cod_capture_id: expect.any(String) }))
      expect(after.payment_collections.map((pc: any) => pc.status)).not.toContain("not_paid")

      // GHN repeats delivered, a poll and the recovery pass run: nothing is recorded twice.
      await callback(code, "delivered", new Date(start + 2000), { CODAmount: owed })
      // The repeat applied (it was stored before it was acknowledged), then the recovery pass.
      const ghn = getContainer().resolve("ghn") as any
      await waitFor(async () => (await ghn.listGhnWebhookEvents({ order_code: code })).every((e: any) => e.processed_at), { what: `${code}'s callbacks applied` })
      const { captureDueGhnCod } = await import("../../src/runners/cod")
      await captureDueGhnCod(getContainer())
      const again = await orderOf(placed.id)
      expect(Number(again.summary.paid_total)).toBe(Number(after.summary.paid_total))
    })

    it("an exchange after delivery: its difference, owed in a new collection, is recorded there when its parcel is delivered", async () => {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 2 }])
      const placed = await checkout(api, store, cart.id, store.options.light)
      const first = await fulfilOrder(api, admin, store, placed.id)
      const start = Date.now()
      await callback(first.data.order_code, "picked", new Date(start))
      await callback(first.data.order_code, "delivered", new Date(start + 1000), { CODAmount: placed.total })
      await waitFor(async () => (await shipmentsOf(placed.id))[0]?.cod_capture_status === "captured", 60_000)

      // The customer exchanges a shirt for two kettles: Medusa owes the difference in a new collection.
      const { data: full } = await api.get(`/admin/orders/${placed.id}?fields=id,*items`, admin)
      const exchange = (await api.post("/admin/exchanges", { order_id: placed.id }, admin)).data.exchange
      await api.post(`/admin/exchanges/${exchange.id}/inbound/items`, { items: [{ id: full.order.items[0].id, quantity: 1 }], location_id: store.locationId }, admin)
      await api.post(`/admin/exchanges/${exchange.id}/inbound/shipping-method`, { shipping_option_id: store.options.returnLight }, admin)
      await api.post(`/admin/exchanges/${exchange.id}/outbound/items`, { items: [{ variant_id: store.variants.kettle, quantity: 2 }] }, admin)
      await api.post(`/admin/exchanges/${exchange.id}/outbound/shipping-method`, { shipping_option_id: store.options.light }, admin)
      await api.post(`/admin/exchanges/${exchange.id}/request`, {}, admin)
      const exchanged = await orderOf(placed.id)
      const owed = Number(exchanged.summary.pending_difference)
      const kettle = (await api.get(`/admin/orders/${placed.id}?fields=id,*items`, admin)).data.order.items.find((i: any) => i.variant_id === store.variants.kettle)
      const parcel = await fulfilOrder(api, admin, store, placed.id, [{ id: kettle.id, quantity: 2 }])
      expect(parcel.data.cod_amount).toBe(owed)
      await callback(parcel.data.order_code, "picked", new Date(start + 2000))
      await callback(parcel.data.order_code, "delivered", new Date(start + 3000), { CODAmount: owed })
      await waitFor(async () => (await shipmentsOf(placed.id)).find((s) => s.order_code === parcel.data.order_code)?.cod_capture_status === "captured", 60_000)

      const after = await orderOf(placed.id)
      const shipment = (await shipmentsOf(placed.id)).find((s) => s.order_code === parcel.data.order_code)
      process.stdout.write(
        `exchange: placed ${placed.total}, difference owed ${owed} (collections ${exchanged.payment_collections.map((pc: any) => pc.status).join("/")}), parcel COD ${parcel.data.cod_amount}; after delivery paid ${after.summary.paid_total}, owed ${after.summary.pending_difference}, collections ${after.payment_collections.map((pc: any) => pc.status).join("/")}, recorded ${shipment.cod_captured_amount}\n`
      )
      expect(shipment.cod_captured_amount).toBe(owed)
      expect(Number(after.summary.pending_difference)).toBe(0)
    })
  },
})
