/**
 * The Insights tab's figures through Medusa's HTTP API: a parcel shipped through the sandbox keeps
 * its stock location and province; a known set of parcels (written through the module's service,
 * dated through its table) gives every figure: outcomes per week and day, the first-attempt rate,
 * the provinces' rates, GHN's failure reasons, lateness (an expected day in GHN's older end-of-day
 * form included), COD collected, transferred and awaiting by age, the fee gaps; the CSV writes the
 * same figures; bad ranges are refused naming the field.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { checkGhnAlerts } from "../../src/runners/health"
import { dropInsightRollupSql, insightRollupSql } from "../../src/modules/ghn/schema/insight-rollup"
import { freshGhnStorePerTest } from "../helpers/fresh-store"
import { checkout, createCart, failure, fulfilOrder } from "../helpers/store"
import { waitFor } from "../helpers/wait"
import { REFUSED_TOKEN_NOTICE_KEY } from "../../src/lib/runtime/outage-fallback"


const A = "sloc_insights_a"
const B = "sloc_insights_b"
const DAY = 86_400_000
/** A Vietnamese wall-clock time. */
const vn = (text: string) => new Date(`${text}+07:00`)
const daysAgo = (n: number) => new Date(Date.now() - n * DAY)
const fail = (reason_code: string, reason: string, time: string, not_applied?: string) => ({
  status: "delivery_fail",
  type: "switch_status",
  time: vn(time).toISOString(),
  reason,
  reason_code,
  source: "webhook",
  ...(not_applied ? { not_applied } : {}),
})

type Parcel = {
  code: string
  created: Date
  location_id?: string | null
  to_province?: string | null
  status: string
  status_at?: Date
  delivery_attempts?: number
  events?: unknown[]
  expected?: string
  cod_amount?: number
  collected?: Date
  transferred?: Date
  quoted_fee?: number | null
  total_fee?: number
  sent_fee?: number | null
  fees?: Record<string, number>
  is_return?: boolean
}

