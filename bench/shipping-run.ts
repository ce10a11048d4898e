/**
 * Benchmark: a day's orders shipped in one shipping run, against the same number of orders
 * fulfilled one at a time through Medusa's admin API (the order page's Fulfill items, or a store's
 * own script), in the same script, on the development store with the GHN sandbox and the GHN
 * request budget --budget (ghnRequestsPerSecond, default 20 as the option's):
 *
 *   ready to ship   GET /admin/ghn/ready-to-ship (first page and count; the COD filter; problems only)
 *                   with --orders (+ --placed) open orders in a store of that many orders, then of
 *                   --history orders (the store's past: copies of the placed orders, fulfilled);
 *                   the hourly reconcile of its index at both sizes
 *   one run         POST /admin/ghn/shipping-runs over the --orders orders, polled to its end: wall
 *                   time, the worker's RSS above its start (sampled every 250 ms), the GHN requests
 *                   per second (the sandbox's count, every second) against the budget, and exactly
 *                   one GHN order per order
 *   one at a time   --baseline other orders, each POST /admin/orders/:id/fulfillments in turn (the
 *                   fulfilment hook makes its GHN order), waited for before the next
 *
 * The orders: --placed (20) placed through the store API (cash on delivery; one in five a 1.2 kg
 * kettle, the others 1 to 3 shirts), then copied by SQL in Medusa's order tables (each copy its own
 * id and number, sharing the address and payment collection) to --orders and --baseline.
 *
 *   npm run bench:shipping-run -- [--orders 1000] [--baseline 1000] [--history 100000] [--placed 20] [--budget 20] [--samples 30]
 *   npm run bench:shipping-run -- --ready-only          Ready to ship at both sizes, no run (~12 min)
 *   npm run bench:shipping-run -- --keep                the database is left for EXPLAIN (its URL printed)
 */
import { readFileSync } from "node:fs"
import { startGhnSandbox } from "../src/sandbox"
import { checkout, createCart, fulfilOrder, seedGhnStore, type SeededStore } from "../integration-tests/helpers/store"
import { apiClient, flag, freshDatabase, loadAverage, LOG_DIR, migrate, ms, opt, quantile, ratio, say, sleep, sqlClient, startStore, table } from "./lib/harness"

const ORDERS = opt("orders", 1_000)
const BASELINE = opt("baseline", 1_000)
const HISTORY = opt("history", 100_000)
const SAMPLES = opt("samples", 30)
/** Orders placed through the store API; the run's and the baseline's are copies of them. */
const PLACED = opt("placed", 20)
if (ORDERS % PLACED || BASELINE % PLACED) throw new Error(`--orders and --baseline must be multiples of --placed (${PLACED})`)
/** Orders placed at once through the store API (as `npm run demo:orders` does). */
const PLACING = 4
/** The account's request budget (ghnRequestsPerSecond; 20 is the option's default). */
const BUDGET = opt("budget", 20)
const RSS_LIMIT_MB = 150

type Sql = Awaited<ReturnType<typeof sqlClient>>
type Admin = { headers: Record<string, string> }

/** Resident memory of a process (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)
  return line ? Number(line[1]) / 1024 : NaN
}

/** `count` customers' orders through the store API, `PLACING` at a time; their ids. */
async function place(api: ReturnType<typeof apiClient>, store: SeededStore, count: number): Promise<string[]> {
  const ids: string[] = []
  let next = 0
  const one = async () => {
    const i = next++
    const cart = await createCart(api, store, [{ variant_id: i % 5 === 4 ? store.variants.kettle : store.variants.shirt, quantity: 1 + (i % 3) }])
    ids.push((await checkout(api, store, cart.id, store.options.light)).id)
  }
  // The first alone: the shopper's guest customer is created once (Medusa refuses it twice at once).
  await one()
  await Promise.all(Array.from({ length: PLACING }, async () => {
    while (next < count) await one()
  }))
  return ids
}

