import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { describeWebhookIssues, eventFromWebhook, ghnWebhookSchema, MAX_CALLBACK_ATTEMPTS, type GhnShipmentEvent } from "../../../lib/status/webhook"
import { SqlRepository } from "../utils/sql-repository"

/** A callback as the webhook stores it. */
export type StoredCallback = {
  dedupe_key: string
  order_code: string
  type: string
  status: string | null
  event_time: Date
  /** The callback parsed, once (the webhook's eventFromWebhook): what the shipment applies. */
  event: GhnShipmentEvent
  raw_body: string
}

/** How long a callback waits after its `attempts`-th failed try; null: never tried again. */
export type RetryDelay = (attempts: number) => number | null

/**
 * The store's GHN accounts a callback's headers do not authenticate (each account calls back with
 * its own secret): `refused` of the `registered` provider ids, and `own` for a parcel of none (the
 * plugin's own options). Computed in memory from the headers; the store statement applies it to
 * the parcel's account, so acknowledging reads nothing first.
 */
export type CallbackRefusals = { registered: string[]; refused: string[]; own: boolean }

/** A callback to store, with the accounts its headers do not authenticate (none refused when absent). */
export type CallbackToStore = { row: StoredCallback; refusals?: CallbackRefusals }

/** What storing a callback found: stored (`id`), a repeat of one stored (`duplicate`, and whether it was applied), or refused for its parcel's account. */
export type StoredCallbackResult = { id: string; duplicate: boolean; known: boolean; processed: boolean; refused?: true }

/** GHN's callbacks (ghn_webhook_event): stored once each, applied under the parcel's lock, retried, pruned. */
export class CallbackRepository extends SqlRepository {
  /**
   * Stores callbacks, each once (its dedupe key), in one statement however many: each parcel's
   * account is read on the order code's index, a callback another account's secret signed is
   * refused (stored nothing), and each notes whether its order code is a shipment of the store yet;
   * a repeat says whether the first one was applied. One result per callback, in their order.
   */
  @InjectManager()
  async store(callbacks: CallbackToStore[], @MedusaContext() sharedContext: Context = {}): Promise<StoredCallbackResult[]> {
    if (!callbacks.length) return []
    const ids = callbacks.map(() => generateEntityId(undefined, "ghnevt"))
    const column = <T>(of: (c: CallbackToStore) => T) => callbacks.map(of)
    const rows = await this.rows<{ i: number; inserted: string | null; known: boolean; refused: boolean; existing: string | null; processed: boolean | null }>(
      sharedContext,
      `with input as (
              select * from unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::timestamptz[], ?::jsonb[], ?::text[], ?::jsonb[], ?::jsonb[], ?::boolean[])
                as t(i, id, dedupe_key, order_code, type, status, event_time, event, raw_body, registered, refused, own)),
            judged as (
              select input.*, parcel.found is not null as known,
                     coalesce(parcel.found and case when jsonb_exists(input.registered, parcel.provider_id) then jsonb_exists(input.refused, parcel.provider_id) else input.own end, false) as refuse
                from input
                left join lateral (select true as found, s.provider_id from ghn_shipment s where s.order_code = input.order_code and s.deleted_at is null limit 1) parcel on true),
            ins as (
              insert into ghn_webhook_event (id, dedupe_key, order_code, type, status, event_time, event, raw_body, received_at, unknown_order)
              select id, dedupe_key, order_code, type, status, event_time, event, raw_body, now(), not known from judged where not refuse order by i
              on conflict do nothing
              returning id)
       select j.i, ins.id as inserted, j.known, j.refuse as refused, e.id as existing, case when e.id is not null then e.processed_at is not null end as processed
         from judged j
         left join ins on ins.id = j.id
         left join lateral (select id, processed_at from ghn_webhook_event w where ins.id is null and w.dedupe_key = j.dedupe_key and w.deleted_at is null limit 1) e on true
        order by j.i`,
      [
        callbacks.map((_, i) => i),
        ids,
        column((c) => c.row.dedupe_key),
        column((c) => c.row.order_code),
        column((c) => c.row.type),
        column((c) => c.row.status),
        column((c) => c.row.event_time),
        column((c) => JSON.stringify(c.row.event)),
        column((c) => c.row.raw_body),
        column((c) => JSON.stringify(c.refusals?.registered ?? [])),
        column((c) => JSON.stringify(c.refusals?.refused ?? [])),
        column((c) => c.refusals?.own ?? false),
      ]
    )
    return rows.map((r) => {
      if (r.refused) return { id: "", duplicate: false, known: true, processed: false, refused: true }
      if (r.inserted) return { id: r.inserted, duplicate: false, known: r.known, processed: false }
      // The other delivery's transaction may not be visible yet (or it came in this same statement): a repeat all the same.
      return { id: r.existing ?? "", duplicate: true, known: r.known, processed: r.processed ?? true }
    })
  }

