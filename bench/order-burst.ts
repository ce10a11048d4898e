/**
 * Benchmark: GHN's morning burst on orders shipped in several parcels (issue 40), on the production
 * topology: one Medusa server and one worker of the development store on one PostgreSQL and one
 * Redis (Medusa's Redis event bus, workflow engine and locking), the GHN sandbox beside them.
 *
 *   npm run bench:order-burst -- [--orders 60] [--parcels 3]
 *
 * Two sets of orders, placed cash on delivery (one in three prepaid: the admin captures it first):
 *   several parcels  --orders orders of 2 to --parcels lines, each line its own parcel (GHN order)
 *   baseline         as many orders as there are parcels above, each shipped in one parcel
 * For each set, GHN picks up and delivers every parcel (the sandbox's orders move), then the
 * callbacks are posted as GHN flushes them: every picked callback at once, then every delivered
 * callback at once, twice. Reported: the time from the first callback to the last order settled
 * (every parcel delivered in the plugin's record and its COD captured or skipped, every Medusa order
 * showing its items delivered), the same as a ratio to the baseline's, and the money: each order's
 * item rows and total as placed, paid in full, nothing owed, one capture. The several-parcel set
 * is the one where a Medusa order's workflows would run at once without the order's lock.
 */
import { startGhnSandbox } from "../src/sandbox"
import { checkout, createCart, fulfilOrder, seedGhnStore, type SeededStore } from "../integration-tests/helpers/store"
import { ensureRedis } from "../integration-tests/helpers/redis"
import { sandbox } from "../integration-tests/helpers/sandbox"
import { apiClient, freshDatabase, loadAverage, LOG_DIR, migrate, opt, ratio, say, sleep, startStore, table, WEBHOOK_HEADER, WEBHOOK_SECRET } from "./lib/harness"

const ORDERS = opt("orders", 60)
const MAX_PARCELS = opt("parcels", 3)
/** Orders placed and fulfilled at once through the HTTP API while setting up. */
const SETTING_UP = 4

type Api = ReturnType<typeof apiClient>
type Admin = { headers: Record<string, string> }
type Placed = { id: string; total: number; prepaid: boolean; lines: { id: string; quantity: number }[]; codes: string[] }

/** Runs `work` over `items`, `width` at a time. */
async function inTurn<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await work(items[i], i)
      }
    })
  )
  return out
}

/** Places an order of `lines` lines (cash on delivery, or prepaid) and ships each line in its own parcel. */
async function placeAndShip(api: Api, admin: Admin, store: SeededStore, lines: number, prepaid: boolean, n: number): Promise<Placed> {
  const variants = [store.variants.shirt, store.variants.kettle, store.variants.pot]
  const items = Array.from({ length: lines }, (_, i) => ({ variant_id: variants[i % variants.length], quantity: 1 + ((n + i) % 2) }))
  const cart = await createCart(api, store, items)
  const order = await checkout(api, store, cart.id, store.options.light)
  if (prepaid) {
    const o = (await api.get(`/admin/orders/${order.id}?fields=payment_collections.payments.id`, admin)).data.order
    await api.post(`/admin/payments/${o.payment_collections[0].payments[0].id}/capture`, {}, admin)
  }
  const placedLines = (await api.get(`/admin/orders/${order.id}?fields=id,*items`, admin)).data.order.items.map((i: any) => ({ id: i.id as string, quantity: Number(i.quantity) }))
  const codes: string[] = []
  for (const line of placedLines) codes.push((await fulfilOrder(api, admin, store, order.id, [line])).data.order_code)
  return { id: order.id, total: Number(order.total), prepaid, lines: placedLines, codes }
}

/** What the merchant reads of an order: item rows, total, paid, owed, captures, items delivered. */
async function orderOf(api: Api, admin: Admin, id: string) {
  const fields = ["id", "total", "summary.*", "items.*", "items.detail.delivered_quantity", "payment_collections.payments.captures.amount"].join(",")
  return (await api.get(`/admin/orders/${id}?fields=${fields}`, admin)).data.order
}