/** p50 and p99 of `samples` timed calls. */
async function timed(samples: number, fn: () => Promise<unknown>) {
  await fn()
  const lat: number[] = []
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint()
    await fn()
    lat.push(Number(process.hrtime.bigint() - t0) / 1e6)
  }
  lat.sort((a, b) => a - b)
  return { p50: quantile(lat, 0.5), p99: quantile(lat, 0.99) }
}

/**
 * `copies` copies of each of the given orders in Medusa's order tables (the order and its summary,
 * its items and line items, its shipping method, its payment collection link; the addresses and
 * the payment collection shared), each with its own id and number, as if placed `copies` times.
 * `fulfilled`: completed, every item fulfilled (the store's past); else open, ready to ship.
 * Returns the copies' ids.
 */
async function copyOrders(sql: Sql, orderIds: string[], copies: number, tag: string, fulfilled: boolean): Promise<string[]> {
  if (copies < 1) return []
  const copy = async (tableName: string, from: string, overrides: string) => {
    await sql.query(
      `insert into ${tableName} select (jsonb_populate_record(null::${tableName}, to_jsonb(t) || jsonb_build_object(${overrides}))).* ${from}`,
      [orderIds, copies]
    )
  }
  const id = (col: string) => `${col} || '_${tag}' || g`
  const { rows } = await sql.query(`select coalesce(max(display_id), 0)::int as top from "order"`)
  const every = "generate_series(1, $2::int) g"
  await copy("order_line_item", `from order_line_item t join order_item oi on oi.item_id = t.id, ${every} where oi.order_id = any($1)`, `'id', ${id("t.id")}`)
  await copy("order_shipping_method", `from order_shipping_method t join order_shipping os on os.shipping_method_id = t.id, ${every} where os.order_id = any($1)`, `'id', ${id("t.id")}`)
  // Numbers after the store's last, one per copy (GHN's client order code is made of it).
  await copy(
    '"order"',
    `from (select o.*, row_number() over (order by o.id) as n from "order" o where o.id = any($1)) t, ${every}`,
    `'id', ${id("t.id")}, 'display_id', ${rows[0].top} + (g - 1) * ${orderIds.length} + t.n${fulfilled ? ", 'status', 'completed', 'created_at', t.created_at - g * interval '1 hour'" : ""}`
  )
  await copy("order_summary", `from order_summary t, ${every} where t.order_id = any($1)`, `'id', ${id("t.id")}, 'order_id', ${id("t.order_id")}`)
  const shipped = fulfilled ? ", 'fulfilled_quantity', t.quantity, 'raw_fulfilled_quantity', t.raw_quantity, 'shipped_quantity', t.quantity, 'raw_shipped_quantity', t.raw_quantity" : ""
  await copy("order_item", `from order_item t, ${every} where t.order_id = any($1)`, `'id', ${id("t.id")}, 'order_id', ${id("t.order_id")}, 'item_id', ${id("t.item_id")}${shipped}`)
  await copy("order_shipping", `from order_shipping t, ${every} where t.order_id = any($1)`, `'id', ${id("t.id")}, 'order_id', ${id("t.order_id")}, 'shipping_method_id', ${id("t.shipping_method_id")}`)
  await copy("order_payment_collection", `from order_payment_collection t, ${every} where t.order_id = any($1)`, `'id', ${id("t.id")}, 'order_id', ${id("t.order_id")}`)
  for (const t of ["order", "order_summary", "order_item", "order_line_item", "order_shipping", "order_shipping_method", "order_payment_collection"]) await sql.query(`vacuum analyze "${t}"`)
  return Array.from({ length: copies }, (_, g) => orderIds.map((o) => `${o}_${tag}${g + 1}`)).flat()
}