  /**
   * The callbacks of an order code stored and not applied yet, oldest first in GHN time (read under
   * the parcel's lock), parsed. It writes: one stored before callbacks were kept parsed is parsed
   * here and kept so, and one that is no callback GHN can send is set aside with its reason (never
   * tried again), for the admin.
   */
  @InjectManager()
  async parsePending(orderCode: string, @MedusaContext() sharedContext: Context = {}): Promise<{ id: string; event: GhnShipmentEvent }[]> {
    const rows = await this.rows<{ id: string; event: GhnShipmentEvent | null; body: unknown }>(
      sharedContext,
      `select id, event, case when event is null then body end as body from ghn_webhook_event
        where order_code = ? and processed_at is null and deleted_at is null order by event_time, received_at`,
      [orderCode]
    )
    const pending: { id: string; event: GhnShipmentEvent }[] = []
    for (const row of rows) {
      if (row.event) {
        pending.push({ id: row.id, event: row.event })
        continue
      }
      const parsed = ghnWebhookSchema.safeParse(row.body)
      if (parsed.success) {
        const event = eventFromWebhook(parsed.data)
        await this.rows(sharedContext, "update ghn_webhook_event set event = ?::jsonb, body = null where id = ?", [JSON.stringify(event), row.id])
        pending.push({ id: row.id, event })
        continue
      }
      await this.rows(sharedContext, "update ghn_webhook_event set attempts = ?, next_attempt_at = null, error = ?, updated_at = now() where id = ?", [
        MAX_CALLBACK_ATTEMPTS,
        `not a callback GHN can send: ${describeWebhookIssues(parsed.error).join("; ")}`,
        row.id,
      ])
    }
    return pending
  }

  @InjectManager()
  async markApplied(ids: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.rows(
      sharedContext,
      "update ghn_webhook_event set processed_at = now(), unknown_order = false, error = null, next_attempt_at = null, updated_at = now() where id = any(?)",
      [ids]
    )
  }

  /** Callbacks marked applied by a workflow that then failed: pending again. */
  @InjectManager()
  async markPending(ids: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.rows(sharedContext, "update ghn_webhook_event set processed_at = null, updated_at = now() where id = any(?)", [ids])
  }

  /** An order code with no shipment (yet): its callbacks wait for it (GHN calls before Medusa has stored the fulfilment). */
  @InjectManager()
  async markWaiting(orderCode: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.rows(sharedContext, "update ghn_webhook_event set unknown_order = true, updated_at = now() where order_code = ? and processed_at is null", [orderCode])
  }

  /** Applying an order code's callbacks failed: each counts a try, waits `delayMs` (none: never again), and keeps the reason for the admin. */
  @InjectTransactionManager()
  async markFailed(orderCode: string, error: string, delayMs: RetryDelay, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const rows = await this.rows<{ id: string; attempts: number }>(
      sharedContext,
      "select id, attempts from ghn_webhook_event where order_code = ? and processed_at is null and deleted_at is null",
      [orderCode]
    )
    for (const row of rows) {
      const attempts = row.attempts + 1
      const delay = delayMs(attempts)
      await this.rows(sharedContext, "update ghn_webhook_event set attempts = ?, error = ?, next_attempt_at = ?, updated_at = now() where id = ?", [
        attempts,
        error,
        delay === null ? null : new Date(Date.now() + delay),
        row.id,
      ])
    }
  }

  /** Callbacks of these order codes that failed to apply (still retried, or given up): how many, and the last reason, for the admin. */
  @InjectManager()
  async failedOf(orderCodes: string[], @MedusaContext() sharedContext: Context = {}): Promise<Map<string, { count: number; error: string }>> {
    const failed = orderCodes.length
      ? await this.rows<{ order_code: string; error: string | null }>(
          sharedContext,
          `select order_code, error from ghn_webhook_event
            where order_code = any(?) and processed_at is null and error is not null and deleted_at is null order by received_at`,
          [orderCodes]
        )
      : []
    const byCode = new Map<string, { count: number; error: string }>()
    for (const e of failed) byCode.set(e.order_code, { count: (byCode.get(e.order_code)?.count ?? 0) + 1, error: e.error ?? "" })
    return byCode
  }

  /**
   * Deletes callbacks applied more than `days` days ago, `batch` rows per statement (on the
   * processed_at index; no statement holds its locks long), at most `maxBatches` statements a run.
   * Callbacks not applied (failed, set aside, waiting for their shipment) are never deleted here;
   * the shipment's history keeps every callback applied. Each statement commits on its own (the
   * webhook's inserts go between them): called without a caller's transaction, as the pruning job does.
   */
  @InjectManager()
  async prune(opts: { days: number; batch?: number; maxBatches?: number; pauseMs?: number }, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    // Applied callbacks first, each batch ordered on the processed_at index; then callbacks of order
    // codes the store never had (never applied, received before the retention), few and read on
    // the received_at index once the applied ones of that age are gone.
    const statements = [
      `delete from ghn_webhook_event where id in (
         select id from ghn_webhook_event where deleted_at is null and processed_at < now() - make_interval(days => ?::int)
          order by processed_at limit ?
       ) returning id`,
      `delete from ghn_webhook_event where id in (
         select id from ghn_webhook_event where deleted_at is null and received_at < now() - make_interval(days => ?::int)
            and processed_at is null and unknown_order
          order by received_at limit ?
       ) returning id`,
    ]
    const batch = opts.batch ?? 1000
    let deleted = 0
    let batches = 0
    for (const statement of statements) {
      while (batches < (opts.maxBatches ?? 50)) {
        batches++
        const rows = await this.rows<{ id: string }>(sharedContext, statement, [opts.days, batch])
        deleted += rows.length
        if (rows.length < batch) break
        // A breath between statements: the webhook's inserts and the recovery pass go first.
        await new Promise((resolve) => setTimeout(resolve, opts.pauseMs ?? 100))
      }
    }
    return deleted
  }

  /** When the store last heard from GHN's webhook (a callback stored, or one refused with the right secret), on the received_at indexes. */
  @InjectManager()
  async lastReceivedAt(@MedusaContext() sharedContext: Context = {}): Promise<Date | null> {
    const [row] = await this.rows<{ at: Date | null }>(
      sharedContext,
      `select greatest((select max(received_at) from ghn_webhook_event where deleted_at is null),
                       (select max(received_at) from ghn_refused_callback where deleted_at is null)) as at`
    )
    return row?.at ? new Date(row.at) : null
  }
}
