/**
 * Bad input, as an attacker, a broken client or a strict GHN would send it: each row is one class
 * of input, with the status and message a user sees, and a check that nothing changed (no stored
 * callback, the shipment as it was). The next bad input found goes here, as a row.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { freshGhnStore } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, failure, fulfilOrder, type SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"

jest.setTimeout(300_000)

const SECRET = "dev-webhook-secret-change-me"
const HEADER = "x-ghn-webhook-secret"

type CallbackRow = [what: string, change: (code: string) => Record<string, unknown>, status: number, message: RegExp]

/** Callbacks: refused before they are stored, so none can be acknowledged and then fail to apply. */
const CALLBACKS: CallbackRow[] = [
  ["a time in the future (would freeze the shipment)", () => ({ Time: "2099-01-01T00:00:00Z" }), 400, /Time: must not be in the future/],
  ["a time of year +275760", () => ({ Time: "+275760-09-13T00:00:00.000Z" }), 400, /Time: must not be in the future/],
  ["no date at all", () => ({ Time: "not a date" }), 400, /Time: Time must be an ISO 8601 date/],
  ["a fee out of PostgreSQL's integer range", () => ({ TotalFee: 3_000_000_000 }), 400, /TotalFee: must be at most 100000000/],
  ["a COD that is not a number (would wipe the stored COD)", () => ({ Type: "update_cod", CODAmount: "abc" }), 400, /CODAmount: must be a number/],
  ["a COD over GHN's 50,000,000 VND", () => ({ Type: "update_cod", CODAmount: 60_000_000 }), 400, /CODAmount: must be at most 50000000/],
  ["a negative weight", () => ({ Type: "update_weight", Weight: -1 }), 400, /Weight: must be 0 or more/],
  ["a NUL character in Reason", () => ({ Reason: "giao tr\u0000" }), 400, /must not contain a NUL character/],
  ["a 60,000-character order code", () => ({ OrderCode: "G".repeat(60_000) }), 400, /OrderCode: must be at most 32 characters/],
  ["an order code with a path in it", () => ({ OrderCode: "../../etc" }), 400, /OrderCode: must be letters, digits/],
  ["a 6,000-character reason", () => ({ Reason: "x".repeat(6000) }), 400, /Reason: must be at most 5000 characters/],
  ["no order code", () => ({ OrderCode: undefined }), 400, /OrderCode/],
  ["no type", () => ({ Type: undefined }), 400, /Type/],
]

type RouteRow = [what: string, method: "GET" | "POST", path: (code: string) => string, body: unknown, status: number, message: RegExp]

/** Admin routes (signed in): a 4xx naming the field and the limit, GHN never asked. */
const ADMIN: RouteRow[] = [
  ["a label in an unknown paper size", "GET", (c) => `/admin/ghn/labels/${c}?size=A4`, undefined, 400, /Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'A4'/],
  ["labels for no order code", "POST", () => "/admin/ghn/labels", { order_codes: [], size: "A5" }, 400, /field 'order_codes' too small, expected at least: '1'/],
  ["labels for 10,001 order codes", "POST", () => "/admin/ghn/labels", { order_codes: Array.from({ length: 10_001 }, (_, i) => `G${i}`) }, 400, /field 'order_codes' too big, expected at most: '10000'/],
  ["an empty order code to re-deliver", "POST", () => "/admin/ghn/redeliver", { order_codes: [" "] }, 400, /field 'order_codes, 0' too small, expected at least: '1'/],
  ["a return of no order", "POST", () => "/admin/ghn/return", { order_codes: [] }, 400, /field 'order_codes' too small, expected at least: '1'/],
  ["a negative COD", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_amount: -1 }, 400, /field 'cod_amount' too small, expected at least: '0'/],
  ["a COD over GHN's 50,000,000 VND", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_amount: 50_000_001 }, 400, /field 'cod_amount' too big, expected at most: '50000000'/],
  ["a COD in fractions of a dong", "POST", (c) => `/admin/ghn/shipments/${c}`, { cod_amount: 1000.5 }, 400, /Expected type: 'int' for field 'cod_amount', got: '1000.5'/],
  ["an unknown required note", "POST", (c) => `/admin/ghn/shipments/${c}`, { required_note: "XEM" }, 400, /Expected: 'KHONGCHOXEMHANG, CHOXEMHANGKHONGTHU, CHOTHUHANG' for field 'required_note'/],
  ["a phone that is not one", "POST", (c) => `/admin/ghn/shipments/${c}`, { to_phone: "abc" }, 400, /to_phone must be a phone number of 9 to 12 digits/],
  ["a 5,001-character note", "POST", (c) => `/admin/ghn/shipments/${c}`, { note: "x".repeat(5001) }, 400, /field 'note' too big, expected at most: '5000'/],
  ["a field GHN's update does not take", "POST", (c) => `/admin/ghn/shipments/${c}`, { weight: 10 }, 400, /weight/],
  ["nothing to change", "POST", (c) => `/admin/ghn/shipments/${c}`, { otp: "123456" }, 400, /nothing to change/],
  ["an order code the store does not have", "GET", () => "/admin/ghn/shipments/NOPE999", undefined, 404, /No GHN shipment has order code NOPE999/],
  ["a shipments page of 201", "GET", () => "/admin/ghn/shipments?limit=201", undefined, 400, /limit/],
  ["a connection check of an unknown provider", "GET", () => "/admin/ghn/settings/connection?provider_id=ghn_nope", undefined, 404, /provider_id: ghn_nope is not a GHN provider of this store/],
]

