/**
 * The development store with its built admin, for the browser tests: this repository's
 * medusa-config.ts and src, built with `medusa build` (backend and admin, as a store deploys
 * it), started with `medusa start` (NODE_ENV=production, the admin served from the build),
 * on a fresh database of the tests' PostgreSQL, seeded with the demo's seed
 * (src/scripts/seed-demo.ts), talking to a GHN sandbox started here, which sends its
 * webhooks to the store. Orders are placed and fulfilled with the demo's own script
 * (scripts/demo-order.js --fulfil), which reads the same demo.json state file as `npm run demo`.
 *
 * The build happens in a copy of the sources (.cache/ghn-admin-e2e/app, node_modules linked), so
 * it never touches the repository's own .medusa folder, and is reused while the sources, the
 * configuration and the lockfile are unchanged (a hash of them is kept next to the build).
 */
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { type Child, stopChild } from "../../helpers/processes"
import { freePort } from "../../helpers/ports"
import { waitFor } from "../../helpers/wait"

export const ROOT = path.resolve(__dirname, "../../..")
const CACHE = path.join(ROOT, ".cache", "ghn-admin-e2e")
const APP = path.join(CACHE, "app")
const SERVER = path.join(APP, ".medusa", "server")
const MEDUSA_CLI = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")
const GUARD = path.join(ROOT, "scripts", "demo-guard.js")
export const ARTIFACTS = path.join(ROOT, "artifacts", "browser")

export const ADMIN = { email: "admin@ghn-admin-e2e.local", password: "ghn-admin-e2e-password" }
export const WEBHOOK = { header: "x-ghn-webhook-secret", secret: "browser-test-webhook-secret" }

const log = (line: string) => process.stdout.write(`[admin-e2e] ${line}\n`)


function run(name: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; logDir: string }): Child {
  fs.mkdirSync(opts.logDir, { recursive: true })
  const logFile = path.join(opts.logDir, `${name}.log`)
  const out = fs.openSync(logFile, "a")
  // Under the demo's guard: leader of its own process group, stopped with it if we die.
  const child = spawn(process.execPath, [GUARD, process.execPath, ...args], {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ["pipe", out, out],
  })
  child.stdin?.on("error", () => {})
  fs.closeSync(out)
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  return { name, child, logFile, exited }
}

