/**
 * The package a store installs, in a store of its own: `medusa plugin:build` + `npm pack` of this
 * repository, a scratch store made from integration-tests/packed/store-template (Medusa's starter
 * files, with package.json and medusa-config.ts as the README's "Install in a Medusa store" says;
 * nothing from ./src), the tarball installed into it with npm (from npm's cache when it can),
 * `medusa db:migrate` on a fresh database, `medusa user`, `medusa build` + `medusa start` (production
 * build with the admin), and the GHN sandbox started from the installed package's `ghn-sandbox`
 * bin, sending its callbacks to the store. Then through HTTP: the store set up by the admin API, a
 * checkout priced by GHN, a fulfilment that creates a GHN order, a GHN callback that ships it; and
 * the admin's order page showing the plugin's GHN panel in a browser (skipped with a banner when no
 * Chromium can be had, failing under CI: see browser/helpers/browser.ts).
 *
 * Everything runs in .cache/packed/ (git-ignored); the plugin's build and tarball are reused while
 * the sources are unchanged, the store's node_modules while its template is, and the store's
 * build while the tarball is (GHN_PACKED_REBUILD=1 starts from nothing). Logs: artifacts/packed/.
 */
import { spawn, spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { type Child, stopChild as stop } from "../helpers/processes"
import { cleanEnv, log, LOGS, NPM, packPlugin, ROOT, run, runToEnd, step, timings } from "./pack"
import { prepareStore, SERVER, STORE } from "./store"
import type { Browser } from "playwright-core"
import { apiClient } from "../../bench/lib/harness"
import { adminContext, launch, login, screenshot, testBrowser } from "../browser/helpers/browser"
import { freePort } from "../helpers/ports"
import { checkout, createCart, explained, fulfilOrder, quote, seedGhnStore, type SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"


const ADMIN = { email: "owner@ghn-packed-store.vn", password: "packed-store-password" }
const WEBHOOK = { header: "x-ghn-webhook-secret", secret: "packed-store-webhook-secret" }


const until = (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => waitFor(check, { what, timeoutMs, intervalMs: 200 })

// ---------------------------------------------------------------------------------------------

describe("the packed plugin in a store of its own", () => {
  const started = Date.now()
  let tarball: string
  let storeUrl: string
  let sandboxUrl: string
  let medusa: Child | undefined
  let sandboxChild: Child | undefined
  let browser: Browser | undefined
  let db: { host: string; port: number; user: string; password: string; database: string } | undefined
  let api: ReturnType<typeof explained>
  let admin: { headers: Record<string, string> }
  let seeded: SeededStore
  let orderId: string
  let orderCode: string

  beforeAll(async () => {
    fs.rmSync(LOGS, { recursive: true, force: true })
    tarball = await step("plugin tarball", packPlugin)
    await step("store ready to start", () => prepareStore(tarball))

    const port = await freePort()
    storeUrl = `http://localhost:${port}`
    // The GHN sandbox from the installed package's bin, sending GHN's callbacks to the store.
    const sandboxPort = await freePort()
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`
    sandboxChild = run(
      "ghn-sandbox",
      path.join(STORE, "node_modules", ".bin", "ghn-sandbox"),
      ["--port", String(sandboxPort), "--webhook-url", `http://127.0.0.1:${port}/hooks/ghn`, "--webhook-header", `${WEBHOOK.header}: ${WEBHOOK.secret}`],
      { cwd: STORE, env: cleanEnv() }
    )
    await until("the sandbox from the ghn-sandbox bin", async () => (await fetch(`${sandboxUrl}/_sandbox/fixture`)).ok, 20_000)

    // A fresh database on the tests' PostgreSQL (DB_* from the global set-up).
    db = {
      host: process.env.DB_HOST || "localhost",
      port: Number(process.env.DB_PORT || 5432),
      user: process.env.DB_USERNAME || "postgres",
      password: process.env.DB_PASSWORD || "",
      database: `ghn_packed_${Date.now().toString(36)}`,
    }
    const { ensureDatabase } = require(path.join(ROOT, "scripts", "postgres.js"))
    await ensureDatabase(db)
    const env = cleanEnv({
      NODE_ENV: "production",
      DATABASE_URL: `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${db.database}`,
      PORT: String(port),
      GHN_TOKEN: "sandbox-owner-token",
      GHN_SHOP_ID: "190001",
      GHN_ENV: sandboxUrl,
      GHN_WEBHOOK_SECRET: WEBHOOK.secret,
      MEDUSA_BACKEND_URL: storeUrl,
      STORE_CORS: "http://localhost:8000",
      ADMIN_CORS: storeUrl,
      AUTH_CORS: storeUrl,
    })
    const medusaBin = path.join(STORE, "node_modules", ".bin", "medusa")
    await step("medusa db:migrate", () => runToEnd("medusa-migrate", medusaBin, ["db:migrate"], { cwd: SERVER, env }))
    await step("medusa user", () => runToEnd("medusa-user", medusaBin, ["user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: SERVER, env }))
    await step("medusa start", async () => {
      medusa = run("medusa-start", medusaBin, ["start", "--port", String(port)], { cwd: SERVER, env })
      await waitFor(() => Promise.all([fetch(`${storeUrl}/health`), fetch(`${storeUrl}/app`)]).then((r) => r.every((x) => x.ok)), {
        what: `the store answering (see ${medusa.logFile})`,
        timeoutMs: 180_000,
        intervalMs: 300,
        failIf: () => medusa.child.exitCode !== null && `medusa start exited (${medusa.child.exitCode}); see ${medusa.logFile}`,
      })
    })
    api = explained(apiClient(storeUrl))
    const { data } = await api.post("/auth/user/emailpass", ADMIN)
    admin = { headers: { authorization: `Bearer ${data.token}` } }
  })

  afterAll(async () => {
    await browser?.close().catch(() => {})
    await stop(medusa)
    await stop(sandboxChild)
    if (db) {
      const { Client } = require("pg")
      const client = new Client({ ...db, database: "postgres" })
      await client.connect().catch(() => {})
      await client.query(`DROP DATABASE IF EXISTS "${db.database}" WITH (FORCE)`).catch(() => {})
      await client.end().catch(() => {})
    }
    timings.total = (Date.now() - started) / 1000
    log(`durations (s): ${JSON.stringify(timings)}`)
    fs.mkdirSync(LOGS, { recursive: true })
    fs.writeFileSync(path.join(LOGS, "timings.json"), JSON.stringify(timings, null, 2))
  })

  test("the tarball holds the built plugin, not its sources", () => {
    const list = spawnSync("tar", ["tzf", tarball], { encoding: "utf8" }).stdout.split("\n")
    for (const f of [
      "package/package.json",
      "package/LICENSE",
      "package/README.md",
      "package/CHANGELOG.md",
      "package/.medusa/server/src/scripts/ghn-resolve-saved-addresses.js",
      "package/.medusa/server/src/providers/ghn/index.js",
      "package/.medusa/server/src/modules/ghn/index.js",
      "package/.medusa/server/src/admin/index.mjs",
      "package/.medusa/server/src/sandbox/cli.js",
      "package/.medusa/server/src/lib/ghn-check/cli.js",
      "package/.medusa/server/src/lib/ghn/index.js",
      "package/.medusa/server/src/storefront/index.js",
      "package/.medusa/server/src/storefront/index.d.ts",
      "package/.medusa/server/src/storefront/react/index.d.ts",
    ]) {
      expect(list).toContain(f)
    }
    expect(list.filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))).toEqual([])
    expect(list.filter((f) => /integration-tests|__tests__|\.spec\./.test(f))).toEqual([])
    // Neither fixtures, benchmarks, the demo's seed nor the development store's configuration.
    expect(list.filter((f) => /fixtures\/|bench\/|seed-demo|medusa-config/.test(f))).toEqual([])
  })

  test("a storefront imports the kit from the installed package, without React", () => {
    const probe = spawnSync(
      process.execPath,
      ["-e", "const kit = require('medusa-fulfillment-ghn/storefront'); console.log(JSON.stringify({ exports: Object.keys(kit).length, react: Object.keys(require.cache).some((f) => /node_modules\\/react\\//.test(f)) }))"],
      { cwd: STORE, encoding: "utf8" }
    )
    expect(probe.stderr).toBe("")
    const out = JSON.parse(probe.stdout)
    expect(out.exports).toBeGreaterThan(5)
    expect(out.react).toBe(false)
  })

  test("npx medusa-ghn-check, the installed package's bin, checks the store's GHN account against the sandbox, in words, and keeps the token out of its file", async () => {
    /** `npx medusa-ghn-check` in the store, with the plugin's options in the environment as the README says. */
    const check = async (name: string, token: string) => {
      const answers = path.join(LOGS, `${name}-answers.json`)
      const env = cleanEnv({ GHN_TOKEN: token, GHN_SHOP_ID: "190001", GHN_ENV: sandboxUrl })
      const [command, args] = NPM ? [process.execPath, [NPM, "exec", "--no", "--", "medusa-ghn-check", "--out", answers]] : ["npx", ["--no", "--", "medusa-ghn-check", "--out", answers]]
      const c = run(name, command as string, args as string[], { cwd: STORE, env })
      const code = await c.exited
      return { code, out: fs.readFileSync(c.logFile, "utf8"), answers: fs.readFileSync(answers, "utf8") }
    }
    const ok = await check("medusa-ghn-check", "sandbox-owner-token")
    expect([ok.code, ok.out]).toEqual([0, expect.stringContaining("Every check passed.")])
    for (const line of [
      "✓ Token and environment: the GHN address set in the options (baseUrl) accepts the token",
      "✓ Shop 190001: shop 190001 (Sandbox Shop Hà Nội) is active and picks up at 12 Phan Đình Phùng",
      "✓ Services on the route: ",
      "✓ Fee quote: a parcel of 500 g, 20×15×10 cm to ",
      "✓ Lead time: a parcel sent today reaches ",
      "✓ Today's pick shifts: GHN offers ",
    ]) {
      expect(ok.out).toContain(line)
    }
    expect(ok.answers).not.toContain("sandbox-owner-token")
    expect(JSON.parse(ok.answers).answers.map((a: { operation: string }) => a.operation)).toEqual(expect.arrayContaining(["shops.list", "fees.calculate", "fees.leadtime"]))

    const refused = await check("medusa-ghn-check-refused", "a-token-ghn-refuses")
    expect(refused.code).toBe(1)
    expect(refused.out).toContain("✗ Token and environment: this token is refused by the GHN address set in the options (baseUrl) (HTTP 401: ")
    expect(refused.out).toContain("- Shop 190001: not checked: GHN refused the token")
    expect(refused.out + refused.answers).not.toContain("a-token-ghn-refuses")
  })

  test("the plugin's module, routes and provider are loaded in the store", async () => {
    // The plugin's module migrated its tables; the provider is registered as ghn_ghn.
    const { Client } = require("pg")
    const client = new Client({ ...db })
    await client.connect()
    const { rows } = await client.query("select table_name from information_schema.tables where table_name like 'ghn_%' order by 1")
    await client.end()
    expect(rows.map((r: any) => r.table_name)).toEqual(expect.arrayContaining(["ghn_shipment", "ghn_ticket", "ghn_webhook_event"]))
    const providers = (await api.get("/admin/fulfillment-providers?limit=50", admin)).data.fulfillment_providers.map((p: any) => p.id)
    expect(providers).toEqual(expect.arrayContaining(["ghn_ghn", "manual_manual"]))
  })

  test("a checkout priced by GHN", async () => {
    seeded = await seedGhnStore(api, admin)
    const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 2 }])
    const priced = await quote(api, seeded, cart.id, seeded.options.light)
    expect(priced.amount).toBeGreaterThan(0)
    // The price is GHN's (the sandbox's) Calculate Fee for this parcel.
    const stats = await (await fetch(`${sandboxUrl}/_sandbox/stats`)).json()
    expect(Number(stats.requests?.["/shiip/public-api/v2/shipping-order/fee"] ?? 0)).toBeGreaterThan(0)
    const order = await checkout(api, seeded, cart.id, seeded.options.light)
    orderId = order.id
    expect(order.shipping_methods[0].amount).toBe(priced.amount)
  })

  test("a fulfilment creates the GHN order", async () => {
    const fulfillment = await fulfilOrder(api, admin, seeded, orderId)
    orderCode = fulfillment.data.order_code
    expect(orderCode).toMatch(/^[A-Z0-9]+$/)
    expect(fulfillment.labels[0]?.tracking_number).toBe(orderCode)
    const answer = await (await fetch(`${sandboxUrl}/_sandbox/orders/${orderCode}`)).json()
    expect(answer.order ?? answer).toMatchObject({ order_code: orderCode, status: "ready_to_pick" })
  })

  test("GHN's callback (picked up) ships the fulfilment", async () => {
    for (const status of ["picking", "picked"]) {
      const res = await fetch(`${sandboxUrl}/_sandbox/orders/${orderCode}/status`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status }) })
      expect(res.ok).toBe(true)
    }
    await until("the fulfilment shipped by the callback", async () => {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=fulfillments.id,fulfillments.shipped_at`, admin)
      return !!data.order.fulfillments[0]?.shipped_at
    })
    const { data } = await api.get(`/admin/ghn/orders/${orderId}/shipments`, admin)
    expect(data.shipments[0]).toMatchObject({ order_code: orderCode, status: "picked" })
  })

  testBrowser()("the admin's order page shows the GHN panel", async () => {
    browser = await launch()
    const context = await adminContext(browser!, storeUrl, "en", { width: 1280, height: 900 })
    const page = await context.newPage()
    try {
      await login(page, ADMIN)
      await page.goto(`/app/orders/${orderId}`)
      const card = page.locator(`[data-testid="ghn-shipment"][data-order-code="${orderCode}"]`)
      await card.waitFor()
      await expect(card.locator('[data-testid="ghn-status"]').first().innerText()).resolves.toBe("Picked up")
      await card.scrollIntoViewIfNeeded()
      await screenshot(page, "packed-store-order-ghn-panel")
      // The plugin's own page is in the sidebar.
      await page.goto("/app/ghn")
      await page.locator("tr", { hasText: orderCode }).waitFor()
    } catch (error) {
      await screenshot(page, "packed-store-failed").catch(() => {})
      throw error
    } finally {
      await context.close()
    }
  })
})
