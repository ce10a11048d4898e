/**
 * Smoke test of `npm run demo`: starts the demo from a clean, temporary data folder on free ports,
 * waits until it is ready, checks the GHN provider through the admin API, places an order with
 * `npm run demo:order`, fulfils it through the admin API (GHN order code and label), moves it to
 * shipped and delivered with `npm run demo:advance`, stops it the way Ctrl-C does and checks
 * that nothing it started is left running; then starts it again on the same data (the seed adds
 * nothing) and stops it again.
 *
 * Database: the demo's own embedded PostgreSQL in the temporary folder, as a user gets it (about
 * as fast as the alternative here); GHN_SMOKE_DB=test uses a fresh database on the tests'
 * PostgreSQL (DB_HOST/DB_PORT from the global set-up) through DATABASE_URL instead.
 */
import { ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { freePort } from "../helpers/ports"
import { waitFor } from "../helpers/wait"


const ROOT = path.resolve(__dirname, "../..")
const EMBEDDED = process.env.GHN_SMOKE_DB !== "test"

type Demo = { child: ChildProcess; output: string[]; exited: Promise<number | null> }

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    // A closed local port refuses at once: the connection's own answer, no clock.
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })
}

/** Live (non-zombie) processes whose process group is one of `pgids` or whose command line mentions `marker`. */
function leftovers(pgids: number[], marker: string) {
  const found: string[] = []
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (fields[0] === "Z") continue
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim()
      // Every process the demo starts inherits its DEMO_DIR, in whatever process group it runs.
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0")
      if (pgids.includes(Number(fields[2])) || cmd.includes(marker) || environ.includes(`DEMO_DIR=${marker}`)) found.push(`${entry} ${cmd.slice(0, 160)}`)
    } catch {}
  }
  return found
}


function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, demo?: Demo) {
  return waitFor(check, {
    what,
    timeoutMs,
    intervalMs: 250,
    failIf: () => demo && demo.child.exitCode !== null && `the demo exited (${demo.child.exitCode})`,
  }).catch((error: Error) => {
    throw demo ? new Error(`${error.message}\n${demo.output.join("")}`) : error
  })
}

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  })
  const text = await res.text()
  let json: any = text
  try {
    json = text ? JSON.parse(text) : null
  } catch {}
  return { status: res.status, body: json, headers: res.headers }
}

