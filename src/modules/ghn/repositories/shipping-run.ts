import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { HandoverParcel } from "../../../lib/handover/handover"
import { RUN_LEASE_MS, RUN_METADATA_KEY, runCounts, type RunCounts, type RunOrderStatus } from "../../../lib/shipping-run/shipping-run"
import { OrdersInOtherRunError } from "../errors"
import { SqlRepository } from "../utils/sql-repository"

export type ShippingRunRow = {
  id: string
  status: string
  created_by: string | null
  pick_shift: number | null
  pick_shift_title: string | null
  filter: unknown
  total: number
  started_at: Date | null
  finished_at: Date | null
  leased_until: Date | null
  lease_owner: string | null
  created_at: Date
}

export type ShippingRunOrderRow = {
  id: string
  run_id: string
  order_id: string
  display_id: string | null
  provider_id: string | null
  status: RunOrderStatus
  fulfillment_id: string | null
  ghn_order_code: string | null
  error_code: string | null
  error: string | null
  error_params: Record<string, unknown> | null
  attempts: number
  started_at: Date | null
  finished_at: Date | null
}

/** A fulfilment a run made (see ShippingRunRepository.runFulfillmentOf). */
export type RunFulfillment = { id: string; order_code: string | null; linked: boolean; line_item_ids: string[] }

/**
 * Shipping runs (ghn_shipping_run) and their orders (ghn_shipping_run_order): every move of a run
 * or of one of its orders is one statement that checks the state it moves from, so two workers (or
 * a worker and an admin's cancel) never both move one row, and an order is in at most one live run
 * (a unique partial index). A move of a run and of its orders together is one transaction.
 */
export class ShippingRunRepository extends SqlRepository {
  /** A run's lease (s): set by the GHN module from `orderLockSeconds` (runLeaseSeconds). */
  leaseSeconds = RUN_LEASE_MS / 1000

