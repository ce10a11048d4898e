/**
 * A receiver's history with the store's COD parcels, through Medusa's HTTP API: kept as parcels
 * reach their end (GHN's callbacks from the sandbox over HTTP), shown on the order's GHN panel,
 * the `codRisk` option refusing cash on delivery at checkout and allowing it once an admin trusts
 * the receiver, exported as CSV and forgotten.
 */
// This file's store runs with the codRisk option: 2 COD parcels back within 180 days.
process.env.GHN_COD_RISK = "2"

import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { GHN_MODULE } from "../../src/modules/ghn"
import { checkout, createCart, CUSTOMER_ADDRESS, failure, fulfilOrder, storeHeaders } from "../helpers/store"
import { waitFor } from "../helpers/wait"


medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    /** A COD order of the receiver (the phone written as a shopper might), fulfilled with GHN. */
    async function codParcel(phone = CUSTOMER_ADDRESS.phone) {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], { ...CUSTOMER_ADDRESS, phone })
      const order = await checkout(api, store, cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      return { orderId: order.id as string, code: fulfillment.data.order_code as string }
    }

    const receiverOf = async (orderId: string) => (await api.get(`/admin/ghn/orders/${orderId}/shipments`, admin)).data.receiver

    /** A COD cart of the receiver (no phone when none is given) with GHN light goods, ready to complete. */
    async function codCartReady(phone: string | undefined, locale?: "vi" | "en") {
      const { phone: _written, ...address } = CUSTOMER_ADDRESS
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], phone === undefined ? address : { ...address, phone })
      const headers = { headers: { ...storeHeaders(store).headers, ...(locale ? { "x-medusa-locale": locale } : {}) } }
      await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: store.options.light, data: {} }, headers)
      const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, headers)).data.payment_collection
      await api.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, headers)
      const complete = () => rawApi.post(`/store/carts/${cart.id}/complete`, {}, { ...headers, validateStatus: () => true })
      return { cartId: cart.id, headers, complete }
    }

    /** Completes a COD cart of the receiver: the answer as the storefront gets it. */
    async function completeCodCart(phone: string | undefined, locale?: "vi" | "en") {
      return await (await codCartReady(phone, locale)).complete()
    }

    it("keeps the receiver's COD history, refuses COD at checkout past codRisk, allows it once trusted, exports and forgets it", async () => {
      const refused = await codParcel("+84 912 345 678")
      const returned = await codParcel("0912.345.678")
      const delivered = await codParcel()
      const failing = await codParcel()
      await sandbox.move(refused.code, "picked", "delivering", "delivery_fail:GHN-DFC1A4", "return", "returning", "returned")
      await sandbox.move(returned.code, "picked", "delivering", "delivery_fail", "delivering", "delivery_fail", "return", "returning", "returned")
      await sandbox.move(delivered.code, "picked", "delivering", "delivered")

      // One receiver, whichever way the phone was written; counted as each parcel ended.
      await waitFor(async () => {
        const r = await receiverOf(delivered.orderId)
        return r && r.delivered + r.returned + r.refused === 3
      }, 60_000)
      expect(await receiverOf(refused.orderId)).toEqual({
        phone: "0912345678",
        delivered: 1,
        returned: 1,
        refused: 1,
        failed_attempts: 3,
        recent_returns: 2,
        trusted: false,
        days: 180,
      })
      // The queue's rows carry it too (the returned parcels left the queue; a new failure enters it).
      await sandbox.move(failing.code, "picked", "delivering", "delivery_fail")
      await waitFor(async () => (await api.get("/admin/ghn/needs-action", admin)).data.parcels.some((p: any) => p.order_code === failing.code))
      const row = (await api.get("/admin/ghn/needs-action", admin)).data.parcels.find((p: any) => p.order_code === failing.code)
      expect(row.needs.receiver).toEqual(expect.objectContaining({ phone: "0912345678", returned: 1, refused: 1 }))

      // codRisk (2 back in 180 days): cash on delivery refused at checkout, saying to pay in advance.
      const denied = await completeCodCart("0912345678", "en")
      expect(denied.status).toBe(400)
      expect(denied.data.code).toBe("cod_not_offered")
      expect(denied.data.message).toMatch(/cash on delivery is not offered to this receiver: 2 of their COD parcels came back in the last 180 days.*pay in advance/)
      const deniedVi = await completeCodCart("0912345678", "vi")
      expect(deniedVi.data).toEqual(expect.objectContaining({ code: "cod_not_offered", params: { returned: 2, days: 180 } }))
      expect(deniedVi.data.message).toMatch(/2 đơn COD bị hoàn trong 180 ngày qua\). Vui lòng thanh toán trước/)
      // The one phone rule: however the shopper writes the receiver's phone, codRisk sees the same receiver.
      for (const written of ["+84 0912 345 678", "0084 912 345 678", "tel:+84912345678", "０９１２３４５６７８", "0912345678 (chị Lan)", "0912345678 / 0901111222", "0912.345.678, 0901111222"]) {
        const answer = await completeCodCart(written, "en")
        expect([written, answer.status, answer.data.code]).toEqual([written, 400, "cod_not_offered"])
      }
      // Another receiver pays on delivery as before.
      expect((await completeCodCart("0901111222")).data.type).toBe("order")

      // An admin changes a placed COD order's phone to this receiver's (written another way): codRisk
      // runs again for its parcel GHN has not picked up, which records the refusal.
      const changed = await codParcel("0901111222")
      const parcelOf = async () => (await api.get(`/admin/ghn/orders/${changed.orderId}/shipments`, admin)).data.shipments.find((s: any) => s.order_code === changed.code)
      expect((await parcelOf()).cod_risk).toBeNull()
      await api.post(`/admin/orders/${changed.orderId}`, { shipping_address: { phone: "+84 0912 345 678" } }, admin)
      await waitFor(async () => (await parcelOf()).cod_risk?.refused === true)
      expect((await parcelOf()).cod_risk).toEqual(expect.objectContaining({ phone: "0912345678", refused: true, recent_returns: 2, days: 180, max_returned: 2 }))

      // The plugin's own Update Order route: a new receiver phone re-runs codRisk for that parcel.
      const updated = await codParcel("0901111222")
      const answered = (await api.post(`/admin/ghn/shipments/${updated.code}`, { to_phone: "0912.345.678" }, admin)).data.shipment
      expect(answered.cod_risk).toEqual(expect.objectContaining({ phone: "0912345678", refused: true, recent_returns: 2, days: 180, max_returned: 2 }))
      // ... and the order's GHN panel reads it (its warning shows when `refused`).
      const panel = (await api.get(`/admin/ghn/orders/${updated.orderId}/shipments`, admin)).data.shipments
      expect(panel.find((s: any) => s.order_code === updated.code).cod_risk).toEqual(answered.cod_risk)

      // An order placed before the phone rule, with a phone GHN refuses at fulfilment (codRisk never
      // ran on it); the admin corrects the phone to this receiver's: the COD fulfilment is refused
      // before any GHN call, leaving no intent nor shipment behind.
      const older = await checkout(api, store, (await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], { ...CUSTOMER_ADDRESS, phone: "0901111222" })).id, store.options.light)
      await api.post(`/admin/orders/${older.id}`, { shipping_address: { phone: "0612345678" } }, admin)
      expect((await failure(fulfilOrder(api, admin, store, older.id))).message).toMatch(/PHONE_INVALID/)
      await api.post(`/admin/orders/${older.id}`, { shipping_address: { phone: "+84 0912 345 678" } }, admin)
      const ghn = getContainer().resolve<any>(GHN_MODULE)
      const intentsBefore = (await ghn.listGhnCreateIntents({ order_id: older.id })).length
      const createsBefore = await sandbox.requestCount("/shiip/public-api/v2/shipping-order/create")
      const risky = await failure(fulfilOrder(api, admin, store, older.id))
      expect(risky.status).toBe(400)
      expect(risky.message).toMatch(/cash on delivery is not offered to receiver 0912345678: 2 of their COD parcels were refused or returned in the last 180 days \(option codRisk: 2\)\. Trust the receiver .* or ship it prepaid .*nothing was sent to GHN/)
      expect(await sandbox.requestCount("/shiip/public-api/v2/shipping-order/create")).toBe(createsBefore)
      expect((await ghn.listGhnCreateIntents({ order_id: older.id })).length).toBe(intentsBefore)
      expect((await api.get(`/admin/ghn/orders/${older.id}/shipments`, admin)).data.shipments).toEqual([])

      // An admin trusts the receiver: COD is offered again, and the held fulfilment ships with its COD.
      const trusted = (await api.post(`/admin/ghn/receivers/${encodeURIComponent("+84912345678")}/trust`, { trusted: true }, admin)).data.receiver
      expect(trusted).toEqual(expect.objectContaining({ phone: "0912345678", trusted: true }))
      expect((await completeCodCart("0912 345 678")).data.type).toBe("order")
      const shipped = await fulfilOrder(api, admin, store, older.id)
      expect(shipped.data.cod_amount).toBeGreaterThan(0)
      expect((await sandbox.order(shipped.data.order_code)).to_phone).toBe("0912345678")

      // The history as CSV: one line per parcel.
      const csv = await api.get("/admin/ghn/receivers/0912345678/outcomes", admin)
      expect(csv.headers["content-type"]).toMatch(/text\/csv/)
      const lines = String(csv.data).replace(/^\uFEFF/, "").trim().split(/\r\n/)
      expect(lines[0]).toBe("phone,order_code,order_id,outcome,cod_amount,failed_attempts,at")
      expect(lines.slice(1).map((l) => l.split(",").slice(1, 2).concat(l.split(",")[3])).sort()).toEqual(
        [
          [refused.code, "refused"],
          [returned.code, "returned"],
          [delivered.code, "delivered"],
        ].sort()
      )

      // Forgotten: the outcomes and the trust.
      const cleared = (await api.delete("/admin/ghn/receivers/0912345678", admin)).data
      expect(cleared).toEqual({ phone: "0912345678", deleted: true, outcomes: 3, trusted: true })
      expect(await receiverOf(refused.orderId)).toEqual(expect.objectContaining({ delivered: 0, returned: 0, refused: 0, trusted: false }))
    })

    it("refuses a phone that is not Vietnamese at checkout for a GHN option, with a coded error in the shopper's language", async () => {
      for (const [phone, locale, message] of [
        ["+1 415 555 0100", "en", /shipping_address\.phone: "\+1 415 555 0100" is not a phone GHN delivers to: it must be a Vietnamese mobile/],
        ["0612345678", "vi", /Số điện thoại "0612345678" không phải số di động hoặc số cố định Việt Nam/],
      ] as const) {
        const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }], { ...CUSTOMER_ADDRESS, phone })
        const headers = { headers: { ...storeHeaders(store).headers, "x-medusa-locale": locale } }
        const answer = await rawApi.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: store.options.light, data: {} }, { ...headers, validateStatus: () => true })
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual(expect.objectContaining({ code: "phone_not_vietnamese", params: { phone } }))
        expect(answer.data.message).toMatch(message)
        const after = (await api.get(`/store/carts/${cart.id}`, storeHeaders(store))).data.cart
        expect(after.shipping_methods).toEqual([])
      }
    })

    it("refuses a GHN cart with no phone when it is completed (GHN needs to_phone), not while the address is still being written", async () => {
      for (const [locale, message] of [
        ["en", /shipping_address\.phone is required: GHN delivers only with the receiver's phone/],
        ["vi", /Vui lòng nhập số điện thoại người nhận/],
      ] as const) {
        // Choosing the GHN method is allowed without a phone (codCartReady adds it): the storefront may ask for it later.
        const cart = await codCartReady(undefined, locale)
        const answer = await cart.complete()
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual(expect.objectContaining({ code: "phone_missing", params: {} }))
        expect(answer.data.message).toMatch(message)
        // With the phone written, the same cart completes.
        await api.post(`/store/carts/${cart.cartId}`, { shipping_address: { ...CUSTOMER_ADDRESS, phone: "0901111222" } }, cart.headers)
        expect((await cart.complete()).data.type).toBe("order")
      }
    })

    it("refuses a phone that is not one, and a trust that is not true or false, changing nothing", async () => {
      const bad = await failure(api.get("/admin/ghn/receivers/abc", admin))
      expect(bad.status).toBe(400)
      expect(bad.message).toMatch(/phone: "abc" is not a Vietnamese phone number/)
      const trust = await failure(api.post("/admin/ghn/receivers/0912345678/trust", { trusted: "yes" }, admin))
      expect(trust.status).toBe(400)
      expect(trust.message).toMatch(/trusted/)
      expect((await api.get("/admin/ghn/receivers/0912345678", admin)).data.receiver.trusted).toBe(false)
    })
  },
})
