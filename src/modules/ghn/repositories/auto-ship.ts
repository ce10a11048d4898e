import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { AutoShipState, AutoShipStatus } from "../../../lib/shipping-run/auto-ship"
import { SqlRepository } from "../utils/sql-repository"

export type AutoShipRow = {
  id: string
  order_id: string
  status: AutoShipStatus
  queued_at: Date
  due_at: Date | null
  reason: string | null
  run_id: string | null
}

/**
 * The automatic shipping queue's SQL (option `autoShip`): one row per order, moved by single
 * statements that check the state they move from, so the due pass and a merchant's hold never both
 * move one order.
 */
export class AutoShipRepository extends SqlRepository {
  /** Queues an order (once: an order queued before keeps its row). */
  @InjectManager()
  async queue(orderId: string, queuedAt: Date, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(
      sharedContext,
      `insert into ghn_auto_ship (id, order_id, status, queued_at, created_at, updated_at)
       values (?, ?, 'waiting', ?, now(), now())
       on conflict (order_id) where deleted_at is null do nothing returning id`,
      [generateEntityId(undefined, "ghnauto"), orderId, queuedAt]
    )
    return rows.length > 0
  }

  /**
   * Holds orders (they never ship on their own), or releases them: queued again from now, their
   * delay counted from the release. An order not queued yet gets its row. How many moved.
   */
  @InjectManager()
  async hold(orderIds: string[], hold: boolean, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const rows = orderIds.map((order_id) => ({ id: generateEntityId(undefined, "ghnauto"), order_id }))
    const status = hold ? "held" : "waiting"
    const moved = await this.rows<{ id: string }>(
      sharedContext,
      `insert into ghn_auto_ship (id, order_id, status, queued_at, created_at, updated_at)
       select o.id, o.order_id, ?, now(), now(), now() from jsonb_to_recordset(?::jsonb) as o(id text, order_id text)
       on conflict (order_id) where deleted_at is null do update
          set status = excluded.status, queued_at = now(), due_at = null, reason = null, run_id = null, updated_at = now()
        where ghn_auto_ship.status <> excluded.status
       returning id`,
      [status, JSON.stringify(rows)]
    )
    return moved.length
  }

  /** Waiting orders whose due time is not known yet (just queued, released, or waiting for payment). */
  @InjectManager()
  async undated(limit: number, @MedusaContext() sharedContext: Context = {}): Promise<AutoShipRow[]> {
    const rows = await this.rows<AutoShipRow>(
      sharedContext,
      "select * from ghn_auto_ship where status = 'waiting' and due_at is null and deleted_at is null order by queued_at limit ?",
      [limit]
    )
    return rows
  }

  /** Waiting orders due at `now`, the earliest first. */
  @InjectManager()
  async due(now: Date, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<AutoShipRow[]> {
    const rows = await this.rows<AutoShipRow>(
      sharedContext,
      "select * from ghn_auto_ship where status = 'waiting' and due_at <= ? and deleted_at is null order by due_at, id limit ?",
      [now, limit]
    )
    return rows
  }

  /**
   * Moves waiting orders, each with its due time, reason and run, in one statement: from waiting
   * only (a hold that came meanwhile wins).
   */
  @InjectManager()
  async settle(moves: { id: string; status: AutoShipStatus; due_at?: Date | null; reason?: string | null; run_id?: string | null }[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!moves.length) return
    await this.rows(
      sharedContext,
      `update ghn_auto_ship a set status = m.status, due_at = m.due_at, reason = m.reason, run_id = m.run_id, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as m(id text, status text, due_at timestamptz, reason text, run_id text)
        where a.id = m.id and a.status = 'waiting' and a.deleted_at is null`,
      [JSON.stringify(moves.map((m) => ({ id: m.id, status: m.status, due_at: m.due_at ?? null, reason: m.reason ?? null, run_id: m.run_id ?? null })))]
    )
  }

  /** The queue's state of these orders (a page of Ready to ship). */
  @InjectManager()
  async ofOrders(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<Map<string, AutoShipState>> {
    if (!orderIds.length) return new Map()
    const rows = await this.rows<(AutoShipState & { order_id: string })>(
      sharedContext,
      "select order_id, status, due_at, reason, run_id from ghn_auto_ship where order_id = any(?) and deleted_at is null",
      [orderIds]
    )
    return new Map(rows.map(({ order_id, ...state }) => [order_id, state]))
  }

  /** When each of these orders' payment was first authorized (a payment exists once it is), if it was. */
  @InjectManager()
  async paidAt(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<Map<string, Date>> {
    if (!orderIds.length) return new Map()
    const rows = await this.rows<{ order_id: string; paid_at: Date }>(
      sharedContext,
      `select opc.order_id, min(p.created_at) as paid_at
         from order_payment_collection opc
         join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null and p.canceled_at is null
        where opc.order_id = any(?) and opc.deleted_at is null
        group by opc.order_id`,
      [orderIds]
    )
    return new Map(rows.map((r) => [r.order_id, new Date(r.paid_at)]))
  }

  /** The orders edited (an order edit requested, confirmed or pending) since they were queued. */
  @InjectManager()
  async editedSinceQueued(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<Set<string>> {
    if (!orderIds.length) return new Set()
    const rows = await this.rows<{ order_id: string }>(
      sharedContext,
      `select distinct a.order_id from ghn_auto_ship a
         join order_change oc on oc.order_id = a.order_id and oc.change_type = 'edit' and oc.deleted_at is null
                              and oc.status not in ('canceled', 'declined') and oc.created_at >= a.queued_at
        where a.order_id = any(?) and a.deleted_at is null`,
      [orderIds]
    )
    return new Set(rows.map((r) => r.order_id))
  }
}
