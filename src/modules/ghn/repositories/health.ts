import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { CallBucket } from "../../../lib/health/call-stats"
import { MAX_CALLBACK_ATTEMPTS } from "../../../lib/status/webhook"
import { HEALTH_COUNT_CAP } from "../../../lib/health/health"
import { SqlRepository } from "../utils/sql-repository"

/** Statuses of a parcel GHN has in hand and has not finished with: "no news for a day" is worth a look. */
export const IN_TRANSIT_STATUSES = [
  "picked", "storing", "transporting", "sorting", "delivering", "money_collect_delivering", "delivery_fail",
  "waiting_to_return", "return", "return_transporting", "return_sorting", "returning", "return_fail",
] as const

/** How many shipping runs the failure rate is read over, newest first. */
export const HEALTH_RUNS = 10

export type HealthCallRow = { account: string; outcome: string; code: string; calls: number; total_ms: number; last_hour: boolean }

export type HealthFigures = {
  callbacks: { last_received_at: Date | null; pending: number; oldest_pending_at: Date | null; failed: number }
  /** Per GHN account (its provider id; null: the plugin's own options). */
  parcels: { provider_id: string | null; quiet: number; oldest_news_at: Date | null; cod_failed: number; cod_waiting: number }[]
  calls: HealthCallRow[]
  /** The busiest minute of the last hour, per account (the request budget's use), and its last minute GHN answered 2xx in the last day. */
  busiest_minute: { account: string; calls: number; last_ok_at: Date | null }[]
  runs: { id: string; status: string; total: number; created: number; failed: number; created_at: Date }[]
}

/**
 * The Health section's figures (GET /admin/ghn/health), each one indexed read whose cost does not
 * grow with the store's history: the callbacks' received_at and (processed_at, event_time)
 * indexes, the parcels' (status, status_at) index and the partial index of COD captures due, the
 * calls' minute index (two days kept), the runs' created_at index.
 */
export class HealthRepository extends SqlRepository {
  /** Adds each bucket's calls to its row (every process adds to the same one), and drops rows older than two days. */
  @InjectManager()
  async recordCalls(buckets: CallBucket[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!buckets.length) return
    const key = (b: CallBucket) => `${b.minute.toISOString()}|${b.account}|${b.outcome}|${b.code}`
    await this.rows(
      sharedContext,
      `insert into ghn_call_minute (id, minute, account, outcome, code, calls, total_ms, created_at, updated_at)
       select u.id, u.minute, u.account, u.outcome, u.code, u.calls, u.total_ms, now(), now()
         from unnest(?::text[], ?::timestamptz[], ?::text[], ?::text[], ?::text[], ?::integer[], ?::integer[]) as u(id, minute, account, outcome, code, calls, total_ms)
       on conflict (id) do update set calls = ghn_call_minute.calls + excluded.calls, total_ms = ghn_call_minute.total_ms + excluded.total_ms, updated_at = now()`,
      [buckets.map(key), buckets.map((b) => b.minute), buckets.map((b) => b.account), buckets.map((b) => b.outcome), buckets.map((b) => b.code), buckets.map((b) => b.calls), buckets.map((b) => b.total_ms)]
    )
  }

  /** Drops the call counts older than two days (the Health section reads the last day). */
  @InjectManager()
  async pruneCalls(@MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.rows(sharedContext, "delete from ghn_call_minute where minute < now() - interval '2 days'")
  }

  /** Parcels GHN has in hand and has not finished with (the no-callback alert needs some). */
  @InjectManager()
  async inTransit(@MedusaContext() sharedContext: Context = {}): Promise<number> {
    // Counted up to the cap (the alert needs "some", and says "at least" past it): constant cost.
    const [row] = await this.rows<{ n: string }>(
      sharedContext,
      "select count(*) as n from (select 1 from ghn_shipment where status = any(?) and deleted_at is null limit ?) t",
      [[...IN_TRANSIT_STATUSES], HEALTH_COUNT_CAP]
    )
    return Number(row?.n ?? 0)
  }

