/**
 * Benchmark: GHN's status webhook at POST /hooks/ghn of a real Medusa store (the development store
 * of this repository, medusa-config.ts, on a fresh PostgreSQL database), against baselines of the
 * same server, then the time from acknowledgement to the Medusa fulfilment being updated.
 *
 *   npm run bench:webhook -- [--duration 5] [--rounds 5] [--warmup 1] [--connections 8]
 *                            [--concurrency 8] [--orders 20] [--samples 10]
 *
 * Set-up: the store is seeded through the admin API as the integration tests do, and
 * `orders + samples` orders are placed through the store API and fulfilled (each a GHN order in
 * the sandbox and a shipment record of the plugin). Bodies are GHN's, built by the sandbox's own
 * webhook body builder for those orders; the secret goes in x-ghn-webhook-secret.
 *
 * 1. Acknowledgement, keep-alive (undici Pool), `concurrency` in flight, `duration` s per row in
 *    `rounds` interleaved slices (after `warmup` s each):
 *      GET /health                       baseline: a trivial route of the same server
 *      POST /hooks/ghn, wrong secret     baseline: the route's 401 (body parsed, secret compared)
 *      valid event, unknown order code   distinct events stored and acknowledged, nothing to apply
 *      repeat of a stored event          GHN's repeated deliveries: acknowledged as duplicates
 * 2. Valid, distinct events for the `orders` existing shipments (switch_status through storing,
 *    transporting, sorting, delivering, GHN times strictly increasing), `duration` s after
 *    `warmup` s: each is stored, acknowledged and applied in the background (event
 *    ghn.shipment.updated -> apply-ghn-shipment workflow). Then the time until every event of the
 *    phase is applied (processed_at set), read from the database.
 * 3. Processing latency, idle store, one at a time, on `samples` fresh fulfilments: a "picked"
 *    callback, then the time from its 200 until the fulfilment's shipped_at is set; then a
 *    "delivered" callback until delivered_at is set (PostgreSQL polled every 2 ms).
 */
import { startGhnSandbox } from "../src/sandbox"
import { webhookBody } from "../src/sandbox/orders"
import { checkout, createCart, fulfilOrder, seedGhnStore, type SeededStore } from "../integration-tests/helpers/store"
import {
  apiClient,
  freshDatabase,
  load,
  loadAverage,
  loadInterleaved,
  LOG_DIR,
  migrate,
  ms,
  loadOptions,
  opt,
  quantile,
  ratio,
  say,
  sleep,
  sqlClient,
  startStore,
  table,
  WEBHOOK_HEADER,
  WEBHOOK_SECRET,
  type Api,
  type Result,
} from "./lib/harness"

const { DURATION_S, WARMUP_S, ROUNDS, CONNECTIONS, CONCURRENCY } = loadOptions()
const ORDERS = opt("orders", 20)
const SAMPLES = opt("samples", 10)
const IN_TRANSIT = ["storing", "transporting", "sorting", "delivering"]

type Sandbox = Awaited<ReturnType<typeof startGhnSandbox>>
type Shipment = { order_code: string; fulfillment_id: string; order_id: string }