describe("npm run demo (smoke)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ghn-demo-smoke-"))
  const dbName = `ghn_demo_smoke_${Date.now().toString(36)}`
  const env: Record<string, string> = {}
  const demos: Demo[] = []
  const pgids = new Set<number>()

  const childEnv = () => {
    const e: Record<string, string | undefined> = { ...process.env, ...env }
    delete e.NODE_OPTIONS // jest's --experimental-vm-modules is not the demo's business
    return e as NodeJS.ProcessEnv
  }

  function startDemo(): Demo {
    const child = spawn("npm", ["run", "--silent", "demo"], { cwd: ROOT, env: childEnv(), detached: true, stdio: ["ignore", "pipe", "pipe"] })
    const output: string[] = []
    child.stdout!.on("data", (c) => output.push(c.toString()))
    child.stderr!.on("data", (c) => output.push(c.toString()))
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
    const demo = { child, output, exited }
    demos.push(demo)
    pgids.add(child.pid!)
    return demo
  }

  /** Ctrl-C: SIGINT to the foreground process group (npm, its shell and the demo). */
  async function stopDemo(demo: Demo) {
    if (demo.child.exitCode === null) process.kill(-demo.child.pid!, "SIGINT")
    await waitUntil("the demo to exit", () => demo.child.exitCode !== null || demo.child.signalCode !== null, 90_000)
    const marker = dir
    await waitUntil("every process of the demo to end", () => leftovers([...pgids], marker).length === 0, 60_000)
  }

  function runScript(script: string, args: string[] = []) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: ROOT, env: childEnv(), stdio: ["ignore", "pipe", "pipe"] })
      let stdout = ""
      let stderr = ""
      child.stdout.on("data", (c) => (stdout += c))
      child.stderr.on("data", (c) => (stderr += c))
      child.on("exit", (code) => resolve({ code, stdout, stderr }))
    })
  }

  const state = () => JSON.parse(fs.readFileSync(path.join(dir, "demo.json"), "utf8"))

  beforeAll(async () => {
    env.DEMO_DIR = dir
    env.DEMO_PORT = String(await freePort())
    env.DEMO_SANDBOX_PORT = String(await freePort())
    env.DEMO_PG_PORT = String(await freePort())
    env.DEMO_ADMIN = "false" // the admin dashboard is not what this test checks; it starts faster without
    env.DEMO_WATCH = "false"
    env.MEDUSA_DISABLE_TELEMETRY = "true"
    if (!EMBEDDED) {
      const user = encodeURIComponent(process.env.DB_USERNAME || "postgres")
      const password = encodeURIComponent(process.env.DB_PASSWORD || "")
      env.DATABASE_URL = `postgres://${user}:${password}@${process.env.DB_HOST || "127.0.0.1"}:${process.env.DB_PORT || 5432}/${dbName}`
    } else {
      fs.chmodSync(dir, 0o755)
    }
  })

  afterAll(async () => {
    for (const demo of demos) {
      if (demo.child.exitCode === null) {
        try {
          process.kill(-demo.child.pid!, "SIGINT")
        } catch {}
        await waitUntil("the demo to exit", () => demo.child.exitCode !== null || demo.child.signalCode !== null, 60_000).catch(() => undefined)
      }
    }
    // Anything still there after a failure: kill it, so the test run leaves nothing behind.
    for (const line of leftovers([...pgids], dir)) {
      try {
        process.kill(Number(line.split(" ")[0]), "SIGKILL")
      } catch {}
    }
    if (!EMBEDDED) {
      const { Client } = require("pg")
      const client = new Client({
        host: process.env.DB_HOST || "127.0.0.1",
        port: Number(process.env.DB_PORT || 5432),
        user: process.env.DB_USERNAME || "postgres",
        password: process.env.DB_PASSWORD || "",
        database: "postgres",
      })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {})
      await client.end()
    }
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("starts, sells, fulfils with GHN, tracks to delivered, stops cleanly, restarts without duplicates", async () => {
    // 1. Start from a clean folder and wait until ready.
    let started = Date.now()
    const demo = startDemo()
    await waitUntil("the demo to be ready", () => demo.output.join("").includes("GHN demo store is ready"), 300_000, demo)
    const firstStart = Date.now() - started
    const s = state()
    expect(s.medusaUrl).toBe(`http://localhost:${env.DEMO_PORT}`)
    expect((await api("GET", `${s.medusaUrl}/health`)).status).toBe(200)
    for (const p of s.processes) pgids.add(p.pgid)

    // 2. The admin logs in with the printed credentials; GHN is enabled where the shop ships from.
    expect(demo.output.join("")).toContain(`${s.admin.email} / ${s.admin.password}`)
    const login = await api("POST", `${s.medusaUrl}/auth/user/emailpass`, { email: s.admin.email, password: s.admin.password })
    expect(login.status).toBe(200)
    const admin = { authorization: `Bearer ${login.body.token}` }
    const providers = await api("GET", `${s.medusaUrl}/admin/fulfillment-providers?limit=50`, undefined, admin)
    expect(providers.body.fulfillment_providers).toEqual(expect.arrayContaining([expect.objectContaining({ id: "ghn_ghn", is_enabled: true })]))
    const location = await api("GET", `${s.medusaUrl}/admin/stock-locations/${s.stockLocationId}?fields=id,name,*fulfillment_providers,*address`, undefined, admin)
    expect(location.body.stock_location.name).toBe("Kho Hà Nội")
    expect(location.body.stock_location.fulfillment_providers.map((p: any) => p.id)).toContain("ghn_ghn")
    const options = await api("GET", `${s.medusaUrl}/admin/shipping-options?limit=50&fields=id,name,provider_id,price_type,data`, undefined, admin)
    const ghnOptions = options.body.shipping_options.filter((o: any) => o.provider_id === "ghn_ghn")
    expect(ghnOptions.map((o: any) => o.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "ghn-light", service_type_id: 2 }),
        expect.objectContaining({ id: "ghn-heavy", service_type_id: 5 }),
        expect.objectContaining({ id: "ghn-return-light", is_return: true }),
      ])
    )
    expect(ghnOptions.every((o: any) => o.price_type === "calculated")).toBe(true)

    // The first start placed sample parcels: the GHN page's queue, a receiver's COD history and the
    // re-weighing report are not empty on first open.
    expect(/sample parcels skipped: .*/.exec(demo.output.join(""))?.[0]).toBeUndefined()
    const samples = JSON.parse(fs.readFileSync(path.join(dir, "samples.json"), "utf8")) as { order_code: string | null; order_id: string; what: string }[]
    expect(samples.filter((m) => m.order_code)).toHaveLength(11)
    // And orders left ready to ship, one with an address GHN cannot resolve; the cancelled parcel's order is to ship again.
    const readySamples = samples.filter((m) => !m.order_code)
    expect(readySamples).toHaveLength(6)
    const ready = (await api("GET", `${s.medusaUrl}/admin/ghn/ready-to-ship?limit=50`, undefined, admin)).body
    const cancelledSample = samples.find((m) => m.what.includes("cancelled before pickup"))!
    expect(ready.orders.map((o: { id: string }) => o.id).sort()).toEqual([...readySamples.map((m) => m.order_id), cancelledSample.order_id].sort())
    const problems = (await api("GET", `${s.medusaUrl}/admin/ghn/ready-to-ship?problems_only=true`, undefined, admin)).body
    expect(problems.orders.map((o: { id: string }) => o.id)).toEqual([readySamples.find((m) => m.what.includes("cannot resolve"))!.order_id])
    // The ward no ward of Quận 1 is near (a Hà Nội ward): the question names it, and guesses none.
    expect(problems.orders[0].problems).toEqual([expect.objectContaining({ code: "address", part: "ward", candidates: [], message: expect.stringMatching(/Phường Hàng Trống.*Quận 1, Hồ Chí Minh/) })])
    // Settings -> GHN -> Set-up is all green on first open.
    const setup = (await api("GET", `${s.medusaUrl}/admin/ghn/setup`, undefined, admin)).body
    expect(setup.lines.filter((l: { ok: boolean }) => !l.ok)).toEqual([])
    expect(setup.ok).toBe(true)
    // The Insights tab (its default range: the last 30 days) draws the sample parcels: several
    // days and provinces, each outcome, a late delivery, COD transferred and awaiting at several ages.
    const insights = (await api("GET", `${s.medusaUrl}/admin/ghn/insights`, undefined, admin)).body.insights
    expect(insights.outcomes.totals).toEqual(expect.objectContaining({ parcels: 11, delivered: 6, refused: 1, failed_attempt: 1, cancelled: 1, in_progress: 2 }))
    expect(insights.outcomes.series.length).toBeGreaterThanOrEqual(8)
    expect(insights.provinces.map((p: { province: string }) => p.province)).toEqual(expect.arrayContaining(["Hồ Chí Minh", "Hà Nội", "Đà Nẵng", "Cần Thơ"]))
    expect(insights.first_attempt).toEqual(expect.objectContaining({ delivered_first_attempt: 5 }))
    expect(insights.punctuality.totals.late_2_plus).toBe(1)
    expect(insights.failure_reasons.map((r: { reason_code: string }) => r.reason_code)).toEqual(expect.arrayContaining(["GHN-DFC1A4", "GHN-DFC1A2"]))
    expect(insights.cod.transferred.parcels).toBe(2)
    expect(insights.cod.awaiting_by_age.filter((a: { parcels: number }) => a.parcels > 0).map((a: { age: string }) => a.age)).toEqual(["0-3", "4-7", "8-14", "15+"])
    const queue = (await api("GET", `${s.medusaUrl}/admin/ghn/needs-action`, undefined, admin)).body
    expect(queue.counts).toEqual(expect.objectContaining({ delivery_fail: 1, storing: 1 }))
    const refusedSample = samples.find((m) => m.what.includes("refused and returned"))!
    const receiver = (await api("GET", `${s.medusaUrl}/admin/ghn/orders/${refusedSample.order_id}/shipments`, undefined, admin)).body.receiver
    expect(receiver).toEqual(expect.objectContaining({ refused: 1, delivered: 1 }))
    const reweigh = (await api("GET", `${s.medusaUrl}/admin/ghn/reweigh`, undefined, admin)).body
    expect(reweigh.variants).toEqual([expect.objectContaining({ sku: "SON-25KG-TRANG", parcels: 1 })])

    // A day's orders with demo:orders: each placed through the store API, all waiting in Ready to ship.
    const many = await runScript("demo:orders", ["12", "--json"])
    expect(many.stderr.replace(/npm warn.*\n/g, "")).toBe("")
    expect(many.code).toBe(0)
    expect(JSON.parse(many.stdout.slice(many.stdout.indexOf("{")))).toEqual(expect.objectContaining({ placed: 12, failed: 0, ready_to_ship: ready.count + 12 }))

    // 3. A customer orders with demo:order; the order carries the live GHN quote.
    const ordered = await runScript("demo:order", ["--json"])
    expect(ordered.stderr.replace(/npm warn.*\n/g, "")).toBe("")
    expect(ordered.code).toBe(0)
    const placed = JSON.parse(ordered.stdout)
    expect(placed.order_id).toMatch(/^order_/)
    expect(placed.quote).toBeGreaterThan(0)
    const order = (
      await api("GET", `${s.medusaUrl}/admin/orders/${placed.order_id}?fields=id,display_id,shipping_total,*items,*shipping_methods`, undefined, admin)
    ).body.order
    expect(order.display_id).toBe(placed.display_id)
    expect(order.shipping_methods).toHaveLength(1)
    expect(order.shipping_methods[0].shipping_option_id).toBe(s.shippingOptions.ghnLight)
    expect(order.shipping_methods[0].amount).toBe(placed.quote)
    expect(order.shipping_methods[0].data).toEqual(expect.objectContaining({ service_type_id: 2 }))
    expect(order.shipping_methods[0].data.ghn_to).toEqual(expect.objectContaining({ ward_name: "Phường Bến Thành" }))

    // 4. The admin fulfils it: GHN creates its order; the fulfilment has the code and a label.
    const fulfilled = await api(
      "POST",
      `${s.medusaUrl}/admin/orders/${order.id}/fulfillments?fields=id,fulfillments.id,fulfillments.data,fulfillments.labels.*`,
      { location_id: s.stockLocationId, items: order.items.map((i: any) => ({ id: i.id, quantity: i.quantity })) },
      admin
    )
    expect(fulfilled.status).toBe(200)
    const fulfillment = fulfilled.body.order.fulfillments[0]
    const code = fulfillment.data.order_code
    expect(code).toMatch(/^[A-Z0-9]{5,}$/)
    expect(fulfillment.labels).toEqual([
      expect.objectContaining({ tracking_number: code, label_url: expect.stringContaining(`/admin/ghn/labels/${code}`) }),
    ])
    // Absolute (the demo sets MEDUSA_BACKEND_URL), so Medusa's admin links it.
    expect(fulfillment.labels[0].label_url).toBe(`${s.medusaUrl}/admin/ghn/labels/${code}?size=A5`)
    const label = await api("GET", fulfillment.labels[0].label_url, undefined, admin)
    expect(label.status).toBe(302)
    expect(label.headers.get("location")).toContain(s.sandboxUrl)
    const atGhn = await api("GET", `${s.sandboxUrl}/_sandbox/orders/${code}`)
    // Made under the Create Order intent the plugin kept in PostgreSQL before calling GHN: the order's number and parcel.
    expect(atGhn.body).toEqual(expect.objectContaining({ order_code: code, client_order_code: fulfillment.data.client_order_code, status: "ready_to_pick" }))
    expect(fulfillment.data.client_order_code).toMatch(/\d+-1$/)

    // 5. GHN moves it along (demo:advance): shipped, then delivered, through the webhook.
    const toPicked = await runScript("demo:advance", [code, "shipped"])
    expect(toPicked.code).toBe(0)
    expect(toPicked.stdout).toContain("fulfilment shipped")
    const toDelivered = await runScript("demo:advance", [code, "delivered"])
    expect(toDelivered.code).toBe(0)
    expect(toDelivered.stdout).toContain("fulfilment delivered")
    const after = (await api("GET", `${s.medusaUrl}/admin/orders/${order.id}?fields=id,fulfillment_status,fulfillments.shipped_at,fulfillments.delivered_at`, undefined, admin)).body.order
    expect(after.fulfillment_status).toBe("delivered")
    expect(after.fulfillments[0].shipped_at).toBeTruthy()
    expect(after.fulfillments[0].delivered_at).toBeTruthy()

    // 6. Ctrl-C stops everything it started.
    await stopDemo(demo)
    expect(demo.output.join("")).toContain("stopped: nothing left running")
    for (const port of [env.DEMO_PORT, env.DEMO_SANDBOX_PORT, env.DEMO_PG_PORT]) expect(await isListening(Number(port))).toBe(false)
    expect(fs.existsSync(path.join(dir, "demo.pid"))).toBe(false)

    // 7. A second start on the same data: the seed finds everything, nothing is duplicated.
    started = Date.now()
    const again = startDemo()
    await waitUntil("the demo to be ready again", () => again.output.join("").includes("GHN demo store is ready"), 300_000, again)
    const secondStart = Date.now() - started
    for (const p of state().processes) pgids.add(p.pgid)
    expect(JSON.parse(fs.readFileSync(path.join(dir, "seed.json"), "utf8")).created).toEqual([])
    expect(state().shippingOptions).toEqual(s.shippingOptions)
    const relogin = await api("POST", `${s.medusaUrl}/auth/user/emailpass`, { email: s.admin.email, password: s.admin.password })
    const admin2 = { authorization: `Bearer ${relogin.body.token}` }
    const regions = (await api("GET", `${s.medusaUrl}/admin/regions?limit=50`, undefined, admin2)).body.regions
    expect(regions.filter((r: any) => r.name === "Việt Nam")).toHaveLength(1)
    const products = (await api("GET", `${s.medusaUrl}/admin/products?limit=50&fields=id,handle`, undefined, admin2)).body.products
    expect(products.filter((p: any) => p.handle === "ao-thun-ghn")).toHaveLength(1)
    const kept = (await api("GET", `${s.medusaUrl}/admin/orders/${order.id}?fields=id,fulfillment_status`, undefined, admin2)).body.order
    expect(kept.fulfillment_status).toBe("delivered")
    await stopDemo(again)
    expect(again.output.join("")).toContain("stopped: nothing left running")

    // 8. The webhook secret is in no log and not in what the demo printed.
    const secret = s.webhook.secret as string
    expect(secret.length).toBeGreaterThanOrEqual(16)
    for (const file of fs.readdirSync(path.join(dir, "logs"))) expect(fs.readFileSync(path.join(dir, "logs", file), "utf8")).not.toContain(secret)
    expect(demo.output.join("") + again.output.join("")).not.toContain(secret)

    // 9. Killed with SIGKILL (a closed terminal, the out-of-memory killer), with medusa develop
    // (which starts medusa start in a process group of its own): nothing it started is left, and
    // no process showed the webhook secret on its command line.
    env.DEMO_WATCH = "true"
    const killed = startDemo()
    await waitUntil("the demo to be ready in develop mode", () => killed.output.join("").includes("GHN demo store is ready"), 300_000, killed)
    for (const p of state().processes) pgids.add(p.pgid)
    const running = leftovers([...pgids], dir)
    expect(running.length).toBeGreaterThan(3)
    for (const line of running) {
      const pid = line.split(" ")[0]
      const cmdline = (() => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8")
        } catch {
          return ""
        }
      })()
      expect(cmdline).not.toContain(secret)
    }
    for (const pgid of [killed.child.pid!, ...state().processes.map((p: { pgid: number }) => p.pgid)]) {
      try {
        process.kill(-pgid, "SIGKILL")
      } catch {}
    }
    await waitUntil("every process the killed demo started to end", () => leftovers([...pgids], dir).length === 0, 45_000)

    process.stdout.write(`[smoke] demo ready in ${(firstStart / 1000).toFixed(1)} s (clean), ${(secondStart / 1000).toFixed(1)} s (again)\n`)
  })
})
