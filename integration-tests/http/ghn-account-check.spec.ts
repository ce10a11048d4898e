/**
 * Settings -> GHN -> Connection, "Check the account": medusa-ghn-check's checks run by the admin
 * route with the store's configured GHN account, against the sandbox over HTTP.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshAdminPerTest } from "../helpers/fresh-store"
import { Answer, raw, sandboxSupport } from "../helpers/ghn-admin"
import { sandbox } from "../helpers/sandbox"


const TOKEN = "sandbox-owner-token"

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, base } = freshAdminPerTest(rawApi, getContainer)
    const check = (json?: unknown, session = true): Promise<Answer> => raw(base(), "POST", "/admin/ghn/settings/check", { json, headers: session ? admin.headers : {} })

    afterEach(async () => {
      await sandboxSupport.clearFaults()
    })

    it("runs every check with the configured account and answers them in words, without the token", async () => {
      const { status, body } = await check({})
      expect(status).toBe(200)
      expect(body.ok).toBe(true)
      expect(body.accounts).toHaveLength(1)
      const account = body.accounts[0]
      expect(account).toMatchObject({ ok: true, shop_id: 190001, environment: { name: "custom", base_url: sandbox.url() } })
      expect(account.checks.map((c: any) => [c.id, c.status])).toEqual([
        ["token", "ok"], ["shop", "ok"], ["addresses", "ok"], ["services", "ok"], ["fee", "ok"], ["leadtime", "ok"], ["shifts", "ok"],
      ])
      expect(account.checks[1]).toMatchObject({ title: "Shop 190001", key: "shop.ok", values: { shop_id: 190001, name: "Sandbox Shop Hà Nội" } })
      expect(account.checks[1].message).toContain("is active and picks up at 12 Phan Đình Phùng")
      expect(JSON.stringify(body)).not.toContain(TOKEN)
      // read-only
      expect(((await fetch(`${sandbox.url()}/_sandbox/orders`).then((r) => r.json())) as unknown[]).length).toBe(0)
    })

    it("says so in words when GHN refuses the token, and skips what depends on it", async () => {
      await sandboxSupport.faults([{ path: "/shiip/public-api/v2/shop/all", failure_rate: 1, failure_status: 401, failure_message: "Token is not valid!" }])
      const { status, body } = await check({})
      expect(status).toBe(200)
      expect(body.ok).toBe(false)
      const [token, ...rest] = body.accounts[0].checks
      expect(token).toMatchObject({ id: "token", status: "fail", key: "token.refused_custom", ghn: { status: 401 } })
      expect(token.message).toContain("this token is refused by the GHN address set in the options (baseUrl)")
      expect(token.message).toContain("a staging token is refused on production")
      expect(rest.every((c: any) => c.status === "skip")).toBe(true)
      expect(JSON.stringify(body)).not.toContain(TOKEN)
    })

    it("creates and cancels one test order when asked (the sandbox is not production)", async () => {
      const { status, body } = await check({ create_test_order: true })
      expect(status).toBe(200)
      const test = body.accounts[0].checks.find((c: any) => c.id === "test_order")
      expect(test).toMatchObject({ status: "ok", key: "test_order.ok" })
      const order = await fetch(`${sandbox.url()}/_sandbox/orders/${test.values.order_code}`).then((r) => r.json())
      expect(order).toMatchObject({ status: "cancel" })
    })

    it("refuses a bad body, naming the field; an unknown provider; a caller without a session", async () => {
      const bad = await check({ create_test_order: "yes" })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toContain("create_test_order")
      const extra = await check({ token: "x" })
      expect(extra.status).toBe(400)
      expect(extra.body.message).toContain("token")
      const unknown = await check({ provider_id: "fp_nope" })
      expect(unknown.status).toBe(404)
      expect(unknown.body.message).toContain("fp_nope")
      expect((await check({}, false)).status).toBe(401)
    })
  },
})
