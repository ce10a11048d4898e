/**
 * Benchmark: what the plugin's admin, jobs and webhook cost as its tables grow to a store shipping
 * 100,000 parcels a month. A fresh database is filled through the module's own tables (bulk SQL:
 * the rows the plugin writes, with 8 callbacks per parcel and 20% of the parcels in flight, each
 * of which the GHN sandbox knows) to 1k, 10k and 100k shipments; at each size, against the
 * development store on that database:
 *
 *   list            GET /admin/ghn/shipments (first page), a status filter, a search by GHN code and by order number
 *   panel           GET /admin/ghn/orders/:id/shipments (an order's GHN panel)
 *   COD totals      GET /admin/ghn/cod (a page and the totals of every parcel)
 *   insights        GET /admin/ghn/insights (the Insights tab: the last 30 days, every location, by day; and a location by week)
 *   health          GET /admin/ghn/health (the GHN page's Health section: every figure, per GHN account)
 *   COD CSV         GET /admin/ghn/cod?format=csv (every row, checked against the report's count), with the store's peak RSS above idle
 *   polling run     the polling job in the store's process: 100 parcels asked about with Order Info and applied
 *   recovery pass   the recovery pass in the store's process, with nothing to recover
 *   webhook         POST /hooks/ghn at 200 callbacks/s for 5 s (open loop), distinct callbacks of existing parcels
 *
 * The timed runs use a request budget of 100/s (the most the option allows), so that they measure the plugin's work, not the
 * budget's waits. Each figure is reported with its ratio to the same figure at 1k, measured in the
 * same run. At the largest size:
 *   - every query on those paths is EXPLAINed and any sequential scan of a plugin table printed;
 *   - the pruning job deletes 20% of the callbacks (applied 100 days ago) while the webhook takes
 *     200 callbacks/s and the recovery pass runs;
 *   - the request budget: the store restarted with a budget of 5/s (a quarter of the default) and no quote cache
 *     polls 100 of the parcels in flight (a burst asked, the budget's pace given) and then 20 spread
 *     over 10 s, while a shopper's quotes arrive at 2/s; the sandbox counts GHN requests per second.
 *
 *   npm run bench:scale -- [--max 100000] [--samples 30]      (--max 125000: 1M callbacks)
 *   npm run bench:scale -- --admin-only                        the admin's routes at each size, nothing else (~1.5 min)
 */
import * as fs from "node:fs"
import { startGhnSandbox } from "../src/sandbox"
import { checkout, createCart, fulfilOrder, quote, seedGhnStore } from "../integration-tests/helpers/store"
import { apiClient, cpuSeconds, flag, freshDatabase, loadAverage, LOG_DIR, migrate, ms, opt, quantile, say, sleep, sqlClient, startStore, table, WEBHOOK_HEADER, WEBHOOK_SECRET } from "./lib/harness"

const MAX = opt("max", 100_000)
const SAMPLES = opt("samples", 30)
/** The admin's routes only (the GHN page, COD, Insights): no CSV, jobs, webhook, pruning or budget. */
const ADMIN_ONLY = flag("admin-only")
/** 1k, 10k, 100k, and `--max` beyond (`--max 125000`: a million callbacks). */
const SIZES = [...[1_000, 10_000, 100_000].filter((n) => n < MAX), MAX]
const FINAL = ["delivered", "returned", "cancel", "lost", "damage"]
/** Statuses by `g % 10`: 7 delivered, 1 returned, 2 in flight (one on its way, one failed delivery). */
const STATUSES = ["delivered", "delivered", "delivered", "delivered", "delivered", "delivered", "delivered", "returned", "delivering", "delivery_fail"]
const inFlight = (g: number) => !FINAL.includes(STATUSES[g % 10])
const codeOf = (g: number) => `GS${String(g).padStart(8, "0")}`
const INFO = "/shiip/public-api/v2/shipping-order/detail"
/** The request budget's part runs at 5/s (the option's default was 5 when its figures were taken). */
const BUDGET_RUN_RATE = 5
const FEE = "/shiip/public-api/v2/shipping-order/fee"

type Sql = Awaited<ReturnType<typeof sqlClient>>
type Figure = { p50: number; p99: number; extra?: string }

