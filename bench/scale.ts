/**
 * Benchmark: what the plugin's admin, jobs and webhook cost as its tables grow to a store shipping
 * 100,000 parcels a month. A fresh database is filled through the module's own tables (bulk SQL:
 * the rows the plugin writes, with about 8 callbacks per parcel and 20% of the parcels in flight)
 * to 1k, 10k and 100k shipments; at each size, against the development store on that database:
 *
 *   list            GET /admin/ghn/shipments (first page), a status filter, a search by GHN code and by order number
 *   panel           GET /admin/ghn/orders/:id/shipments (an order's GHN panel)
 *   COD totals      GET /admin/ghn/cod (a page and the totals of every parcel)
 *   COD CSV         GET /admin/ghn/cod?format=csv (every row, checked against the report's count), with the store's peak RSS above idle
 *   poll / recovery the selection of one polling run and of one recovery pass (what bounds their work),
 *                   timed in PostgreSQL (EXPLAIN ANALYZE) since both run inside the worker
 *   webhook         POST /hooks/ghn at 200 callbacks/s for 5 s (open loop), distinct callbacks of existing parcels
 *
 * Each figure is reported with its ratio to the same figure at 1k, measured in the same run. At the
 * largest size every query on those paths is EXPLAINed and any sequential scan of a plugin table printed.
 *
 *   npm run bench:scale -- [--max 100000] [--samples 30]
 */
import * as fs from "node:fs"
import { startGhnSandbox } from "../src/sandbox"
import { checkout, createCart, fulfilOrder, seedGhnStore } from "../integration-tests/helpers/store"
import { apiClient, freshDatabase, loadAverage, LOG_DIR, migrate, ms, opt, quantile, say, sqlClient, startStore, table, WEBHOOK_HEADER, WEBHOOK_SECRET } from "./lib/harness"

const MAX = opt("max", 100_000)
const SAMPLES = opt("samples", 30)
const SIZES = [1_000, 10_000, 100_000].filter((n) => n <= MAX)
const FINAL = ["delivered", "returned", "cancel", "lost", "damage"]

type Sql = Awaited<ReturnType<typeof sqlClient>>
type Figure = { p50: number; p99: number; extra?: string }

/** Shipments `from`..`to` (1-based) and their callbacks, as the plugin writes them. */
async function fill(sql: Sql, from: number, to: number, orderId: string) {
  await sql.query(
    `insert into ghn_shipment (id, fulfillment_id, order_id, order_code, client_order_code, provider_id, shop_id, status, status_at, history,
        total_fee, fees, cod_amount, cod_expected, is_cod_collected, cod_capture_status, cod_captured_amount, last_synced_at, created_at,
        sent_weight, weight, delivery_attempts)
     select 'ghnship_scale_' || g, 'ful_scale_' || g, case when g % 50000 = 1 then $3 else 'order_scale_' || (g / 2) end,
            'GS' || lpad(g::text, 8, '0'), 'S' || (g / 2) || '-1', 'ghn_ghn', 190001,
            s.status, now() - (g % 90) * interval '1 day',
            jsonb_build_object('events', jsonb_build_array(jsonb_build_object('status', 'picked', 'type', 'switch_status', 'time', now()::text, 'source', 'webhook'))),
            32000, '{"main_service": 32000}'::jsonb, case when g % 3 = 0 then 0 else 300000 end, case when g % 3 = 0 then 0 else 300000 end,
            s.status = 'delivered' and g % 3 <> 0, case when s.status = 'delivered' and g % 3 <> 0 then 'captured' end,
            case when s.status = 'delivered' and g % 3 <> 0 then 300000 else 0 end,
            now() - (g % 120) * interval '1 minute', now() - (g % 90) * interval '1 day' - (g % 997) * interval '1 second', 500, 520, 0
       from generate_series($1::int, $2::int) g,
            lateral (select (array['delivered','delivered','delivered','delivered','delivered','delivered','returned','delivering','storing','delivery_fail'])[1 + g % 10] as status) s`,
    [from, to, orderId]
  )
  await sql.query(
    `insert into ghn_webhook_event (id, dedupe_key, order_code, type, status, event_time, received_at, processed_at, event, raw_body)
     select 'ghnevt_scale_' || g || '_' || k, 'GS' || lpad(g::text, 8, '0') || '|switch_status|' || k, 'GS' || lpad(g::text, 8, '0'), 'switch_status', 'picked',
            now() - (g % 90) * interval '1 day' + k * interval '1 minute', now(), now(),
            '{"type":"switch_status","status":"picked","time":"2026-11-24T00:00:00.000Z","source":"webhook"}'::jsonb, '{}'
       from generate_series($1::int, $2::int) g, generate_series(1, 8) k`,
    [from, to]
  )
  await sql.query("analyze ghn_shipment")
  await sql.query("analyze ghn_webhook_event")
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

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN)

