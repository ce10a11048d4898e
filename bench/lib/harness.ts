/**
 * What the Medusa benchmarks (calculate-price, webhook) share: a fresh PostgreSQL database per
 * run with Medusa's migrations, the development store started in a child process, the GHN
 * sandbox, an HTTP client shaped like the integration tests' (so the tests' store set-up is
 * reused as is), and a keep-alive load generator in the style of bench/sandbox-fee.ts.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Pool } from "undici"
import { freePort } from "../../integration-tests/helpers/ports"

export const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA_CLI = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")
const TS_NODE = path.join(ROOT, "node_modules", "ts-node", "dist", "bin.js")
export const LOG_DIR = mkdtempSync(path.join(os.tmpdir(), "ghn-bench-"))

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------------------------
// Command line

const argv = process.argv.slice(2)
export function opt(name: string, def: number): number {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? Number(argv[i + 1]) : def
}
export const flag = (name: string) => argv.includes(`--${name}`)

/** The load options every Medusa benchmark takes, with their defaults. */
export function loadOptions() {
  return {
    DURATION_S: opt("duration", 5),
    WARMUP_S: opt("warmup", 1),
    ROUNDS: opt("rounds", 5),
    CONNECTIONS: opt("connections", 8),
    CONCURRENCY: opt("concurrency", 8),
  }
}

// ---------------------------------------------------------------------------------------------
// Processes and ports

/** CPU seconds (user + system) used so far by a process (Linux /proc), or NaN. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    return (Number(f[11]) + Number(f[12])) / 100 // clock ticks (USER_HZ = 100)
  } catch {
    return NaN
  }
}

export function loadAverage(): string {
  return os.loadavg().map((x) => x.toFixed(2)).join(" ")
}

/**
 * The CPU a process has used so far (user + system, ms), from /proc (Linux); undefined elsewhere.
 * A cost per unit of work from two readings is steadier than a latency on a shared machine.
 */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return undefined
  }
}
/** Linux's USER_HZ, 100 on every common build. */
const CLOCK_TICKS = 100

function runToEnd(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const log = createWriteStream(logFile)
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
  child.stdout!.pipe(log)
  child.stderr!.pipe(log)
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => {
      if (code === 0) resolve()
      else reject(new Error(`${name} failed (exit ${code}); log: ${logFile}\n${tail(logFile)}`))
    })
  })
}

function tail(file: string, lines = 25) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n")
  } catch {
    return ""
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per run, dropped at the end

export type Database = { url: string; name: string; host: string; port: number; user: string; password: string; drop(): Promise<void> }

export async function freshDatabase(label: string): Promise<Database> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ensurePostgres, ensureDatabase } = require(path.join(ROOT, "scripts", "postgres.js"))
  const pg = await ensurePostgres({ dataDir: path.join(os.tmpdir(), "ghn-bench-pg"), port: Number(process.env.GHN_BENCH_PG_PORT || 54331), persistent: false })
  const name = `ghn_bench_${label}_${Date.now().toString(36)}`
  const server = { host: pg.host, port: pg.port, user: pg.user, password: pg.password }
  await ensureDatabase({ ...server, database: name })
  const auth = `${encodeURIComponent(pg.user)}${pg.password ? `:${encodeURIComponent(pg.password)}` : ""}`
  return {
    ...server,
    name,
    url: `postgres://${auth}@${pg.host}:${pg.port}/${name}`,
    async drop() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Client } = require("pg")
      const client = new Client({ ...server, database: "postgres" })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await client.end().catch(() => undefined)
      }
      await pg.stop()
    },
  }
}

/** A pg client on the benchmark's database (for precise polling without loading Medusa). */
export async function sqlClient(db: Database) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require("pg")
  const client = new Client({ host: db.host, port: db.port, user: db.user, password: db.password, database: db.name })
  await client.connect()
  return client as { query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>; end(): Promise<void> }
}

// ---------------------------------------------------------------------------------------------
// The store

export const WEBHOOK_SECRET = "bench-webhook-secret-0123456789"
export const WEBHOOK_HEADER = "x-ghn-webhook-secret"
const ADMIN = { email: "bench@ghn.test", password: "bench-password-123" }

export type Store = {
  url: string
  child: ChildProcess
  pid: number
  stop(): Promise<void>
  adminToken(): Promise<string>
  /** Runs one of the plugin's jobs in the store's process (bench/lib/store-server.ts), timed there. */
  run<R = unknown>(job: "poll" | "recovery" | "prune" | "reconcile-ready" | "alerts", args?: Record<string, unknown>): Promise<{ ms: number; result: R }>
}

function medusaEnv(db: Database, sandboxUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: "",
    NODE_ENV: process.env.BENCH_NODE_ENV || "development",
    DATABASE_URL: db.url,
    GHN_BASE_URL: sandboxUrl,
    GHN_TOKEN: "sandbox-owner-token",
    GHN_SHOP_ID: "190001",
    GHN_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MEDUSA_ADMIN_DISABLE: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "error",
  }
  // The integration tests' database settings must not leak into the store.
  for (const key of ["DB_HOST", "DB_PORT", "DB_USERNAME", "DB_PASSWORD", "GHN_ENV", "REDIS_URL", "GHN_CACHE_REDIS_URL"]) delete env[key]
  return env
}

