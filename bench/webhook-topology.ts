/**
 * Benchmark: GHN's status webhook on the production topology. One Medusa server
 * (MEDUSA_WORKER_MODE=server) and one worker (worker) of the development store, on one
 * PostgreSQL and one Redis with Medusa's Redis modules (event bus, workflow engine, locking,
 * caching), the GHN sandbox beside them.
 *
 *   npm run bench:webhook-topology -- [--rate 500] [--duration 30] [--orders 20] [--worker-after-load] [--moving]
 *
 * Open loop: requests are offered at `rate` per second for `duration` s whatever the answers
 * (at most 512 in flight; one offered beyond that counts as not sent), against:
 *   baseline   POST /hooks/ghn with a wrong secret: the route's 401 on the same server
 *   callbacks  valid, distinct switch_status callbacks of `orders` existing shipments (GHN times
 *              strictly increasing), stored by the server and applied by the worker. By default
 *              they are dated before the parcels were made, so each is kept in the history and
 *              moves nothing (the floor of an application); `--moving` dates them after, so the
 *              first picks each parcel up (Medusa ships its fulfilment) and the rest move it in transit
 * Reported: acknowledgements per second and p99 as ratios to the baseline's; the server's and the
 * worker's CPU per callback (from /proc: steadier than a latency on shared cores); then, for the
 * callbacks, the worker's backlog each 5 s until it is empty, the time from acknowledgement
 * (received_at) to application (processed_at) per event, and whether every acknowledged event
 * was applied exactly once (processed, no failed try, one row per callback).
 *
 * Redis: REDIS_URL, else a redis-server from PATH on a free port (integration-tests/helpers/redis.ts).
 */
import { Pool } from "undici"
import { startGhnSandbox } from "../src/sandbox"
import { checkout, createCart, fulfilOrder, seedGhnStore } from "../integration-tests/helpers/store"
import { ensureRedis } from "../integration-tests/helpers/redis"
import { apiClient, cpuMsOf, freshDatabase, loadAverage, LOG_DIR, migrate, ms, opt, quantile, ratio, say, sleep, sqlClient, startStore, table, WEBHOOK_HEADER, WEBHOOK_SECRET } from "./lib/harness"

const RATE = opt("rate", 500)
const DURATION_S = opt("duration", 30)
const ORDERS = opt("orders", 20)
/** "during": the worker applies while the server acknowledges (production); "after": it is stopped during the load and started after it, to see the server's own cost. */
const WORKER = process.argv.includes("--worker-after-load") ? "after" : "during"
/** Callbacks dated after the parcels were made (they move them), not before (kept, moving nothing). */
const MOVING = process.argv.includes("--moving")
const MAX_IN_FLIGHT = 512
const IN_TRANSIT = ["storing", "transporting", "sorting", "delivering"]

type Offered = { sent: number; notSent: number; ok: number; errors: number; firstError?: string; lat: number[]; elapsedS: number }

/** Offers `rate` requests per second for `seconds`, open loop. */
async function offer(url: string, seconds: number, body: () => string, headers: Record<string, string>, ok: (status: number) => boolean): Promise<Offered> {
  const pool = new Pool(url, { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 })
  const out: Offered = { sent: 0, notSent: 0, ok: 0, errors: 0, lat: [], elapsedS: 0 }
  let inFlight = 0
  const pending: Promise<void>[] = []
  const start = performance.now()
  const total = Math.round(RATE * seconds)
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 1) await sleep(wait)
    if (inFlight >= MAX_IN_FLIGHT) {
      out.notSent++
      continue
    }
    inFlight++
    out.sent++
    const t0 = performance.now()
    pending.push(
      pool
        .request({ path: "/hooks/ghn", method: "POST", headers, body: body() })
        .then(async (res) => {
          await res.body.text()
          if (ok(res.statusCode)) {
            out.ok++
            out.lat.push(performance.now() - t0)
          } else {
            out.errors++
            out.firstError ??= String(res.statusCode)
          }
        })
        .catch((error) => {
          out.errors++
          out.firstError ??= String(error.message)
        })
        .finally(() => inFlight--)
    )
  }
  await Promise.all(pending)
  out.elapsedS = (performance.now() - start) / 1000
  await pool.close()
  return out
}