/** Store routes (publishable key): a 4xx naming the field. */
const STORE: RouteRow[] = [
  ["districts of a province that is not a number", "GET", () => "/store/ghn/districts?province_id=abc", undefined, 400, /field 'province_id', got: 'abc'/],
  ["wards of district 0 (the limit named is the one refused: at least 1)", "GET", () => "/store/ghn/wards?district_id=0", undefined, 400, /field 'district_id' too small, expected at least: '1'/],
  ["new-model wards without a province", "GET", () => "/store/ghn/new-wards", undefined, 400, /province_id/],
  ["a lead time without a cart", "POST", () => "/store/ghn/leadtime", { option_id: "so_1" }, 400, /cart_id/],
  ["a lead time for an unknown cart", "POST", () => "/store/ghn/leadtime", { cart_id: "cart_nope", option_id: "so_1" }, 404, /Cart cart_nope was not found/],
]

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    const post = (body: unknown, headers: Record<string, string> = { [HEADER]: SECRET }) => api.post("/hooks/ghn", body, { headers })
    let code: string
    let orderId: string
    let admin: { headers: Record<string, string> }
    let store: SeededStore

    beforeAll(async () => {
      const fresh = await freshGhnStore(api, getContainer())
      admin = fresh.admin
      store = fresh.store
      const cart = await createCart(api, fresh.store, [{ variant_id: fresh.store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, fresh.store, cart.id, fresh.store.options.light)
      orderId = order.id
      code = (await fulfilOrder(api, admin, fresh.store, order.id)).data.order_code
    })

    const ghn = () => getContainer().resolve("ghn") as any
    const snapshot = async () => {
      const [shipment] = await ghn().listGhnShipments({ order_code: code })
      const events = await ghn().listGhnWebhookEvents({})
      return { events: events.length, shipment: { status: shipment.status, status_at: shipment.status_at, cod_amount: shipment.cod_amount, total_fee: shipment.total_fee, weight: shipment.weight } }
    }

    describe("admin routes", () => {
      it.each(ADMIN)("refuses %s", async (_, method, path, body, status, message) => {
        const before = await snapshot()
        const calls = await sandbox.requestCount("/shiip/public-api/v2/shipping-order/update")
        const answer = method === "GET" ? await rawApi.get(path(code), { ...admin, validateStatus: () => true }) : await rawApi.post(path(code), body, { ...admin, validateStatus: () => true })
        expect(answer.status).toBe(status)
        expect(String(answer.data?.message)).toMatch(message)
        expect(await snapshot()).toEqual(before)
        expect(await sandbox.requestCount("/shiip/public-api/v2/shipping-order/update")).toBe(calls)
      })
    })

    describe("store routes", () => {
      it.each(STORE)("refuses %s", async (_, method, path, body, status, message) => {
        const headers = { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true }
        const answer = method === "GET" ? await rawApi.get(path(code), headers) : await rawApi.post(path(code), body, headers)
        expect(answer.status).toBe(status)
        expect(String(answer.data?.message)).toMatch(message)
      })
    })

    describe("checkout", () => {
      it("refuses a cash-on-delivery cart over GHN's 50,000,000 VND COD limit when it is completed, naming the limit", async () => {
        const cart = await createCart(api, store, [{ variant_id: store.variants.watch, quantity: 2 }])
        const headers = { headers: { "x-publishable-api-key": store.publishableKey } }
        await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: store.options.light, data: {} }, headers)
        const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, headers)).data.payment_collection
        await api.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, headers)
        const answer = await rawApi.post(`/store/carts/${cart.id}/complete`, {}, { ...headers, validateStatus: () => true })
        expect(JSON.stringify(answer.data)).toMatch(/GHN collects at most 50,000,000 VND cash on delivery per order, and this cart owes 6\d,\d{3},\d{3} VND/)
        expect(answer.data.type).not.toBe("order")
        const { data } = await api.get(`/store/carts/${cart.id}`, headers)
        expect(data.cart.completed_at ?? null).toBeNull()
      })
    })

    describe("GHN callbacks (POST /hooks/ghn)", () => {
      it.each(CALLBACKS)("refuses %s, storing nothing", async (_, change, status, message) => {
        const before = await snapshot()
        const body = { OrderCode: code, Type: "switch_status", Status: "picked", Time: new Date(Date.now() - 1000).toISOString(), ShopID: 190001, ...change(code) }
        const refused = await failure(post(body))
        expect(refused.status).toBe(status)
        expect(refused.message).toMatch(message)
        expect(await snapshot()).toEqual(before)
      })

      it("refuses a missing or wrong secret, storing nothing", async () => {
        const before = await snapshot()
        const body = { OrderCode: code, Type: "switch_status", Status: "picked", Time: new Date().toISOString() }
        expect((await failure(post(body, {}))).status).toBe(401)
        expect((await failure(post(body, { [HEADER]: "wrong" }))).status).toBe(401)
        expect(await snapshot()).toEqual(before)
      })

      it("answers GHN being down at checkout with a 503 a shopper can read, never a 500 or GHN's host", async () => {
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/*", failure_rate: 1, failure_status: 503 }])
        try {
          const cart = await createCart(api, store, [{ variant_id: store.variants.kettle, quantity: 3 }])
          const refused = await rawApi
            .post(`/store/shipping-options/${store.options.light}/calculate`, { cart_id: cart.id, data: {} }, { headers: { "x-publishable-api-key": store.publishableKey, "accept-language": "en" }, validateStatus: () => true })
          expect(refused.status).toBe(503)
          expect(refused.data).toMatchObject({ code: "ghn_unavailable", message: expect.stringMatching(/try again/) })
          expect(JSON.stringify(refused.data)).not.toMatch(/127\.0\.0\.1|http:|sandbox-owner-token/)
        } finally {
          await sandbox.faults([])
        }
      })

      it("bounds a checkout quote by one deadline when GHN never answers", async () => {
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/*", timeout: true }])
        try {
          const cart = await createCart(api, store, [{ variant_id: store.variants.kettle, quantity: 4 }])
          const started = Date.now()
          const refused = await rawApi
            .post(`/store/shipping-options/${store.options.light}/calculate`, { cart_id: cart.id, data: {} }, { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true })
          expect(refused.status).toBe(503)
          // quoteTimeoutMs (8 s by default), not the client's 10 s timeout times 3 tries.
          expect(Date.now() - started).toBeLessThan(15_000)
        } finally {
          await sandbox.faults([])
        }
      })

      it("tells the admin to check the connection when GHN refuses the token, with a 502 that keeps the session", async () => {
        await sandbox.faults([{ path: "/shiip/public-api/v2/shipping-order/detail", failure_rate: 1, failure_status: 401, count: 3 }])
        try {
          const refused = await rawApi.post(`/admin/ghn/shipments/${code}/refresh`, {}, { ...admin, validateStatus: () => true })
          expect(refused.status).toBe(502)
          expect(refused.data).toMatchObject({ type: "ghn_connection", code: "GHN_401", message: expect.stringMatching(/Check the GHN connection/) })
          expect(JSON.stringify(refused.data)).not.toMatch(/127\.0\.0\.1|http:|sandbox-owner-token/)
          // Still signed in.
          expect((await api.get("/admin/ghn/settings", admin)).status).toBe(200)
        } finally {
          await sandbox.faults([])
        }
      })

      it("never lets a callback hold a shipment back: the admin's refresh (GHN's Order Info) wins", async () => {
        // A callback dated as late as the clock allows, then GHN moves on.
        await post({ OrderCode: code, Type: "switch_status", Status: "picking", Time: new Date(Date.now() + 4 * 60_000).toISOString(), ShopID: 190001 })
        await waitFor(async () => (await ghn().listGhnShipments({ order_code: code }))[0].status === "picking")
        await sandbox.setStatus(code, "delivering")
        const { data } = await api.post(`/admin/ghn/shipments/${code}/refresh`, {}, admin)
        expect(data.shipment.status).toBe("delivering")
        void orderId
      })
    })
  },
})