async function main() {
  const started = Date.now()
  say(`webhook benchmark: node ${process.version}, ${require("node:os").cpus().length} cores, load average ${loadAverage()}; logs in ${LOG_DIR}`)
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  const db = await freshDatabase("hook")
  let store: Awaited<ReturnType<typeof startStore>> | undefined
  const sql = await sqlClient(db)
  try {
    say(`database ${db.name}: migrating…`)
    await migrate(db, sandbox.url)
    say("starting Medusa (medusa-config.ts)…")
    store = await startStore(db, sandbox.url)
    const api = apiClient(store.url)
    const admin = { headers: { authorization: `Bearer ${await store.adminToken()}` } }
    const seeded = await seedGhnStore(api, admin)
    say(`placing and fulfilling ${ORDERS + SAMPLES} orders…`)
    const shipments = await fulfilledOrders(api, admin, seeded, sql, ORDERS + SAMPLES)
    const loadShipments = shipments.slice(0, ORDERS)
    const sampleShipments = shipments.slice(ORDERS)
    say(`store ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${store.url}`)

    // GHN's bodies for these orders, from the sandbox's own builder; GHN times strictly increasing.
    // GHN times strictly increasing, in the past (the webhook refuses a time in the future).
    let clock = Date.now() - 24 * 3600_000
    const bodyFor = (code: string, status: string, orderCode = code) =>
      JSON.stringify({ ...webhookBody({ ...(sandbox.control.getOrder(code) as any), status } as any, "switch_status", clock++), OrderCode: orderCode })
    const hookHeaders = { "content-type": "application/json", [WEBHOOK_HEADER]: WEBHOOK_SECRET }
    const any = loadShipments[0].order_code
    const repeated = bodyFor(any, "picking")
    const first = await api.post("/hooks/ghn", JSON.parse(repeated), { headers: hookHeaders })
    if (!first.data.ok) throw new Error(`webhook not acknowledged: ${JSON.stringify(first.data)}`)
    let unknownSeq = 0

    // 1. Acknowledgement against baselines, interleaved.
    const rows = [
      { name: "baseline: GET /health", spec: { method: "GET" as const, path: "/health", ok: (s: number) => s === 200 } },
      {
        name: "baseline: POST /hooks/ghn, wrong secret (401)",
        spec: { method: "POST" as const, path: "/hooks/ghn", headers: { ...hookHeaders, [WEBHOOK_HEADER]: "wrong-secret-wrong-secret" }, body: repeated, ok: (s: number) => s === 401 },
      },
      {
        name: "valid event, unknown order code (stored, not applied)",
        spec: {
          method: "POST" as const,
          path: "/hooks/ghn",
          headers: hookHeaders,
          body: () => bodyFor(any, "storing", `GBENCH${String(unknownSeq++).padStart(6, "0")}`),
          ok: (s: number, t: string) => s === 200 && t.includes('"unknown_order":true'),
        },
      },
      {
        name: "repeat of a stored event (duplicate)",
        spec: { method: "POST" as const, path: "/hooks/ghn", headers: hookHeaders, body: repeated, ok: (s: number, t: string) => s === 200 && t.includes('"duplicate":true') },
      },
    ]
    say(`\n1. acknowledgement: keep-alive, ${CONCURRENCY} in flight on ${CONNECTIONS} connections, ${DURATION_S} s per row in ${ROUNDS} interleaved slices (+${WARMUP_S} s warm-up each)`)
    const ack = await loadInterleaved(
      rows.map((row) => ({ url: store!.url, ...row.spec, connections: CONNECTIONS, concurrency: CONCURRENCY, pid: store!.pid })),
      { rounds: ROUNDS, sliceS: DURATION_S / ROUNDS, warmupS: WARMUP_S }
    )
    const loadAvg1 = loadAverage()
    rows.forEach((row, i) => say(line(row.name, ack[i])))

    // 2. Valid events for existing shipments, applied in the background.
    say(`\n2. valid, distinct events for ${ORDERS} existing shipments, ${DURATION_S} s (+${WARMUP_S} s warm-up), then until all are applied`)
    const phaseStart = new Date()
    let seq = 0
    const valid = await load({
      url: store.url,
      method: "POST",
      path: "/hooks/ghn",
      headers: hookHeaders,
      body: () => {
        const n = seq++
        const shipment = loadShipments[n % loadShipments.length]
        return bodyFor(shipment.order_code, IN_TRANSIT[Math.floor(n / loadShipments.length) % IN_TRANSIT.length])
      },
      ok: (s, t) => s === 200 && t.includes('"ok":true') && !t.includes("duplicate") && !t.includes("unknown_order"),
      connections: CONNECTIONS,
      concurrency: CONCURRENCY,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      pid: store.pid,
    })
    const loadStopped = Date.now()
    say(line("valid event, existing shipment (stored, applied async)", valid))
    const drain = await waitUntilApplied(sql, phaseStart)
    const loadAvg2 = loadAverage()
    const drainS = (drain.doneAt - loadStopped) / 1000
    const spanS = (drain.lastProcessedAt - phaseStart.getTime()) / 1000
    say(
      `   ${drain.total} events of the phase: ${drain.processed} applied, ${drain.failed} failed, ${drain.pending} still pending; ` +
        `applied ${drainS.toFixed(1)} s after the load stopped; ${(drain.processed / spanS).toFixed(1)} events applied per second over the phase`
    )
    if (drain.failed) say(`   first errors: ${drain.errors.join(" | ")}`)

    // 3. Acknowledgement -> fulfilment updated.
    say(`\n3. acknowledgement -> fulfilment updated, idle store, ${sampleShipments.length} fulfilments one at a time`)
    const latency = await processingLatency(api, sql, sampleShipments, (code, status) => bodyFor(code, status), hookHeaders)

    // Report
    const base = ack[1]
    say(`\nAcknowledgement at POST /hooks/ghn, ${CONCURRENCY} in flight (load average after: ${loadAvg1}; ratios to the 401 of the same route)\n`)
    say(
      table(
        ["", "req/s", "p50 ms", "p99 ms", "req/s ratio", "p99 ratio", "Medusa CPU ms/req", "errors"],
        [...rows.map((row, i) => [row.name, ack[i]] as const), ["valid event, existing shipment (stored, applied async) [phase 2]", valid] as const].map(([name, r]) => [
          name,
          r.rps.toFixed(1),
          ms(r.p50),
          ms(r.p99),
          ratio(r.rps, base.rps),
          ratio(r.p99, base.p99),
          cpuMsPerRequest(r),
          r.errors,
        ])
      )
    )
    say(
      `\nPhase 2 (load average after: ${loadAvg2}): ${drain.total} events acknowledged, ${drain.processed} applied, ${drain.failed} failed; ` +
        `all applied ${drainS.toFixed(1)} s after the load stopped; ${(drain.processed / spanS).toFixed(1)} applied/s vs ${valid.rps.toFixed(1)} acknowledged/s`
    )
    say(`\nAcknowledgement -> fulfilment updated (${latency.picked.length} fulfilments, idle store; baseline: the 200 itself)\n`)
    const q = (xs: number[], p: number) => ms(quantile([...xs].sort((a, b) => a - b), p))
    say(
      table(
        ["", "median ms", "p90 ms", "max ms"],
        [
          ["acknowledgement (POST /hooks/ghn -> 200), picked", q(latency.ackPicked, 0.5), q(latency.ackPicked, 0.9), q(latency.ackPicked, 1)],
          ["picked: 200 -> shipment record status = picked", q(latency.record, 0.5), q(latency.record, 0.9), q(latency.record, 1)],
          ["picked: 200 -> fulfilment shipped_at set", q(latency.picked, 0.5), q(latency.picked, 0.9), q(latency.picked, 1)],
          ["delivered: 200 -> fulfilment delivered_at set", q(latency.delivered, 0.5), q(latency.delivered, 0.9), q(latency.delivered, 1)],
        ]
      )
    )
    say(
      `\nratio (median 200 -> shipped_at) / (median acknowledgement): ${ratio(median(latency.picked), median(latency.ackPicked))}; ` +
        `(median 200 -> delivered_at) / (median acknowledgement): ${ratio(median(latency.delivered), median(latency.ackPicked))}`
    )
    if (valid.errors || drain.failed || drain.pending) process.exitCode = 1
  } finally {
    await sql.end().catch(() => undefined)
    await store?.stop()
    await sandbox.close()
    await db.drop().catch((e) => say(`could not drop ${db.name}: ${e.message}`))
  }
  say(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

const cpuMsPerRequest = (r: Result) => (Number.isFinite(r.cpu) && r.cpu > 0 && r.requests ? ((r.cpu * 1000) / r.requests).toFixed(2) : "-")
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5)
const line = (name: string, r: Result) =>
  `   ${name.padEnd(56)} ${r.rps.toFixed(1).padStart(7)} req/s  p50 ${ms(r.p50).padStart(6)} ms  p99 ${ms(r.p99).padStart(6)} ms  ${r.errors} errors${r.errors && r.firstError ? ` (${r.firstError})` : ""}`

/** Orders placed through the store API (cash on delivery) and fulfilled by the admin, two at a time. */
async function fulfilledOrders(api: Api, admin: { headers: Record<string, string> }, seeded: SeededStore, sql: Awaited<ReturnType<typeof sqlClient>>, count: number) {
  const one = async () => {
    const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 1 }])
    const order = await checkout(api, seeded, cart.id, seeded.options.light)
    await fulfilOrder(api, admin, seeded, order.id)
  }
  // The first cart creates the guest customer (the helpers' one e-mail): alone, to avoid a race.
  await one()
  let next = 1
  const worker = async () => {
    while (next < count) {
      next++
      await one()
    }
  }
  await Promise.all([worker(), worker()])
  // The shipment record is created from order.fulfillment_created, asynchronously.
  for (let i = 0; i < 600; i++) {
    const { rows } = await sql.query("select order_code, fulfillment_id, order_id from ghn_shipment where is_return = false and deleted_at is null order by created_at")
    if (rows.length >= count) return rows as Shipment[]
    await sleep(100)
  }
  throw new Error("the shipment records did not appear")
}

