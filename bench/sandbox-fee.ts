/**
 * Benchmark: Calculate Fee on the GHN sandbox over keep-alive HTTP (undici Pool), against a baseline
 * bare node:http server answering a fixed JSON, both run as child processes (one core each).
 *
 *   npx ts-node --transpile-only bench/sandbox-fee.ts [--duration 5] [--connections 8] [--concurrency 64]
 */
import { spawn, type ChildProcess } from "node:child_process"
import * as path from "node:path"
import { readFileSync } from "node:fs"
import { Pool } from "undici"

/** CPU seconds (user + system) used so far by a process (Linux /proc), or NaN. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    return (Number(f[11]) + Number(f[12])) / 100 // clock ticks (USER_HZ = 100)
  } catch {
    return NaN
  }
}

const args = process.argv.slice(2)
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : def
}
const DURATION_S = opt("duration", 5)
const WARMUP_S = opt("warmup", 1)
const CONNECTIONS = opt("connections", 8)
const CONCURRENCY = opt("concurrency", 64)
const ROOT = path.resolve(__dirname, "..")

const BASELINE_SRC = `
const http = require("node:http")
const body = JSON.stringify({ code: 200, message: "Success", data: { total: 42000, service_fee: 42000, insurance_fee: 0, cod_fee: 0 } })
const server = http.createServer((req, res) => {
  const chunks = []
  req.on("data", (c) => chunks.push(c))
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) })
    res.end(body)
  })
})
server.keepAliveTimeout = 65000
server.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + server.address().port))
`

function startChild(cmd: string, argv: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_OPTIONS: "" } })
  return new Promise((resolve, reject) => {
    let out = ""
    child.stdout!.on("data", (d) => {
      out += d
      const m = out.match(/listening on (http:\/\/\S+)/)
      if (m) resolve({ url: m[1], child })
    })
    child.on("exit", (c) => reject(new Error(`child exited ${c}: ${out}`)))
  })
}

interface Result {
  cpu: number
  requests: number
  errors: number
  rps: number
  p50: number
  p99: number
}

async function load(url: string, pid: number | undefined, p: string, headers: Record<string, string>, body: string): Promise<Result> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 60000 })
  const lat: number[] = []
  let errors = 0
  let measuring = false
  let stop = false
  const worker = async () => {
    while (!stop) {
      const t0 = process.hrtime.bigint()
      try {
        const res = await pool.request({ path: p, method: "POST", headers, body })
        const text = await res.body.text()
        if (res.statusCode !== 200 || !text.includes('"total"')) errors++
      } catch {
        errors++
      }
      if (measuring) lat.push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
  }
  const workers = Array.from({ length: CONCURRENCY }, worker)
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000))
  measuring = true
  const cpu0 = cpuSeconds(pid)
  const start = process.hrtime.bigint()
  await new Promise((r) => setTimeout(r, DURATION_S * 1000))
  measuring = false
  const cpu = cpuSeconds(pid) - cpu0
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9
  const n = lat.length
  stop = true
  await Promise.all(workers)
  await pool.close()
  lat.sort((a, b) => a - b)
  const q = (x: number) => (n ? lat[Math.min(n - 1, Math.floor(n * x))] : NaN)
  return { cpu, requests: n, errors, rps: n / elapsed, p50: q(0.5), p99: q(0.99) }
}

function fmt(name: string, r: Result): string {
  return `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   (${r.requests} requests, ${r.errors} errors)` +
    (Number.isFinite(r.cpu) && r.cpu > 0 ? `\n${"".padEnd(22)} server CPU ${r.cpu.toFixed(2)} s -> ${(r.requests / r.cpu).toFixed(0)} req per CPU-second (capacity of one core)` : "")
}

async function main(): Promise<void> {
  const tsNode = path.join(ROOT, "node_modules", ".bin", "ts-node")
  const sandbox = await startChild(tsNode, ["--transpile-only", "src/sandbox/cli.ts", "--port", "0", "--quiet"])
  const baseline = await startChild(process.execPath, ["-e", BASELINE_SRC])
  try {
    const fixture = (await (await fetch(`${sandbox.url}/_sandbox/fixture`)).json()) as any
    const headers = { Token: fixture.owner.token, ShopId: String(fixture.owner.shop_ids[0]), "content-type": "application/json" }
    const body = JSON.stringify({
      service_type_id: 2, to_district_id: fixture.route.to_district_id, to_ward_code: fixture.route.to_ward_code,
      weight: 1200, length: 20, width: 15, height: 10, insurance_value: 2000000, cod_value: 500000,
    })
    console.log(`Calculate Fee, keep-alive, ${CONNECTIONS} connections, ${CONCURRENCY} in flight, ${DURATION_S} s (+${WARMUP_S} s warm-up), node ${process.version}`)
    const base = await load(baseline.url, baseline.child.pid, "/", headers, body)
    console.log(fmt("baseline (bare http)", base))
    const sb = await load(sandbox.url, sandbox.child.pid, "/shiip/public-api/v2/shipping-order/fee", headers, body)
    console.log(fmt("ghn-sandbox fee", sb))
    console.log(`ratio sandbox / baseline: ${(sb.rps / base.rps).toFixed(2)}   target >= 2000 req/s: ${sb.rps >= 2000 ? "met" : "NOT met"}`)
    if (sb.errors) process.exitCode = 1
  } finally {
    sandbox.child.kill("SIGTERM")
    baseline.child.kill("SIGTERM")
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
