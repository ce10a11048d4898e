import { MockAgent } from "undici"
import { environmentOfUrl } from "../../ghn"
import { startGhnSandbox, type GhnSandbox } from "../../../sandbox"
import { parseGhnOptions } from "../../runtime/options"
import { checkLines, runGhnCheck, type GhnCheckReport } from "../index"
import { maskSecrets, RawAnswers } from "../raw-answers"
import { LOCKED, OWNER_TOKEN, shopWithoutAddress } from "./helpers"

let sb: GhnSandbox
beforeAll(async () => {
  sb = await startGhnSandbox({ port: 0, quiet: true })
})
afterAll(() => sb.close())
beforeEach(() => sb.control.reset())

const options = (extra: Record<string, unknown> = {}) => parseGhnOptions({ token: OWNER_TOKEN, shopId: 190001, environment: sb.url, ...extra })
const line = (report: GhnCheckReport, id: string) => report.checks.find((c) => c.id === id)!
const statuses = (report: GhnCheckReport) => Object.fromEntries(report.checks.map((c) => [c.title, c.status]))

describe("medusa-ghn-check: the check library", () => {
  it("passes every read-only check against a working account, in words", async () => {
    const answers = new RawAnswers([OWNER_TOKEN])
    const report = await runGhnCheck({ options: options(), onAnswer: answers.record })
    expect(report.ok).toBe(true)
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ["token", "ok"], ["shop", "ok"], ["addresses", "ok"], ["services", "ok"], ["fee", "ok"], ["leadtime", "ok"], ["shifts", "ok"],
    ])
    expect(line(report, "token").message).toBe("the GHN address set in the options (baseUrl) accepts the token; the account has 3 shop(s)")
    expect(line(report, "shop").message).toContain("shop 190001 (Sandbox Shop Hà Nội) is active and picks up at 12 Phan Đình Phùng")
    expect(line(report, "addresses").message).toMatch(/^GHN lists 63 provinces; sample route: Phường Trúc Bạch -> .+, Hồ Chí Minh$/)
    expect(line(report, "fee").message).toMatch(/^a parcel of 500 g, 20×15×10 cm to .+ costs [\d.]+ ₫$/)
    expect(line(report, "leadtime").message).toMatch(/reaches .+ on \d{4}-\d{2}-\d{2}/)
    // read-only: no order was made
    expect(sb.control.listOrders()).toHaveLength(0)
    expect(answers.answers.map((a) => a.operation)).toEqual(
      expect.arrayContaining(["shops.list", "masterData.provinces", "masterData.districts", "masterData.wards", "services.available", "fees.calculate", "fees.leadtime", "shifts.list"]),
    )
    expect(answers.answers.every((a) => a.status === 200)).toBe(true)
  })

  it("says a refused token is refused by the environment, that tokens are per environment, and checks nothing else", async () => {
    const report = await runGhnCheck({ options: options({ token: "a-staging-token-0000" }) })
    expect(report.ok).toBe(false)
    const token = line(report, "token")
    expect(token).toMatchObject({ status: "fail", key: "token.refused_custom", ghn: { status: 401 } })
    expect(token.message).toContain("this token is refused by the GHN address set in the options (baseUrl) (HTTP 401: Token is not valid!)")
    expect(token.message).toContain("a staging token is refused on production and a production token on staging")
    expect(report.checks.filter((c) => c.id !== "token").every((c) => c.status === "skip" && c.message === "not checked: GHN refused the token")).toBe(true)
    expect(JSON.stringify(report)).not.toContain("a-staging-token-0000")
  })

  it("says a shop without a pickup address makes Create Order fail with 'Address convert from fail'", async () => {
    const shopId = await shopWithoutAddress(sb.url)
    const report = await runGhnCheck({ options: options({ shopId }) })
    expect(report.ok).toBe(false)
    const shop = line(report, "shop")
    expect(shop).toMatchObject({ title: `Shop ${shopId}`, status: "fail", key: "shop.no_address" })
    expect(shop.message).toBe(`shop ${shopId} (Shop chưa có địa chỉ) has no pickup address: Create Order will fail with 'Address convert from fail'`)
    expect(shop.fix).toContain("pickup address")
    expect(line(report, "services")).toMatchObject({ status: "skip" })
  })

  it("says when no GHN service runs on the route (a receiver in a locked district)", async () => {
    const report = await runGhnCheck({ options: options(), receiver: LOCKED })
    expect(report.ok).toBe(false)
    expect(statuses(report)).toMatchObject({ "Token and environment": "ok", "Shop 190001": "ok", "Provinces, districts and wards": "ok", "Services on the route": "fail", "Fee quote": "skip", "Lead time": "skip" })
    expect(line(report, "services")).toMatchObject({ key: "services.none" })
    expect(line(report, "services").message).toBe(
      "no GHN service on this route (shop 190001 to Thị trấn Trường Sa, district 1801): checkout gets no GHN rate there and GHN refuses orders (ROUTE_NOT_FOUND_SERVICE)",
    )
  })

  it("says when the sample receiver's ward is not in GHN's lists", async () => {
    const report = await runGhnCheck({ options: options(), receiver: { district_id: LOCKED.district_id, ward_code: "99999" } })
    expect(line(report, "addresses")).toMatchObject({ status: "fail", message: "GHN lists no ward 99999 in district 1801" })
  })

  it("checks every shop of locationShops: one that is not the account's, one inactive", async () => {
    const report = await runGhnCheck({ options: options({ locationShops: { sloc_a: 190004, sloc_b: 190003, sloc_c: 190001 } }) })
    const shops = report.checks.filter((c) => c.id === "shop")
    expect(shops.map((c) => [c.title, c.status, c.key])).toEqual([
      ["Shop 190001", "ok", "shop.ok"],
      ["Shop 190004", "fail", "shop.not_found"],
      ["Shop 190003", "fail", "shop.inactive"],
    ])
    expect(shops[1]!.message).toBe("shop 190004 is not one of this account's 3 shop(s) on the GHN address set in the options (baseUrl)")
    expect(shops[1]!.fix).toBe("set shopId (or locationShops) to one of the account's active shops: 190001, 190002")
    // the route still runs from the default shop
    expect(line(report, "fee").status).toBe("ok")
    expect(report.ok).toBe(false)
  })

  it("creates and cancels one test order only when asked", async () => {
    const report = await runGhnCheck({ options: options(), createTestOrder: true })
    const test = line(report, "test_order")
    expect(test).toMatchObject({ status: "ok", key: "test_order.ok" })
    const code = String(test.values.order_code)
    expect(test.message).toBe(`GHN created test order ${code} and cancelled it`)
    expect(sb.control.getOrder(code)).toMatchObject({ status: "cancel" })
  })

  it("refuses the test order on GHN production, in words, without creating one", async () => {
    const agent = new MockAgent()
    agent.disableNetConnect()
    const gateway = agent.get("https://online-gateway.ghn.vn")
    gateway.intercept({ path: /\/shiip\/public-api\/v2\/shop\/all.*/, method: "GET" }).reply(401, { code: 401, message: "Token is not valid!", data: null })
    try {
      const report = await runGhnCheck({ options: parseGhnOptions({ token: "staging-token-on-production", shopId: 1, environment: "production" }), createTestOrder: true, dispatcher: agent })
      expect(line(report, "token")).toMatchObject({ status: "fail", key: "token.refused_production" })
      expect(line(report, "token").message).toContain("this token is refused by GHN production")
      expect(line(report, "token").fix).toContain('set environment to "staging" if this token is one of staging')
      const test = line(report, "test_order")
      expect(test).toMatchObject({ status: "fail", key: "test_order.production" })
      expect(test.message).toMatch(/^refused on GHN production: a test order there is a real order/)
    } finally {
      await agent.close()
    }
  })

  it.each(["https://online-gateway.ghn.vn:443", "https://ONLINE-GATEWAY.GHN.VN/", "https://online-gateway.ghn.vn./shiip", "http://online-gateway.ghn.vn:8080"])(
    "takes %s for GHN production (by its host, whatever the port) and refuses the test order there",
    async (baseUrl) => {
      expect(environmentOfUrl(baseUrl)).toBe("production")
      const agent = new MockAgent()
      agent.disableNetConnect()
      agent.get(new URL(baseUrl).origin.toLowerCase()).intercept({ path: /\/shop\/all/, method: "GET" }).reply(401, { code: 401, message: "Token is not valid!", data: null })
      try {
        const report = await runGhnCheck({ options: parseGhnOptions({ token: "a-token", shopId: 1, baseUrl }), createTestOrder: true, dispatcher: agent })
        expect(line(report, "token")).toMatchObject({ status: "fail", key: "token.refused_production" })
        expect(line(report, "test_order")).toMatchObject({ status: "fail", key: "test_order.production" })
      } finally {
        await agent.close()
      }
    }
  )

  it("tells staging and other hosts apart by host", () => {
    expect(environmentOfUrl("https://dev-online-gateway.ghn.vn:443/")).toBe("staging")
    expect(environmentOfUrl("https://online-gateway.ghn.vn.evil.example")).toBe("custom")
    expect(environmentOfUrl("http://127.0.0.1:5410")).toBe("custom")
    expect(environmentOfUrl("not a url")).toBe("custom")
  })

  it("prints one line per check with ✓ / ! / ✗ / -", async () => {
    const report = await runGhnCheck({ options: options({ token: "nope-token" }) })
    const lines = checkLines(report)
    expect(lines[0]).toMatch(/^✗ Token and environment: this token is refused/)
    expect(lines[0]).toContain("\n    -> use a token of the GHN the options point at")
    expect(lines[1]).toBe("- Shop 190001: not checked: GHN refused the token")
  })
})