async function main() {
  say(`bench:shipping-run: ${ORDERS} orders in one run against ${BASELINE} one at a time; Ready to ship at ${ORDERS} and ${HISTORY} orders (load ${loadAverage()})`)
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  const db = await freshDatabase("runs")
  let store: Awaited<ReturnType<typeof startStore>> | undefined
  const sql = await sqlClient(db)
  try {
    await migrate(db, sandbox.url)
    store = await startStore(db, sandbox.url, { BENCH_GHN_OPTIONS: JSON.stringify({ ghnRequestsPerSecond: BUDGET }) })
    const api = apiClient(store.url)
    const admin: Admin = { headers: { authorization: `Bearer ${await store.adminToken()}` } }
    const seeded = await seedGhnStore(api, admin)

    // 1. The day's orders: PLACED placed through the store API, copied by SQL to ORDERS (placing a
    // thousand through the cart flow takes this machine 13 minutes), indexed by the hourly reconcile.
    let t0 = Date.now()
    const placed = await place(api, seeded, PLACED)
    say(`placed ${PLACED} orders through the store API in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    const runOrders = await copyOrders(sql, placed, ORDERS / PLACED, "r", false)
    await store.run("reconcile-ready")
    const open = PLACED + ORDERS
    const ready = async (query: string) => (await api.get(`/admin/ghn/ready-to-ship?limit=20${query}`, admin)).data as { count: number; orders: unknown[] }
    const first = await ready("")
    if (first.count !== open) throw new Error(`Ready to ship lists ${first.count} orders, ${open} are open`)

    // 2. Ready to ship at `open` orders in the store, then with the store's past grown to HISTORY.
    const readyFigures = async () => ({
      page: await timed(SAMPLES, () => ready("")),
      cod: await timed(SAMPLES, () => ready("&payment=cod")),
      problems: await timed(Math.min(SAMPLES, 10), () => ready("&problems_only=true")),
      late: await timed(SAMPLES, () => ready("&offset=" + Math.max(0, open - 20))),
      reconcile: await timed(Math.min(SAMPLES, 5), () => store!.run("reconcile-ready")),
    })
    const small = await readyFigures()
    t0 = Date.now()
    await copyOrders(sql, placed, Math.ceil((HISTORY - open) / PLACED), "h", true)
    const total = Number((await sql.query(`select count(*) from "order"`)).rows[0].count)
    say(`the store's past grown to ${total} orders in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    if ((await ready("")).count !== open) throw new Error("the store's past changed what Ready to ship lists")
    const large = await readyFigures()
    const rows = (["page", "cod", "problems", "late", "reconcile"] as const).map((k) => [
      { page: "first page + count", cod: "COD filter", problems: "problems only", late: "last page", reconcile: "hourly reconcile (job)" }[k],
      `${ms(small[k].p50)} / ${ms(small[k].p99)}`,
      `${ms(large[k].p50)} / ${ms(large[k].p99)}`,
      ratio(large[k].p50, small[k].p50),
    ])
    say("")
    say(`Ready to ship with ${open} orders open (ms, p50 / p99 of ${SAMPLES}; problems only and the reconcile: of 10 and 5):`)
    say(table(["", `${open} orders in the store`, `${total} orders`, "ratio p50"], rows))

    if (flag("ready-only")) return

    // 3. One run over the day's orders.
    const stats = () => sandbox.control.stats().total
    const rss0 = rssMb(store.pid)
    const ghn0 = stats()
    const perSecond: number[] = []
    let rssMax = rss0
    let last = ghn0
    let sampling = true
    const sampler = (async () => {
      let tick = 0
      while (sampling) {
        await sleep(250)
        rssMax = Math.max(rssMax, rssMb(store!.pid))
        if (++tick % 4 === 0) {
          const now = stats()
          perSecond.push(now - last)
          last = now
        }
      }
    })()
    t0 = Date.now()
    const { shipping_run } = (await api.post("/admin/ghn/shipping-runs", { order_ids: runOrders }, admin)).data
    let run: { status: string; created: number; failed: number; total: number; results?: { status: string; error?: { message?: string } }[] }
    for (;;) {
      run = (await api.get(`/admin/ghn/shipping-runs/${shipping_run.id}`, admin)).data.shipping_run
      if (run.status === "completed" || run.status === "cancelled") break
      await sleep(500)
    }
    const runS = (Date.now() - t0) / 1000
    sampling = false
    await sampler
    const runRequests = stats() - ghn0
    if (run.created !== ORDERS) throw new Error(`the run created ${run.created} of ${ORDERS} (failed ${run.failed}: ${run.results?.find((r) => r.status === "failed")?.error?.message})`)

    // 4. The same number, one at a time through the admin API: the placed orders and copies of them.
    const baselineOrders = [...placed, ...(await copyOrders(sql, placed, BASELINE / PLACED - 1, "b", false))]
    const ghn1 = stats()
    const one: number[] = []
    t0 = Date.now()
    for (const id of baselineOrders) {
      const t = process.hrtime.bigint()
      const fulfillment = await fulfilOrder(api, admin, seeded, id)
      if (!fulfillment.data?.order_code) throw new Error(`order ${id}: its fulfilment has no GHN order`)
      one.push(Number(process.hrtime.bigint() - t) / 1e6)
    }
    const oneS = (Date.now() - t0) / 1000
    const oneRequests = stats() - ghn1
    one.sort((a, b) => a - b)

    // Exactly one GHN order per order.
    const codes = new Map<string, number>()
    for (const o of sandbox.control.listOrders() as { client_order_code?: string | null }[]) codes.set(String(o.client_order_code), (codes.get(String(o.client_order_code)) ?? 0) + 1)
    const twice = [...codes.values()].filter((n) => n > 1).length
    if (codes.size !== ORDERS + BASELINE || twice) throw new Error(`GHN holds ${codes.size} orders (${twice} codes twice) for ${ORDERS + BASELINE} orders`)

    const perMinute = (n: number, s: number) => ((n / s) * 60).toFixed(0)
    const steady = perSecond.slice(2, -2)
    say("")
    say(table(
      ["", "orders", "wall time", "orders/min", "GHN requests", "per order", "GHN req/s mean / max (1 s)"],
      [
        ["one run", ORDERS, `${runS.toFixed(1)} s`, perMinute(ORDERS, runS), runRequests, (runRequests / ORDERS).toFixed(2), `${(runRequests / runS).toFixed(2)} / ${Math.max(...perSecond)}`],
        ["one at a time (admin API)", BASELINE, `${oneS.toFixed(1)} s`, perMinute(BASELINE, oneS), oneRequests, (oneRequests / BASELINE).toFixed(2), `${(oneRequests / oneS).toFixed(2)} / -`],
      ]
    ))
    say("")
    say(`per order: the run ${ms((runS * 1000) / ORDERS)} ms; one at a time ${ms((oneS * 1000) / BASELINE)} ms (p50 ${ms(quantile(one, 0.5))}, p99 ${ms(quantile(one, 0.99))}); ratio run/one-at-a-time ${ratio(runS / ORDERS, oneS / BASELINE)}`)
    say(`worker RSS: ${rss0.toFixed(0)} MB at the start, at most ${rssMax.toFixed(0)} MB during the run (+${(rssMax - rss0).toFixed(0)} MB; the goal: at most +${RSS_LIMIT_MB})`)
    say(`GHN requests a second during the run (budget ${BUDGET}, a burst of ${BUDGET}): mean ${(runRequests / runS).toFixed(2)}, steady seconds ${steady.length ? Math.max(...steady) : "-"} at most; ${run.created} created, ${run.failed} failed; GHN holds ${codes.size} orders, none twice`)
    const verdicts = [
      [`the run under 5 minutes`, runS < 300],
      [`at least as fast as one at a time`, runS / ORDERS <= oneS / BASELINE],
      [`RSS at most +${RSS_LIMIT_MB} MB`, rssMax - rss0 <= RSS_LIMIT_MB],
      // The bucket starts full: one second's worth may go at once.
      [`GHN requests within the budget (${BUDGET}/s and a burst of ${BUDGET})`, runRequests <= BUDGET * runS + BUDGET],
    ] as const
    say(verdicts.map(([what, ok]) => `${ok ? "ok" : "MISSED"}: ${what}`).join("; "))
    say(`(logs: ${LOG_DIR})`)
  } finally {
    await store?.stop()
    await sql.end().catch(() => undefined)
    if (flag("keep")) say(`the database is kept: ${db.url}`)
    else await db.drop().catch(() => undefined)
    await sandbox.close()
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`)
  process.exit(1)
})
