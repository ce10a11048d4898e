/**
 * Order tracking for the shopper through Medusa's store API: a logged-in customer's own order, a
 * guest with the order's email and number, and nobody else's; statuses in the shopper's language,
 * the expected delivery, the cash to prepare and GHN's tracking link (less of it for a guest);
 * bad input refused with the field named; guessing limited per address (IPv6 by /64,
 * X-Forwarded-For only through a trusted proxy), counted before the lookup, failing closed, and
 * slowed per email and per order number without ever locking out the right pair or the signed
 * link of the shopper's notification; only the publishable key's sales channels.
 */
import * as http from "node:http"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { checkout, CUSTOMER_ADDRESS, fulfilOrder, movedTo, storeHeaders } from "../helpers/store"
import { useGhnOptions } from "../helpers/options"
import { waitFor } from "../helpers/wait"


// Read when the runner loads medusa-config.ts: the store sits behind one trusted proxy at
// 127.0.0.1 (requests from other loopback addresses, 127.0.0.2 ..., are direct clients), and the
// counts live in Medusa's caching module (its in-memory provider), under its locking module.
// The guessing limit's window is ten years: counted in clock-aligned windows, a test that ran across
// the end of a 10-minute one would see its counts start again.
useGhnOptions({
  trustedProxies: ["127.0.0.1/32"],
  orderTrackingUrl: "https://shop.example.vn/vi/theo-doi",
  guestTrackingLimit: { attempts: 10, windowSeconds: 315_360_000 },
})
process.env.CACHING_MODULE = "memory"

/** A request's config from a loopback address of its own (a client of its own to the store), optionally through the trusted proxy's X-Forwarded-For. */
function from(localAddress: string, headers: Record<string, string>) {
  return { headers, httpAgent: new http.Agent({ localAddress, keepAlive: false }) }
}