/** Shipments `from`..`to` (1-based) and their callbacks, as the plugin writes them. */
async function fill(sql: Sql, from: number, to: number, orderId: string) {
  await sql.query(
    `insert into ghn_shipment (id, fulfillment_id, order_id, order_code, client_order_code, provider_id, shop_id, status, status_at, history,
        total_fee, fees, cod_amount, cod_expected, is_cod_collected, cod_capture_status, cod_captured_amount, last_synced_at, created_at,
        sent_weight, weight, delivery_attempts, location_id, to_province)
     select 'ghnship_scale_' || g, 'ful_scale_' || g, case when g % 50000 = 1 then $3 else 'order_scale_' || (g / 2) end,
            'GS' || lpad(g::text, 8, '0'), 'S' || (g / 2) || '-1', 'ghn_ghn', 190001,
            s.status, now() - (g % 90) * interval '1 day',
            jsonb_build_object('events', jsonb_build_array(jsonb_build_object('status', 'picked', 'type', 'switch_status', 'time', now()::text, 'source', 'webhook'))),
            32000, '{"main_service": 32000}'::jsonb, case when g % 3 = 0 then 0 else 300000 end, case when g % 3 = 0 then 0 else 300000 end,
            s.status = 'delivered' and g % 3 <> 0, case when s.status = 'delivered' and g % 3 <> 0 then 'captured' end,
            case when s.status = 'delivered' and g % 3 <> 0 then 300000 else 0 end,
            now() - (g % 120) * interval '1 minute', now() - (g % 90) * interval '1 day' - (g % 997) * interval '1 second', 500, 520, 0,
            case when g % 2 = 0 then 'sloc_scale' else 'sloc_scale_2' end, (array['Hà Nội', 'Hồ Chí Minh', 'Đà Nẵng', 'Cần Thơ'])[1 + g % 4]
       from generate_series($1::int, $2::int) g,
            lateral (select ($4::text[])[1 + g % 10] as status) s`,
    [from, to, orderId, STATUSES]
  )
  await sql.query(
    `insert into ghn_webhook_event (id, dedupe_key, order_code, type, status, event_time, received_at, processed_at, event, raw_body)
     select 'ghnevt_scale_' || g || '_' || k, 'GS' || lpad(g::text, 8, '0') || '|switch_status|' || k, 'GS' || lpad(g::text, 8, '0'), 'switch_status', 'picked',
            now() - (g % 90) * interval '1 day' + k * interval '1 minute', now(), now(),
            '{"type":"switch_status","status":"picked","time":"2026-11-24T00:00:00.000Z","source":"webhook"}'::jsonb, '{}'
       from generate_series($1::int, $2::int) g, generate_series(1, 8) k`,
    [from, to]
  )
  // As autovacuum leaves a table after bulk inserts (it vacuums after inserts since PostgreSQL 13).
  await sql.query("vacuum analyze ghn_shipment")
  await sql.query("vacuum analyze ghn_webhook_event")
}

async function timed(samples: number, fn: () => Promise<void>): Promise<Figure> {
  const t: number[] = []
  await fn() // warm
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint()
    await fn()
    t.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
  t.sort((a, b) => a - b)
  return { p50: quantile(t, 0.5), p99: quantile(t, 0.99) }
}

/** Like `timed`, for a figure the run measures itself (a job timed in the store's process). */
async function timedRun(samples: number, run: () => Promise<number>): Promise<Figure> {
  await run() // warm
  const t: number[] = []
  for (let i = 0; i < samples; i++) t.push(await run())
  t.sort((a, b) => a - b)
  return { p50: quantile(t, 0.5), p99: quantile(t, 0.99) }
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN)