/** Whether the order is exactly as placed (rows, quantities, total), paid in full once, owing nothing, every item delivered; else what differs. */
function moneyOf(o: any, placed: Placed): string | null {
  const rows = o.items.map((i: any) => `${i.id}x${Number(i.quantity)}`).sort().join(",")
  const expected = placed.lines.map((l) => `${l.id}x${l.quantity}`).sort().join(",")
  const captures = o.payment_collections.flatMap((pc: any) => pc.payments ?? []).flatMap((p: any) => p.captures ?? []).map((c: any) => Number(c.amount))
  const problems = [
    rows !== expected && `item rows ${o.items.length} (placed ${placed.lines.length})`,
    Number(o.total) !== placed.total && `total ${o.total} (placed ${placed.total})`,
    Number(o.summary.paid_total) !== placed.total && `paid ${o.summary.paid_total}`,
    Number(o.summary.pending_difference) !== 0 && `owed ${o.summary.pending_difference}`,
    (captures.length !== 1 || captures[0] !== placed.total) && `captures ${JSON.stringify(captures)}`,
    o.items.some((i: any) => Number(i.detail?.delivered_quantity ?? 0) !== Number(i.quantity)) && "items not all delivered",
  ].filter(Boolean)
  return problems.length ? problems.join("; ") : null
}