/** A refused request's answer, whole: status, body and headers. */
async function refused(promise: Promise<unknown>): Promise<{ status: number; data: any; headers: Record<string, string> }> {
  try {
    await promise
  } catch (error: any) {
    if (!error.response) throw error
    return { status: error.response.status, data: error.response.data, headers: error.response.headers }
  }
  throw new Error("expected the request to be refused")
}

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer, { calledBack: true })

    /** A customer account, logged in: their token. */
    async function customer(email: string) {
      const registered = (await api.post("/auth/customer/emailpass/register", { email, password: "mat-khau-123" })).data.token
      await api.post("/store/customers", { email, first_name: "An", last_name: "Nguyễn" }, { headers: { ...storeHeaders(store).headers, authorization: `Bearer ${registered}` } })
      return (await api.post("/auth/customer/emailpass", { email, password: "mat-khau-123" })).data.token as string
    }

    /** An order placed (by a logged-in customer when a token is given) and fulfilled with GHN. */
    async function placed(email: string, token?: string) {
      const headers = { ...storeHeaders(store).headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }
      const { data } = await api.post(
        "/store/carts",
        { region_id: store.regionId, email, shipping_address: CUSTOMER_ADDRESS, billing_address: CUSTOMER_ADDRESS, items: [{ variant_id: store.variants.shirt, quantity: 1 }] },
        { headers }
      )
      const order = await checkout(api, store, data.cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      const { data: o } = await api.get(`/admin/orders/${order.id}?fields=id,display_id`, admin)
      return { id: order.id as string, number: Number(o.order.display_id), code: fulfillment.data.order_code as string, cod: Number(fulfillment.data.cod_amount) }
    }

    const moved = (code: string, status: string) => movedTo(api, admin, code, status)

    it("shows a customer their own order's parcel moving, in their language, and nobody else's", async () => {
      const an = await customer("an.tracking@example.vn")
      const binh = await customer("binh.tracking@example.vn")
      const order = await placed("an.tracking@example.vn", an)
      const as = (token: string, language = "vi") => ({ headers: { ...storeHeaders(store).headers, authorization: `Bearer ${token}`, "accept-language": language } })

      let { data } = await api.get(`/store/ghn/orders/${order.id}/tracking`, as(an))
      expect(data.locale).toBe("vi")
      expect(data.order).toEqual({ display_id: order.number })
      expect(data.parcels).toHaveLength(1)
      expect(data.parcels[0]).toEqual(
        expect.objectContaining({ order_code: order.code, step: "awaiting_pickup", label: "Chờ lấy hàng", cod_amount: order.cod, tracking_url: expect.stringContaining(order.code) })
      )

      await moved(order.code, "picked")
      await moved(order.code, "delivering")
      ;({ data } = await api.get(`/store/ghn/orders/${order.id}/tracking`, as(an, "en-US,en;q=0.9")))
      expect(data.locale).toBe("en")
      const parcel = data.parcels[0]
      expect(parcel).toEqual(expect.objectContaining({ step: "out_for_delivery", label: "Out for delivery", cod_amount: order.cod }))
      expect(parcel.timeline.map((t: any) => t.label)).toEqual(["Waiting for pickup", "Picked up", "Out for delivery"])
      // ?locale= wins over the headers.
      expect((await api.get(`/store/ghn/orders/${order.id}/tracking?locale=vi-VN`, as(an, "en"))).data.parcels[0].label).toBe("Đang giao hàng")

      await moved(order.code, "delivered")
      ;({ data } = await api.get(`/store/ghn/orders/${order.id}/tracking`, as(an)))
      expect(data.parcels[0]).toEqual(expect.objectContaining({ step: "delivered", label: "Đã giao hàng", cod_amount: 0 }))

      // Another customer, and nobody: the order is not theirs to see, and its existence is not told.
      const stranger = await refused(api.get(`/store/ghn/orders/${order.id}/tracking`, as(binh)))
      const unknown = await refused(api.get(`/store/ghn/orders/order_01NOTANORDER/tracking`, as(binh)))
      expect([stranger.status, unknown.status]).toEqual([404, 404])
      expect(stranger.data.message).toBe(unknown.data.message)
      expect((await refused(api.get(`/store/ghn/orders/${order.id}/tracking`, storeHeaders(store)))).status).toBe(401)
      // A malformed locale names the field.
      const bad = await refused(api.get(`/store/ghn/orders/${order.id}/tracking?locale=${"x".repeat(40)}`, as(an)))
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("locale")
    })

    it("shows a guest the order given its email and number, refuses a wrong pair alike, and slows down guessing", async () => {
      const order = await placed("khach.tracking@example.vn")
      const lookup = (body: Record<string, unknown>, query = "") => api.post(`/store/ghn/tracking${query}`, body, storeHeaders(store))

      const { data } = await lookup({ email: "  Khach.Tracking@Example.vn ", order_number: order.number })
      expect(data.order).toEqual({ display_id: order.number })
      expect(data.locale).toBe("en")
      // A guest is shown where the parcel is, not the cash to hand over nor the hour (fake couriers).
      expect(order.cod).toBeGreaterThan(0)
      expect(data.parcels[0]).toEqual(expect.objectContaining({ order_code: order.code, label: "Waiting for pickup", cod_amount: null, reason: null }))
      expect(data.parcels[0].expected_delivery === null || /T17:00:00\.000Z$/.test(data.parcels[0].expected_delivery)).toBe(true)
      expect(JSON.stringify(data)).not.toContain(order.id)

      // A wrong email and an unknown number: the same answer, nothing about the order.
      const wrongEmail = await refused(lookup({ email: "someone@example.vn", order_number: order.number }))
      const unknownNumber = await refused(lookup({ email: "khach.tracking@example.vn", order_number: order.number + 1000 }))
      expect([wrongEmail.status, unknownNumber.status]).toEqual([404, 404])
      expect(wrongEmail.data).toEqual(unknownNumber.data)
      expect(JSON.stringify(wrongEmail.data)).not.toContain(order.code)

      // Bad input: the field and its limit named.
      const cases: [Record<string, unknown>, string, string][] = [
        [{ email: "not-an-email", order_number: order.number }, "", "email"],
        [{ email: `${"a".repeat(250)}@example.vn`, order_number: order.number }, "", "254"],
        [{ email: "khach.tracking@example.vn" }, "", "order_number"],
        [{ email: "khach.tracking@example.vn", order_number: -3 }, "", "order_number"],
        [{ email: "khach.tracking@example.vn", order_number: order.number }, "?locale=vi!!", "locale"],
      ]
      for (const [body, query, named] of cases) {
        const answer = await refused(lookup(body, query))
        expect([answer.status, named]).toEqual([400, named])
        expect(answer.data.message).toContain(named)
      }

      // A shopper's page refreshing the tracking is never limited.
      for (let i = 0; i < 12; i++) expect((await lookup({ email: "khach.tracking@example.vn", order_number: order.number })).status).toBe(200)
      // Ten misses from one address in ten minutes (two above), then a wait.
      let misses = 2
      let answer = await refused(lookup({ email: "guess@example.vn", order_number: 1 }))
      for (; answer.status === 404 && misses < 12; misses++) answer = await refused(lookup({ email: "guess@example.vn", order_number: 2 + misses }))
      expect([answer.status, misses]).toEqual([429, 10])
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0)
      // Even the right pair waits now.
      expect((await refused(lookup({ email: "khach.tracking@example.vn", order_number: order.number }))).status).toBe(429)
    })

    /** The store's own address on loopback (IPv4: the requests come from other 127.x addresses). */
    const storeUrl = (path: string) => `${String(api.defaults.baseURL).replace("localhost", "127.0.0.1").replace(/\/$/, "")}${path}`
    const guess = (body: Record<string, unknown>, config: { headers: Record<string, string>; httpAgent?: http.Agent }) =>
      rawApi.post(storeUrl("/store/ghn/tracking"), body, config).then(
        (r: any) => ({ status: r.status, data: r.data }),
        (e: any) => {
          if (!e.response) throw e
          return { status: e.response.status as number, data: e.response.data }
        }
      )
    const statuses = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {})

    it("limits guesses by the connection's address whatever X-Forwarded-For says, and by the shopper's address through the trusted proxy", async () => {
      const headers = storeHeaders(store).headers
      // A direct client (127.0.0.2) writing a new X-Forwarded-For on every guess: still one address.
      const spoofed = []
      for (let i = 0; i < 12; i++) {
        spoofed.push(await guess({ email: `spoof${i}@example.vn`, order_number: 500_000 + i }, from("127.0.0.2", { ...headers, "x-forwarded-for": `203.0.113.${i + 1}` })))
      }
      expect(spoofed.map((a) => a.status)).toEqual([...Array(10).fill(404), 429, 429])
      // Through the trusted proxy (127.0.0.1): each shopper by the address it forwards.
      for (let i = 0; i < 11; i++) await guess({ email: `proxy${i}@example.vn`, order_number: 510_000 + i }, from("127.0.0.1", { ...headers, "x-forwarded-for": "198.51.100.66" }))
      expect((await guess({ email: "proxy-last@example.vn", order_number: 511_000 }, from("127.0.0.1", { ...headers, "x-forwarded-for": "198.51.100.66" }))).status).toBe(429)
      // Another shopper behind the same proxy is not locked out by that guesser.
      expect((await guess({ email: "shopper@example.vn", order_number: 512_000 }, from("127.0.0.1", { ...headers, "x-forwarded-for": "198.51.100.67" }))).status).toBe(404)
    })

    it("counts 60 simultaneous misses from a fresh address before looking: only the limit is looked up", async () => {
      const headers = storeHeaders(store).headers
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => guess({ email: `burst${i}@example.vn`, order_number: 520_000 + i }, from("127.0.0.3", headers)))
      )
      expect(statuses(answers)).toEqual({ 404: 10, 429: 50 })
    })

    it("groups IPv6 callers by /64: a new address of the same network is the same guesser", async () => {
      const headers = storeHeaders(store).headers
      const via = (address: string) => from("127.0.0.1", { ...headers, "x-forwarded-for": address })
      const answers = []
      for (let i = 1; i <= 11; i++) answers.push((await guess({ email: `v6-${i}@example.vn`, order_number: 525_000 + i }, via(`2001:db8:77:1::${i.toString(16)}`))).status)
      expect(answers).toEqual([...Array(10).fill(404), 429])
      expect((await guess({ email: "v6-x@example.vn", order_number: 525_100 }, via("2001:db8:77:1:ffff:ffff:ffff:ffff"))).status).toBe(429)
      // Another /64 is another caller.
      expect((await guess({ email: "v6-y@example.vn", order_number: 525_101 }, via("2001:db8:77:2::1"))).status).toBe(404)
    })

    /** The signed link of the order's shipped notification (option orderTrackingUrl), as the shopper's email carries it. */
    async function notifiedLink(orderId: string): Promise<string> {
      const notifications = getContainer().resolve(Modules.NOTIFICATION)
      let url: string | undefined
      await waitFor(async () => {
        const sent = (await notifications.listNotifications({ resource_id: orderId } as never)) as { data?: { order_tracking_url?: string; text?: string } }[]
        url = sent.find((n) => n.data?.order_tracking_url)?.data?.order_tracking_url
        return !!url
      })
      return url!
    }

    it("never locks the shopper out: eleven, or a thousand, junk lookups naming their order stop neither the right pair nor the signed link", async () => {
      const order = await placed("bi.khoa@example.vn")
      await moved(order.code, "picked")
      const link = new URL(await notifiedLink(order.id))
      expect(`${link.origin}${link.pathname}`).toBe("https://shop.example.vn/vi/theo-doi")
      const token = link.searchParams.get("ghn_tracking")!
      const headers = storeHeaders(store).headers
      const via = (address: string) => from("127.0.0.1", { ...headers, "x-forwarded-for": address })
      const right = { email: "bi.khoa@example.vn", order_number: order.number }
      const byLink = (config: { headers: Record<string, string>; httpAgent?: http.Agent }, t = token) =>
        rawApi.post(storeUrl("/store/ghn/tracking/link"), { token: t }, config).then(
          (r: any) => ({ status: r.status as number, data: r.data }),
          (e: any) => ({ status: e.response.status as number, data: e.response.data })
        )

      // Eleven junk lookups naming the order, each from another address.
      for (let i = 0; i < 11; i++) expect((await guess({ email: `junk${i}@example.vn`, order_number: order.number }, via(`192.0.2.${i + 1}`))).status).toBe(404)
      expect((await guess(right, via("198.51.100.200"))).status).toBe(200)
      // A thousand more, ten from each of a hundred addresses, some at once.
      const junk: Promise<{ status: number }>[] = []
      for (let a = 0; a < 100; a++) {
        for (let i = 0; i < 10; i++) junk.push(guess({ email: `junk-${a}-${i}@example.vn`, order_number: order.number }, via(`203.0.113.${a + 1}`)))
        if (junk.length >= 50) await Promise.all(junk.splice(0))
      }
      await Promise.all(junk)
      // The order is hot: a guesser gets three misses on it per address, then waits; the owner does not.
      const late = via("198.51.100.201")
      const tries = []
      for (let i = 0; i < 4; i++) tries.push((await guess({ email: `late${i}@example.vn`, order_number: order.number }, late)).status)
      expect(tries).toEqual([404, 404, 404, 429])
      const found = await guess(right, via("198.51.100.202"))
      expect([found.status, found.data.parcels?.[0]?.order_code]).toEqual([200, order.code])
      // A shopper who mistyped twice first still gets in, and refreshing is never limited.
      const typo = via("198.51.100.203")
      for (let i = 0; i < 2; i++) expect((await guess({ ...right, email: `bi.khoa${i}@example.vn` }, typo)).status).toBe(404)
      for (let i = 0; i < 12; i++) expect((await guess(right, typo)).status).toBe(200)
      // The same for junk naming the shopper's email with other numbers.
      for (let i = 0; i < 11; i++) expect((await guess({ email: "bi.khoa@example.vn", order_number: 600_000 + i }, via(`192.0.2.${100 + i}`))).status).toBe(404)
      expect((await guess(right, via("198.51.100.204"))).status).toBe(200)

      // The signed link: from a junk address out of tries, and while the counts cannot be kept at all.
      const spent = via("203.0.113.1")
      expect((await guess({ email: "more@example.vn", order_number: 1 }, spent)).status).toBe(429)
      const linked = await byLink(spent)
      expect(linked.status).toBe(200)
      expect(linked.data).toEqual(expect.objectContaining({ order: { display_id: order.number } }))
      expect(linked.data.parcels[0]).toEqual(expect.objectContaining({ order_code: order.code, step: "picked_up", cod_amount: null, reason: null }))
      const caching = getContainer().resolve(Modules.CACHING) as { get: (...args: unknown[]) => Promise<unknown> }
      const original = caching.get
      caching.get = async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:6379")
      }
      try {
        expect((await guess(right, via("198.51.100.205"))).status).toBe(503)
        expect((await byLink(via("198.51.100.205"))).status).toBe(200)
      } finally {
        caching.get = original
      }

      // A link this store did not sign, or altered: the same 404, nothing told.
      const [v, id, expires, signature] = token.split(".")
      const forged = await byLink(via("198.51.100.206"), `${v}.${id}.${(parseInt(expires, 36) + 86_400).toString(36)}.${signature}`)
      const otherOrder = await byLink(via("198.51.100.206"), `${v}.order_01NOTANORDER.${expires}.${signature}`)
      expect([forged.status, forged.data.code, otherOrder.status, otherOrder.data.code]).toEqual([404, "tracking_link_invalid", 404, "tracking_link_invalid"])
      expect(JSON.stringify(forged.data)).not.toContain(order.code)
      const tooLong = await byLink(via("198.51.100.206"), "v".repeat(500))
      expect([tooLong.status, tooLong.data.message]).toEqual([400, expect.stringContaining("160")])
    })

    it("answers 503 when the count cannot be kept, and never looks the order up uncounted", async () => {
      const order = await placed("khi.redis.hong@example.vn")
      const caching = getContainer().resolve(Modules.CACHING) as { get: (...args: unknown[]) => Promise<unknown> }
      const original = caching.get
      caching.get = async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:6379")
      }
      try {
        const answer = await guess({ email: "khi.redis.hong@example.vn", order_number: order.number }, from("127.0.0.4", storeHeaders(store).headers))
        expect([answer.status, answer.data.code]).toEqual([503, "tracking_limit_unavailable"])
        expect(JSON.stringify(answer.data)).not.toContain(order.code)
      } finally {
        caching.get = original
      }
      expect((await guess({ email: "khi.redis.hong@example.vn", order_number: order.number }, from("127.0.0.4", storeHeaders(store).headers))).status).toBe(200)
    })

    it("looks up only the orders of the publishable key's sales channels", async () => {
      const order = await placed("kenh.ban@example.vn")
      const channel = (await api.post("/admin/sales-channels", { name: "Cửa hàng khác" }, admin)).data.sales_channel
      const key = (await api.post("/admin/api-keys", { title: "Another storefront", type: "publishable" }, admin)).data.api_key
      await api.post(`/admin/api-keys/${key.id}/sales-channels`, { add: [channel.id] }, admin)
      const other = { "x-publishable-api-key": key.token, "accept-language": "en" }
      const foreign = await guess({ email: "kenh.ban@example.vn", order_number: order.number }, from("127.0.0.5", other))
      const unknown = await guess({ email: "kenh.ban@example.vn", order_number: order.number + 5000 }, from("127.0.0.5", other))
      expect([foreign.status, foreign.data]).toEqual([404, unknown.data])
      expect((await guess({ email: "kenh.ban@example.vn", order_number: order.number }, from("127.0.0.5", storeHeaders(store).headers))).status).toBe(200)
    })
  },
})