/** The known set: location A's parcels of 3-16 March 2025 (two weeks), and what must stay out. */
const PARCELS: Parcel[] = [
  // Week of 3 March. On time; 1 day late (expected in the older `T23:59:59Z` form: 5 March in Vietnam); 3 days late; refused.
  { code: "INS1", created: vn("2025-03-03T10:00:00"), to_province: "Hà Nội", status: "delivered", status_at: vn("2025-03-05T15:00:00"), expected: "2025-03-05T16:59:59Z", cod_amount: 100_000, collected: daysAgo(1), quoted_fee: 30_000, total_fee: 36_000, sent_fee: 30_000, fees: { main_service: 36_000 } },
  { code: "INS2", created: vn("2025-03-03T11:00:00"), to_province: "Hà Nội", status: "delivered", status_at: vn("2025-03-06T09:00:00"), expected: "2025-03-05T23:59:59Z", delivery_attempts: 1, events: [fail("GHN-DFC1A3", "Không liên lạc được", "2025-03-05T10:00:00")], cod_amount: 200_000, collected: daysAgo(5), total_fee: 25_000, sent_fee: 25_000 },
  { code: "INS3", created: vn("2025-03-04T09:00:00"), to_province: "Đà Nẵng", status: "delivered", status_at: vn("2025-03-08T10:00:00"), expected: "2025-03-05T16:59:59Z", cod_amount: 300_000, collected: vn("2025-03-08T10:00:00"), transferred: vn("2025-03-10T09:00:00") },
  { code: "INS4", created: vn("2025-03-04T10:00:00"), to_province: "Đà Nẵng", status: "returned", delivery_attempts: 1, events: [fail("GHN-DFC1A4", "Khách từ chối nhận", "2025-03-06T10:00:00")], cod_amount: 150_000, total_fee: 50_000, sent_fee: 30_000, fees: { main_service: 30_000, r2s: 15_000, return: 5_000 } },
  // Week of 10 March. Returned after two failures; a failure now (one reason applied, one not); cancelled; lost; two in progress (the last at 23:30 on 16 March in Vietnam).
  { code: "INS5", created: vn("2025-03-10T08:00:00"), to_province: "Hà Nội", status: "returned", delivery_attempts: 2, events: [fail("GHN-DFC1A3", "Không liên lạc được", "2025-03-11T10:00:00"), fail("GHN-DFC1A3", "Không liên lạc được", "2025-03-12T10:00:00")], quoted_fee: 40_000, total_fee: 45_000, sent_fee: 40_000, fees: { main_service: 40_000, return: 5_000 } },
  { code: "INS6", created: vn("2025-03-10T09:00:00"), location_id: A, to_province: null, status: "delivery_fail", delivery_attempts: 1, events: [fail("GHN-DFC1A7", "Sai địa chỉ", "2025-03-12T10:00:00"), fail("GHN-DFC1A7", "Sai địa chỉ", "2025-03-11T10:00:00", "before_order")] },
  { code: "INS7", created: vn("2025-03-11T09:00:00"), to_province: null, status: "cancel" },
  { code: "INS8", created: vn("2025-03-11T10:00:00"), to_province: "Hà Nội", status: "lost" },
  { code: "INS9", created: vn("2025-03-12T10:00:00"), to_province: null, status: "delivering", cod_amount: 50_000 },
  { code: "INS13", created: vn("2025-03-16T23:30:00"), to_province: null, status: "ready_to_pick" },
  // Out of location A's range: 17 March at 00:30 in Vietnam; February; a return; another location.
  { code: "INS14", created: vn("2025-03-17T00:30:00"), status: "ready_to_pick" },
  { code: "INS11", created: vn("2025-02-28T10:00:00"), to_province: "Hà Nội", status: "delivered", status_at: vn("2025-03-01T10:00:00"), cod_amount: 70_000, collected: daysAgo(16) },
  { code: "INS12", created: vn("2025-03-05T10:00:00"), status: "ready_to_pick", is_return: true },
  { code: "INS10", created: vn("2025-03-05T10:00:00"), location_id: B, to_province: "Cần Thơ", status: "delivered", status_at: vn("2025-03-07T10:00:00"), cod_amount: 80_000, collected: daysAgo(10) },
]

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const { api, admin, store } = freshGhnStorePerTest(rawApi, getContainer)

    const insights = async (query: string) => (await api.get(`/admin/ghn/insights?${query}`, admin)).data.insights

    async function writeParcels(parcels: Parcel[]) {
      const ghn = getContainer().resolve("ghn") as any
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      await ghn.createGhnShipments(
        parcels.map((p) => ({
          fulfillment_id: `ful_${p.code}`,
          order_id: `order_${p.code}`,
          order_code: p.code,
          shop_id: 1,
          location_id: p.location_id === undefined ? A : p.location_id,
          to_province: p.to_province ?? null,
          is_return: !!p.is_return,
          status: p.status,
          status_at: p.status_at ?? p.created,
          delivery_attempts: p.delivery_attempts ?? 0,
          history: { events: p.events ?? [] },
          expected_delivery_time: p.expected ? new Date(p.expected) : null,
          cod_amount: p.cod_amount ?? 0,
          is_cod_collected: !!p.collected,
          cod_collect_date: p.collected ?? null,
          is_cod_transferred: !!p.transferred,
          cod_transfer_date: p.transferred ?? null,
          quoted_fee: p.quoted_fee ?? null,
          total_fee: p.total_fee ?? 0,
          sent_fee: p.sent_fee ?? null,
          fees: p.fees ?? null,
        }))
      )
      for (const p of parcels) await pg.raw("update ghn_shipment set created_at = ? where order_code = ?", [p.created, p.code])
    }

    it("records the location and the receiver's province of a parcel shipped, and counts it for its location only", async () => {
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, admin, store, order.id)
      const ghn = getContainer().resolve("ghn") as any
      const [row] = await ghn.listGhnShipments({ order_code: fulfillment.data.order_code })
      expect(row.location_id).toBe(store.locationId)
      expect(row.to_province).toMatch(/Hồ Chí Minh/)

      const mine = await insights(`location_id=${store.locationId}`)
      expect(mine.outcomes.totals).toMatchObject({ parcels: 1, in_progress: 1 })
      expect(mine.provinces).toEqual([expect.objectContaining({ province: row.to_province, parcels: 1, ended: 0, success_rate: null })])
      expect((await insights("location_id=sloc_elsewhere")).outcomes.totals.parcels).toBe(0)
    })

    it("gives every figure of a known set of parcels, and the CSV says the same", async () => {
      await writeParcels(PARCELS)
      const i = await insights(`from=2025-03-03&to=2025-03-16&location_id=${A}&group=week`)

      expect(i.range).toEqual({ from: "2025-03-03", to: "2025-03-16", group: "week", location_id: A })
      expect(i.outcomes.series).toEqual([
        { period: "2025-03-03", delivered: 3, returned: 0, refused: 1, failed_attempt: 0, cancelled: 0, lost_damaged: 0, in_progress: 0 },
        { period: "2025-03-10", delivered: 0, returned: 1, refused: 0, failed_attempt: 1, cancelled: 1, lost_damaged: 1, in_progress: 2 },
      ])
      expect(i.outcomes.totals).toEqual({ delivered: 3, returned: 1, refused: 1, failed_attempt: 1, cancelled: 1, lost_damaged: 1, in_progress: 2, parcels: 10 })
      // Delivered at the first try: 2 of the 6 GHN tried to hand over.
      expect(i.first_attempt).toEqual({ delivered_first_attempt: 2, tried: 6, rate: 0.3333 })
      expect(i.provinces).toEqual([
        { province: "Hà Nội", parcels: 4, ended: 4, delivered: 2, returned: 1, success_rate: 0.5, return_rate: 0.25 },
        { province: "Đà Nẵng", parcels: 2, ended: 2, delivered: 1, returned: 1, success_rate: 0.5, return_rate: 0.5 },
        { province: null, parcels: 4, ended: 0, delivered: 0, returned: 0, success_rate: null, return_rate: null },
      ])
      // A reason GHN gave on a status never applied is not counted.
      expect(i.failure_reasons).toEqual([
        { reason_code: "GHN-DFC1A3", reason: "Không liên lạc được", count: 3 },
        { reason_code: "GHN-DFC1A4", reason: "Khách từ chối nhận", count: 1 },
        { reason_code: "GHN-DFC1A7", reason: "Sai địa chỉ", count: 1 },
      ])
      expect(i.punctuality.totals).toEqual({ on_time: 1, late_1: 1, late_2_plus: 1, no_promise: 0 })
      expect(i.punctuality.provinces).toHaveLength(2)
      expect(i.punctuality.provinces).toEqual(
        expect.arrayContaining([
          { province: "Hà Nội", on_time: 1, late_1: 1, late_2_plus: 0 },
          { province: "Đà Nẵng", on_time: 0, late_1: 0, late_2_plus: 1 },
        ])
      )
      // Collected and transferred in the range; awaiting transfer now, by days since collection (February's parcel too).
      expect(i.cod).toEqual({
        collected: { parcels: 1, amount: 300_000 },
        transferred: { parcels: 1, amount: 300_000 },
        awaiting: { parcels: 3, amount: 370_000 },
        awaiting_by_age: [
          { age: "0-3", parcels: 1, amount: 100_000 },
          { age: "4-7", parcels: 1, amount: 200_000 },
          { age: "8-14", parcels: 0, amount: 0 },
          { age: "15+", parcels: 1, amount: 70_000 },
        ],
      })
      expect(i.fees.weeks).toEqual([
        { week: "2025-03-03", parcels: 4, quoted: 30_000, billed: 36_000, reweigh_surcharge: 6_000, return_fees: 20_000, difference: 6_000 },
        { week: "2025-03-10", parcels: 6, quoted: 40_000, billed: 45_000, reweigh_surcharge: 0, return_fees: 5_000, difference: 5_000 },
      ])
      expect(i.fees.totals).toEqual({ parcels: 10, quoted: 70_000, billed: 81_000, reweigh_surcharge: 6_000, return_fees: 25_000, difference: 11_000 })

      // Every location: location B's parcel joins; by day, each Vietnamese day of creation.
      const all = await insights("from=2025-03-03&to=2025-03-16&group=day")
      expect(all.outcomes.totals).toMatchObject({ parcels: 11, delivered: 4 })
      expect(all.outcomes.series.map((s: { period: string }) => s.period)).toEqual(["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-10", "2025-03-11", "2025-03-12", "2025-03-16"])
      expect(all.punctuality.totals.no_promise).toBe(1)
      expect(all.cod.awaiting_by_age[2]).toEqual({ age: "8-14", parcels: 1, amount: 80_000 })

      // The CSV: one line per figure of the JSON.
      const csv = await api.get(`/admin/ghn/insights?from=2025-03-03&to=2025-03-16&location_id=${A}&group=week&format=csv`, admin)
      expect(csv.headers["content-type"]).toMatch(/text\/csv/)
      const lines: string[] = String(csv.data).replace(/^\uFEFF/, "").trim().split("\r\n")
      expect(lines[0]).toBe("chart,group,measure,value")
      // Every figure of every chart's table, and nothing else.
      const figures = (chart: string, group: unknown, values: Record<string, unknown>) => Object.entries(values).map(([k, v]) => `${chart},${group ?? ""},${k},${v ?? ""}`)
      const expected = [
        ...i.outcomes.series.flatMap(({ period, ...o }: Record<string, unknown>) => figures("outcomes", period, o)),
        ...figures("outcomes", "total", i.outcomes.totals),
        ...figures("first_attempt", "total", i.first_attempt),
        ...i.provinces.flatMap(({ province, ...p }: Record<string, unknown>) => figures("provinces", province, p)),
        ...i.failure_reasons.flatMap(({ reason_code, ...r }: Record<string, unknown>) => figures("failure_reasons", reason_code, r)),
        ...figures("punctuality", "total", i.punctuality.totals),
        ...i.punctuality.provinces.flatMap(({ province, ...l }: Record<string, unknown>) => figures("punctuality", province, l)),
        ...figures("cod", "collected", i.cod.collected),
        ...figures("cod", "transferred", i.cod.transferred),
        ...figures("cod", "awaiting", i.cod.awaiting),
        ...i.cod.awaiting_by_age.flatMap(({ age, ...a }: Record<string, unknown>) => figures("cod_awaiting_age", age, a)),
        ...i.fees.weeks.flatMap(({ week, ...w }: Record<string, unknown>) => figures("fees", week, w)),
        ...figures("fees", "total", i.fees.totals),
      ]
      expect(lines.slice(1).sort()).toEqual(expected.sort())
    })

    it("fills the rollup from the parcels already there when its migration runs, as its triggers would have", async () => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      const run = async (statements: string[]) => {
        for (const sql of statements) await pg.raw(sql)
      }
      const numbers = (rows: Record<string, unknown>[]) =>
        rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v])))
      // The rollup's rows that count something (a trigger may leave a row at zero where a parcel moved away).
      const rollup = async () => ({
        days: numbers((await pg.raw(`select * from ghn_insight_day where parcels <> 0 or quoted <> 0 or billed <> 0 or reweigh_surcharge <> 0 or return_fees <> 0 order by 1, 2, 3, 4, 5, 6, 7`)).rows),
        reasons: numbers((await pg.raw("select * from ghn_insight_reason_day where failures <> 0 order by 1, 2, 3, 4")).rows),
        cod: numbers((await pg.raw("select * from ghn_insight_cod_day where parcels <> 0 or amount <> 0 order by 1, 2, 3")).rows),
      })
      const figures = async () => ({
        week: await insights(`from=2025-03-03&to=2025-03-16&location_id=${A}&group=week`),
        all: await insights("from=2025-02-01&to=2025-03-31&group=day"),
        rollup: await rollup(),
      })
      // What the rollup holds against what the parcels' own rows say, for every parcel of the table.
      const rawParcels = async () =>
        numbers(
          (
            await pg.raw(`select coalesce(location_id, '') as location_id, status, count(*)::int as parcels, coalesce(sum(quoted_fee), 0) as quoted
               from ghn_shipment where deleted_at is null and is_return = false group by 1, 2 order by 1, 2`)
          ).rows
        )
      const rolledParcels = async () =>
        numbers(
          (
            await pg.raw(`select location_id, status, sum(parcels)::int as parcels, sum(quoted) as quoted
               from ghn_insight_day group by 1, 2 having sum(parcels) <> 0 order by 1, 2`)
          ).rows
        )
      const rawAwaiting = async () =>
        numbers((await pg.raw("select count(*)::int as parcels, coalesce(sum(cod_amount), 0) as amount from ghn_shipment where deleted_at is null and is_return = false and is_cod_collected and not is_cod_transferred and status = 'delivered' and cod_amount > 0")).rows)[0]
      const rolledAwaiting = async () => numbers((await pg.raw("select coalesce(sum(parcels), 0)::int as parcels, coalesce(sum(amount), 0) as amount from ghn_insight_cod_day where kind = 'awaiting'")).rows)[0]

      try {
        // A store upgrading: its parcels were written before the rollup existed (the migration's down:
        // no rollup tables, no triggers), then the migration runs.
        await run(dropInsightRollupSql())
        await writeParcels(PARCELS)
        await run(insightRollupSql())
        const backfilled = await figures()
        expect(backfilled.week.outcomes.totals).toEqual({ delivered: 3, returned: 1, refused: 1, failed_attempt: 1, cancelled: 1, lost_damaged: 1, in_progress: 2, parcels: 10 })
        expect(backfilled.week.fees.totals).toEqual({ parcels: 10, quoted: 70_000, billed: 81_000, reweigh_surcharge: 6_000, return_fees: 25_000, difference: 11_000 })
        expect(backfilled.week.failure_reasons.map((r: { count: number }) => r.count)).toEqual([3, 1, 1])
        expect(await rolledParcels()).toEqual(await rawParcels())
        expect(await rolledAwaiting()).toEqual(await rawAwaiting())
        expect((await rawAwaiting()).parcels).toBe(4)

        // The same parcels written again through the triggers (the table emptied first: the rollup back to nothing).
        await pg.raw("delete from ghn_shipment")
        expect(await rollup()).toEqual({ days: [], reasons: [], cod: [] })
        await writeParcels(PARCELS)
        const byTriggers = await figures()
        expect(backfilled).toEqual(byTriggers)

        // After the backfill the triggers keep it: a parcel in flight delivered moves its count.
        await pg.raw("update ghn_shipment set status = 'delivered', status_at = ? where order_code = 'INS9'", [vn("2025-03-14T10:00:00")])
        const moved = await insights(`from=2025-03-03&to=2025-03-16&location_id=${A}&group=week`)
        expect(moved.outcomes.totals).toMatchObject({ delivered: 4, in_progress: 1, parcels: 10 })
        expect(await rolledParcels()).toEqual(await rawParcels())
      } finally {
        // Whatever happened above, the rollup and its triggers as the migration leaves them.
        await run(insightRollupSql())
      }
    })

    it("gives the Health tab's figures from a known set of events: GHN's answers by class, callbacks waiting, quiet parcels, COD captures, the token, the runs' failure rate", async () => {
      const ghn = getContainer().resolve("ghn") as any
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      // GHN answers: a parcel shipped (quotes, Create Order: 2xx), then an admin refresh GHN refuses (400).
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const code = (await fulfilOrder(api, admin, store, order.id)).data.order_code as string
      // The shipment's record is written by a subscriber.
      await waitFor(async () => (await ghn.listGhnShipments({ order_code: code })).length === 1)
      const [parcel] = await ghn.listGhnShipments({ order_code: code })
      // The refused refresh is of a cancelled parcel GHN does not know: GHN answers 400 for it alone,
      // and polling (which may ask about the live parcel at any moment) never asks about a final one.
      await ghn.createGhnShipments({ fulfillment_id: "ful_HLTHGONE", order_code: "HLTHGONE", shop_id: parcel.shop_id, provider_id: parcel.provider_id, status: "cancel" })
      expect((await failure(api.post("/admin/ghn/shipments/HLTHGONE/refresh", {}, admin))).status).toBe(400)
      // The parcel in transit, quiet for two days; two delivered COD parcels of the same account, one capture failed, one not recorded yet.
      await pg.raw("update ghn_shipment set status = 'storing', status_at = now() - interval '2 days' where order_code = ?", [code])
      const quietSince = (await pg.raw("select status_at from ghn_shipment where order_code = ?", [code])).rows[0].status_at
      await ghn.createGhnShipments(
        ["HLTHCOD1", "HLTHCOD2"].map((c, i) => ({
          fulfillment_id: `ful_${c}`, order_id: `order_${c}`, order_code: c, shop_id: parcel.shop_id, provider_id: parcel.provider_id, status: "delivered",
          status_at: new Date(), cod_amount: 100_000, cod_capture_status: i === 0 ? "failed" : null, history: { events: [] },
        }))
      )
      // Callbacks stored and not applied (the oldest 10 minutes ago), one set aside after every try, and the last received now.
      const at = (minutes: number) => new Date(Date.now() - minutes * 60_000)
      await ghn.createGhnWebhookEvents([
        { dedupe_key: `${code}|h1`, order_code: code, type: "switch_status", status: "storing", event_time: at(10), received_at: at(10), raw_body: "{}" },
        { dedupe_key: `${code}|h2`, order_code: code, type: "switch_status", status: "storing", event_time: at(5), received_at: at(5), raw_body: "{}" },
        { dedupe_key: `${code}|h3`, order_code: code, type: "weird", status: null, event_time: at(20), received_at: at(20), raw_body: "{}", attempts: 8, error: "not a callback GHN can send" },
      ])
      const lastReceived = (await pg.raw("select max(received_at) as at from ghn_webhook_event")).rows[0].at
      // The last two shipping runs: 3 orders shipped and 1 failed, then 2 shipped.
      const [older, newer] = await ghn.createGhnShippingRuns([{ status: "completed", total: 4 }, { status: "completed", total: 2 }])
      await pg.raw("update ghn_shipping_run set created_at = now() - interval '1 hour' where id = ?", [older.id])
      await ghn.createGhnShippingRunOrders([
        ...["created", "created", "created", "failed"].map((status, i) => ({ run_id: older.id, order_id: `order_run_a${i}`, status })),
        ...["created", "created"].map((status, i) => ({ run_id: newer.id, order_id: `order_run_b${i}`, status })),
      ])
      // GHN refused the token at checkout an hour ago.
      await ghn.cache.store.set(REFUSED_TOKEN_NOTICE_KEY, JSON.stringify({ at: at(60).toISOString(), shop_id: parcel.shop_id, code: "GHN_401", message: "Token is not valid!" }), 3600)

      const health = (await api.get("/admin/ghn/health", admin)).data.health
      expect(new Date(health.callbacks.last_received_at).getTime()).toBe(new Date(lastReceived).getTime())
      expect(health.callbacks).toMatchObject({ pending: 2, failed: 1 })
      expect(new Date(health.callbacks.oldest_pending_at).getTime()).toBeLessThan(at(9).getTime())
      const account = health.accounts.find((a: any) => a.provider_id === parcel.provider_id)
      expect(account).toMatchObject({ shop_id: parcel.shop_id, parcels: { quiet: 1 }, cod: { failed: 1, waiting: 1 } })
      expect(new Date(account.parcels.oldest_news_at).getTime()).toBe(new Date(quietSince).getTime())
      expect(account.calls.hour["2xx"]).toBeGreaterThanOrEqual(2)
      expect(account.calls.hour).toMatchObject({ "4xx": 1, "429": 0, "5xx": 0, timeout: 0, network: 0 })
      expect(account.calls.day.codes).toEqual([{ outcome: "4xx", code: "GHN_400", calls: 1 }])
      expect(account.budget.busiest_minute_calls).toBeGreaterThanOrEqual(3)
      expect(account.budget.minute_limit).toBe(1200)
      expect(account.token.refused).toMatchObject({ code: "GHN_401", message: "Token is not valid!" })
      expect(account.token.last_accepted_at).not.toBeNull()
      expect(health.runs).toMatchObject({ orders: 6, failed: 1, failure_rate: 0.167 })
      expect(health.runs.last.map((r: any) => r.id)).toEqual([newer.id, older.id])
    })

    it("opens each alert once and clears it once, whatever two instances check at once, and tells the admin's feed in the store's language", async () => {
      const container = getContainer()
      const ghn = container.resolve("ghn") as any
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as any
      const notifications = container.resolve(Modules.NOTIFICATION) as any
      const feed = async () => ((await notifications.listNotifications({ channel: "feed" })) as any[]).map((n) => n.data?.description as string)
      const before = (await feed()).length
      // A parcel in transit, quiet; a COD capture failed; a callback waiting 20 minutes; GHN refusing the token.
      const shop = ghn.options.shopId
      // The store's GHN provider, under whatever id it registered it.
      const provider = ghn.providerAccounts[0].provider_id
      await ghn.createGhnShipments([
        { fulfillment_id: "ful_ALR1", order_id: "order_ALR1", order_code: "ALR1", shop_id: shop, provider_id: provider, status: "delivered", status_at: new Date(), cod_amount: 100_000, cod_capture_status: "failed", history: { events: [] } },
        { fulfillment_id: "ful_ALR2", order_id: "order_ALR2", order_code: "ALR2", shop_id: shop, provider_id: provider, status: "transporting", status_at: new Date(), history: { events: [] } },
      ])
      const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000)
      await ghn.createGhnWebhookEvents([{ dedupe_key: "ALR2|w", order_code: "ALR2", type: "switch_status", status: "sorting", event_time: twentyMinutesAgo, received_at: twentyMinutesAgo, raw_body: "{}" }])
      await ghn.cache.store.set(REFUSED_TOKEN_NOTICE_KEY, JSON.stringify({ at: new Date().toISOString(), shop_id: shop, code: "GHN_401", message: "Token is not valid!" }), 3600)

      // Two instances check at the same moment: each alert is opened, and told, once.
      const opened = (await Promise.all([checkGhnAlerts(container), checkGhnAlerts(container)])).flat()
      expect(opened.map((t) => `${t.phase}:${t.state.kind}`).sort()).toEqual(["open:backlog", "open:cod_failures", "open:token_refused"])
      expect(((await ghn.alerts.openOnes()) as any[]).map((a) => a.kind).sort()).toEqual(["backlog", "cod_failures", "token_refused"])
      const told = await feed()
      expect(told).toHaveLength(before + 3)
      expect(told).toEqual(expect.arrayContaining([`GHN từ chối token của cửa hàng ${shop} (GHN_401): kiểm tra Cài đặt → GHN → Kết nối.`]))
      // Checked again (another minute, or an instance restarted): nothing new while they still fire.
      expect(await checkGhnAlerts(container)).toEqual([])

      // All mended: each clears once.
      await pg.raw("update ghn_shipment set cod_capture_status = 'captured' where order_code = 'ALR1'")
      await pg.raw("update ghn_webhook_event set processed_at = now() where order_code = 'ALR2'")
      await ghn.cache.store.delete(REFUSED_TOKEN_NOTICE_KEY)
      const cleared = (await Promise.all([checkGhnAlerts(container), checkGhnAlerts(container)])).flat()
      expect(cleared.map((t) => `${t.phase}:${t.state.kind}`).sort()).toEqual(["clear:backlog", "clear:cod_failures", "clear:token_refused"])
      expect(await ghn.alerts.openOnes()).toEqual([])
      const all = await feed()
      expect(all).toHaveLength(before + 6)
      expect(all).toEqual(expect.arrayContaining([`GHN chấp nhận lại token của cửa hàng ${shop}.`]))
    })

    it("refuses a range it cannot mean, naming the field", async () => {
      const wrong = (query: string) => failure(api.get(`/admin/ghn/insights?${query}`, admin))
      const backwards = await wrong("from=2025-03-10&to=2025-03-01")
      expect(backwards.status).toBe(400)
      expect(backwards.message).toMatch(/to \(2025-03-01\) must not be before from \(2025-03-10\)/)
      expect((await wrong("from=2025-02-30")).message).toMatch(/from must be a calendar day written YYYY-MM-DD/)
      expect((await wrong("from=2024-01-01&to=2025-03-01")).message).toMatch(/spans 426 days; at most 366/)
      expect((await wrong("group=month")).message).toMatch(/'day, week' for field 'group'/)
    })
  },
})