async function main() {
  const started = Date.now()
  say(`order burst benchmark: node ${process.version}, ${require("node:os").cpus().length} cores, load average ${loadAverage()}; logs in ${LOG_DIR}`)
  const redis = await ensureRedis()
  const ghn = await startGhnSandbox({ port: 0, quiet: true })
  // The sandbox helper of the integration tests, over HTTP (its control API; it reads the URL at each call).
  process.env.GHN_BASE_URL = ghn.url
  const db = await freshDatabase("burst")
  const env = { REDIS_URL: redis.url }
  const stores: Awaited<ReturnType<typeof startStore>>[] = []
  try {
    await migrate(db, ghn.url)
    const server = await startStore(db, ghn.url, { ...env, MEDUSA_WORKER_MODE: "server" })
    stores.push(server)
    stores.push(await startStore(db, ghn.url, { ...env, MEDUSA_WORKER_MODE: "worker" }))
    const api = apiClient(server.url)
    const admin = { headers: { authorization: `Bearer ${await server.adminToken()}` } }
    const store = await seedGhnStore(api, admin)
    // The callbacks are the benchmark's to post, as GHN flushes them.
    await sandbox.webhook(null)

    // The first order alone: Medusa makes the guest customer of the carts' email once (carts made at once would each try).
    const first = await placeAndShip(api, admin, store, 2, false, 0)
    const several = [first, ...(await inTurn(Array.from({ length: ORDERS - 1 }, (_, n) => n + 1), SETTING_UP, (n) => placeAndShip(api, admin, store, 2 + (n % (MAX_PARCELS - 1)), n % 3 === 2, n)))]
    const parcels = several.reduce((sum, o) => sum + o.codes.length, 0)
    const single = await inTurn(Array.from({ length: parcels }, (_, n) => n), SETTING_UP, (n) => placeAndShip(api, admin, store, 1, n % 3 === 2, n))
    say(`server and worker on Redis; ${several.length} orders in ${parcels} parcels, and ${single.length} orders of one parcel, placed and shipped in ${((Date.now() - started) / 1000).toFixed(0)} s`)

    const callback = (code: string, status: string, time: number, cod?: number) =>
      api.post(
        "/hooks/ghn",
        { ShopID: 190001, OrderCode: code, ClientOrderCode: "", Type: "switch_status", Status: status, Time: new Date(time).toISOString(), Description: "", Reason: "", ReasonCode: "", ...(cod === undefined ? {} : { CODAmount: cod }) },
        { headers: { [WEBHOOK_HEADER]: WEBHOOK_SECRET } }
      )

    /** GHN picks up and delivers every parcel, then flushes the callbacks at once; the time until every order is settled. */
    async function burst(name: string, orders: Placed[]) {
      const codes = orders.flatMap((o) => o.codes)
      const cod = new Map<string, number>()
      await inTurn(codes, 8, async (code) => {
        await sandbox.setStatus(code, "picked")
        await sandbox.setStatus(code, "delivered")
        cod.set(code, Number((await sandbox.order(code)).cod_amount))
      })
      const time = Date.now() - 60_000
      const t0 = performance.now()
      await Promise.all(codes.map((code) => callback(code, "picked", time)))
      for (let round = 0; round < 2; round++) await Promise.all(codes.map((code) => callback(code, "delivered", time + 1000, cod.get(code))))
      const acknowledged = performance.now() - t0
      // Settled: each parcel delivered with its COD settled in the plugin's record, each order's items delivered in Medusa.
      const pending = new Set(orders.map((o) => o.id))
      const deadline = Date.now() + 15 * 60_000
      while (pending.size && Date.now() < deadline) {
        await inTurn([...pending], 4, async (id) => {
          const shipments = (await api.get(`/admin/ghn/orders/${id}/shipments`, admin)).data.shipments as any[]
          const settled = shipments.every((s) => s.status === "delivered" && (Number(s.cod_amount) === 0 || ["captured", "skipped"].includes(s.cod_capture_status)))
          const o = settled ? await orderOf(api, admin, id) : null
          if (o && o.items.every((i: any) => Number(i.detail?.delivered_quantity ?? 0) === Number(i.quantity))) pending.delete(id)
        })
        if (pending.size) await sleep(250)
      }
      const settledMs = performance.now() - t0
      const wrong: string[] = []
      for (const o of orders) {
        const problem = moneyOf(await orderOf(api, admin, o.id), o)
        if (problem) wrong.push(`${o.id} (${o.codes.length} parcels${o.prepaid ? ", prepaid" : ""}): ${problem}`)
      }
      say(`${name}: ${codes.length * 3} callbacks acknowledged in ${(acknowledged / 1000).toFixed(1)} s, every order settled in ${(settledMs / 1000).toFixed(1)} s${pending.size ? ` (${pending.size} never settled)` : ""}; orders as placed and paid once: ${orders.length - wrong.length}/${orders.length}`)
      for (const w of wrong.slice(0, 10)) say(`  wrong: ${w}`)
      return { orders: orders.length, parcels: codes.length, callbacks: codes.length * 3, settledMs, right: orders.length - wrong.length, unsettled: pending.size }
    }

    const base = await burst("baseline, one parcel per order", single)
    const multi = await burst(`several parcels per order (2 to ${MAX_PARCELS})`, several)
    say(`\nGHN's burst (picked, then delivered twice, every callback at once) on the production topology (load average after: ${loadAverage()})\n`)
    say(
      table(
        ["", "orders", "parcels", "callbacks", "settled s", "settled ratio", "orders right"],
        [
          ["baseline: one parcel per order", base.orders, base.parcels, base.callbacks, (base.settledMs / 1000).toFixed(1), "1.00", `${base.right}/${base.orders}`],
          ["several parcels per order", multi.orders, multi.parcels, multi.callbacks, (multi.settledMs / 1000).toFixed(1), ratio(multi.settledMs, base.settledMs), `${multi.right}/${multi.orders}`],
        ]
      )
    )
    if (base.right !== base.orders || multi.right !== multi.orders || base.unsettled || multi.unsettled) process.exitCode = 1
  } finally {
    for (const s of stores) await s.stop()
    await ghn.close()
    await db.drop().catch(() => undefined)
    await redis.stop()
  }
  say(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