/** The queries of the measured paths, as the plugin sends them (order by, filters, limits). */
const QUERIES: Record<string, string> = {
  "list, first page": "select * from ghn_shipment where deleted_at is null order by created_at desc limit 20",
  "list, status filter": "select * from ghn_shipment where deleted_at is null and status in ('delivery_fail') order by created_at desc limit 20",
  "panel": "select * from ghn_shipment where deleted_at is null and order_id = 'order_scale_5' order by created_at desc",
  "needs action": "select * from ghn_shipment where deleted_at is null and status in ('delivery_fail','waiting_to_return','storing','return_fail','exception','lost','damage') order by status_at asc limit 50",
  "poll selection, in flight": `select order_code, last_synced_at from ghn_shipment where deleted_at is null and status not in (${FINAL.map((s) => `'${s}'`).join(",")}) and (last_synced_at is null or last_synced_at <= now() - interval '30 minutes') order by last_synced_at asc limit 200`,
  "poll selection, COD to be transferred": "select order_code, last_synced_at from ghn_shipment where deleted_at is null and status = 'delivered' and cod_amount > 0 and is_cod_transferred = false and created_at >= now() - interval '60 days' and last_synced_at <= now() - interval '6 hours' order by last_synced_at asc limit 200",
  "COD captures due": "select order_code from ghn_shipment where deleted_at is null and status = 'delivered' and is_return = false and cod_amount > 0 and order_id is not null and (cod_capture_status is null or cod_capture_status = 'capturing' or (cod_capture_status = 'failed' and cod_captured_at <= now())) order by cod_captured_at asc limit 100",
  "recovery selection": "select id, order_code, unknown_order from ghn_webhook_event where deleted_at is null and processed_at is null and attempts < 8 and (next_attempt_at is null or next_attempt_at <= now()) order by event_time asc limit 500",
  "failed callbacks of a page": "select order_code, error from ghn_webhook_event where deleted_at is null and order_code in ('GS00000005','GS00000006') and processed_at is null and error is not null",
  "pruning batch": "select id from ghn_webhook_event where deleted_at is null and processed_at < now() - interval '90 days' order by processed_at limit 1000",
  "insights, outcomes of 30 days": "select day, province, status, sum(parcels) from ghn_insight_day where day >= current_date - 30 and day < current_date + 1 group by 1, 2, 3",
  "insights, COD awaiting": "select day, sum(parcels) from ghn_insight_cod_day where kind = 'awaiting' group by 1",
}

async function explainTime(sql: Sql, query: string): Promise<number> {
  const { rows } = await sql.query(`explain (analyze, format json) ${query}`)
  return Number(rows[0]["QUERY PLAN"][0]["Execution Time"])
}

/** `count` distinct callbacks of existing parcels at 200/s, open loop: the latencies of the acknowledged ones, sorted. */
async function webhookAt200(url: string, size: number, count: number): Promise<number[]> {
  const lat: number[] = []
  const sends: Promise<void>[] = []
  const started = Date.now()
  const salt = Math.floor(Math.random() * 1e6)
  for (let i = 0; i < count; i++) {
    const due = started + i * 5
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())))
    const body = JSON.stringify({
      OrderCode: `GS${String(1 + ((i * 7919 + salt) % size)).padStart(8, "0")}`,
      Type: "switch_status",
      Status: "delivering",
      Time: new Date(Date.now() - 60_000 + (i % 1000)).toISOString(),
      ShopID: 190001,
    })
    sends.push(
      (async () => {
        const t0 = process.hrtime.bigint()
        const res = await fetch(`${url}/hooks/ghn`, { method: "POST", headers: { "content-type": "application/json", [WEBHOOK_HEADER]: WEBHOOK_SECRET }, body })
        await res.text()
        if (res.status === 200) lat.push(Number(process.hrtime.bigint() - t0) / 1e6)
      })()
    )
  }
  await Promise.all(sends)
  return lat.sort((a, b) => a - b)
}