  /**
   * Records a run and its orders, queued, in one statement: an order queued or running in another
   * run makes it fail as a whole (OrdersInOtherRunError), and nothing is recorded.
   */
  @InjectManager()
  async create(
    input: {
      created_by: string | null
      pick_shift: number | null
      pick_shift_title: string | null
      filter: unknown
      orders: { order_id: string; display_id: string | null; provider_id: string | null }[]
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ShippingRunRow> {
    const id = generateEntityId(undefined, "ghnrun")
    const rows = input.orders.map((o) => ({ ...o, id: generateEntityId(undefined, "ghnrno") }))
    try {
      const [created] = await this.rows<ShippingRunRow>(
        sharedContext,
        `with run as (
           insert into ghn_shipping_run (id, status, created_by, pick_shift, pick_shift_title, filter, total, created_at, updated_at)
           values (?, 'queued', ?, ?, ?, ?::jsonb, ?, now(), now()) returning *),
         orders as (
           insert into ghn_shipping_run_order (id, run_id, order_id, display_id, provider_id, status, created_at, updated_at)
           select o.id, (select id from run), o.order_id, o.display_id, o.provider_id, 'queued', now(), now()
             from jsonb_to_recordset(?::jsonb) as o(id text, order_id text, display_id text, provider_id text)
           returning id)
         select run.*, (select count(*) from orders) as inserted from run`,
        [id, input.created_by, input.pick_shift, input.pick_shift_title, JSON.stringify(input.filter ?? null), rows.length, JSON.stringify(rows)]
      )
      return created
    } catch (error) {
      if ((error as { constraint?: string }).constraint !== "IDX_ghn_shipping_run_order_active") throw error
      // Read on a fresh manager: a caller's transaction is aborted by the failed statement, and the other run is committed.
      throw new OrdersInOtherRunError(await this.activeRunsOf(input.orders.map((o) => o.order_id)))
    }
  }

  /** The live runs (queued or running orders) these orders are in. */
  @InjectManager()
  async activeRunsOf(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<{ order_id: string; run_id: string }[]> {
    if (!orderIds.length) return []
    return await this.rows<{ order_id: string; run_id: string }>(
      sharedContext,
      "select order_id, run_id from ghn_shipping_run_order where order_id = any(?) and status in ('queued', 'running') and deleted_at is null",
      [orderIds]
    )
  }

  @InjectManager()
  async get(id: string, @MedusaContext() sharedContext: Context = {}): Promise<ShippingRunRow | undefined> {
    const [run] = await this.rows<ShippingRunRow>(sharedContext, "select * from ghn_shipping_run where id = ? and deleted_at is null", [id])
    return run
  }

  @InjectManager()
  async list(opts: { limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}): Promise<{ runs: ShippingRunRow[]; count: number }> {
    const [runs, counted] = await Promise.all([
      this.rows<ShippingRunRow>(sharedContext, "select * from ghn_shipping_run where deleted_at is null order by created_at desc, id desc limit ? offset ?", [opts.limit, opts.offset]),
      this.rows<{ n: number }>(sharedContext, "select count(*)::int as n from ghn_shipping_run where deleted_at is null"),
    ])
    return { runs, count: counted[0]?.n ?? 0 }
  }

  /** Each run's counts per order state. */
  @InjectManager()
  async counts(runIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<Map<string, RunCounts>> {
    const rows = runIds.length
      ? await this.rows<{ run_id: string; status: string; n: number }>(
          sharedContext,
          "select run_id, status, count(*)::int as n from ghn_shipping_run_order where run_id = any(?) and deleted_at is null group by run_id, status",
          [runIds]
        )
      : []
    return new Map(runIds.map((id) => [id, runCounts(rows.filter((r) => r.run_id === id))]))
  }

  /** The run's orders, in the order they were selected. */
  @InjectManager()
  async orders(runId: string, statuses?: RunOrderStatus[], @MedusaContext() sharedContext: Context = {}): Promise<ShippingRunOrderRow[]> {
    return await this.rows<ShippingRunOrderRow>(
      sharedContext,
      `select * from ghn_shipping_run_order where run_id = ? and deleted_at is null${statuses ? " and status = any(?)" : ""} order by created_at, id`,
      [runId, ...(statuses ? [statuses] : [])]
    )
  }

  /**
   * The run's live parcels for the driver's handover record: their GHN shop, codes, COD now, the
   * receiver (the fulfilment's delivery address, its district as GHN resolved it), the parcel's
   * weight (GHN's weighing, else what Create Order sent) and where GHN picks them up (the stock
   * location's address).
   */
  @InjectManager()
  async parcels(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<HandoverParcel[]> {
    const rows = await this.rows<HandoverParcel>(
      sharedContext,
      `select s.shop_id, s.order_code, s.client_order_code, r.display_id as order_number, s.cod_amount,
              coalesce(nullif(trim(concat_ws(' ', a.last_name, a.first_name)), ''), a.company) as receiver_name, a.phone as receiver_phone,
              coalesce(nullif(f.data->'ghn_to'->>'district_name', ''), nullif(f.data->'ghn_to'->>'ward_name', ''), a.city) as receiver_area,
              coalesce(nullif(f.data->'ghn_to'->>'province_name', ''), s.to_province, a.province) as receiver_province,
              coalesce(s.weight, s.sent_weight) as weight,
              coalesce(s.location_id, f.location_id) as location_id, sl.name as location_name,
              nullif(concat_ws(', ', nullif(la.address_1, ''), nullif(la.address_2, ''), nullif(la.city, ''), nullif(la.province, '')), '') as pickup_address
         from ghn_shipping_run_order r
         join ghn_shipment s on s.order_code = r.ghn_order_code and s.deleted_at is null
         left join fulfillment f on f.id = s.fulfillment_id
         left join fulfillment_address a on a.id = f.delivery_address_id
         left join stock_location sl on sl.id = coalesce(s.location_id, f.location_id) and sl.deleted_at is null
         left join stock_location_address la on la.id = sl.address_id and la.deleted_at is null
        where r.run_id = ? and r.status = 'created' and r.deleted_at is null and s.status <> 'cancel'
        order by s.shop_id, coalesce(s.location_id, f.location_id), r.created_at, r.id`,
      [runId]
    )
    return rows.map((r) => ({ ...r, shop_id: Number(r.shop_id), cod_amount: Number(r.cod_amount), weight: r.weight === null || r.weight === undefined ? null : Number(r.weight) }))
  }

  /**
   * Takes the run's lease for `owner` when it is free (a queued run, or a running one whose worker
   * stopped renewing it): its orders left running by that worker are queued again, in the same
   * transaction. False when another worker holds it, or the run has ended.
   */
  @InjectTransactionManager()
  async lease(runId: string, owner: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const leased = await this.rows<{ id: string }>(
      sharedContext,
      `update ghn_shipping_run set status = 'running', started_at = coalesce(started_at, now()), lease_owner = ?,
              leased_until = now() + make_interval(secs => ?), updated_at = now()
        where id = ? and deleted_at is null and (status = 'queued' or (status = 'running' and (leased_until is null or leased_until < now() or lease_owner = ?)))
        returning id`,
      [owner, this.leaseSeconds, runId, owner]
    )
    if (!leased.length) return false
    await this.rows(sharedContext, "update ghn_shipping_run_order set status = 'queued', updated_at = now() where run_id = ? and status = 'running' and deleted_at is null", [runId])
    return true
  }

  /** Renews the lease; false when the run was taken over, cancelled or finished meanwhile. */
  @InjectManager()
  async renew(runId: string, owner: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const renewed = await this.rows<{ id: string }>(
      sharedContext,
      "update ghn_shipping_run set leased_until = now() + make_interval(secs => ?) where id = ? and lease_owner = ? and status = 'running' returning id",
      [this.leaseSeconds, runId, owner]
    )
    return renewed.length > 0
  }

  /** Running runs whose worker stopped renewing their lease (oldest first), on the partial index. */
  @InjectManager()
  async abandoned(limit = 10, @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(
      sharedContext,
      "select id from ghn_shipping_run where status = 'running' and deleted_at is null and (leased_until is null or leased_until < now()) order by leased_until nulls first limit ?",
      [limit]
    )
    return rows.map((r) => r.id)
  }

  /**
   * Claims the run's next queued order (running) for the lease's owner, or none (nothing queued,
   * the run cancelled, or its lease taken over): one statement, skipping rows another transaction holds.
   */
  @InjectManager()
  async claimNext(runId: string, owner: string, @MedusaContext() sharedContext: Context = {}): Promise<ShippingRunOrderRow | undefined> {
    const [claimed] = await this.rows<ShippingRunOrderRow>(
      sharedContext,
      `update ghn_shipping_run_order set status = 'running', attempts = attempts + 1, started_at = now(), updated_at = now()
        where id = (select id from ghn_shipping_run_order where run_id = ? and status = 'queued' and deleted_at is null
                     order by created_at, id limit 1 for update skip locked)
          and status = 'queued'
          and exists (select 1 from ghn_shipping_run where id = ? and status = 'running' and lease_owner = ?)
        returning *`,
      [runId, runId, owner]
    )
    return claimed
  }

  /**
   * The live fulfilment a run made for an order (its metadata names the run), the newest, found
   * through the order's lines whether or not Medusa linked it to the order: what a worker stopped
   * inside Medusa's fulfilment workflow left. Its GHN order code, whether it is linked, and its lines.
   */
  @InjectManager()
  async runFulfillmentOf(runId: string, orderId: string, @MedusaContext() sharedContext: Context = {}): Promise<RunFulfillment | undefined> {
    const rows = await this.rows<RunFulfillment>(
      sharedContext,
      `select f.id, f.data->>'order_code' as order_code,
              exists (select 1 from order_fulfillment l where l.fulfillment_id = f.id and l.order_id = ? and l.deleted_at is null) as linked,
              (select array_agg(distinct fi2.line_item_id) from fulfillment_item fi2 where fi2.fulfillment_id = f.id and fi2.deleted_at is null) as line_item_ids
         from fulfillment f
        where f.id in (select fi.fulfillment_id from order_item oi join fulfillment_item fi on fi.line_item_id = oi.item_id and fi.deleted_at is null
                        where oi.order_id = ? and oi.deleted_at is null)
          and f.metadata->>'${RUN_METADATA_KEY}' = ? and f.canceled_at is null and f.deleted_at is null
        order by f.created_at desc limit 1`,
      [orderId, orderId, runId]
    )
    return rows[0]
  }

  /** An order's end (created or failed), from running only. */
  @InjectManager()
  async settle(
    rowId: string,
    result:
      | { status: "created"; fulfillment_id: string | null; ghn_order_code: string | null }
      | { status: "failed"; error_code: string | null; error: string; error_params?: Record<string, unknown> | null; fulfillment_id?: string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await this.rows(
      sharedContext,
      `update ghn_shipping_run_order set status = ?, fulfillment_id = coalesce(?, fulfillment_id), ghn_order_code = ?, error_code = ?, error = ?,
              error_params = ?::jsonb, finished_at = now(), updated_at = now()
        where id = ? and status = 'running'`,
      [
        result.status,
        result.fulfillment_id ?? null,
        result.status === "created" ? result.ghn_order_code : null,
        result.status === "failed" ? result.error_code : null,
        result.status === "failed" ? result.error : null,
        result.status === "failed" && result.error_params ? JSON.stringify(result.error_params) : null,
        rowId,
      ]
    )
  }

  /** Completes the run when none of its orders is queued or running; true when it did. */
  @InjectManager()
  async completeIfDone(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const completed = await this.rows<{ id: string }>(
      sharedContext,
      `update ghn_shipping_run set status = 'completed', finished_at = now(), leased_until = null, lease_owner = null, updated_at = now()
        where id = ? and status = 'running'
          and not exists (select 1 from ghn_shipping_run_order where run_id = ? and status in ('queued', 'running') and deleted_at is null)
        returning id`,
      [runId, runId]
    )
    return completed.length > 0
  }

  /** Gives the lease back (the worker stops, the run not finished). */
  @InjectManager()
  async release(runId: string, owner: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await this.rows(sharedContext, "update ghn_shipping_run set leased_until = null where id = ? and lease_owner = ? and status = 'running'", [runId, owner])
  }

  /**
   * Cancels a queued or running run and its queued orders (they stay ready to ship), in one
   * transaction; the orders already running finish. Null when the run has already ended.
   */
  @InjectTransactionManager()
  async cancel(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<{ cancelled: number } | null> {
    const cancelled = await this.rows<{ id: string }>(
      sharedContext,
      "update ghn_shipping_run set status = 'cancelled', finished_at = now(), updated_at = now() where id = ? and status in ('queued', 'running') returning id",
      [runId]
    )
    if (!cancelled.length) return null
    const orders = await this.rows<{ id: string }>(
      sharedContext,
      "update ghn_shipping_run_order set status = 'cancelled', finished_at = now(), updated_at = now() where run_id = ? and status = 'queued' returning id",
      [runId]
    )
    return { cancelled: orders.length }
  }

  /**
   * Queues the run's failed orders again (an order meanwhile queued in another run is left failed)
   * and makes an ended run runnable again, in one transaction; how many were queued.
   */
  @InjectTransactionManager()
  async retry(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const queued = await this.rows<{ id: string }>(
      sharedContext,
      `update ghn_shipping_run_order r set status = 'queued', error = null, error_code = null, error_params = null, finished_at = null, updated_at = now()
        where r.run_id = ? and r.status = 'failed' and r.deleted_at is null
          and not exists (select 1 from ghn_shipping_run_order o where o.order_id = r.order_id and o.status in ('queued', 'running') and o.deleted_at is null)
        returning r.id`,
      [runId]
    )
    // A run still running picks them up itself (its loop ends only when none is queued).
    if (queued.length) {
      await this.rows(
        sharedContext,
        "update ghn_shipping_run set status = 'queued', finished_at = null, leased_until = null, lease_owner = null, updated_at = now() where id = ? and status in ('completed', 'cancelled')",
        [runId]
      )
    }
    return queued.length
  }
}