/** `medusa db:migrate` on the fresh database (Medusa's, the links', and the plugin's module). */
export function migrate(db: Database, sandboxUrl: string) {
  return runToEnd("migrate", [MEDUSA_CLI, "db:migrate"], medusaEnv(db, sandboxUrl))
}

export async function startStore(db: Database, sandboxUrl: string, extra: NodeJS.ProcessEnv = {}): Promise<Store> {
  const port = await freePort()
  const logFile = path.join(LOG_DIR, "medusa.log")
  const log = createWriteStream(logFile, { flags: "a" })
  const env = { ...medusaEnv(db, sandboxUrl), BENCH_PORT: String(port), BENCH_ADMIN_EMAIL: ADMIN.email, BENCH_ADMIN_PASSWORD: ADMIN.password, ...extra }
  // BENCH_NODE_ARGS: extra node flags for the store, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS || "").split(" ").filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, TS_NODE, path.join("bench", "lib", "store-server.ts")], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe", "ipc"] })
  child.stderr!.pipe(log)
  let runs = 0
  const waiting = new Map<number, { resolve(v: { ms: number; result: never }): void; reject(e: Error): void }>()
  child.on("message", (m: { id: number; ms: number; result: never; error?: string }) => {
    const w = waiting.get(m.id)
    waiting.delete(m.id)
    if (m.error) w?.reject(new Error(m.error))
    else w?.resolve(m)
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ""
    const timer = setTimeout(() => reject(new Error(`Medusa did not start in 300 s; log: ${logFile}`)), 300_000)
    child.stdout!.on("data", (d) => {
      log.write(d)
      out += d
      const m = out.match(/BENCH_STORE_READY (http:\/\/\S+)/)
      if (m) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`Medusa exited (${code}) before it was ready; log: ${logFile}\n${tail(logFile)}`))
    })
  })
  child.stdout!.removeAllListeners("data")
  child.stdout!.pipe(log)
  return {
    url,
    child,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      const timeout = sleep(15_000).then(() => "timeout")
      if ((await Promise.race([exited, timeout])) === "timeout") {
        child.kill("SIGKILL")
        await exited
      }
    },
    async adminToken() {
      const { data } = await apiClient(url).post("/auth/user/emailpass", ADMIN)
      return data.token as string
    },
    run(job, args) {
      const id = ++runs
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        child.send({ id, job, args })
      })
    },
  }
}

/**
 * An HTTP client shaped like the test runner's axios client (get/post/delete resolving to
 * { status, data }, errors carrying `response`), so integration-tests/helpers/store.ts runs as is.
 */
export function apiClient(base: string) {
  const call = async (method: string, url: string, body?: unknown, config?: { headers?: Record<string, string> }) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(config?.headers ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let data: any = text
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      /* keep the text */
    }
    if (res.status >= 400) {
      throw Object.assign(new Error(`${method} ${url} -> ${res.status} ${text.slice(0, 500)}`), { response: { status: res.status, data } })
    }
    return { status: res.status, data }
  }
  return {
    get: (url: string, config?: { headers?: Record<string, string> }) => call("GET", url, undefined, config),
    post: (url: string, body?: unknown, config?: { headers?: Record<string, string> }) => call("POST", url, body ?? {}, config),
    delete: (url: string, config?: { headers?: Record<string, string> }) => call("DELETE", url, undefined, config),
    defaults: { baseURL: base },
  }
}
export type Api = ReturnType<typeof apiClient>

// ---------------------------------------------------------------------------------------------
// Load generation

export interface LoadSpec {
  url: string
  method: "GET" | "POST"
  path: string
  headers?: Record<string, string>
  /** A fixed body, or one made per request (e.g. distinct events). */
  body?: string | (() => string)
  /** Is the answer the one expected? Anything else counts as an error. */
  ok: (status: number, text: string) => boolean
  connections: number
  concurrency: number
  durationS: number
  warmupS: number
  /** Process whose CPU time is read during the measured window (the Medusa server). */
  pid?: number
  /** A counter read before and after each slice of loadInterleaved (e.g. GHN fee requests). */
  counter?: () => number
}

export interface Result {
  requests: number
  errors: number
  firstError?: string
  rps: number
  p50: number
  p99: number
  cpu: number
  elapsedS: number
  /** Good answers over the whole run, warm-up and tail included (to divide counters by). */
  completed?: number
  /** Increase of `counter` over the same requests as `completed`. */
  counted?: number
}