async function main() {
  say(`scale benchmark: node ${process.version}, ${require("node:os").cpus().length} cores, load average ${loadAverage()}; sizes ${SIZES.join(", ")}; logs in ${LOG_DIR}`)
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  const db = await freshDatabase("scale")
  const sql = await sqlClient(db)
  let store: Awaited<ReturnType<typeof startStore>> | undefined
  try {
    await migrate(db, sandbox.url)
    // Timed runs measure the plugin's work: a budget far above what they ask for.
    store = await startStore(db, sandbox.url, { BENCH_GHN_OPTIONS: JSON.stringify({ ghnRequestsPerSecond: 100 }) })
    const api = apiClient(store.url)
    const admin = { headers: { authorization: `Bearer ${await store.adminToken()}` } }
    const seeded = await seedGhnStore(api, admin)
    // One real order (its number is searched for, its panel opened), fulfilled with GHN.
    const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 1 }])
    const order = await checkout(api, seeded, cart.id, seeded.options.light)
    await fulfilOrder(api, admin, seeded, order.id)
    const displayId = (await api.get(`/admin/orders/${order.id}?fields=id,display_id`, admin)).data.order.display_id
    // The sandbox's copy of that parcel is the template of the filled parcels in flight it knows.
    const template = (await sql.query("select order_code from ghn_shipment where order_id = $1", [order.id])).rows[0].order_code as string

    const get = (path: string) => async () => {
      const { status } = await api.get(path, admin).catch((e: { response?: { status: number } }) => ({ status: e.response?.status ?? 0 }))
      if (status !== 200) throw new Error(`GET ${path} -> ${status}`)
    }
    const drained = async () => {
      for (let i = 0; i < 240; i++) {
        const { rows } = await sql.query("select count(*)::int as n from ghn_webhook_event where processed_at is null")
        if (rows[0].n === 0) return
        await sleep(250)
      }
    }
    const results = new Map<string, Map<number, Figure>>()
    const put = (name: string, size: number, f: Figure) => {
      // Each figure as it comes, so a failure later in the run keeps what was measured.
      say(`  ${name}: p50 ${ms(f.p50)} ms, p99 ${ms(f.p99)} ms`)
      results.set(name, (results.get(name) ?? new Map()).set(size, f))
    }
    let filled = 0
    const tableSizes = new Map<number, string>()
    for (const size of SIZES) {
      const t0 = Date.now()
      await fill(sql, filled + 1, size, order.id)
      const copies: { order_code: string; status: string }[] = []
      for (let g = filled + 1; g <= size; g++) if (inFlight(g)) copies.push({ order_code: codeOf(g), status: STATUSES[g % 10] })
      sandbox.control.copyOrder(template, copies)
      filled = size
      const { rows: sizeRows } = await sql.query(
        `select relname as name, pg_table_size(oid) as heap, pg_indexes_size(oid) as indexes from pg_class where relname in ('ghn_shipment', 'ghn_webhook_event') order by relname`
      )
      tableSizes.set(size, sizeRows.map((r) => `${r.name} ${(Number(r.heap) / 2 ** 20).toFixed(0)} MB + indexes ${(Number(r.indexes) / 2 ** 20).toFixed(0)} MB`).join(", "))
      say(`\n${size.toLocaleString("en-US")} shipments and ${(size * 8).toLocaleString("en-US")} callbacks in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      const code = `GS${String(Math.min(size, 777)).padStart(8, "0")}`
      put("list, first page", size, await timed(SAMPLES, get("/admin/ghn/shipments?limit=20")))
      put("list, status filter", size, await timed(SAMPLES, get("/admin/ghn/shipments?limit=20&status=delivery_fail")))
      put("list, search by GHN code", size, await timed(SAMPLES, get(`/admin/ghn/shipments?limit=20&q=${code}`)))
      put("list, search by order number", size, await timed(SAMPLES, get(`/admin/ghn/shipments?limit=20&q=%23${displayId}`)))
      put("order panel", size, await timed(SAMPLES, get(`/admin/ghn/orders/${order.id}/shipments`)))
      put("needs action", size, await timed(SAMPLES, get("/admin/ghn/needs-action?limit=20")))
      put("COD page and totals", size, await timed(SAMPLES, get("/admin/ghn/cod?limit=20")))
      put("insights, 30 days", size, await timed(SAMPLES, get("/admin/ghn/insights")))
      put("insights, a location by week", size, await timed(SAMPLES, get("/admin/ghn/insights?location_id=sloc_scale&group=week")))
      put("health", size, await timed(SAMPLES, get("/admin/ghn/health")))
      if (ADMIN_ONLY) continue
      // The CSV of every parcel (capped at the route's 10,000 rows), the store's RSS sampled meanwhile.
      const idle = rssKb(store.pid)
      let peak = idle
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(store!.pid))), 20)
      const csv = await timed(3, get("/admin/ghn/cod?format=csv"))
      clearInterval(sampler)
      // Every parcel of the filter, once: the CSV's lines against the report's count.
      const lines = String((await api.get("/admin/ghn/cod?format=csv", admin)).data).trim().split(/\r\n/).length - 1
      const parcels = (await api.get("/admin/ghn/cod?limit=1", admin)).data.count
      if (lines !== parcels) throw new Error(`the CSV has ${lines} parcels, the report ${parcels}`)
      put("COD CSV export", size, { ...csv, extra: `${lines} rows, peak RSS +${((peak - idle) / 1024).toFixed(0)} MB` })
      // The jobs in the store's process: a polling run of 100 parcels (the least recently synced of
      // those in flight: each run asks about the next 100), a recovery pass with nothing to do.
      let polled = ""
      put("polling run (100 parcels)", size, await timedRun(8, async () => {
        const { ms, result } = await store!.run<{ checked: number; applied: number; failures: number; firstFailure?: string }>("poll", { silentForMs: 0, limit: 100, spreadMs: 0 })
        if (result.checked !== 100 || result.failures) throw new Error(`polling run: ${JSON.stringify(result)}`)
        polled = `${result.applied} applied`
        return ms
      }))
      results.get("polling run (100 parcels)")!.get(size)!.extra = polled
      put("recovery pass (nothing due)", size, await timedRun(SAMPLES, async () => (await store!.run("recovery")).ms))
      // The webhook at 200 callbacks/s for 5 s, open loop (after a second of it to warm up, at the first size).
      // The store is in shared mode: it also applies what it acknowledges. Each measurement starts
      // with nothing left to apply (the warm-up's callbacks, and the last size's, applied first).
      if (size === SIZES[0]) await webhookAt200(store.url, size, 1000)
      await drained()
      const lat = await webhookAt200(store.url, size, 1000)
      await drained()
      put("webhook at 200/s", size, { p50: quantile(lat, 0.5), p99: quantile(lat, 0.99), extra: `${lat.length}/1000 acknowledged` })
    }

    const base = SIZES[0]
    const head = ["", ...SIZES.flatMap((s) => [`p50 ms @${s / 1000}k`, `p99 ms @${s / 1000}k`]), `p50 ratio ${SIZES.at(-1)! / 1000}k/${base / 1000}k`, ""]
    const rows = [...results.entries()].map(([name, bySize]) => {
      const first = bySize.get(base)!
      const last = bySize.get(SIZES.at(-1)!)!
      return [name, ...SIZES.flatMap((s) => [ms(bySize.get(s)!.p50), ms(bySize.get(s)!.p99)]), (last.p50 / first.p50).toFixed(2), SIZES.map((s) => bySize.get(s)!.extra).filter(Boolean).join(" / ")]
    })
    say(`\nAt each size (load average after: ${loadAverage()})\n`)
    say(table(head, rows))
    say(`\nTable sizes (PostgreSQL, after VACUUM): ${[...tableSizes].map(([n, t]) => `${n.toLocaleString("en-US")} shipments: ${t}`).join("; ")}`)
    if (ADMIN_ONLY) return

    // Pruning beside the webhook and beside the recovery pass, at the largest size: callbacks applied
    // 100 days ago (10% of them, then another 10%) deleted by the job, 1,000 rows per statement.
    const largest = SIZES.at(-1)!
    const age = async (k: number) => {
      const { rowCount } = await sql.query(`update ghn_webhook_event set processed_at = now() - interval '100 days' where id like 'ghnevt_scale_%' and right(id, 2) = '_${k}'`)
      await sql.query("vacuum analyze ghn_webhook_event")
      return rowCount ?? 0
    }
    const prune = () => store!.run<number>("prune", { maxBatches: 1_000 })
    const filledCallbacks = async () => Number((await sql.query("select count(*) from ghn_webhook_event where id like 'ghnevt_scale_%'")).rows[0].count)
    const filledBefore = await filledCallbacks()
    let aged = await age(1)
    const pruneBesideWebhook = prune()
    const ackDuring = await webhookAt200(store.url, largest, 1000)
    const prunedFirst = await pruneBesideWebhook
    await drained()
    aged += await age(2)
    const pruneBesideRecovery = prune()
    const recoveries: number[] = []
    let prunedSecond: { ms: number; result: number } | undefined
    void pruneBesideRecovery.then((p) => (prunedSecond = p))
    while (!prunedSecond) recoveries.push((await store.run("recovery")).ms)
    recoveries.sort((a, b) => a - b)
    const pruned = { ms: prunedFirst.ms + prunedSecond.ms, result: prunedFirst.result + prunedSecond.result }
    const ack = results.get("webhook at 200/s")!.get(largest)!
    const recovery = results.get("recovery pass (nothing due)")!.get(largest)!
    const left = Number((await sql.query("select count(*) from ghn_webhook_event where processed_at < now() - interval '90 days'")).rows[0].count)
    const history = Number((await sql.query("select count(*) from ghn_shipment where history is not null")).rows[0].count)
    // Every aged callback gone, nothing else of the filled ones, and all of it by the timed runs
    // (a pruning beside them, as the hourly schedule could be, would take part of their work).
    const gone = filledBefore - (await filledCallbacks())
    if (left !== 0) throw new Error(`pruning left ${left} of ${aged} old callbacks`)
    if (gone !== aged) throw new Error(`pruning deleted ${gone} of the filled callbacks, ${aged} of them aged: ${gone - aged} not aged`)
    if (pruned.result !== gone) throw new Error(`the timed pruning deleted ${pruned.result} of the ${gone} callbacks gone: something else pruned beside it`)

    // The request budget: the store again, with a budget of 5/s and no quote cache (each quote is a
    // GHN call), a shopper's quotes at 1/s before and during a polling run.
    await store.stop()
    store = await startStore(db, sandbox.url, { BENCH_GHN_OPTIONS: JSON.stringify({ quoteCacheTtlSeconds: 0, ghnRequestsPerSecond: BUDGET_RUN_RATE }) })
    const api2 = apiClient(store.url)
    const quoteCart = await createCart(api2, seeded, [{ variant_id: seeded.variants.kettle, quantity: 1 }])
    /** GHN requests the sandbox answered: of one path, or of every GHN path ("*"). */
    const count = (path: string) => (path === "*" ? sandbox.control.stats().total : sandbox.control.stats().requests[path] ?? 0)
    /** Quotes at 1/s until `stop()`: their latencies, sorted. */
    const quotesAt1 = async (stop: () => boolean) => {
      const lat: number[] = []
      const sent: Promise<void>[] = []
      for (let i = 0; !stop(); i++) {
        sent.push((async () => {
          const t0 = process.hrtime.bigint()
          await quote(api2, seeded, quoteCart.id, seeded.options.light)
          lat.push(Number(process.hrtime.bigint() - t0) / 1e6)
        })())
        await sleep(1000)
      }
      await Promise.all(sent)
      return lat.sort((a, b) => a - b)
    }
    /** GHN requests per second of `path` while `work` runs: the most in a second and the mean. */
    const perSecond = async <T>(path: string, work: Promise<T>) => {
      const seconds: number[] = []
      const first = count(path)
      let last = first
      const ticker = setInterval(() => {
        const now = count(path)
        seconds.push(now - last)
        last = now
      }, 1000)
      const started = Date.now()
      const value = await work
      clearInterval(ticker)
      return { value, max: Math.max(count(path) - last, ...seconds), mean: (count(path) - first) / ((Date.now() - started) / 1000) }
    }
    await quote(api2, seeded, quoteCart.id, seeded.options.light) // warm
    const t20 = Date.now()
    let cpu0 = cpuSeconds(store.pid)
    const quotesAlone = await quotesAt1(() => Date.now() - t20 > 20_000)
    const cpuAlone = (cpuSeconds(store.pid) - cpu0) / ((Date.now() - t20) / 1000)
    await sleep(1_200) // the bucket refills
    const feeBefore = count(FEE)
    const allBefore = count("*")
    let polling = true
    const tPoll = Date.now()
    cpu0 = cpuSeconds(store.pid)
    const burst = perSecond(INFO, store.run<{ checked: number; failures: number }>("poll", { silentForMs: 0, limit: 100, spreadMs: 0 }).finally(() => (polling = false)))
    const quotesDuring = await quotesAt1(() => !polling)
    const burstRun = await burst
    const cpuPolling = (cpuSeconds(store.pid) - cpu0) / ((Date.now() - tPoll) / 1000)
    const quoteCalls = count(FEE) - feeBefore
    const otherCalls = count("*") - allBefore - quoteCalls - burstRun.value.result.checked
    await sleep(1_200)
    const spread = await perSecond(INFO, store.run<{ checked: number; failures: number }>("poll", { silentForMs: 0, limit: 20, spreadMs: 10_000 }))

    // What a migration adding an index would block writes for at the largest size: each index of
    // the two big tables built again, plain (a migration's CREATE INDEX holds off writes while it builds).
    const builds: string[] = []
    const { rows: indexes } = await sql.query(
      "select indexname, tablename, indexdef from pg_indexes where tablename in ('ghn_shipment', 'ghn_webhook_event') and indexname not like '%_pkey' order by tablename, indexname"
    )
    for (const ix of indexes) {
      const def = String(ix.indexdef).replace(/INDEX (\S+) ON/, "INDEX bench_rebuilt ON").replace("CREATE UNIQUE INDEX", "CREATE INDEX")
      const t0 = process.hrtime.bigint()
      await sql.query(def)
      builds.push(`${ix.indexname} ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms`)
      await sql.query("drop index bench_rebuilt")
    }

    // Sequential scans of the plugin's tables on the measured paths, at the largest size.
    const scans: string[] = []
    for (const [name, query] of Object.entries(QUERIES)) {
      const { rows } = await sql.query(`explain ${query}`)
      for (const r of rows) {
        const line = String(Object.values(r)[0])
        if (/Seq Scan on ghn_/.test(line)) scans.push(`${name}: ${line.trim()}`)
      }
    }

    say(`\nA plain CREATE INDEX at ${largest.toLocaleString("en-US")} shipments (writes to its table wait this long): ${builds.join(", ")}`)
    say(`\nPruning at ${largest.toLocaleString("en-US")} shipments: ${pruned.result.toLocaleString("en-US")} callbacks applied 100 days ago deleted in ${(pruned.ms / 1000).toFixed(1)} s (${aged.toLocaleString("en-US")} aged, 0 left; ${history.toLocaleString("en-US")} shipment histories kept); half beside the webhook, half beside the recovery pass.`)
    say(table(["while pruning", "p50 ms", "p99 ms", "p50 ratio to without", ""], [
      ["webhook at 200/s", ms(quantile(ackDuring, 0.5)), ms(quantile(ackDuring, 0.99)), (quantile(ackDuring, 0.5) / ack.p50).toFixed(2), `${ackDuring.length}/1000 acknowledged`],
      ["recovery pass (nothing due)", ms(quantile(recoveries, 0.5)), ms(quantile(recoveries, 0.99)), (quantile(recoveries, 0.5) / recovery.p50).toFixed(2), `${recoveries.length} passes`],
    ]))
    say(`\nRequest budget (${BUDGET_RUN_RATE}/s), ${(largest / 5).toLocaleString("en-US")} parcels in flight; a shopper's quotes at 1/s, each a GHN fee call (no quote cache):`)
    say(table(["", "Order Info calls", "most in 1 s", "mean per s", "quote p50 ms", "quote p99 ms", "quote p50 ratio"], [
      ["quotes alone (20 s)", "0", "-", "-", ms(quantile(quotesAlone, 0.5)), ms(quantile(quotesAlone, 0.99)), "1.00"],
      [`polling run of 100, asked at once (${(burstRun.value.ms / 1000).toFixed(1)} s)`, String(burstRun.value.result.checked), String(burstRun.max), burstRun.mean.toFixed(2), ms(quantile(quotesDuring, 0.5)), ms(quantile(quotesDuring, 0.99)), (quantile(quotesDuring, 0.5) / quantile(quotesAlone, 0.5)).toFixed(2)],
      [`polling run of 20 spread over 10 s (${(spread.value.ms / 1000).toFixed(1)} s)`, String(spread.value.result.checked), String(spread.max), spread.mean.toFixed(2), "-", "-", "-"],
    ]))
    say(`(during the run of 100: ${quoteCalls} GHN fee calls by ${quotesDuring.length} quotes, ${otherCalls} other GHN calls; polling failures ${burstRun.value.result.failures + spread.value.result.failures}; the store's CPU ${(cpuAlone * 100).toFixed(0)}% with quotes alone, ${(cpuPolling * 100).toFixed(0)}% during the run)`)
    say(scans.length ? `\nsequential scans of plugin tables at ${SIZES.at(-1)}:\n${scans.map((s) => "  " + s).join("\n")}` : `\nno sequential scan of a plugin table on these paths at ${SIZES.at(-1)}`)
  } finally {
    await store?.stop().catch(() => undefined)
    await sql.end().catch(() => undefined)
    await db.drop().catch(() => undefined)
    await sandbox.close()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
