/**
 * The plugin as production stores run it: Medusa processes started with `medusa start` (the
 * development store, plugin from ./src) on their own PostgreSQL database, killed and restarted;
 * then a server + worker topology on Medusa's Redis modules (event bus, workflow engine, locking,
 * caching). The GHN sandbox is the tests' own, over HTTP; everything is checked through HTTP and
 * in the database and the sandbox.
 *
 * Needs PostgreSQL (as every integration test) and, for the topology, Redis: REDIS_URL, else a
 * `redis-server` on PATH (see integration-tests/helpers/redis.ts); without either the topology
 * tests skip with a banner naming what they need, and fail under CI=true.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { apiClient, freshDatabase, migrate, sqlClient, startStore, WEBHOOK_HEADER, WEBHOOK_SECRET, type Database, type Store } from "../../bench/lib/harness"
import { ensureRedis, redisMissing, type TestRedis } from "../helpers/redis"
import { describeWhen } from "../helpers/requirements"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, CUSTOMER_ADDRESS, explained, failure, fulfilOrder, seedGhnStore, type SeededStore } from "../helpers/store"
import { waitFor } from "../helpers/wait"


const SANDBOX = () => process.env.GHN_BASE_URL!
const CREATE = "/shiip/public-api/v2/shipping-order/create"
type Sql = Awaited<ReturnType<typeof sqlClient>>
type Admin = { headers: Record<string, string> }

async function adminOf(store: Store): Promise<Admin> {
  return { headers: { authorization: `Bearer ${await store.adminToken()}` } }
}

/** A callback as GHN sends it, with the webhook secret. */
function callback(store: Store, body: Record<string, unknown>) {
  return fetch(`${store.url}/hooks/ghn`, {
    method: "POST",
    headers: { "content-type": "application/json", [WEBHOOK_HEADER]: WEBHOOK_SECRET },
    body: JSON.stringify(body),
  })
}

const statusEvent = (orderCode: string, status: string, timeMs: number) => ({
  OrderCode: orderCode,
  Type: "switch_status",
  Status: status,
  Time: new Date(timeMs).toISOString(),
  ShopID: 190001,
})

async function placeCodOrder(api: any, store: SeededStore) {
  const cart = await createCart(api, store, [
    { variant_id: store.variants.shirt, quantity: 2 },
    { variant_id: store.variants.kettle, quantity: 1 },
  ])
  return checkout(api, store, cart.id, store.options.light)
}

/**
 * The shopper's notifications of a parcel (Medusa's notification table): each sent once, whichever
 * process applied the parcel; waits for the delivered one, sent last.
 */
async function notifiedOnce(sql: Sql, code: string) {
  const keys = async () =>
    (
      await sql.query(
        `select n.idempotency_key as key, count(*)::int as n from notification n join ghn_shipment s on s.order_id = n.resource_id
          where s.order_code = $1 and n.deleted_at is null group by 1 order by 1`,
        [code]
      )
    ).rows as { key: string; n: number }[]
  await waitFor(async () => (await keys()).some((k) => k.key === `ghn:${code}:delivered:email`))
  const rows = await keys()
  expect(rows.filter((k) => k.n !== 1)).toEqual([])
  return rows.map((k) => k.key)
}

async function itemsOf(api: any, admin: Admin, orderId: string) {
  const { data } = await api.get(`/admin/orders/${orderId}?fields=id,total,*items`, admin)
  return { total: Math.round(Number(data.order.total)), items: data.order.items.map((i: any) => ({ id: i.id as string, quantity: Number(i.quantity) })) }
}

/**
 * An OTLP/HTTP collector as a store's would be (OpenTelemetry's exporters post JSON): keeps what
 * it receives, for the test to read.
 */