async function main() {
  const started = Date.now()
  say(`webhook topology benchmark: node ${process.version}, ${require("node:os").cpus().length} cores, load average ${loadAverage()}; logs in ${LOG_DIR}`)
  const redis = await ensureRedis()
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  const db = await freshDatabase("topo")
  const sql = await sqlClient(db)
  const env = { REDIS_URL: redis.url }
  const stores: Awaited<ReturnType<typeof startStore>>[] = []
  try {
    await migrate(db, sandbox.url)
    const server = await startStore(db, sandbox.url, { ...env, MEDUSA_WORKER_MODE: "server" })
    stores.push(server)
    let worker = await startStore(db, sandbox.url, { ...env, MEDUSA_WORKER_MODE: "worker" })
    stores.push(worker)
    const api = apiClient(server.url)
    const admin = { headers: { authorization: `Bearer ${await server.adminToken()}` } }
    const seeded = await seedGhnStore(api, admin)
    const codes: string[] = []
    for (let i = 0; i < ORDERS; i++) {
      const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 1 }])
      codes.push((await fulfilOrder(api, admin, seeded, (await checkout(api, seeded, cart.id, seeded.options.light)).id)).data.order_code)
    }
    // The shipment records are written by the worker's subscribers: wait for them before any stop.
    for (let i = 0; i < 300; i++) {
      const { rows } = await sql.query("select count(*)::int as n from ghn_shipment where order_code = any($1)", [codes])
      if (rows[0].n === codes.length) break
      await sleep(200)
    }
    if (WORKER === "after") {
      await worker.stop()
      stores.splice(stores.indexOf(worker), 1)
    }
    say(`server ${server.url} and worker ready, ${ORDERS} shipments${MOVING ? " (callbacks that move them)" : ""}, in ${((Date.now() - started) / 1000).toFixed(0)} s${WORKER === "after" ? "; the worker stopped until the load ends" : ""}`)
    const headers = { "content-type": "application/json", [WEBHOOK_HEADER]: WEBHOOK_SECRET }
    // GHN times strictly increasing, in the past (the webhook refuses a time in the future): a day
    // before the parcels, or (--moving) from the last parcel's making on, a millisecond apart.
    const made = (await sql.query("select max(created_at) as at from ghn_shipment where order_code = any($1)", [codes])).rows[0].at as Date
    let clock = MOVING ? new Date(made).getTime() + 1 : Date.now() - 24 * 3600_000
    let seq = 0
    const callback = () => {
      const n = seq++
      return JSON.stringify({ OrderCode: codes[n % codes.length], Type: "switch_status", Status: IN_TRANSIT[Math.floor(n / codes.length) % IN_TRANSIT.length], Time: new Date(clock++).toISOString(), ShopID: 190001 })
    }

    say(`\nbaseline: wrong secret (401), ${RATE}/s offered for ${DURATION_S} s`)
    const base = await offer(server.url, DURATION_S, callback, { ...headers, [WEBHOOK_HEADER]: "wrong-secret-wrong-secret" }, (s) => s === 401)
    seq = 0
    await sleep(2000)
    say(`callbacks: valid, ${RATE}/s offered for ${DURATION_S} s`)
    const phaseStart = new Date()
    const sampler = (async () => {
      const backlog: [number, number][] = []
      for (;;) {
        const { rows } = await sql.query("select count(*) filter (where processed_at is null)::int as n, count(*)::int as total from ghn_webhook_event where received_at >= $1", [phaseStart])
        backlog.push([Math.round((Date.now() - phaseStart.getTime()) / 1000), rows[0].n])
        if (Date.now() - phaseStart.getTime() > DURATION_S * 1000 + 2000 && rows[0].n === 0) return backlog
        if (Date.now() - phaseStart.getTime() > DURATION_S * 1000 + 900_000) return backlog
        await sleep(5000)
      }
    })()
    const cpuBefore = { server: cpuMsOf(server.child.pid), worker: cpuMsOf(worker.child.pid) }
    const hooks = await offer(server.url, DURATION_S, callback, headers, (s) => s === 200)
    const serverCpu = (cpuMsOf(server.child.pid) ?? NaN) - (cpuBefore.server ?? NaN)
    if (WORKER === "after") {
      worker = await startStore(db, sandbox.url, { ...env, MEDUSA_WORKER_MODE: "worker" })
      stores.push(worker)
    }
    const backlog = await sampler
    // The worker's CPU from the load's start to an empty backlog (a restarted worker's: since it started).
    const workerCpu = (cpuMsOf(worker.child.pid) ?? NaN) - (WORKER === "after" ? 0 : cpuBefore.worker ?? NaN)
    const { rows: applied } = await sql.query(
      `select count(*)::int as total, count(*) filter (where processed_at is not null)::int as processed,
              count(*) filter (where attempts > 0)::int as retried,
              count(distinct dedupe_key)::int as distinct_keys,
              percentile_cont(0.5) within group (order by extract(epoch from processed_at - received_at)) as p50,
              percentile_cont(0.9) within group (order by extract(epoch from processed_at - received_at)) as p90,
              max(extract(epoch from processed_at - received_at)) as max
         from ghn_webhook_event where received_at >= $1`,
      [phaseStart]
    )
    const a = applied[0]
    const rps = (o: Offered) => o.ok / o.elapsedS
    const p99 = (o: Offered) => quantile([...o.lat].sort((x, y) => x - y), 0.99)
    say(`\nAcknowledgement at POST /hooks/ghn on a server instance, ${RATE}/s offered (load average after: ${loadAverage()})\n`)
    say(
      table(
        ["", "offered", "acknowledged/s", "p50 ms", "p99 ms", "ack/s ratio", "p99 ratio", "not sent", "errors"],
        [
          ["baseline: wrong secret (401)", base.sent + base.notSent, rps(base).toFixed(1), ms(quantile([...base.lat].sort((x, y) => x - y), 0.5)), ms(p99(base)), "1.00", "1.00", base.notSent, base.errors],
          ["valid callback, existing shipment", hooks.sent + hooks.notSent, rps(hooks).toFixed(1), ms(quantile([...hooks.lat].sort((x, y) => x - y), 0.5)), ms(p99(hooks)), ratio(rps(hooks), rps(base)), ratio(p99(hooks), p99(base)), hooks.notSent, hooks.errors],
        ]
      )
    )
    say(`\nWorker: ${a.total} callbacks stored (${hooks.ok} acknowledged), ${a.processed} applied, ${a.retried} needed a retry, ${a.distinct_keys} distinct; acknowledgement -> applied: median ${(a.p50 * 1000).toFixed(0)} ms, p90 ${(a.p90 * 1000).toFixed(0)} ms, max ${(a.max * 1000).toFixed(0)} ms`)
    if (Number.isFinite(serverCpu) && Number.isFinite(workerCpu)) {
      say(`CPU per callback: server ${(serverCpu / Math.max(1, hooks.sent)).toFixed(2)} ms (of every request offered), worker ${(workerCpu / Math.max(1, a.processed)).toFixed(2)} ms (of every callback applied)`)
    }
    say(`backlog (s since the load started: unapplied): ${backlog.map(([t, n]) => `${t}:${n}`).join(" ")}`)
    if (hooks.firstError) say(`first error: ${hooks.firstError}`)
  } finally {
    await sql.end().catch(() => undefined)
    for (const s of stores) await s.stop()
    await sandbox.close()
    await db.drop().catch(() => undefined)
    await redis.stop()
  }
  say(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
