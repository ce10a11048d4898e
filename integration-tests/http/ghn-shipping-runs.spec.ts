import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, CUSTOMER_ADDRESS, failure } from "../helpers/store"
import { waitFor } from "../helpers/wait"
import { pdfPages } from "../../src/lib/handover/__tests__/pdf-text"


medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer)

    /** Orders placed through the store API, each one shirt shipped with GHN and paid cash on delivery. */
    async function placeOrders(n: number, variantId = store.variants.shirt) {
      const orders: { id: string; display_id: number }[] = []
      for (let i = 0; i < n; i++) {
        const cart = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }])
        const order = (await checkout(api, store, cart.id, store.options.light)) as any
        orders.push({ id: order.id, display_id: order.display_id })
      }
      // Ready to ship lists an order once Medusa's order.placed has reached the plugin's index of open orders.
      await waitFor(async () => {
        const { ids } = await readyIds()
        return orders.every((o) => ids.includes(o.id))
      })
      return orders
    }

    async function finished(id: string) {
      let run: any
      await waitFor(async () => {
        run = (await api.get(`/admin/ghn/shipping-runs/${id}`, admin)).data.shipping_run
        return run.status === "completed" || (run.status === "cancelled" && run.running === 0 && run.queued === 0)
      }, 300_000)
      return run
    }

    const readyIds = async (query = "") => {
      const { data } = await api.get(`/admin/ghn/ready-to-ship?limit=200${query}`, admin)
      return { ids: data.orders.map((o: any) => o.id) as string[], orders: data.orders as any[], count: data.count as number }
    }

    /** The sandbox's GHN orders of a store order (client order codes `<prefix><number>-<n>`). */
    const PREFIX = process.env.GHN_CLIENT_ORDER_CODE_PREFIX ?? ""
    const ghnOrdersOf = async (displayId: number) => (await sandbox.orders()).filter((o: any) => String(o.client_order_code).startsWith(`${PREFIX}${displayId}-`))

    it("ships 30 orders in one run: 30 GHN orders with labels and readable codes, one label print and one handover list", async () => {
      const orders = await placeOrders(30)
      const ready = await readyIds()
      expect(ready.count).toBe(30)
      expect(ready.orders[0]).toMatchObject({ payment: expect.stringMatching(/cod|prepaid/), service_type_id: 2, weight: 500, province: "Hồ Chí Minh", location_id: store.locationId, problems: [] })

      const { data } = await api.post("/admin/ghn/shipping-runs", { order_ids: orders.map((o) => o.id) }, admin)
      expect(data.shipping_run).toMatchObject({ status: "queued", total: 30 })
      const run = await finished(data.shipping_run.id)
      expect(run.results.filter((r: any) => r.status !== "created")).toEqual([])
      expect(run).toMatchObject({ status: "completed", total: 30, created: 30, failed: 0 })

      const codes = new Set<string>()
      for (const order of orders) {
        const result = run.results.find((r: any) => r.order_id === order.id)
        expect(result).toMatchObject({ status: "created", display_id: String(order.display_id), ghn_order_code: expect.any(String) })
        const made = await ghnOrdersOf(order.display_id)
        expect(made.map((o: any) => o.client_order_code)).toEqual([`${PREFIX}${order.display_id}-1`])
        expect(made[0].order_code).toBe(result.ghn_order_code)
        codes.add(result.ghn_order_code)
        const { data: o } = await api.get(`/admin/orders/${order.id}?fields=id,*fulfillments,fulfillments.labels.*`, admin)
        expect(o.order.fulfillments).toHaveLength(1)
        expect(o.order.fulfillments[0].labels[0]).toMatchObject({ tracking_number: result.ghn_order_code, label_url: expect.stringContaining(`/admin/ghn/labels/${result.ghn_order_code}`) })
      }
      expect(codes.size).toBe(30)
      expect((await readyIds()).count).toBe(0)

      const labels = (await api.get(`/admin/ghn/shipping-runs/${run.id}/labels?size=80x80`, admin)).data
      expect(labels.parcels).toBe(30)
      expect(labels.labels).toHaveLength(1)
      expect(new Set(labels.labels[0].order_codes)).toEqual(codes)
      expect(labels.labels[0].url).toContain("80x80")

      const csv = (await api.get(`/admin/ghn/shipping-runs/${run.id}/handover?format=csv`, admin)).data as string
      const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n")
      expect(lines[0]).toBe("shop_id,order_code,client_order_code,order_number,cod_amount,receiver_name,receiver_phone,receiver_area,weight")
      const parcelLines = lines.slice(1).filter((l) => !l.includes("TOTAL"))
      expect(new Set(parcelLines.map((l) => l.split(",")[1]))).toEqual(codes)
      const total = lines.find((l) => l.includes("TOTAL"))!
      const codSum = parcelLines.reduce((sum, l) => sum + Number(l.split(",")[4]), 0)
      expect(total).toContain("TOTAL 30 parcels")
      expect(Number(total.split(",")[4])).toBe(codSum)
      const htmlAnswer = await api.get(`/admin/ghn/shipping-runs/${run.id}/handover?format=html`, admin)
      const html = htmlAnswer.data as string
      for (const code of codes) expect(html).toContain(code)
      expect(html).toContain("30 kiện / parcels")
      expect(htmlAnswer.headers["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'sha256-/)
      expect(htmlAnswer.headers["x-content-type-options"]).toBe("nosniff")
      expect(html).not.toMatch(/<script/i)

      // The record's totals against the run's parcels: GHN's COD of each parcel, per page and overall.
      const ghnCod = new Map((await sandbox.orders()).map((o: any) => [o.order_code, Number(o.cod_amount ?? 0)]))
      const codTotal = [...codes].reduce((sum, code) => sum + ghnCod.get(code)!, 0)
      const vnd = (n: number) => `${n.toLocaleString("vi-VN")} ₫`
      expect(html).toContain(`Tổng cộng / Total: 30 kiện / parcels · Thu hộ / COD ${vnd(codTotal)}`)
      const pageTotals = [...html.matchAll(/Cộng trang \/ Page total: (\d+) kiện \/ parcels · ([\d.]+) ₫/g)].map(([, n, cod]) => [Number(n), Number(cod.replace(/\./g, ""))])
      expect(pageTotals.map(([n]) => n)).toEqual([18, 11, 1])
      expect(pageTotals.reduce((sum, [, cod]) => sum + cod, 0)).toBe(codTotal)
      // Each row: the receiver (the phone masked), the district, the weight.
      expect(html).toMatch(new RegExp(`data-order-code="${[...codes][0]}"><td>\\d+</td><td>${[...codes][0]}</td><td>#\\d+</td><td>[^<]+</td><td>[^<]+, Hồ Chí Minh</td><td>\\d{3}\\*+\\d{3}</td><td class="n">500 g</td>`))

      // The PDF: the same pages, rows and totals.
      const pdfAnswer = await api.get(`/admin/ghn/shipping-runs/${run.id}/handover?format=pdf`, { ...admin, responseType: "arraybuffer" })
      expect(pdfAnswer.headers["content-type"]).toBe("application/pdf")
      const pdfText = pdfPages(Buffer.from(pdfAnswer.data))
      expect(pdfText).toHaveLength(3)
      for (const code of codes) expect(pdfText.flat()).toContain(code)
      expect(pdfText[2]).toContain(`Tổng cộng / Total: 30 kiện / parcels · Thu hộ / COD ${vnd(codTotal)}`)
      pageTotals.forEach(([n, cod], i) => expect(pdfText[i]).toContain(`Cộng trang / Page total: ${n} kiện / parcels · ${vnd(cod)}`))

      // The door check: 29 parcels scanned (one by its client order code), one twice, a code of no run; completed with the one missing.
      const list = [...codes]
      const scan = async (code: string) => (await api.post(`/admin/ghn/shipping-runs/${run.id}/scan`, { code }, admin)).data
      expect((await failure(api.post(`/admin/ghn/shipping-runs/${run.id}/scan`, { code: "<b>" }, admin))).status).toBe(400)
      expect((await failure(api.post(`/admin/ghn/shipping-runs/${run.id}/scan/complete`, {}, admin))).status).toBe(400)
      for (const code of list.slice(0, 28)) expect((await scan(` ${code.toLowerCase()}\r\n`)).result).toMatchObject({ result: "parcel", order_code: code, run_id: run.id })
      const byClientCode = (await sandbox.orders()).find((o: any) => o.order_code === list[28]).client_order_code
      expect((await scan(byClientCode)).result).toMatchObject({ result: "parcel", order_code: list[28] })
      expect((await scan(list[0])).result).toMatchObject({ result: "repeat" })
      const wrong = await scan("GHNKHONGCO1")
      expect(wrong.result).toMatchObject({ result: "unknown", run_id: null })
      expect(wrong.scan).toMatchObject({ status: "open", missing: [list[29]], foreign: [{ code: "GHNKHONGCO1", run_id: null }] })
      expect(wrong.scan.scanned).toHaveLength(29)
      const done = (await api.post(`/admin/ghn/shipping-runs/${run.id}/scan/complete`, {}, admin)).data.scan
      expect(done).toMatchObject({ status: "completed", missing: [list[29]], completed_by: expect.any(String), completed_at: expect.any(String) })
      expect((await api.get(`/admin/ghn/shipping-runs/${run.id}/scan`, admin)).data.scan).toMatchObject({ status: "completed", missing: [list[29]] })
      const checked = (await api.get(`/admin/ghn/shipping-runs/${run.id}/handover?format=html`, admin)).data as string
      expect(checked).toContain("Đã quét / Scanned: 29/30")
      expect(checked).toContain(`Chưa quét / Not scanned: <span data-field="missing">${list[29]}</span>`)
      expect(checked).toContain(`data-order-code="${list[0]}"`)
      expect((checked.match(/data-scanned="true"/g) ?? []).length).toBe(29)
    })

    it("reports each bad order with its reason, creates the others, and retries the failed ones once fixed", async () => {
      const good = await placeOrders(3)
      const badAddress = await placeOrders(2)
      // The merchant changes the delivery address after checkout to one GHN cannot resolve.
      const unknownWard = { ...CUSTOMER_ADDRESS, address_2: "Phường Không Có Thật" }
      for (const o of badAddress) await api.post(`/admin/orders/${o.id}`, { shipping_address: unknownWard }, admin)
      const ready = await readyIds()
      expect(ready.count).toBe(5)
      for (const o of badAddress) {
        expect(ready.orders.find((r) => r.id === o.id).problems).toEqual([expect.objectContaining({ code: "address", part: "ward", candidates: expect.any(Array) })])
      }
      for (const o of good) expect(ready.orders.find((r) => r.id === o.id).problems).toEqual([])
      expect((await readyIds("&problems_only=true")).ids.sort()).toEqual(badAddress.map((o) => o.id).sort())

      const { data } = await api.post("/admin/ghn/shipping-runs", { order_ids: [...good, ...badAddress].map((o) => o.id) }, admin)
      const run = await finished(data.shipping_run.id)
      expect(run).toMatchObject({ status: "completed", total: 5, created: 3, failed: 2 })
      for (const o of badAddress) {
        // GHN's refusal with its stable reason and parameters: the admin words it in its own language.
        expect(run.results.find((r: any) => r.order_id === o.id)).toMatchObject({
          status: "failed",
          error: { code: "address_not_found", message: expect.stringMatching(/GHN cannot deliver/), params: { reason: "address_not_found", part: "ward", candidates: expect.any(Array) } },
        })
        expect(await ghnOrdersOf(o.display_id)).toHaveLength(0)
      }
      for (const o of good) expect(run.results.find((r: any) => r.order_id === o.id)).toMatchObject({ status: "created", ghn_order_code: expect.any(String) })
      // The failed orders stay ready to ship, with their reason.
      expect((await readyIds()).ids.sort()).toEqual(badAddress.map((o) => o.id).sort())

      for (const o of badAddress) await api.post(`/admin/orders/${o.id}`, { shipping_address: CUSTOMER_ADDRESS }, admin)
      const retried = (await api.post(`/admin/ghn/shipping-runs/${run.id}/retry`, {}, admin)).data
      expect(retried.retried).toBe(2)
      const after = await finished(run.id)
      expect(after).toMatchObject({ status: "completed", created: 5, failed: 0 })
      for (const o of [...good, ...badAddress]) expect(await ghnOrdersOf(o.display_id)).toHaveLength(1)
      expect((await failure(api.post(`/admin/ghn/shipping-runs/${run.id}/retry`, {}, admin))).status).toBe(400)
    })

    it("names the stock Medusa's fulfilment would miss, and the run reports it with Medusa's reason while it ships the others", async () => {
      // A product whose stock Medusa manages, stocked at the store's location; orders reserve it there.
      const product = (
        await api.post(
          "/admin/products",
          {
            title: "Bình giữ nhiệt",
            status: "published",
            shipping_profile_id: store.profileId,
            sales_channels: [{ id: store.salesChannelId }],
            options: [{ title: "Loại", values: ["Mặc định"] }],
            variants: [{ title: "Mặc định", sku: "BINH-GIU-NHIET", options: { Loại: "Mặc định" }, manage_inventory: true, weight: 400, length: 20, width: 8, height: 8, prices: [{ currency_code: "vnd", amount: 180000 }] }],
          },
          admin
        )
      ).data.product
      const variantId = product.variants[0].id
      const { inventory_items } = (await api.get(`/admin/inventory-items?sku=BINH-GIU-NHIET`, admin)).data
      await api.post(`/admin/inventory-items/${inventory_items[0].id}/location-levels`, { location_id: store.locationId, stocked_quantity: 20 }, admin)
      const [unreserved, reserved] = await placeOrders(2, variantId)
      // One order's reservation is deleted in the admin (its stock given to another order).
      const item = (await api.get(`/admin/orders/${unreserved.id}?fields=id,*items`, admin)).data.order.items[0]
      const { reservations } = (await api.get(`/admin/reservations?line_item_id=${item.id}`, admin)).data
      expect(reservations).toHaveLength(1)
      await api.delete(`/admin/reservations/${reservations[0].id}`, admin)

      const ready = await readyIds()
      expect(ready.orders.find((r) => r.id === unreserved.id).problems).toEqual([
        { code: "stock", line_item_id: item.id, message: "Bình giữ nhiệt: no stock is reserved for its 1 to ship (allocate it on the order's page)" },
      ])
      expect(ready.orders.find((r) => r.id === reserved.id).problems).toEqual([])
      expect((await readyIds("&problems_only=true")).ids).toEqual([unreserved.id])

      const { data } = await api.post("/admin/ghn/shipping-runs", { order_ids: [unreserved.id, reserved.id] }, admin)
      const run = await finished(data.shipping_run.id)
      expect(run).toMatchObject({ status: "completed", total: 2, created: 1, failed: 1 })
      expect(run.results.find((r: any) => r.order_id === unreserved.id)).toMatchObject({ status: "failed", error: { message: expect.stringMatching(/No stock reservation found/) } })
      expect(await ghnOrdersOf(unreserved.display_id)).toHaveLength(0)
      expect(await ghnOrdersOf(reserved.display_id)).toHaveLength(1)
    })

    it("makes one GHN order per order when two runs are started at once over the same orders", async () => {
      const orders = await placeOrders(6)
      const ids = orders.map((o) => o.id)
      const answers = await Promise.allSettled([1, 2].map(() => api.post("/admin/ghn/shipping-runs", { order_ids: ids }, admin)))
      const started = answers.filter((a) => a.status === "fulfilled") as PromiseFulfilledResult<any>[]
      const refused = answers.filter((a) => a.status === "rejected") as PromiseRejectedResult[]
      expect(started).toHaveLength(1)
      expect(refused).toHaveLength(1)
      expect(refused[0].reason.response.status).toBe(400)
      expect(refused[0].reason.message).toMatch(/already queued in a shipping run; nothing was started/)
      const run = await finished(started[0].value.data.shipping_run.id)
      expect(run.created).toBe(6)
      for (const o of orders) expect(await ghnOrdersOf(o.display_id)).toHaveLength(1)
      // Once shipped, the orders are no longer ready: a new run over them is refused.
      const again = await failure(api.post("/admin/ghn/shipping-runs", { order_ids: ids }, admin))
      expect(again.status).toBe(400)
      expect(again.message).toMatch(/not ready to ship/)
      expect((await api.get("/admin/ghn/shipping-runs", admin)).data.count).toBe(1)
    })

    it("cancels a run: orders not started stay ready to ship, the started ones finish", async () => {
      const orders = await placeOrders(20)
      const { data } = await api.post("/admin/ghn/shipping-runs", { filter: {} }, admin)
      expect(data.shipping_run.total).toBe(20)
      const cancelled = (await api.post(`/admin/ghn/shipping-runs/${data.shipping_run.id}/cancel`, {}, admin)).data.shipping_run
      expect(cancelled.status).toBe("cancelled")
      const run = await finished(data.shipping_run.id)
      expect(run.cancelled).toBeGreaterThan(0)
      expect(run.created + run.cancelled + run.failed).toBe(20)
      // Orders not started (and any that failed) are ready to ship again.
      const notStarted = run.results.filter((r: any) => r.status !== "created").map((r: any) => r.order_id).sort()
      expect((await readyIds()).ids.sort()).toEqual(notStarted)
      const made = (await sandbox.orders()).length
      expect(made).toBe(run.created)
      expect(orders).toHaveLength(20)
      expect((await failure(api.post(`/admin/ghn/shipping-runs/${run.id}/cancel`, {}, admin))).status).toBe(400)
    })

    it("refuses a bad selection with a clear 4xx and starts nothing", async () => {
      const [order] = await placeOrders(1)
      const cases: [unknown, number, RegExp][] = [
        [{ order_ids: [] }, 400, /order_ids.*at least.*1/],
        [{ order_ids: Array.from({ length: 1001 }, (_, i) => `order_${i}`) }, 400, /order_ids.*1000/],
        [{ order_ids: [order.id, order.id] }, 400, /is listed twice/],
        [{}, 400, /give either order_ids .* or filter/],
        [{ order_ids: ["order_unknown"] }, 404, /order_unknown is not an order of this store; nothing was started/],
        [{ order_ids: [order.id], pick_shift: 999999 }, 400, /pick_shift: 999999 is not one of today's GHN pickup shifts/],
        [{ filter: { placed_from: "2000-01-01", placed_to: "2000-01-02" } }, 400, /no order ready to ship matches it/],
      ]
      for (const [body, status, message] of cases) {
        const error = await failure(api.post("/admin/ghn/shipping-runs", body, admin))
        expect({ body, status: error.status }).toEqual({ body, status })
        expect(error.message).toMatch(message)
      }
      expect((await api.get("/admin/ghn/shipping-runs", admin)).data.count).toBe(0)
      expect((await readyIds()).ids).toEqual([order.id])
      expect(await sandbox.orders()).toHaveLength(0)
    })
  },
})