async function runToEnd(name: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; logDir: string }) {
  const started = Date.now()
  const c = run(name, args, opts)
  const code = await c.exited
  if (code !== 0) {
    const tail = fs.readFileSync(c.logFile, "utf8").split("\n").slice(-40).join("\n")
    throw new Error(`${name} failed (exit ${code}); end of ${c.logFile}:\n${tail}`)
  }
  log(`${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const stop = stopChild

// ---------------------------------------------------------------------------------------------
// Build

const SOURCES = ["src", "medusa-config.ts", "tsconfig.json", "package.json", "package-lock.json"]
const SKIP = /(^|\/)(__tests__|\.DS_Store)(\/|$)/

function listFiles(dir: string, base = dir): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const rel = path.relative(base, full)
    if (SKIP.test(rel)) continue
    if (entry.isDirectory()) out.push(...listFiles(full, base))
    else if (entry.isFile()) out.push(rel)
  }
  return out.sort()
}

function sourceHash(): string {
  const hash = createHash("sha256")
  for (const item of SOURCES) {
    const full = path.join(ROOT, item)
    const files = fs.statSync(full).isDirectory() ? listFiles(full).map((f) => path.join(item, f)) : [item]
    for (const f of files) {
      hash.update(f)
      hash.update(fs.readFileSync(path.join(ROOT, f)))
    }
  }
  return hash.digest("hex")
}

/** Copies the sources into the build folder and runs `medusa build` when they changed. */
export async function buildStore(logDir: string): Promise<{ built: boolean; seconds: number }> {
  const started = Date.now()
  const hash = sourceHash()
  const stamp = path.join(CACHE, "build.hash")
  const index = path.join(SERVER, "public", "admin", "index.html")
  if (fs.existsSync(index) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === hash && process.env.GHN_E2E_REBUILD !== "1") {
    log("build is up to date (sources unchanged): reusing it")
    return { built: false, seconds: 0 }
  }
  fs.rmSync(APP, { recursive: true, force: true })
  fs.mkdirSync(APP, { recursive: true })
  for (const item of SOURCES) {
    const from = path.join(ROOT, item)
    if (fs.statSync(from).isDirectory()) {
      for (const f of listFiles(from)) {
        fs.mkdirSync(path.dirname(path.join(APP, item, f)), { recursive: true })
        fs.copyFileSync(path.join(from, f), path.join(APP, item, f))
      }
    } else fs.copyFileSync(from, path.join(APP, item))
  }
  // Another name than the repository's package, so jest's module map sees no duplicate.
  const pkg = JSON.parse(fs.readFileSync(path.join(APP, "package.json"), "utf8"))
  fs.writeFileSync(path.join(APP, "package.json"), JSON.stringify({ ...pkg, name: `${pkg.name}-admin-e2e-build`, private: true }, null, 2))
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(APP, "node_modules"), "dir")
  log("building the store and its admin (medusa build)…")
  await runToEnd("build", [MEDUSA_CLI, "build"], { cwd: APP, env: cleanEnv({ NODE_ENV: "production" }), logDir })
  if (!fs.existsSync(index)) throw new Error(`medusa build left no admin at ${index}`)
  // The build copies package.json: one more name, so jest's module map sees no duplicate.
  const built = path.join(SERVER, "package.json")
  fs.writeFileSync(built, JSON.stringify({ ...JSON.parse(fs.readFileSync(built, "utf8")), name: `${pkg.name}-admin-e2e-server` }, null, 2))
  fs.writeFileSync(stamp, hash)
  return { built: true, seconds: (Date.now() - started) / 1000 }
}

/** The environment of the store's processes: none of the jest or test-runner settings. */
function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true", ...extra }
  for (const key of ["NODE_OPTIONS", "DB_HOST", "DB_PORT", "DB_USERNAME", "DB_PASSWORD", "DB_TEMP_NAME", "JEST_WORKER_ID", "LOG_LEVEL"]) {
    if (!(key in extra)) delete env[key]
  }
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k]
  return env
}

// ---------------------------------------------------------------------------------------------
// The store

export type AdminStore = {
  url: string
  adminUrl: string
  sandboxUrl: string
  sandbox: any
  state: Record<string, any>
  dir: string
  stop(): Promise<void>
  /** A customer's order through the store API, fulfilled with GHN through the admin API. */
  /** `heavy`: the demo's heavy-goods order (one 25 kg variant) instead of its two-product one. */
  placeFulfilledOrder(opts?: { heavy?: boolean }): Promise<{ order_id: string; display_id: number; ghn_order_code: string; fulfillment_id: string }>
  /** The demo's sample parcels (scripts/demo-samples.js), as the demo places them on its first start. */
  placeSamples(): Promise<{ what: string; order_code: string; order_id: string }[]>
  /** `count` customers' orders left ready to ship (scripts/demo-orders.js, as `npm run demo:orders` places them). */
  placeOrders(count: number): Promise<{ placed: number; failed: number; ready_to_ship: number }>
  adminToken(): Promise<string>
}

export async function startAdminStore(): Promise<AdminStore> {
  const runId = `${Date.now().toString(36)}${process.pid}`
  const dir = path.join(CACHE, "runs", runId)
  const logDir = path.join(ARTIFACTS, "logs")
  fs.mkdirSync(dir, { recursive: true })
  fs.rmSync(logDir, { recursive: true, force: true })

  const build = await buildStore(logDir)

  // What to undo, newest first, when the start fails half-way or the tests end.
  const cleanups: (() => Promise<unknown>)[] = []
  const cleanUp = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((e) => log(`clean-up: ${(e as Error).message}`))
  }
  try {
    return await startServices({ runId, dir, logDir, cleanups, cleanUp })
  } catch (error) {
    await cleanUp()
    throw error
  }
}

async function startServices({ runId, dir, logDir, cleanups, cleanUp }: { runId: string; dir: string; logDir: string; cleanups: (() => Promise<unknown>)[]; cleanUp: () => Promise<void> }): Promise<AdminStore> {
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }))
  const port = await freePort()
  const url = `http://localhost:${port}`
  // The GHN sandbox, in this process, sending GHN's webhooks to the store with the secret.
  const { startGhnSandbox } = require(path.join(ROOT, "src", "sandbox"))
  const sandbox = await startGhnSandbox({
    port: 0,
    quiet: true,
    webhookUrl: `http://127.0.0.1:${port}/hooks/ghn`,
    webhookHeaders: { [WEBHOOK.header]: WEBHOOK.secret },
    webhookRetry: { attempts: 3, baseDelayMs: 200, maxDelayMs: 1000 },
  })
  cleanups.push(() => sandbox.close())

  // A fresh database on the tests' PostgreSQL (DB_* from the global set-up).
  const db = {
    host: process.env.DB_HOST || "localhost",
    port: Number(process.env.DB_PORT || 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || "",
    database: `ghn_admin_e2e_${runId}`,
  }
  // A copy of the run's migrated database when there is one (scripts/test-db-template.js): `db:migrate` then has little left to do.
  const template = process.env.GHN_TEST_DB_TEMPLATE
  if (template) {
    const { Client } = require("pg")
    const client = new Client({ ...db, database: "postgres" })
    await client.connect()
    await client.query(`CREATE DATABASE "${db.database}" TEMPLATE "${template}"`).finally(() => client.end())
  } else {
    const { ensureDatabase } = require(path.join(ROOT, "scripts", "postgres.js"))
    await ensureDatabase(db)
  }
  cleanups.push(async () => {
    const { Client } = require("pg")
    const client = new Client({ ...db, database: "postgres" })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS "${db.database}" WITH (FORCE)`).catch(() => {})
    await client.end()
  })
  const databaseUrl = `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${db.database}`

  const env = cleanEnv({
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    GHN_BASE_URL: sandbox.url,
    GHN_ENV: sandbox.url,
    GHN_TOKEN: "sandbox-owner-token",
    GHN_SHOP_ID: "190001",
    GHN_WEBHOOK_SECRET: WEBHOOK.secret,
    GHN_WEBHOOK_HEADER: WEBHOOK.header,
    MEDUSA_BACKEND_URL: url,
    ADMIN_CORS: `${url},http://127.0.0.1:${port}`,
    AUTH_CORS: `${url},http://127.0.0.1:${port}`,
    STORE_CORS: "http://localhost:8000",
    DEMO_ADMIN_EMAIL: ADMIN.email,
    DEMO_ADMIN_PASSWORD: ADMIN.password,
  })
  const opts = { cwd: SERVER, env, logDir }
  await runToEnd("migrate", [MEDUSA_CLI, "db:migrate"], opts)
  // The demo's seed, as `npm run demo` runs it: from the sources (the build leaves src/scripts out).
  const seedOut = path.join(dir, "seed.json")
  await runToEnd("seed", [MEDUSA_CLI, "exec", "./src/scripts/seed-demo.ts"], { cwd: APP, logDir, env: { ...env, NODE_ENV: "development", DEMO_SEED_OUT: seedOut } })
  const seed = JSON.parse(fs.readFileSync(seedOut, "utf8"))

  let started = Date.now()
  const medusa = run("medusa", [MEDUSA_CLI, "start", "--port", String(port)], opts)
  cleanups.push(() => stop(medusa))
  // Each request bounded: one the booting server leaves hanging is tried again, not waited on forever.
  const answers = async (p: string, ms: number) => (await fetch(`${url}${p}`, { signal: AbortSignal.timeout(ms) })).ok
  await waitFor(async () => (await answers("/health", 5000)) && (await answers("/app", 10_000)), {
    what: `the store answering (see ${medusa.logFile})`,
    timeoutMs: 180_000,
    intervalMs: 300,
    failIf: () => medusa.child.exitCode !== null && `medusa start exited (${medusa.child.exitCode}); see ${medusa.logFile}`,
  })
  log(`store ready at ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s (sandbox ${sandbox.url})`)

  // The demo's state file, so the demo's own scripts drive this store.
  const state = {
    startedAt: new Date().toISOString(),
    medusaUrl: url,
    adminUrl: `${url}/app`,
    adminEnabled: true,
    sandboxUrl: sandbox.url,
    webhook: { url: `${url}/hooks/ghn`, ...WEBHOOK },
    database: { embedded: false, url: databaseUrl },
    ...seed,
  }
  delete (state as any).created
  fs.writeFileSync(path.join(dir, "demo.json"), JSON.stringify(state, null, 2))

  const adminToken = async () => {
    const res = await fetch(`${url}/auth/user/emailpass`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) })
    if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`)
    return (await res.json()).token as string
  }

  /** One of the demo's scripts on this store: its JSON output. */
  const runDemoScript = async (script: string, args: string[]) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts", script), ...args], {
      cwd: ROOT,
      env: cleanEnv({ DEMO_DIR: dir }),
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (c) => (stdout += c))
    child.stderr.on("data", (c) => (stderr += c))
    const code = await new Promise<number | null>((r) => child.on("exit", r))
    if (code !== 0) throw new Error(`${script} ${args.join(" ")} failed (${code}): ${stderr}`)
    return JSON.parse(stdout)
  }

  const placeFulfilledOrder = async (opts: { heavy?: boolean } = {}) => {
    started = Date.now()
    const result = await runDemoScript("demo-order.js", ["--fulfil", "--json", ...(opts.heavy ? ["--heavy"] : [])])
    if (!result.ghn_order_code) throw new Error(`demo:order made no GHN order: ${JSON.stringify(result)}`)
    return result
  }

  const placeSamples = async () => await runDemoScript("demo-samples.js", [])

  const placeOrders = async (count: number) => await runDemoScript("demo-orders.js", [String(count), "--json"])

  return {
    url,
    adminUrl: `${url}/app`,
    sandboxUrl: sandbox.url,
    sandbox,
    state,
    dir,
    adminToken,
    placeFulfilledOrder,
    placeSamples,
    placeOrders,
    stop: cleanUp,
  }
}