/** Polls the database until every non-unknown event received since `since` is applied or failed. */
async function waitUntilApplied(sql: Awaited<ReturnType<typeof sqlClient>>, since: Date, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await sql.query(
      `select count(*)::int as total,
              count(*) filter (where processed_at is not null)::int as processed,
              count(*) filter (where processed_at is null and error is not null)::int as failed,
              count(*) filter (where processed_at is null and error is null)::int as pending,
              max(processed_at) as last
         from ghn_webhook_event where unknown_order = false and received_at >= $1`,
      [since]
    )
    const r = rows[0]
    if (r.pending === 0 || Date.now() > deadline) {
      const errors = r.failed
        ? (await sql.query("select distinct left(error, 200) as e from ghn_webhook_event where error is not null and processed_at is null and received_at >= $1 limit 3", [since])).rows.map((x: any) => x.e)
        : []
      return { ...r, doneAt: Date.now(), lastProcessedAt: r.last ? new Date(r.last).getTime() : Date.now(), errors } as {
        total: number
        processed: number
        failed: number
        pending: number
        doneAt: number
        lastProcessedAt: number
        errors: string[]
      }
    }
    await sleep(50)
  }
}

async function processingLatency(
  api: Api,
  sql: Awaited<ReturnType<typeof sqlClient>>,
  shipments: Shipment[],
  bodyFor: (code: string, status: string) => string,
  headers: Record<string, string>
) {
  const out = { ackPicked: [] as number[], record: [] as number[], picked: [] as number[], delivered: [] as number[] }
  const state = async (s: Shipment) =>
    (
      await sql.query(
        "select f.shipped_at, f.delivered_at, s.status from fulfillment f join ghn_shipment s on s.fulfillment_id = f.id where f.id = $1",
        [s.fulfillment_id]
      )
    ).rows[0]
  const post = async (body: string) => {
    const t0 = performance.now()
    const res = await fetch(`${api.defaults.baseURL}/hooks/ghn`, { method: "POST", headers, body })
    const text = await res.text()
    if (res.status !== 200 || !text.includes('"ok":true')) throw new Error(`webhook answered ${res.status} ${text}`)
    return { t0, acked: performance.now() }
  }
  for (const s of shipments) {
    await sleep(200) // idle between samples
    const picked = await post(bodyFor(s.order_code, "picked"))
    out.ackPicked.push(picked.acked - picked.t0)
    let recordAt: number | undefined
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(2)) {
      const row = await state(s)
      if (recordAt === undefined && row.status === "picked") recordAt = performance.now()
      if (row.shipped_at) {
        out.picked.push(performance.now() - picked.acked)
        out.record.push((recordAt ?? performance.now()) - picked.acked)
        break
      }
    }
    await sleep(200)
    const delivered = await post(bodyFor(s.order_code, "delivered"))
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(2)) {
      if ((await state(s)).delivered_at) {
        out.delivered.push(performance.now() - delivered.acked)
        break
      }
    }
    say(`   ${s.order_code}: ack ${ms(out.ackPicked.at(-1)!)} ms, shipped after ${ms(out.picked.at(-1)!)} ms, delivered after ${ms(out.delivered.at(-1)!)} ms`)
  }
  return out
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