describe("medusa-ghn-check: the raw-answer file", () => {
  const token = "tök/en+sec=ret&1"
  it("masks the token in every spelling, and print tokens, in paths and bodies", () => {
    const answers = new RawAnswers([token])
    const spellings = [token, encodeURIComponent(token), new URLSearchParams({ t: token }).toString().slice(2), JSON.stringify(token).slice(1, -1)]
    answers.record({
      operation: "print.token", method: "POST", path: `/a5/gen?token=abc123&x=${encodeURIComponent(token)}`, status: 200,
      body: JSON.stringify({ code: 200, data: { token: "print-token-1", url: "https://x/a5/public-api/printA5?token=print-token-1", echo: spellings } }),
    })
    answers.record({ operation: "shops.list", method: "GET", path: "/shop/all", status: 401, body: `not json ${token} ${encodeURIComponent(token)}` })
    const file = answers.file({ tool: "medusa-ghn-check" })
    for (const s of [...spellings, "print-token-1", "abc123"]) expect(file).not.toContain(s)
    expect(JSON.parse(file).answers[0]).toMatchObject({ operation: "print.token", request: "POST /a5/gen?token=[MASKED]&x=[MASKED]", status: 200 })
    expect(maskSecrets(`a ${token} b`, [token])).toBe("a [MASKED] b")
  })
})