/** Keep-alive load (undici Pool), `concurrency` requests in flight; latencies of the measured window. */
export async function load(spec: LoadSpec): Promise<Result> {
  const pool = new Pool(spec.url, { connections: spec.connections, pipelining: 1, keepAliveTimeout: 60_000 })
  const lat: number[] = []
  let errors = 0
  let completed = 0
  let firstError: string | undefined
  let measuring = false
  let stop = false
  const worker = async () => {
    while (!stop) {
      const body = typeof spec.body === "function" ? spec.body() : spec.body
      const t0 = process.hrtime.bigint()
      let good = false
      try {
        const res = await pool.request({ path: spec.path, method: spec.method, headers: spec.headers, body })
        const text = await res.body.text()
        good = spec.ok(res.statusCode, text)
        if (good) completed++
        if (!good) firstError ??= `${res.statusCode} ${text.slice(0, 300)}`
      } catch (error) {
        firstError ??= String((error as Error).message)
      }
      if (measuring) {
        if (good) lat.push(Number(process.hrtime.bigint() - t0) / 1e6)
        else errors++
      }
    }
  }
  const workers = Array.from({ length: spec.concurrency }, worker)
  await sleep(spec.warmupS * 1000)
  measuring = true
  const cpu0 = cpuSeconds(spec.pid)
  const start = process.hrtime.bigint()
  await sleep(spec.durationS * 1000)
  measuring = false
  const cpu = cpuSeconds(spec.pid) - cpu0
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9
  stop = true
  await Promise.all(workers)
  await pool.close()
  return { ...summarise(lat, errors, elapsedS, cpu, firstError), completed }
}

/**
 * Several loads measured in turns: after a warm-up of each, `rounds` rounds in which each spec
 * runs for `sliceS` s in turn (its own keep-alive pool, kept across rounds). On a machine shared
 * with other jobs, interleaving spreads their noise over every spec instead of the one running
 * when it struck. Latencies and CPU time are those of the measured slices only.
 */
export async function loadInterleaved(
  specs: Omit<LoadSpec, "durationS" | "warmupS">[],
  { rounds, sliceS, warmupS }: { rounds: number; sliceS: number; warmupS: number }
): Promise<Result[]> {
  const state = specs.map((spec) => ({
    spec,
    pool: new Pool(spec.url, { connections: spec.connections, pipelining: 1, keepAliveTimeout: 60_000 }),
    lat: [] as number[],
    errors: 0,
    completed: 0,
    firstError: undefined as string | undefined,
    cpu: 0,
    elapsedS: 0,
    counted: 0,
  }))
  const slice = async (st: (typeof state)[number], seconds: number, measured: boolean) => {
    let stop = false
    const { spec } = st
    const worker = async () => {
      while (!stop) {
        const body = typeof spec.body === "function" ? spec.body() : spec.body
        const t0 = process.hrtime.bigint()
        let good = false
        try {
          const res = await st.pool.request({ path: spec.path, method: spec.method, headers: spec.headers, body })
          const text = await res.body.text()
          good = spec.ok(res.statusCode, text)
          if (good) st.completed++
          else st.firstError ??= `${res.statusCode} ${text.slice(0, 300)}`
        } catch (error) {
          st.firstError ??= String((error as Error).message)
        }
        if (measured && !stop) {
          if (good) st.lat.push(Number(process.hrtime.bigint() - t0) / 1e6)
          else st.errors++
        }
      }
    }
    const count0 = spec.counter?.() ?? 0
    const workers = Array.from({ length: spec.concurrency }, worker)
    const cpu0 = cpuSeconds(spec.pid)
    const start = process.hrtime.bigint()
    await sleep(seconds * 1000)
    stop = true
    if (measured) {
      st.cpu += cpuSeconds(spec.pid) - cpu0
      st.elapsedS += Number(process.hrtime.bigint() - start) / 1e9
    }
    await Promise.all(workers)
    st.counted += (spec.counter?.() ?? 0) - count0
  }
  for (const st of state) await slice(st, warmupS, false)
  for (let round = 0; round < rounds; round++) for (const st of state) await slice(st, sliceS, true)
  await Promise.all(state.map((st) => st.pool.close()))
  return state.map((st) => ({ ...summarise(st.lat, st.errors, st.elapsedS, st.cpu, st.firstError), completed: st.completed, counted: st.counted }))
}

export function summarise(lat: number[], errors: number, elapsedS: number, cpu = NaN, firstError?: string): Result {
  const sorted = [...lat].sort((a, b) => a - b)
  const n = sorted.length
  return { requests: n, errors, firstError, rps: n / elapsedS, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), cpu, elapsedS }
}

/** Nearest-rank quantile of sorted values. */
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

// ---------------------------------------------------------------------------------------------
// Output

export const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-")
export const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : "-")
export const perCpu = (r: Result) => (Number.isFinite(r.cpu) && r.cpu > 0 ? (r.requests / r.cpu).toFixed(0) : "-")

/** A markdown table (also readable in a terminal). */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(1, ...cells.map((r) => (r[i] ?? "").length)))
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`
  return [line(head), `| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : "-".repeat(w - 1) + ":")).join(" | ")} |`, ...cells.slice(1).map(line)].join("\n")
}

export const say = (line = "") => process.stdout.write(`${line}\n`)