  @InjectManager()
  async figures(@MedusaContext() sharedContext: Context = {}): Promise<HealthFigures> {
    const [[last], [pending], quiet, oldest, cod, calls, busiest, runs] = await Promise.all([
      this.rows<{ at: Date | null }>(sharedContext, "select received_at as at from ghn_webhook_event where deleted_at is null order by received_at desc limit 1"),
      this.rows<{ pending: string; oldest: Date | null; failed: string }>(
        sharedContext,
        `select count(*) filter (where attempts < ?) as pending, min(received_at) filter (where attempts < ?) as oldest, count(*) filter (where attempts >= ?) as failed
           from ghn_webhook_event where processed_at is null and unknown_order = false and deleted_at is null`,
        [MAX_CALLBACK_ATTEMPTS, MAX_CALLBACK_ATTEMPTS, MAX_CALLBACK_ATTEMPTS]
      ),
      // Parcels in transit with no news for a day: counted up to the cap, then each status's oldest
      // read first from the (status, status_at) index; both cost the same whatever the table holds.
      this.rows<{ provider_id: string | null; quiet: string; oldest: Date | null }>(
        sharedContext,
        `select provider_id, count(*) as quiet, min(status_at) as oldest
           from (select provider_id, status_at from ghn_shipment
                  where status = any(?) and status_at < now() - interval '1 day' and deleted_at is null limit ?) q
          group by provider_id`,
        [[...IN_TRANSIT_STATUSES], HEALTH_COUNT_CAP]
      ),
      this.rows<{ provider_id: string | null; oldest: Date | null }>(
        sharedContext,
        `select o.provider_id, min(o.status_at) as oldest
           from unnest(?::text[]) as s(status)
           cross join lateral (select g.provider_id, g.status_at from ghn_shipment g
                                where g.status = s.status and g.status_at < now() - interval '1 day' and g.deleted_at is null
                                order by g.status_at limit 1) o
          group by o.provider_id`,
        [[...IN_TRANSIT_STATUSES]]
      ),
      this.rows<{ provider_id: string | null; failed: string; waiting: string }>(
        sharedContext,
        `select provider_id, count(*) filter (where cod_capture_status = 'failed') as failed, count(*) filter (where cod_capture_status is distinct from 'failed') as waiting
           from ghn_shipment
          where status = 'delivered' and cod_amount > 0 and (cod_capture_status is null or cod_capture_status in ('capturing', 'failed')) and deleted_at is null
            and is_return = false and order_id is not null
          group by provider_id`
      ),
      this.rows<{ account: string; outcome: string; code: string; calls: string; total_ms: string; last_hour: boolean }>(
        sharedContext,
        `select account, outcome, code, sum(calls) as calls, sum(total_ms) as total_ms, minute >= now() - interval '1 hour' as last_hour
           from ghn_call_minute where minute >= now() - interval '1 day' and deleted_at is null
          group by account, outcome, code, minute >= now() - interval '1 hour'`
      ),
      this.rows<{ account: string; calls: string; last_ok_at: Date | null }>(
        sharedContext,
        `select account, max(calls) filter (where minute >= now() - interval '1 hour') as calls, max(minute) filter (where ok > 0) as last_ok_at
           from (select account, minute, sum(calls) as calls, sum(calls) filter (where outcome = '2xx') as ok from ghn_call_minute
                  where minute >= now() - interval '1 day' and deleted_at is null group by account, minute) m group by account`
      ),
      this.rows<{ id: string; status: string; total: number; created: string; failed: string; created_at: Date }>(
        sharedContext,
        `select r.id, r.status, r.total, r.created_at,
                (select count(*) from ghn_shipping_run_order o where o.run_id = r.id and o.status = 'created') as created,
                (select count(*) from ghn_shipping_run_order o where o.run_id = r.id and o.status = 'failed') as failed
           from ghn_shipping_run r where r.deleted_at is null order by r.created_at desc limit ?`,
        [HEALTH_RUNS]
      ),
    ])
    const byProvider = new Map<string | null, HealthFigures["parcels"][number]>()
    const of = (provider_id: string | null) => {
      if (!byProvider.has(provider_id)) byProvider.set(provider_id, { provider_id, quiet: 0, oldest_news_at: null, cod_failed: 0, cod_waiting: 0 })
      return byProvider.get(provider_id)!
    }
    // The oldest: each status's first in the index (exact for the store), else the counted ones' (an account's own).
    const earliest = (a: Date | null, b: Date | null | undefined) => (!a ? (b ?? null) : !b ? a : new Date(Math.min(new Date(a).getTime(), new Date(b).getTime())))
    for (const p of quiet) Object.assign(of(p.provider_id), { quiet: Number(p.quiet), oldest_news_at: earliest(p.oldest, oldest.find((o) => o.provider_id === p.provider_id)?.oldest) })
    for (const c of cod) Object.assign(of(c.provider_id), { cod_failed: Number(c.failed), cod_waiting: Number(c.waiting) })
    return {
      callbacks: { last_received_at: last?.at ?? null, pending: Number(pending?.pending ?? 0), oldest_pending_at: pending?.oldest ?? null, failed: Number(pending?.failed ?? 0) },
      parcels: [...byProvider.values()],
      calls: calls.map((c) => ({ account: c.account, outcome: c.outcome, code: c.code, calls: Number(c.calls), total_ms: Number(c.total_ms), last_hour: c.last_hour })),
      busiest_minute: busiest.map((b) => ({ account: b.account, calls: Number(b.calls ?? 0), last_ok_at: b.last_ok_at })),
      runs: runs.map((r) => ({ id: r.id, status: r.status, total: Number(r.total), created: Number(r.created), failed: Number(r.failed), created_at: r.created_at })),
    }
  }
}
