import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { waitFor } from "../helpers/wait"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, fulfilOrder, CUSTOMER_ADDRESS, failure, quote, seedGhnStore, storeHeaders } from "../helpers/store"


// The GHN units of the store's warehouse and of the customer (see helpers/store.ts), for fees
// asked of the sandbox directly.
const WAREHOUSE = { district: "Quận Ba Đình", ward: "Phường Phúc Xá" }
const CUSTOMER = { district: "Quận 1", ward: "Phường Bến Nghé" }
const ONE_SHIRT = { service_type_id: 2, weight: 500, length: 30, width: 20, height: 3 }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer)

    /** Places an order for one shirt and one kettle, paid cash on delivery, through the store API. */
    async function placeOrder(items = [
      { variant_id: store.variants.shirt, quantity: 2 },
      { variant_id: store.variants.kettle, quantity: 1 },
    ]) {
      const cart = await createCart(api, store, items)
      return checkout(api, store, cart.id, store.options.light)
    }

    const fulfil = (orderId: string) => fulfilOrder(api, admin, store, orderId)

    /** A return's fulfilment once the plugin has booked its reverse GHN order. */
    async function bookedReturnFulfillment(returnId: string) {
      let found: any
      await waitFor(async () => {
        const { data } = await api.get(`/admin/returns/${returnId}?fields=id,*fulfillments,fulfillments.labels.*`, admin)
        found = data.return.fulfillments?.[0]
        return !!found?.data?.order_code
      })
      return found
    }

    describe("checkout", () => {
      it("quotes the sandbox's fee for the cart's parcel and address", async () => {
        const cart = await createCart(api, store, [
          { variant_id: store.variants.shirt, quantity: 2 },
          { variant_id: store.variants.kettle, quantity: 1 },
        ])
        const option = await quote(api, store, cart.id, store.options.light)

        // The same quote asked of the sandbox directly: 2 x 500 g + 1,200 g, from Ba Đình to Quận 1.
        const expected = await sandbox.fee({ service_type_id: 2, weight: 2200, length: 30, width: 20, height: 26, from: WAREHOUSE, to: CUSTOMER, insurance_value: 750000 })
        expect(option.amount).toBe(expected.total)
        expect(option.amount).toBeGreaterThan(0)
      })

      it("falls back to the product's weight and sizes, at checkout and in the GHN order", async () => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.pot, quantity: 1 }])
        const option = await quote(api, store, cart.id, store.options.light)
        const expected = await sandbox.fee({ service_type_id: 2, weight: 2000, length: 40, width: 30, height: 25, from: WAREHOUSE, to: CUSTOMER, insurance_value: 250000 })
        expect(option.amount).toBe(expected.total)
        const order = await checkout(api, store, cart.id, store.options.light)
        const fulfillment = await fulfil(order.id)
        const ghnOrder = await sandbox.order(fulfillment.data.order_code)
        expect(ghnOrder).toMatchObject({ weight: 2000, length: 40, width: 30, height: 25 })
        expect(ghnOrder.items[0]).toMatchObject({ weight: 2000, length: 40, width: 30, height: 25 })
      })

      it("serves repeated identical quotes from the cache", async () => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        const before = await sandbox.requestCount("/shiip/public-api/v2/shipping-order/fee")
        const first = await quote(api, store, cart.id, store.options.light)
        await Promise.all([1, 2, 3].map(() => quote(api, store, cart.id, store.options.light)))
        const after = await sandbox.requestCount("/shiip/public-api/v2/shipping-order/fee")
        expect(after - before).toBe(1)
        expect((await quote(api, store, cart.id, store.options.light)).amount).toBe(first.amount)
      })

      it("refuses carts GHN cannot carry, with a clear message", async () => {
        const cases: [Record<string, unknown>[], string, RegExp][] = [
          [[{ variant_id: store.variants.noWeight, quantity: 1 }], store.options.light, /variant variant_\w+ \("Quà tặng.*"\) has no weight/],
          [[{ variant_id: store.variants.tooHeavy, quantity: 1 }], store.options.heavy, /the parcel weighs 60000 g: GHN accepts at most 50000 g/],
          [[{ variant_id: store.variants.tooLong, quantity: 1 }], store.options.light, /measures 250 cm on one side: GHN accepts at most 200 cm/],
          [[{ variant_id: store.variants.heavyBox, quantity: 1 }], store.options.light, /light goods \(service type 2\) carry less than 20000 g/],
        ]
        for (const [items, option, message] of cases) {
          const cart = await createCart(api, store, items as any)
          const error = await failure(quote(api, store, cart.id, option))
          expect(error.status).toBe(400)
          expect(error.message).toMatch(message)
        }
      })

      it("names the part of an address it cannot resolve, with near candidates", async () => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], {
          ...CUSTOMER_ADDRESS,
          address_2: "Phường Bến Nghẹ Xyz",
        })
        const error = await failure(quote(api, store, cart.id, store.options.light))
        expect(error.status).toBe(400)
        expect(error.message).toMatch(/GHN cannot deliver to the shipping address: no GHN ward matches .*in Quận 1/)
      })

      it("refuses a cart that is not in VND", async () => {
        const usd = await seedGhnStore(api, admin, "usd")
        const { data } = await api.post(
          "/store/carts",
          { region_id: usd.regionId, shipping_address: { ...CUSTOMER_ADDRESS, country_code: undefined }, items: [{ variant_id: usd.variants.shirt, quantity: 1 }] },
          storeHeaders(usd)
        )
        const error = await failure(quote(api, usd, data.cart.id, usd.options.light))
        expect(error.status).toBe(400)
        expect(error.message).toContain("GHN quotes in VND: the cart's currency is USD")
      })

      it("completes a checkout with the GHN option", async () => {
        const order = await placeOrder()
        expect(order.shipping_methods[0].amount).toBeGreaterThan(0)
        expect(order.shipping_methods[0].data).toMatchObject({ service_type_id: 2, ghn_to: { ward_name: "Phường Bến Nghé" } })
      })
    })

    describe("fulfilment", () => {
      it("creates a GHN order with the receiver, sender, parcel, items and COD", async () => {
        const order = await placeOrder()
        const fulfillment = await fulfil(order.id)
        const code = fulfillment.data.order_code
        expect(code).toBeTruthy()
        expect(fulfillment.labels[0]).toMatchObject({
          tracking_number: code,
          tracking_url: `https://donhang.ghn.vn/?order_code=${code}`,
          label_url: expect.stringMatching(new RegExp(`/admin/ghn/labels/${code}\\?size=A5$`)),
        })

        const ghnOrder = await sandbox.order(code)
        expect(ghnOrder).toMatchObject({
          status: "ready_to_pick",
          // The order's number and the parcel's sequence, readable in GHN's app and on the label.
          client_order_code: `${process.env.GHN_CLIENT_ORDER_CODE_PREFIX}${order.display_id}-1`,
          to_name: "Nguyễn Văn An",
          to_phone: "0912345678",
          weight: 2200,
          service_type_id: 2,
          cod_amount: Math.round(Number((await api.get(`/admin/orders/${order.id}?fields=total`, admin)).data.order.total)),
          insurance_value: 750000,
          required_note: "KHONGCHOXEMHANG",
        })
        expect(ghnOrder.to_address).toContain("12 Lê Lợi")
        expect(ghnOrder.to_ward_name).toBe("Phường Bến Nghé")
        expect(ghnOrder.from_name).toBe("Kho Hà Nội")
        expect(ghnOrder.from_ward_name).toBe("Phường Phúc Xá")
        expect(ghnOrder.items.map((i: any) => [i.name, i.quantity, i.weight])).toEqual([
          ["Áo thun - Mặc định", 2, 500],
          ["Ấm đun nước - Mặc định", 1, 1200],
        ])
      })

      it("collects COD once per order across fulfilments, hands it on after a cancel, and collects what an edit adds", async () => {
        const order = await placeOrder()
        const total = Math.round(Number((await api.get(`/admin/orders/${order.id}?fields=total`, admin)).data.order.total))
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)
        const [shirt, kettle] = [store.variants.shirt, store.variants.kettle].map((v) => data.order.items.find((i: any) => i.variant_id === v))
        const ship = async (item: { id: string; quantity: number }) => {
          const res = await api.post(`/admin/orders/${order.id}/fulfillments?fields=id,*fulfillments`, { items: [item], location_id: store.locationId }, admin)
          const fulfillment = res.data.order.fulfillments.at(-1)
          return { fulfillment, ghn: await sandbox.order(fulfillment.data.order_code) }
        }
        const first = await ship({ id: shirt.id, quantity: 2 })
        expect(first.ghn.cod_amount).toBe(total)
        const second = await ship({ id: kettle.id, quantity: 1 })
        expect(second.ghn.cod_amount).toBe(0)

        await api.post(`/admin/orders/${order.id}/fulfillments/${first.fulfillment.id}/cancel`, {}, admin)
        const again = await ship({ id: shirt.id, quantity: 2 })
        expect(again.ghn.cod_amount).toBe(total)

        // The store adds a pot to the order: its next GHN parcel collects the pot's price.
        await api.post("/admin/order-edits", { order_id: order.id }, admin)
        await api.post(`/admin/order-edits/${order.id}/items`, { items: [{ variant_id: store.variants.pot, quantity: 1 }] }, admin)
        await api.post(`/admin/order-edits/${order.id}/request`, {}, admin)
        await api.post(`/admin/order-edits/${order.id}/confirm`, {}, admin)
        const { data: edited } = await api.get(`/admin/orders/${order.id}?fields=id,total,*items`, admin)
        const pot = edited.order.items.find((i: any) => i.variant_id === store.variants.pot)
        const last = await ship({ id: pot.id, quantity: 1 })
        expect(last.ghn.cod_amount).toBe(Math.round(Number(edited.order.total)) - total)
        expect(last.ghn.cod_amount).toBe(250000)
      })

      it("collects COD once when two fulfilments of an order are created at the same moment", async () => {
        const order = await placeOrder()
        const total = Math.round(Number((await api.get(`/admin/orders/${order.id}?fields=total`, admin)).data.order.total))
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)
        const results = await Promise.all(
          data.order.items.map((item: any) =>
            api.post(`/admin/orders/${order.id}/fulfillments?fields=id,*fulfillments`, { items: [{ id: item.id, quantity: Number(item.quantity) }], location_id: store.locationId }, admin)
          )
        )
        // A response may list the other fulfilment before its GHN order is made (it waits for the order's lock).
        const codes = new Set(results.flatMap((r: any) => r.data.order.fulfillments.map((f: any) => f.data.order_code)).filter(Boolean))
        expect(codes.size).toBe(2)
        const cods = await Promise.all([...codes].map(async (code) => (await sandbox.order(code as string)).cod_amount))
        expect(cods.sort((a, b) => a - b)).toEqual([0, total])
      })

      it("sends GHN nothing for a fulfilment Medusa refuses (more units than ordered)", async () => {
        const order = await placeOrder()
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)
        const creates = await sandbox.requestCount("/shiip/public-api/v2/shipping-order/create")
        const refused = await failure(
          api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: data.order.items[0].id, quantity: 99 }], location_id: store.locationId }, admin)
        )
        expect(refused.status).toBeGreaterThanOrEqual(400)
        expect(refused.status).toBeLessThan(500)
        expect(await sandbox.requestCount("/shiip/public-api/v2/shipping-order/create")).toBe(creates)
        const { data: after } = await api.get(`/admin/orders/${order.id}?fields=id,*fulfillments`, admin)
        expect(after.order.fulfillments.filter((f: any) => !f.canceled_at)).toHaveLength(0)
      })

      it("makes one GHN order and refuses the other when the same fulfilment is submitted twice at once", async () => {
        const order = await placeOrder()
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,display_id,*items`, admin)
        const items = data.order.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
        const before = (await sandbox.orders()).length
        const results = await Promise.allSettled(
          [0, 1].map(() => api.post(`/admin/orders/${order.id}/fulfillments?fields=id,*fulfillments`, { items, location_id: store.locationId }, admin))
        )
        const ok = results.filter((r) => r.status === "fulfilled")
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected")
        expect([ok.length, refused.length]).toEqual([1, 1])
        expect(refused[0].reason.response.status).toBeGreaterThanOrEqual(400)
        expect(refused[0].reason.response.status).toBeLessThan(500)
        // Medusa's own refusal, once the first fulfilment is registered: the second waited for it.
        expect(refused[0].reason.response.data.message).toMatch(/Cannot fulfill more items than what was ordered for item/)
        // Made once: no GHN order created and then cancelled.
        const made = (await sandbox.orders()).slice(before)
        expect(made.map((o: any) => [o.client_order_code, o.status])).toEqual([[`${process.env.GHN_CLIENT_ORDER_CODE_PREFIX}${data.order.display_id}-1`, "ready_to_pick"]])
        const { data: after } = await api.get(`/admin/orders/${order.id}?fields=id,*fulfillments`, admin)
        expect(after.order.fulfillments.filter((f: any) => !f.canceled_at).map((f: any) => f.data.order_code)).toEqual([made[0].order_code])
      })

      it("leaves an orphan, shown on the order and retried until GHN cancels it, when GHN refuses the compensating cancel", async () => {
        const order = await placeOrder()
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,display_id,*items`, admin)
        const items = data.order.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
        // A store's own workflow: Medusa's fulfilment as a step, then a step of its own that fails.
        const { createWorkflow, createStep, WorkflowResponse } = await import("@medusajs/framework/workflows-sdk")
        const { createOrderFulfillmentWorkflow } = await import("@medusajs/medusa/core-flows")
        const failing = createStep("store-step-that-fails", async () => {
          throw new Error("the store's next step failed")
        })
        const storeWorkflow = createWorkflow(`store-fulfil-then-fail-${Date.now()}`, (input: { order_id: string; items: { id: string; quantity: number }[]; location_id: string }) => {
          const fulfillment = createOrderFulfillmentWorkflow.runAsStep({ input })
          failing()
          return new WorkflowResponse(fulfillment)
        })
        await sandbox.faults([{ path: "/shiip/public-api/v2/switch-status/cancel", failure_rate: 1, failure_status: 503, count: 20 }])
        const { errors } = await storeWorkflow(getContainer()).run({ input: { order_id: order.id, items, location_id: store.locationId }, throwOnError: false })
        expect(errors.map((e: any) => e.error?.message)).toEqual([expect.stringMatching(/the store's next step failed/)])
        const code = `${process.env.GHN_CLIENT_ORDER_CODE_PREFIX}${data.order.display_id}-1`
        const [made] = await sandbox.ordersByClientCode(code)
        expect(made.status).toBe("ready_to_pick")
        // Medusa rolled its fulfilment back; the GHN order is shown on the order, never called abandoned.
        const panel = (await api.get(`/admin/ghn/orders/${order.id}/shipments`, admin)).data
        expect(panel.shipments).toEqual([])
        expect(panel.uncancelled).toEqual([expect.objectContaining({ client_order_code: code, order_code: made.order_code, attempts: 1, error: expect.stringMatching(/GHN/) })])

        // GHN answers again: the recovery pass (the job's) cancels it.
        await sandbox.faults([])
        const { recoverGhnIntents } = await import("../../src/runners/intents")
        const ghn = getContainer().resolve("ghn") as any
        const [intent] = await ghn.listGhnCreateIntents({ client_order_code: code })
        await ghn.updateGhnCreateIntents({ id: intent.id, next_attempt_at: new Date(Date.now() - 1000) })
        expect(await recoverGhnIntents(getContainer())).toEqual([expect.objectContaining({ outcome: "cancelled", order_code: made.order_code })])
        expect((await sandbox.order(made.order_code)).status).toBe("cancel")
        expect((await api.get(`/admin/ghn/orders/${order.id}/shipments`, admin)).data.uncancelled).toEqual([])
      })

      it("sends from the stock location the fulfilment ships from, not the one quoted at checkout", async () => {
        const order = await placeOrder([{ variant_id: store.variants.shirt, quantity: 1 }])
        const saigon = (
          await api.post(
            "/admin/stock-locations",
            { name: "Kho Sài Gòn", address: { address_1: "5 Đinh Tiên Hoàng", address_2: "Phường Đa Kao", city: "Quận 1", province: "Hồ Chí Minh", country_code: "vn", phone: "0901234567" } },
            admin
          )
        ).data.stock_location
        await api.post(`/admin/stock-locations/${saigon.id}/fulfillment-providers`, { add: ["ghn_ghn"] }, admin)
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)
        const res = await api.post(
          `/admin/orders/${order.id}/fulfillments?fields=id,*fulfillments`,
          { items: [{ id: data.order.items[0].id, quantity: 1 }], location_id: saigon.id },
          admin
        )
        const ghnOrder = await sandbox.order(res.data.order.fulfillments.at(-1).data.order_code)
        expect(ghnOrder).toMatchObject({ from_name: "Kho Sài Gòn", from_phone: "0901234567", from_ward_name: "Phường Đa Kao", from_district_name: "Quận 1" })
        expect(ghnOrder.from_address).toContain("5 Đinh Tiên Hoàng")
      })

      it("leaves exactly one GHN order when the answer to Create Order is lost", async () => {
        const order = await placeOrder()
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/create", drop_after_commit: true, count: 1 }])
        const fulfillment = await fulfil(order.id)
        const orders = await sandbox.ordersByClientCode(fulfillment.data.client_order_code)
        expect(orders).toHaveLength(1)
        expect(orders[0].order_code).toBe(fulfillment.data.order_code)
      })

      it("makes no second GHN order when every answer is lost and the admin tries again", async () => {
        const order = await placeOrder()
        const before = (await sandbox.orders()).length
        // The client's three attempts all lose their answer: Medusa drops the fulfilment.
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/create", drop_after_commit: true, count: 3 }])
        const lost = await failure(fulfil(order.id))
        expect(lost.message).toMatch(/GHN Create Order/)
        const { data } = await api.get(`/admin/orders/${order.id}?fields=id,*fulfillments`, admin)
        expect(data.order.fulfillments.filter((f: any) => !f.canceled_at)).toHaveLength(0)
        // The retry reuses the client order code: GHN answers with the order it already made.
        const fulfillment = await fulfil(order.id)
        const made = (await sandbox.orders()).slice(before)
        expect(made).toHaveLength(1)
        expect(made[0].order_code).toBe(fulfillment.data.order_code)
      })

      it("makes a new GHN order when the order an unanswered create made was cancelled since", async () => {
        const order = await placeOrder()
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/create", drop_after_commit: true, count: 3 }])
        await failure(fulfil(order.id))
        const [orphan] = (await sandbox.orders()).filter((o: any) => o.status === "ready_to_pick").slice(-1)
        await sandbox.setStatus(orphan.order_code, "cancel")
        const fulfillment = await fulfil(order.id)
        expect(fulfillment.data.order_code).not.toBe(orphan.order_code)
        // The cancelled order's intent is cancelled; the parcel gets the order's next code.
        expect(orphan.client_order_code).toMatch(/-1$/)
        expect(fulfillment.data.client_order_code).toBe(orphan.client_order_code.replace(/-1$/, "-2"))
        expect((await sandbox.order(fulfillment.data.order_code)).status).toBe("ready_to_pick")
      })

      it("cancels the GHN order when the fulfilment is cancelled", async () => {
        const order = await placeOrder()
        const fulfillment = await fulfil(order.id)
        await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillment.id}/cancel`, {}, admin)
        expect((await sandbox.order(fulfillment.data.order_code)).status).toBe("cancel")
      })

      it("keeps the fulfilment when GHN has picked the parcel up", async () => {
        const order = await placeOrder()
        const fulfillment = await fulfil(order.id)
        await sandbox.setStatus(fulfillment.data.order_code, "picked")
        const error = await failure(api.post(`/admin/orders/${order.id}/fulfillments/${fulfillment.id}/cancel`, {}, admin))
        expect(error.message).toMatch(/GHN refused to cancel .*"picked"/)
        const { data } = await api.get(`/admin/orders/${order.id}?fields=fulfillments.id,fulfillments.canceled_at`, admin)
        expect(data.order.fulfillments.find((f: any) => f.id === fulfillment.id).canceled_at).toBeNull()
        expect((await sandbox.order(fulfillment.data.order_code)).status).toBe("picked")
      })
    })

    describe("returns and labels", () => {
      it("books a reverse GHN order from the customer to the warehouse when a return is requested", async () => {
        const order = await placeOrder([{ variant_id: store.variants.shirt, quantity: 2 }])
        await fulfil(order.id)
        const { data: full } = await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)
        const begun = (await api.post("/admin/returns", { order_id: order.id, location_id: store.locationId }, admin)).data.return
        await api.post(`/admin/returns/${begun.id}/request-items`, { items: [{ id: full.order.items[0].id, quantity: 1 }] }, admin)
        const withMethod = await api.post(`/admin/returns/${begun.id}/shipping-method`, { shipping_option_id: store.options.returnLight }, admin)
        const method = withMethod.data.order_preview.shipping_methods.find((m: any) => m.shipping_option_id === store.options.returnLight)
        expect(method.amount).toBeGreaterThan(0)
        await api.post(`/admin/returns/${begun.id}/request`, {}, admin)

        const returnFulfillment = await bookedReturnFulfillment(begun.id)
        const code = returnFulfillment.data.order_code
        expect(returnFulfillment.labels[0]).toMatchObject({ tracking_number: code })
        const reverse = await sandbox.order(code)
        expect(reverse).toMatchObject({
          // The return's pickup of the order: its number and R1, read in GHN's app.
          client_order_code: expect.stringMatching(/\d+-R1$/),
          from_name: "Nguyễn Văn An",
          from_ward_name: "Phường Bến Nghé",
          to_name: "Kho Hà Nội",
          to_ward_name: "Phường Phúc Xá",
          weight: 500,
          cod_amount: 0,
        })
        const shipments = (await api.get(`/admin/ghn/orders/${order.id}/shipments`, admin)).data.shipments
        expect(shipments.find((s: any) => s.order_code === code)).toMatchObject({ is_return: true, status: "ready_to_pick" })
      })

      it("books a GHN pickup for a return the customer asks for in the storefront", async () => {
        const order = await placeOrder([{ variant_id: store.variants.shirt, quantity: 2 }])
        await fulfil(order.id)
        const { data: full } = await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)
        const { data } = await api.post(
          "/store/returns",
          { order_id: order.id, items: [{ id: full.order.items[0].id, quantity: 2 }], return_shipping: { option_id: store.options.returnLight }, location_id: store.locationId },
          storeHeaders(store)
        )
        const returnFulfillment = await bookedReturnFulfillment(data.return.id)
        expect(await sandbox.order(returnFulfillment.data.order_code)).toMatchObject({
          // The return's pickup of the order: its number and R1, read in GHN's app.
          client_order_code: expect.stringMatching(/\d+-R1$/),
          from_name: "Nguyễn Văn An",
          to_name: "Kho Hà Nội",
          weight: 1000,
          cod_amount: 0,
          payment_type_id: 1,
        })
      })

      /**
       * An exchange or claim as the admin makes it: one shirt comes back by the GHN return option,
       * `outbound` goes out by the GHN light option. Returns the two methods' prices and the
       * return's fulfilment once its reverse GHN order is booked.
       */
      async function requestOrderChange(kind: "exchange" | "claim", orderId: string, outbound: { variant_id: string; quantity: number }) {
        const { data: full } = await api.get(`/admin/orders/${orderId}?fields=id,*items`, admin)
        const base = `/admin/${kind}s`
        const change = (await api.post(base, { order_id: orderId, ...(kind === "claim" ? { type: "replace" } : {}) }, admin)).data[kind]
        await api.post(`${base}/${change.id}/inbound/items`, { items: [{ id: full.order.items[0].id, quantity: 1 }], location_id: store.locationId }, admin)
        await api.post(`${base}/${change.id}/inbound/shipping-method`, { shipping_option_id: store.options.returnLight }, admin)
        // Adding the new items re-prices both methods (Medusa's refresh of the change's shipping).
        await api.post(`${base}/${change.id}/outbound/items`, { items: [outbound] }, admin)
        const preview = (await api.post(`${base}/${change.id}/outbound/shipping-method`, { shipping_option_id: store.options.light }, admin)).data.order_preview
        const amountOf = (optionId: string) => preview.shipping_methods.find((m: any) => m.shipping_option_id === optionId && m.actions?.length).amount
        const prices = { pickup: amountOf(store.options.returnLight), delivery: amountOf(store.options.light) }
        await api.post(`${base}/${change.id}/request`, {}, admin)
        const { data } = await api.get(`${base}/${change.id}?fields=id,return_id`, admin)
        return { prices, pickup: await bookedReturnFulfillment(data[kind].return_id) }
      }

      it("prices an exchange's GHN pickup and delivery, books the pickup, and collects the difference on the delivery", async () => {
        const order = await placeOrder([{ variant_id: store.variants.shirt, quantity: 2 }])
        await fulfil(order.id)
        const { prices, pickup } = await requestOrderChange("exchange", order.id, { variant_id: store.variants.kettle, quantity: 2 })

        // The pickup carries one shirt from the customer; the delivery carries two kettles to them.
        const pickupFee = (await sandbox.fee({ ...ONE_SHIRT, from: CUSTOMER, to: WAREHOUSE })).total
        const twoKettles = { service_type_id: 2, weight: 2400, length: 25, width: 20, height: 40 }
        const deliveryFee = (await sandbox.fee({ ...twoKettles, from: WAREHOUSE, to: CUSTOMER, insurance_value: 500000 })).total
        expect(prices).toEqual({ pickup: pickupFee, delivery: deliveryFee })
        expect(await sandbox.order(pickup.data.order_code)).toMatchObject({
          client_order_code: expect.stringMatching(/\d+-R1$/),
          from_ward_name: "Phường Bến Nghé",
          to_name: "Kho Hà Nội",
          weight: 500,
          cod_amount: 0,
        })

        // The kettles ship as a GHN order that collects only what the exchange added (a kettle
        // more than the shirt sent back, and both fees): the first parcel collects the order's total.
        const { data: changed } = await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)
        const kettleItem = changed.order.items.find((i: any) => i.variant_id === store.variants.kettle)
        const res = await api.post(
          `/admin/orders/${order.id}/fulfillments?fields=id,*fulfillments`,
          { items: [{ id: kettleItem.id, quantity: 2 }], location_id: store.locationId },
          admin
        )
        const delivery = await sandbox.order(res.data.order.fulfillments.at(-1).data.order_code)
        expect(delivery.items.map((i: any) => i.name)).toEqual(["Ấm đun nước - Mặc định"])
        expect(delivery.cod_amount).toBe(250000 + pickupFee + deliveryFee)
      })

      it("prices a claim's GHN pickup and replacement, and books the pickup when the claim is requested", async () => {
        const order = await placeOrder([{ variant_id: store.variants.shirt, quantity: 2 }])
        await fulfil(order.id)
        const { prices, pickup } = await requestOrderChange("claim", order.id, { variant_id: store.variants.shirt, quantity: 1 })
        expect(prices).toEqual({
          pickup: (await sandbox.fee({ ...ONE_SHIRT, from: CUSTOMER, to: WAREHOUSE })).total,
          delivery: (await sandbox.fee({ ...ONE_SHIRT, from: WAREHOUSE, to: CUSTOMER, insurance_value: 250000 })).total,
        })
        expect(await sandbox.order(pickup.data.order_code)).toMatchObject({
          client_order_code: expect.stringMatching(/\d+-R1$/),
          from_ward_name: "Phường Bến Nghé",
          to_ward_name: "Phường Phúc Xá",
          weight: 500,
          cod_amount: 0,
        })
      })

      it("opens a label in each paper size with a fresh print token", async () => {
        const order = await placeOrder()
        const fulfillment = await fulfil(order.id)
        const code = fulfillment.data.order_code
        for (const size of ["A5", "80x80", "52x70"]) {
          const res = await rawApi.get(`/admin/ghn/labels/${code}?size=${size}`, { ...admin, maxRedirects: 0, validateStatus: () => true })
          expect(res.status).toBe(302)
          const page = String(res.headers.location)
          expect(page).toContain(`/a5/public-api/print${size === "A5" ? "A5" : size}?token=`)
          const html = await (await fetch(page)).text()
          expect(html).toContain(code)
        }
        const bad = await failure(api.get(`/admin/ghn/labels/${code}?size=A4`, admin))
        expect(bad.status).toBe(400)
        expect(bad.message).toContain("size")
      })

      it("prints no label for a parcel GHN cancelled, and asks GHN nothing", async () => {
        const order = await placeOrder()
        const fulfillment = await fulfil(order.id)
        const code = fulfillment.data.order_code
        await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillment.id}/cancel`, {}, admin)
        await api.post(`/admin/ghn/shipments/${code}/refresh`, {}, admin)
        const tokens = await sandbox.requestCount("/shiip/public-api/v2/a5/gen-token")
        const refused = await failure(api.post("/admin/ghn/labels", { order_codes: [code] }, admin))
        expect(refused.status).toBe(400)
        expect(refused.message).toMatch(new RegExp(`order_codes: GHN cancelled ${code}: a cancelled parcel has no label to print; nothing was sent to GHN`))
        expect(await sandbox.requestCount("/shiip/public-api/v2/a5/gen-token")).toBe(tokens)
      })
    })

    describe("storefront routes", () => {
      it("lists GHN's address units for address forms, in both models", async () => {
        const provinces = (await api.get("/store/ghn/provinces", storeHeaders(store))).data.provinces
        const hanoi = provinces.find((p: any) => p.name === "Hà Nội")
        expect(hanoi).toBeTruthy()
        const districts = (await api.get(`/store/ghn/districts?province_id=${hanoi.id}`, storeHeaders(store))).data.districts
        const baDinh = districts.find((d: any) => d.name === "Quận Ba Đình")
        const wards = (await api.get(`/store/ghn/wards?district_id=${baDinh.id}`, storeHeaders(store))).data.wards
        expect(wards.map((w: any) => w.name)).toContain("Phường Phúc Xá")
        const newProvinces = (await api.get("/store/ghn/new-provinces", storeHeaders(store))).data.provinces
        expect(newProvinces.length).toBe(34)
        const hcm = newProvinces.find((p: any) => p.name === "Thành phố Hồ Chí Minh")
        const newWards = (await api.get(`/store/ghn/new-wards?province_id=${hcm.id}`, storeHeaders(store))).data.wards
        expect(newWards.map((w: any) => w.name)).toContain("Phường Bến Thành")
        const bad = await failure(api.get("/store/ghn/districts?province_id=abc", storeHeaders(store)))
        expect(bad.status).toBe(400)
        expect(bad.message).toContain("province_id")
      })

      it("quotes and ships to new-model addresses (ward and province, no district)", async () => {
        // Sài Gòn has no old ward of its name; Ba Đình is also the name of an old district.
        for (const [ward, province] of [
          ["Phường Sài Gòn", "Thành phố Hồ Chí Minh"],
          ["Phường Ba Đình", "Thành phố Hà Nội"],
          ["Phường Bến Thành", "Thành phố Hồ Chí Minh"],
        ]) {
          const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], {
            ...CUSTOMER_ADDRESS,
            address_2: ward,
            city: "",
            province,
          })
          const option = await quote(api, store, cart.id, store.options.light)
          expect(option.amount).toBeGreaterThan(0)
        }
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], {
          ...CUSTOMER_ADDRESS,
          address_2: "Phường Sài Gòn",
          city: "",
          province: "Thành phố Hồ Chí Minh",
        })
        const order = await checkout(api, store, cart.id, store.options.light)
        const fulfillment = await fulfil(order.id)
        expect(await sandbox.order(fulfillment.data.order_code)).toMatchObject({
          is_new_to_address: true,
          to_ward_name: "Phường Sài Gòn",
          to_district_name: "",
          to_province_name: "Thành phố Hồ Chí Minh",
        })
      })

      it("estimates GHN's delivery time for a cart and option", async () => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
        const { data } = await api.post("/store/ghn/leadtime", { cart_id: cart.id, option_id: store.options.light }, storeHeaders(store))
        expect(new Date(data.leadtime.expected_at).getTime()).toBeGreaterThan(Date.now())
        expect(data.leadtime.from_estimate_date).toBeTruthy()
        const bad = await failure(api.post("/store/ghn/leadtime", { cart_id: cart.id, option_id: store.options.flat }, storeHeaders(store)))
        expect(bad.status).toBe(400)
        expect(bad.message).toContain("is not a GHN option")
      })
    })
  },
})