async function startCollector() {
  const received: { path: string; body: string }[] = []
  const server = http.createServer((req, res) => {
    let body = ""
    req.setEncoding("utf8")
    req.on("data", (chunk) => (body += chunk))
    req.on("end", () => {
      received.push({ path: req.url ?? "", body })
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  type Attribute = { key: string; value: Record<string, unknown> }
  const payloads = (kind: "traces" | "metrics") => received.filter((r) => r.path === `/v1/${kind}`).map((r) => JSON.parse(r.body))
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    spans: () =>
      payloads("traces").flatMap((p) =>
        (p.resourceSpans ?? []).flatMap((r: any) => (r.scopeSpans ?? []).flatMap((s: any) => (s.spans ?? []) as { name: string; attributes?: Attribute[] }[]))
      ),
    metrics: () => payloads("metrics").flatMap((p) => (p.resourceMetrics ?? []).flatMap((r: any) => (r.scopeMetrics ?? []).flatMap((s: any) => (s.metrics ?? []).map((m: any) => m.name as string)))),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe("restarts (one Medusa process, killed with SIGKILL)", () => {
  let db: Database
  let sql: Sql
  let store: Store
  let api: any
  let admin: Admin
  let seeded: SeededStore
  let collector: Awaited<ReturnType<typeof startCollector>>

  const restart = async () => {
    store.child.kill("SIGKILL")
    await new Promise((r) => (store.child.exitCode !== null ? r(undefined) : store.child.once("exit", r)))
    store = await startStore(db, SANDBOX())
    api = explained(apiClient(store.url))
    admin = await adminOf(store)
  }

  beforeAll(async () => {
    db = await freshDatabase("restart")
    await migrate(db, SANDBOX())
    sql = await sqlClient(db)
    // Its first process registers OpenTelemetry as a store's instrumentation.ts does (the root's, on GHN_OTEL_COLLECTOR).
    collector = await startCollector()
    store = await startStore(db, SANDBOX(), { GHN_OTEL_COLLECTOR: collector.url })
    api = explained(apiClient(store.url))
    admin = await adminOf(store)
    seeded = await seedGhnStore(apiClient(store.url), admin)
  })

  afterAll(async () => {
    await store?.stop()
    await collector?.close()
    await sql?.end()
    await db?.drop()
  })

  beforeEach(() => sandbox.faults([]))

  it("sends the plugin's spans and metrics to the store's OpenTelemetry collector, with no other set-up, and never the token", async () => {
    const order = await placeCodOrder(api, seeded)
    const code = (await fulfilOrder(api, admin, seeded, order.id)).data.order_code
    expect((await callback(store, statusEvent(code, "picked", Date.now()))).status).toBe(200)
    const names = () => collector.spans().map((s) => s.name)
    const metrics = ["ghn.calls", "ghn.call.duration", "ghn.callbacks.applied"]
    await waitFor(async () => names().includes("GHN orders.create") && names().includes("GHN apply shipment news") && metrics.every((m) => collector.metrics().includes(m)), {
      what: "the plugin's spans and metrics at the collector",
    })
    const create = collector.spans().find((s) => s.name === "GHN orders.create")!
    const attributes = Object.fromEntries((create.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]))
    expect(attributes).toMatchObject({ "ghn.operation": "orders.create", "ghn.outcome": "2xx" })
    // What reached the collector names no token, receiver phone or address.
    const everything = collector.received.map((r) => r.body).join("\n")
    for (const secret of ["sandbox-owner-token", CUSTOMER_ADDRESS.phone, CUSTOMER_ADDRESS.address_1]) expect(everything).not.toContain(secret)
  })

  it("opens an alert once and clears it once across a restart: the incident is the database's, not the process's", async () => {
    // The admin's feed: what was told of this run's incident, opened and cleared (the store's language, Vietnamese).
    const feed = async () =>
      (
        await sql.query(
          "select data->>'description' as text from notification where channel = 'feed' and (data->>'description' like '%ghnrun_ALERTRESTART%' or data->>'description' like 'Các lượt gửi hàng gần đây%') order by created_at"
        )
      ).rows.map((r: { text: string }) => r.text)
    const check = async () => ((await store.run<string[]>("alerts")).result).filter((t) => t.endsWith(":run_failures"))
    // A shipping run that failed two orders of three (the alert's default share is a half).
    await sql.query("insert into ghn_shipping_run (id, status, total, created_at, updated_at) values ('ghnrun_ALERTRESTART', 'completed', 3, now(), now())")
    await sql.query(
      `insert into ghn_shipping_run_order (id, run_id, order_id, status, attempts, created_at, updated_at) values
         ('ghnrno_AR1', 'ghnrun_ALERTRESTART', 'order_AR1', 'failed', 1, now(), now()),
         ('ghnrno_AR2', 'ghnrun_ALERTRESTART', 'order_AR2', 'failed', 1, now(), now()),
         ('ghnrno_AR3', 'ghnrun_ALERTRESTART', 'order_AR3', 'created', 1, now(), now())`
    )
    expect(await check()).toEqual(["open:run_failures"])
    expect(await feed()).toEqual(["Lượt gửi hàng ghnrun_ALERTRESTART: 2 trên 3 đơn lỗi."])
    // The process dies and comes back: the open incident is read again, never told again.
    await restart()
    expect(await check()).toEqual([])
    expect(await feed()).toHaveLength(1)
    // Mended (the run set aside), then another restart: cleared once, told once.
    await sql.query("update ghn_shipping_run set deleted_at = now() where id = 'ghnrun_ALERTRESTART'")
    expect(await check()).toEqual(["clear:run_failures"])
    await restart()
    expect(await check()).toEqual([])
    expect(await feed()).toEqual(["Lượt gửi hàng ghnrun_ALERTRESTART: 2 trên 3 đơn lỗi.", "Các lượt gửi hàng gần đây không còn lỗi quá ngưỡng."])
  })

  /** The parcel's COD as the COD tab shows it, and every capture of its order's payments. */
  async function codOf(code: string) {
    const { data } = await api.get("/admin/ghn/cod?filter=all&limit=100", admin)
    const parcel = data.parcels.find((p: any) => p.order_code === code)
    const { rows: captures } = await sql.query(
      `select c.id, c.metadata->>'ghn_order_code' as ghn_order_code from capture c
         join payment p on p.id = c.payment_id
         join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null
         join ghn_shipment s on s.order_id = opc.order_id
        where s.order_code = $1 and c.deleted_at is null`,
      [code]
    )
    return { parcel, captures }
  }

  it.each(["SIGKILL", "SIGINT"] as const)(
    "applies every acknowledged callback exactly once, and captures every delivered COD once with its id, when the store is stopped by %s mid-burst",
    async (signal) => {
      const codes: string[] = []
      for (let i = 0; i < 4; i++) codes.push((await fulfilOrder(api, admin, seeded, (await placeCodOrder(api, seeded)).id)).data.order_code)
      const t0 = Date.now() - 60_000
      const events = codes.flatMap((code) => ["picked", "storing", "transporting", "delivering", "delivered"].map((status, i) => statusEvent(code, status, t0 + i * 1000)))
      // Deliveries first for half the parcels, so captures are running when the store stops.
      events.sort((a, b) => (a.Status === "delivered" ? -1 : 0) - (b.Status === "delivered" ? -1 : 0))

      // GHN's burst, 8 at a time; the store is stopped once 10 were acknowledged.
      const acknowledged = new Set<number>()
      let next = 0
      const sender = async () => {
        while (next < events.length && acknowledged.size < 10) {
          const index = next++
          try {
            if ((await callback(store, events[index])).status === 200) acknowledged.add(index)
          } catch {
            /* the connection died with the store */
          }
        }
      }
      await Promise.all(Array.from({ length: 8 }, sender))
      store.child.kill(signal)
      await new Promise((r) => (store.child.exitCode !== null || store.child.signalCode !== null ? r(undefined) : store.child.once("exit", r)))
      const { rows: stranded } = await sql.query("select count(*)::int as n from ghn_webhook_event where processed_at is null")
      // The point of the SIGKILL run: acknowledged callbacks that the dead process never applied.
      if (signal === "SIGKILL") expect(stranded[0].n).toBeGreaterThan(0)

      store = await startStore(db, SANDBOX())
      api = explained(apiClient(store.url))
      admin = await adminOf(store)
      // GHN resends what it got no 200 for.
      for (let i = 0; i < events.length; i++) if (!acknowledged.has(i)) expect((await callback(store, events[i])).status).toBe(200)

      await waitFor(async () => {
        const { rows } = await sql.query("select count(*)::int as n from ghn_webhook_event where processed_at is null")
        return rows[0].n === 0
      }, 90_000)
      const { rows: stored } = await sql.query("select order_code, count(*)::int as n, sum(attempts)::int as failures from ghn_webhook_event where order_code = any($1) group by order_code", [codes])
      expect(stored.map((r: any) => [r.order_code, r.n, r.failures]).sort()).toEqual(codes.map((c) => [c, 5, 0]).sort())
      for (const code of codes) {
        const { data } = await api.get(`/admin/ghn/shipments/${code}`, admin)
        expect(data.shipment.status).toBe("delivered")
        // The history has every callback once, in GHN time.
        expect(data.shipment.history.filter((h: any) => h.source === "webhook").map((h: any) => h.status)).toEqual(["picked", "storing", "transporting", "delivering", "delivered"])
        const { rows } = await sql.query("select f.shipped_at, f.delivered_at from fulfillment f join ghn_shipment s on s.fulfillment_id = f.id where s.order_code = $1", [code])
        expect(rows[0].shipped_at).not.toBeNull()
        expect(rows[0].delivered_at).not.toBeNull()
      }
      // Every paid parcel captured once, known by its id; the COD tab shows no error. A capture the
      // stop interrupted is completed by the recovery pass (every 15 s; a minute after its try began).
      await waitFor(async () => {
        const settled = await Promise.all(codes.map(async (code) => (await codOf(code)).parcel?.cod_capture_status === "captured"))
        return settled.every(Boolean)
      }, 150_000)
      for (const code of codes) {
        const { parcel, captures } = await codOf(code)
        expect(captures).toHaveLength(1)
        expect(parcel).toEqual(expect.objectContaining({ cod_capture_status: "captured", cod_capture_id: captures[0].id, cod_capture_error: null, cod_captured: parcel.cod_ghn }))
        expect(captures[0].ghn_order_code).toBe(code)
      }
      // The receiver's history comes from PostgreSQL: every delivered parcel once, across the stop.
      const { rows: outcomes } = await sql.query("select order_code, outcome from ghn_receiver_outcome where order_code = any($1)", [codes])
      expect(outcomes.map((o: any) => [o.order_code, o.outcome]).sort()).toEqual(codes.map((c) => [c, "delivered"]).sort())
      const { rows: phoneRows } = await sql.query("select phone, count(*)::int as n from ghn_receiver_outcome where order_code = any($1) group by phone", [codes])
      const { rows: all } = await sql.query("select count(*)::int as n from ghn_receiver_outcome where phone = $1 and outcome = 'delivered'", [phoneRows[0].phone])
      const { rows: order } = await sql.query("select order_id from ghn_shipment where order_code = $1", [codes[0]])
      const { data: panel } = await api.get(`/admin/ghn/orders/${order[0].order_id}/shipments`, admin)
      expect(panel.receiver).toEqual(expect.objectContaining({ phone: phoneRows[0].phone, delivered: all[0].n, returned: 0, refused: 0 }))
    }
  )

  it("makes one GHN order when the store restarts between a lost Create Order answer and the admin's retry", async () => {
    const order = await placeCodOrder(api, seeded)
    const before = (await sandbox.orders()).length
    await sandbox.faults([{ path: CREATE, drop_after_commit: true, count: 3 }])
    expect((await failure(fulfilOrder(api, admin, seeded, order.id))).message).toMatch(/GHN Create Order/)
    await restart()
    await sandbox.faults([])
    const fulfillment = await fulfilOrder(api, admin, seeded, order.id)
    const made = (await sandbox.orders()).slice(before)
    expect(made.map((o: any) => o.order_code)).toEqual([fulfillment.data.order_code])
  })

  it("cancels the orphan when the retry after a restart ships other items", async () => {
    const order = await placeCodOrder(api, seeded)
    const { total, items } = await itemsOf(api, admin, order.id)
    const before = (await sandbox.orders()).length
    await sandbox.faults([{ path: CREATE, drop_after_commit: true, count: 3 }])
    await failure(fulfilOrder(api, admin, seeded, order.id, items))
    await restart()
    await sandbox.faults([])
    // Only the shirts now: the orphan (everything, with the whole COD) must not stay live.
    const shirts = await fulfilOrder(api, admin, seeded, order.id, [items[0]])
    const made = (await sandbox.orders()).slice(before)
    const live = made.filter((o: any) => o.status !== "cancel")
    expect(live.map((o: any) => o.order_code)).toEqual([shirts.data.order_code])
    expect(made.filter((o: any) => o.status === "cancel").length).toBeGreaterThanOrEqual(1)
    expect(shirts.data.ghn_cancelled_orphans).toHaveLength(1)
    // And the rest: the order's COD is collected once over the live parcels.
    const rest = await fulfilOrder(api, admin, seeded, order.id, [items[1]])
    const cods = await Promise.all([shirts, rest].map(async (f) => (await sandbox.order(f.data.order_code)).cod_amount))
    expect(cods[0] + cods[1]).toBe(total)
  })
})

describeWhen(redisMissing(), "the production-topology tests (server + worker) run Medusa's Redis modules and need Redis")("server + worker on Medusa's Redis modules", () => {
  let redis: TestRedis
  let db: Database
  let sql: Sql
  let servers: Store[] = []
  let worker: Store | undefined
  let seeded: SeededStore

  const env = () => ({ REDIS_URL: redis.url })
  const startWorker = () => startStore(db, SANDBOX(), { ...env(), MEDUSA_WORKER_MODE: "worker" })

  beforeAll(async () => {
    redis = await ensureRedis()
    db = await freshDatabase("topology")
    await migrate(db, SANDBOX())
    sql = await sqlClient(db)
    servers = [
      await startStore(db, SANDBOX(), { ...env(), MEDUSA_WORKER_MODE: "server" }),
      await startStore(db, SANDBOX(), { ...env(), MEDUSA_WORKER_MODE: "server" }),
    ]
    worker = await startWorker()
    seeded = await seedGhnStore(apiClient(servers[0].url), await adminOf(servers[0]))
  })

  afterAll(async () => {
    await Promise.all([...servers, worker].map((s) => s?.stop()))
    await sql?.end()
    await db?.drop()
    await redis?.stop()
  })

  it("collects an order's COD once when two servers fulfil it at the same moment", async () => {
    const [a, b] = servers.map((s) => explained(apiClient(s.url)))
    const [adminA, adminB] = await Promise.all(servers.map(adminOf))
    const order = await placeCodOrder(a, seeded)
    const { total, items } = await itemsOf(a, adminA, order.id)
    const [first, second] = await Promise.all([
      fulfilOrder(a, adminA, seeded, order.id, [items[0]]),
      fulfilOrder(b, adminB, seeded, order.id, [items[1]]),
    ])
    const cods = await Promise.all([first, second].map(async (f) => (await sandbox.order(f.data.order_code)).cod_amount))
    expect(cods.sort((x, y) => x - y)).toEqual([0, total])
  })

  it("has two workers apply one parcel's burst: each callback once, GHN's order, one COD capture with its id", async () => {
    const [server] = servers
    const api = explained(apiClient(server.url))
    const admin = await adminOf(server)
    const code = (await fulfilOrder(api, admin, seeded, (await placeCodOrder(api, seeded)).id)).data.order_code
    const second = await startWorker()
    try {
      const t0 = Date.now() - 60_000
      const statuses = ["picking", "picked", "storing", "transporting", "sorting", "delivering", "delivered"]
      // Every callback twice, shuffled, 12 at a time through both servers: the event bus hands them to either worker.
      const burst = [...statuses, ...statuses].map((status) => statusEvent(code, status, t0 + statuses.indexOf(status) * 1000)).sort(() => Math.random() - 0.5)
      let next = 0
      await Promise.all(
        Array.from({ length: 12 }, async (_, lane) => {
          while (next < burst.length) {
            const body = burst[next++]
            expect((await callback(servers[lane % servers.length], body)).status).toBe(200)
          }
        })
      )
      await waitFor(async () => {
        const { rows } = await sql.query("select count(*)::int as n from ghn_webhook_event where order_code = $1 and processed_at is not null", [code])
        return rows[0].n === statuses.length
      }, 60_000)
      const { rows: stored } = await sql.query("select count(*)::int as n, sum(attempts)::int as failures from ghn_webhook_event where order_code = $1", [code])
      expect(stored[0]).toEqual({ n: statuses.length, failures: 0 })
      const { data } = await api.get(`/admin/ghn/shipments/${code}`, admin)
      expect(data.shipment.status).toBe("delivered")
      expect(data.shipment.history.filter((h: any) => h.source === "webhook").map((h: any) => h.status)).toEqual(statuses)
      expect(data.shipment.history.filter((h: any) => h.not_applied)).toEqual([])
      await waitFor(async () => {
        const { rows } = await sql.query("select cod_capture_status from ghn_shipment where order_code = $1", [code])
        return rows[0].cod_capture_status === "captured"
      }, 60_000)
      const { rows: captures } = await sql.query(
        `select c.id, s.cod_capture_id from capture c
           join payment p on p.id = c.payment_id
           join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null
           join ghn_shipment s on s.order_id = opc.order_id
          where s.order_code = $1 and c.deleted_at is null`,
        [code]
      )
      expect(captures).toHaveLength(1)
      expect(captures[0].cod_capture_id).toBe(captures[0].id)
      const { rows: fulfilment } = await sql.query("select f.shipped_at, f.delivered_at from fulfillment f join ghn_shipment s on s.fulfillment_id = f.id where s.order_code = $1", [code])
      expect(fulfilment[0].delivered_at).not.toBeNull()
      // Whichever worker applied which part of the burst, each notification went out once.
      expect(await notifiedOnce(sql, code)).toContain(`ghn:${code}:delivered:email`)
    } finally {
      await second.stop()
    }
  })

  it("has the server store callbacks and the worker apply them, once, whatever their order or repeats", async () => {
    const [server] = servers
    const api = explained(apiClient(server.url))
    const admin = await adminOf(server)
    const code = (await fulfilOrder(api, admin, seeded, (await placeCodOrder(api, seeded)).id)).data.order_code
    const t0 = Date.now() - 60_000

    // Without a worker, a server acknowledges and applies nothing: the callback is stored, and
    // applied only once a worker has started (its time applied is after, checked below).
    await worker!.stop()
    worker = undefined
    expect((await callback(server, statusEvent(code, "picked", t0 + 1000))).status).toBe(200)
    expect((await sql.query("select processed_at from ghn_webhook_event where order_code = $1", [code])).rows).toEqual([{ processed_at: null }])

    const workerStarting = Date.now()
    worker = await startWorker()
    // Out of order and repeated, as GHN delivers them.
    for (const [status, at] of [["delivered", 4], ["picked", 1], ["delivering", 3], ["delivered", 4], ["storing", 2], ["picked", 1]] as const) {
      expect((await callback(server, statusEvent(code, status, t0 + at * 1000))).status).toBe(200)
    }
    await waitFor(async () => {
      const { rows } = await sql.query("select count(*)::int as n from ghn_webhook_event where order_code = $1 and processed_at is not null", [code])
      return rows[0].n === 4
    }, 60_000)
    const { rows: applied } = await sql.query("select min(processed_at) as first from ghn_webhook_event where order_code = $1", [code])
    expect(new Date(applied[0].first).getTime()).toBeGreaterThanOrEqual(workerStarting)
    const { data } = await api.get(`/admin/ghn/shipments/${code}`, admin)
    expect(data.shipment.status).toBe("delivered")
    expect(data.shipment.history.filter((h: any) => h.source === "webhook").map((h: any) => h.status)).toEqual(["picked", "storing", "delivering", "delivered"])
    await waitFor(async () => {
      const { rows } = await sql.query("select f.delivered_at from fulfillment f join ghn_shipment s on s.fulfillment_id = f.id where s.order_code = $1", [code])
      return rows[0]?.delivered_at !== null
    })
    // A restarted worker, callbacks out of order and repeated: the shopper hears of the move once.
    expect(await notifiedOnce(sql, code)).toContain(`ghn:${code}:delivered:email`)
  })
})
