/**
 * Admin routes behind Settings -> GHN: configuration and connection check, webhook details and
 * test delivery, shops (Get Shop, Create Shop), partner onboarding by OTP (with GHN's non-atomic
 * sequences), pick shifts and the address lists; validation, GHN's refusals, sessions.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshAdminPerTest } from "../helpers/fresh-store"
import { Answer, raw, sandboxSupport } from "../helpers/ghn-admin"
import { sandbox } from "../helpers/sandbox"
import { seedGhnStore } from "../helpers/store"


const SECRET = "dev-webhook-secret-change-me"
const CUSTOMER = "0901000004"

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, base } = freshAdminPerTest(rawApi, getContainer)

    const call = (method: string, path: string, json?: unknown, session = true): Promise<Answer> =>
      raw(base(), method, path, { json, headers: session ? admin.headers : {} })

    const expectField = (answer: Answer, field: string) => {
      expect({ field, status: answer.status }).toEqual({ field, status: 400 })
      expect(answer.body.message).toContain(field)
    }



    afterEach(async () => {
      await sandboxSupport.clearFaults()
    })

    it("shows the configuration, the webhook to register and the location -> shop map", async () => {
      const store = await seedGhnStore(api, admin)
      const { status, body } = await call("GET", "/admin/ghn/settings")
      expect(status).toBe(200)
      const s = body.settings
      expect(s.environment).toEqual({ name: "custom", base_url: sandbox.url() })
      expect(s.shop_id).toBe(190001)
      expect(s.webhook).toMatchObject({ url: `${base()}/hooks/ghn`, header: "x-ghn-webhook-secret", has_secret: true })
      expect(s.webhook.secret_masked).not.toContain(SECRET.slice(2, -2))
      expect(JSON.stringify(body)).not.toContain(SECRET)
      expect(JSON.stringify(body)).not.toContain("sandbox-owner-token")
      expect(s.locations).toEqual(expect.arrayContaining([expect.objectContaining({ id: store.locationId, name: "Kho Hà Nội", shop_id: 190001, mapped: false })]))

      const secret = await call("GET", "/admin/ghn/settings/webhook-secret")
      expect(secret.body).toEqual({ header: "x-ghn-webhook-secret", secret: SECRET })
    })

    it("checks the connection and reports GHN's message when the token or the shop is wrong", async () => {
      const good = await call("GET", "/admin/ghn/settings/connection")
      expect(good.status).toBe(200)
      expect(good.body.connection).toMatchObject({ ok: true, custom: false, token: { ok: true }, shop: { id: 190001, ok: true, name: "Sandbox Shop Hà Nội" } })

      const badToken = (await call("POST", "/admin/ghn/settings/connection", { token: "not-a-real-token" })).body.connection
      expect(badToken).toMatchObject({ ok: false, custom: true, token: { ok: false, status: 401, code: "GHN_401" }, shop: { ok: null } })
      expect(badToken.token.message.length).toBeGreaterThan(5)
      const disabled = (await call("POST", "/admin/ghn/settings/connection", { token: "sandbox-disabled-token" })).body.connection
      expect(disabled.token).toMatchObject({ ok: false, status: 401 })

      const foreignShop = (await call("POST", "/admin/ghn/settings/connection", { shop_id: 190004 })).body.connection
      expect(foreignShop).toMatchObject({ ok: false, token: { ok: true }, shop: { id: 190004, ok: false, code: "CLIENT_NOT_OWNER_OF_SHOP" } })
      const inactive = (await call("POST", "/admin/ghn/settings/connection", { shop_id: 190003 })).body.connection
      expect(inactive.shop).toMatchObject({ ok: false, code: "SHOP_NO_ACTIVE" })
      const partner = (await call("POST", "/admin/ghn/settings/connection", { token: "sandbox-partner-token", shop_id: 190004 })).body.connection
      expect(partner).toMatchObject({ ok: true, shop: { ok: true, id: 190004 } })

      expectField(await call("POST", "/admin/ghn/settings/connection", { shop_id: -5 }), "shop_id")
      expectField(await call("POST", "/admin/ghn/settings/connection", { environment: "moon" }), "environment")
      expectField(await call("POST", "/admin/ghn/settings/connection", { token: "" }), "token")
      expect((await call("POST", "/admin/ghn/settings/connection", { password: "x" })).status).toBe(400)
    })

    /** A local server recording every request it gets (where a secret would land). */
    async function listener() {
      const seen: { url?: string; headers: http.IncomingHttpHeaders }[] = []
      const server = http.createServer((req, res) => {
        seen.push({ url: req.url, headers: req.headers })
        res.end("{}")
      })
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      const port = (server.address() as AddressInfo).port
      return { seen, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
    }

    /** A POST with the Host header the caller chooses (what a browser or a proxy could send). */
    function postWithHost(path: string, host: string): Promise<{ status: number; body: any }> {
      const target = new URL(base() + path)
      return new Promise((resolve, reject) => {
        const req = http.request(
          { hostname: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { ...admin.headers, host, "content-type": "application/json", "x-forwarded-proto": "http" } },
          (res) => {
            let text = ""
            res.on("data", (chunk) => (text += chunk))
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }))
          }
        )
        req.on("error", reject)
        req.end("{}")
      })
    }

    it("sends a test delivery, with the secret, only to the store's configured public URL", async () => {
      const elsewhere = await listener()
      try {
        // No public URL configured (Medusa's default): refused, whatever Host the caller sends, and nothing leaves.
        delete process.env.MEDUSA_BACKEND_URL
        const settings = (await call("GET", "/admin/ghn/settings")).body.settings
        expect(settings.webhook).toMatchObject({ url: `${base()}/hooks/ghn`, url_configured: false })
        const refused = await postWithHost("/admin/ghn/settings/webhook-test", `127.0.0.1:${elsewhere.port}`)
        expect(refused.status).toBe(400)
        expect(refused.body.message).toContain("backendUrl")
        expect(JSON.stringify(refused.body)).not.toContain(SECRET)

        // Configured: the test goes there, whatever Host the caller sends.
        process.env.MEDUSA_BACKEND_URL = base()
        const { status, body } = await postWithHost("/admin/ghn/settings/webhook-test", `127.0.0.1:${elsewhere.port}`)
        expect(status).toBe(200)
        expect(body.test).toMatchObject({ ok: true, url: `${base()}/hooks/ghn`, response: { status: 200, body: { ok: true, unknown_order: true } } })
        expect(body.test.request.headers["x-ghn-webhook-secret"]).not.toBe(SECRET)
        expect(JSON.stringify(body)).not.toContain(SECRET)
        const ghn = getContainer().resolve("ghn") as any
        const [event] = await ghn.listGhnWebhookEvents({ order_code: body.test.request.body.OrderCode })
        expect(event).toMatchObject({ unknown_order: true, type: "switch_status" })
        expect((await call("GET", "/admin/ghn/settings")).body.settings.webhook).toMatchObject({ url: `${base()}/hooks/ghn`, url_configured: true })
        expect(elsewhere.seen).toEqual([])
      } finally {
        delete process.env.MEDUSA_BACKEND_URL
        await elsewhere.close()
      }
    })

    it("lists the account's shops and creates one, with GHN's refusal shown", async () => {
      const listed = await call("GET", "/admin/ghn/shops")
      expect(listed.status).toBe(200)
      expect(listed.body.default_shop_id).toBe(190001)
      expect(listed.body.shops.map((s: any) => s._id)).toEqual(expect.arrayContaining([190001, 190002, 190003]))

      const created = await call("POST", "/admin/ghn/shops", { name: "Kho Ba Đình 2", phone: "+84901000009", address: "20 Phan Đình Phùng", district_id: 1442, ward_code: "00004" })
      expect(created.status).toBe(201)
      expect(created.body.shop).toMatchObject({ _id: created.body.shop_id, name: "Kho Ba Đình 2", phone: "0901000009", district_id: 1442, ward_code: "00004" })

      const wrongWard = await call("POST", "/admin/ghn/shops", { name: "Kho sai", phone: "0901000009", address: "1 Lê Lợi", district_id: 1442, ward_code: "26743" })
      expect(wrongWard.status).toBe(400)
      expect(wrongWard.body.code).toBe("WARD_IS_INVALID")
      expect(wrongWard.body.message).toContain("GHN Create Shop")

      expectField(await call("POST", "/admin/ghn/shops", { phone: "0901000009", address: "x", district_id: 1442, ward_code: "00004" }), "name")
      expectField(await call("POST", "/admin/ghn/shops", { name: "x", phone: "12", address: "x", district_id: 1442, ward_code: "00004" }), "phone")
      expectField(await call("POST", "/admin/ghn/shops", { name: "x", phone: "0901000009", address: "x", district_id: "1442", ward_code: "00004" }), "district_id")
    })

    it("onboards a customer by OTP: Create Shop by OTP, refusals with GHN's code, and Get Shop after a partial failure", async () => {
      const otp = await call("POST", "/admin/ghn/affiliate/otp", { phone: CUSTOMER })
      expect(otp.status).toBe(200)
      expect(otp.body).toMatchObject({ phone: CUSTOMER, ttl: 300 })
      expect(Date.parse(otp.body.expires_at)).toBeGreaterThan(Date.now())

      const wrong = await call("POST", "/admin/ghn/affiliate/create-shop", { phone: CUSTOMER, otp: "000000" })
      expect(wrong.status).toBe(400)
      expect(wrong.body.code).toBe("OTP_NOT_VALID")
      expect(wrong.body.message).toContain("GHN Create Shop by OTP")
      expect(wrong.body.message).toContain("check again before retrying")

      const code = await sandboxSupport.lastOtp(CUSTOMER)
      const created = await call("POST", "/admin/ghn/affiliate/create-shop", { phone: CUSTOMER, otp: code })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ outcome: "created", client_id: 2510004 })
      expect(created.body.shop).toMatchObject({ _id: created.body.shop_id, client_id: 2510004, name: "Lê Văn Cường - Nguyễn Văn An" })
      const shops = (await call("GET", "/admin/ghn/shops")).body.shops.map((s: any) => s._id)
      expect(shops).toContain(created.body.shop_id)
      // The OTP is single-use.
      const reused = await call("POST", "/admin/ghn/affiliate/create-shop", { phone: CUSTOMER, otp: code })
      expect(reused.body.code).toBe("OTP_NOT_VALID")

      // GHN fails after creating the shop but before adding us: Get Shop cannot see it yet; the
      // admin is told to check before retrying, and "check again" finds nothing new.
      await call("POST", "/admin/ghn/affiliate/otp", { phone: CUSTOMER })
      await sandboxSupport.faults([{ path: "/shiip/public-api/v2/shop/affiliateCreate", partial_failure: true, count: 1 }])
      const partial = await call("POST", "/admin/ghn/affiliate/create-shop", { phone: CUSTOMER, otp: await sandboxSupport.lastOtp(CUSTOMER) })
      // GHN failing is a 502 (a bad gateway), with GHN's code and text.
      expect(partial.status).toBe(502)
      expect(partial.body.code).toBe("SERVER_ERROR_COMMON")
      expect(partial.body.message).toContain("Get Shop shows no new shop")
      const check = await call("POST", "/admin/ghn/affiliate/find-shop", { phone: CUSTOMER, known_shop_ids: shops })
      expect(check.body.shop).toBeNull()

      expectField(await call("POST", "/admin/ghn/affiliate/otp", { phone: "abc" }), "phone")
      expectField(await call("POST", "/admin/ghn/affiliate/create-shop", { phone: CUSTOMER }), "otp")
      expectField(await call("POST", "/admin/ghn/affiliate/find-shop", {}), "phone")
      const own = await call("POST", "/admin/ghn/affiliate/otp", { phone: "0901000001" })
      expect(own.status).toBe(400)
      expect(own.body.code).toBe("USER_ERR_COMMON")
    })

    it("adds the account as staff of a customer's shop, and recovers when GHN fails after adding it", async () => {
      await call("POST", "/admin/ghn/affiliate/otp", { phone: CUSTOMER })
      const unknownShop = await call("POST", "/admin/ghn/affiliate/add-staff", { phone: CUSTOMER, otp: await sandboxSupport.lastOtp(CUSTOMER), shop_id: 999999 })
      expect(unknownShop.status).toBe(400)
      expect(unknownShop.body.code).toBe("GHN_400")
      expect(unknownShop.body.message).toContain("Shop khong ton tai")

      await sandboxSupport.faults([{ path: "/shiip/public-api/v2/shop/affiliateCreateWithShop", partial_failure: true, count: 1 }])
      const partial = await call("POST", "/admin/ghn/affiliate/add-staff", { phone: CUSTOMER, otp: await sandboxSupport.lastOtp(CUSTOMER), shop_id: 190005 })
      expect(partial.status).toBe(201)
      expect(partial.body).toMatchObject({ outcome: "recovered", shop_id: 190005, shop: { _id: 190005 }, ghn_error: { code: "SERVER_ERROR_COMMON" } })

      // A second attempt: GHN says we are already staff; Get Shop confirms it.
      await call("POST", "/admin/ghn/affiliate/otp", { phone: CUSTOMER })
      const again = await call("POST", "/admin/ghn/affiliate/add-staff", { phone: CUSTOMER, otp: await sandboxSupport.lastOtp(CUSTOMER), shop_id: 190005 })
      expect(again.status).toBe(201)
      expect(again.body).toMatchObject({ outcome: "recovered", ghn_error: { code: "CLIENT_HAVE_EXISTED" } })
      const found = await call("POST", "/admin/ghn/affiliate/find-shop", { shop_id: 190005 })
      expect(found.body.shop).toMatchObject({ _id: 190005 })

      expectField(await call("POST", "/admin/ghn/affiliate/add-staff", { phone: CUSTOMER, otp: "123456" }), "shop_id")
    })

    it("lists today's pick shifts and GHN's address lists", async () => {
      const { status, body } = await call("GET", "/admin/ghn/shifts")
      expect(status).toBe(200)
      expect(body.shifts.length).toBeGreaterThan(0)
      for (const s of body.shifts) {
        expect(s).toEqual(expect.objectContaining({ id: expect.any(Number), title: expect.stringContaining("Ca lấy"), today: s.from_time < 86400 }))
        expect(Date.parse(s.to)).toBeGreaterThan(Date.parse(s.from))
      }
      expect(body.today.every((s: any) => s.today)).toBe(true)

      const provinces = await call("GET", "/admin/ghn/addresses/provinces")
      expect(provinces.body.provinces).toEqual(expect.arrayContaining([expect.objectContaining({ id: 201, name: "Hà Nội" })]))
      const districts = await call("GET", "/admin/ghn/addresses/districts?province_id=201")
      expect(districts.body.districts).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1442, name: "Quận Ba Đình" })]))
      const wards = await call("GET", "/admin/ghn/addresses/wards?district_id=1442")
      expect(wards.body.wards).toEqual(expect.arrayContaining([expect.objectContaining({ id: "00004", name: "Phường Trúc Bạch" })]))
      expectField(await call("GET", "/admin/ghn/addresses/districts"), "province_id")
      expectField(await call("GET", "/admin/ghn/addresses/wards?district_id=abc"), "district_id")
    })

    it("surfaces GHN being down as an error with GHN's code", async () => {
      await sandboxSupport.faults([{ path: "/shiip/public-api/v2/shift/date", failure_rate: 1, failure_status: 500, count: 10 }])
      const down = await call("GET", "/admin/ghn/shifts")
      expect(down.status).toBe(502)
      expect(down.body.code).toBe("SERVER_ERROR_COMMON")
      expect(down.body.message).toContain("GHN Pick Shift")
    })

    it("takes a bulk label request of 10,000 order codes (GHN's maximum) and refuses 10,001", async () => {
      const codes = Array.from({ length: 10_000 }, (_, i) => `GTEST${String(i).padStart(5, "0")}`)
      const full = await call("POST", "/admin/ghn/labels", { order_codes: codes, size: "80x80" })
      // The body got through, and none is a parcel of this store: refused, a few named, GHN never asked.
      expect(full.status).toBe(404)
      expect(full.body.message).toBe("order_codes: GTEST00000, GTEST00001, GTEST00002, GTEST00003, GTEST00004 and 9995 more are not GHN orders of this store; nothing was sent to GHN")
      const over = await call("POST", "/admin/ghn/labels", { order_codes: [...codes, "GTEST99999"], size: "80x80" })
      expect(over.status).toBe(400)
      expect(over.body.message).toContain("order_codes")
    })

    it("needs an admin session on every settings, shop and onboarding route", async () => {
      const routes: [string, string, unknown?][] = [
        ["GET", "/admin/ghn/settings"],
        ["GET", "/admin/ghn/settings/connection"],
        ["POST", "/admin/ghn/settings/connection", {}],
        ["GET", "/admin/ghn/settings/webhook-secret"],
        ["POST", "/admin/ghn/settings/webhook-test", {}],
        ["GET", "/admin/ghn/shops"],
        ["POST", "/admin/ghn/shops", {}],
        ["POST", "/admin/ghn/affiliate/otp", { phone: CUSTOMER }],
        ["POST", "/admin/ghn/affiliate/create-shop", {}],
        ["POST", "/admin/ghn/affiliate/add-staff", {}],
        ["POST", "/admin/ghn/affiliate/find-shop", {}],
        ["GET", "/admin/ghn/shifts"],
        ["GET", "/admin/ghn/addresses/provinces"],
        ["GET", "/admin/ghn/addresses/districts?province_id=201"],
        ["GET", "/admin/ghn/addresses/wards?district_id=1442"],
      ]
      for (const [method, path, body] of routes) {
        const answer = await call(method, path, body, false)
        expect({ path, method, status: answer.status }).toEqual({ path, method, status: 401 })
      }
      expect((await sandboxSupport.sms(CUSTOMER)).length).toBe(0)
    })
  },
})