/** The queries of the measured paths, as the plugin sends them (order by, filters, limits). */
const QUERIES: Record<string, string> = {
  "list, first page": "select * from ghn_shipment where deleted_at is null order by created_at desc limit 20",
  "list, status filter": "select * from ghn_shipment where deleted_at is null and status in ('delivery_fail') order by created_at desc limit 20",
  "panel": "select * from ghn_shipment where deleted_at is null and order_id = 'order_scale_5' order by created_at desc",
  "needs action": "select * from ghn_shipment where deleted_at is null and status in ('delivery_fail','waiting_to_return','storing','return_fail','exception','lost','damage') order by status_at asc limit 50",
  "poll selection": `select * from ghn_shipment where deleted_at is null and status not in (${FINAL.map((s) => `'${s}'`).join(",")}) and (last_synced_at is null or last_synced_at <= now() - interval '30 minutes') order by last_synced_at asc limit 200`,
  "COD captures due": "select order_code from ghn_shipment where deleted_at is null and status = 'delivered' and is_return = false and cod_amount > 0 and order_id is not null and (cod_capture_status is null or cod_capture_status = 'capturing' or (cod_capture_status = 'failed' and cod_captured_at <= now())) order by cod_captured_at asc limit 100",
  "recovery selection": "select id, order_code, unknown_order from ghn_webhook_event where deleted_at is null and processed_at is null and attempts < 8 and (next_attempt_at is null or next_attempt_at <= now()) order by event_time asc limit 500",
  "failed callbacks of a page": "select order_code, error from ghn_webhook_event where deleted_at is null and order_code in ('GS00000005','GS00000006') and processed_at is null and error is not null",
  "pruning batch": "select id from ghn_webhook_event where deleted_at is null and processed_at < now() - interval '90 days' limit 1000",
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
    store = await startStore(db, sandbox.url)
    const api = apiClient(store.url)
    const admin = { headers: { authorization: `Bearer ${await store.adminToken()}` } }
    const seeded = await seedGhnStore(api, admin)
    // One real order (its number is searched for, its panel opened), fulfilled with GHN.
    const cart = await createCart(api, seeded, [{ variant_id: seeded.variants.shirt, quantity: 1 }])
    const order = await checkout(api, seeded, cart.id, seeded.options.light)
    await fulfilOrder(api, admin, seeded, order.id)
    const displayId = (await api.get(`/admin/orders/${order.id}?fields=id,display_id`, admin)).data.order.display_id

    const get = (path: string) => async () => {
      const { status } = await api.get(path, admin).catch((e: { response?: { status: number } }) => ({ status: e.response?.status ?? 0 }))
      if (status !== 200) throw new Error(`GET ${path} -> ${status}`)
    }
    const results = new Map<string, Map<number, Figure>>()
    const put = (name: string, size: number, f: Figure) => results.set(name, (results.get(name) ?? new Map()).set(size, f))
    let filled = 0
    for (const size of SIZES) {
      const t0 = Date.now()
      await fill(sql, filled + 1, size, order.id)
      filled = size
      say(`\n${size.toLocaleString("en-US")} shipments and ${(size * 8).toLocaleString("en-US")} callbacks in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      const code = `GS${String(Math.min(size, 777)).padStart(8, "0")}`
      put("list, first page", size, await timed(SAMPLES, get("/admin/ghn/shipments?limit=20")))
      put("list, status filter", size, await timed(SAMPLES, get("/admin/ghn/shipments?limit=20&status=delivery_fail")))
      put("list, search by GHN code", size, await timed(SAMPLES, get(`/admin/ghn/shipments?limit=20&q=${code}`)))
      put("list, search by order number", size, await timed(SAMPLES, get(`/admin/ghn/shipments?limit=20&q=%23${displayId}`)))
      put("order panel", size, await timed(SAMPLES, get(`/admin/ghn/orders/${order.id}/shipments`)))
      put("needs action", size, await timed(SAMPLES, get("/admin/ghn/needs-action?limit=20")))
      put("COD page and totals", size, await timed(SAMPLES, get("/admin/ghn/cod?limit=20")))
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
      put("poll selection (SQL)", size, await timed(10, async () => void (await explainTime(sql, QUERIES["poll selection"]))))
      put("recovery selection (SQL)", size, await timed(10, async () => void (await explainTime(sql, QUERIES["recovery selection"]))))
      // The webhook at 200 callbacks/s for 5 s, open loop (after a second of it to warm up, at the first size).
      // The store is in shared mode: it also applies what it acknowledges. Each measurement starts
      // with nothing left to apply (the warm-up's callbacks, and the last size's, applied first).
      const drained = async () => {
        for (let i = 0; i < 240; i++) {
          const { rows } = await sql.query("select count(*)::int as n from ghn_webhook_event where processed_at is null")
          if (rows[0].n === 0) return
          await new Promise((r) => setTimeout(r, 250))
        }
      }
      if (size === SIZES[0]) await webhookAt200(store.url, size, 1000)
      await drained()
      const lat = await webhookAt200(store.url, size, 1000)
      await drained()
      put("webhook at 200/s", size, { p50: quantile(lat, 0.5), p99: quantile(lat, 0.99), extra: `${lat.length}/1000 acknowledged` })
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

    const base = SIZES[0]
    const head = ["", ...SIZES.flatMap((s) => [`p50 ms @${s / 1000}k`, `p99 ms @${s / 1000}k`]), `p50 ratio ${SIZES.at(-1)! / 1000}k/${base / 1000}k`, ""]
    const rows = [...results.entries()].map(([name, bySize]) => {
      const first = bySize.get(base)!
      const last = bySize.get(SIZES.at(-1)!)!
      return [name, ...SIZES.flatMap((s) => [ms(bySize.get(s)!.p50), ms(bySize.get(s)!.p99)]), (last.p50 / first.p50).toFixed(2), SIZES.map((s) => bySize.get(s)!.extra).filter(Boolean).join(" / ")]
    })
    say(`\nAt each size (load average after: ${loadAverage()})\n`)
    say(table(head, rows))
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
