import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { GHN_PROVIDER_IDENTIFIER } from "../../../lib/runtime/provider-id"
import { SqlRepository } from "../utils/sql-repository"

/**
 * An order with something to ship (`o` is Medusa's order): not deleted, a draft, cancelled or
 * archived, and with an item of its current version that requires shipping and is not all fulfilled.
 */
const OPEN_ORDER_SQL = `o.deleted_at is null and o.is_draft_order = false and o.status not in ('canceled', 'archived', 'draft')
       and exists (select 1 from order_item oi join order_line_item li on li.id = oi.item_id
                    where oi.order_id = o.id and oi.version = o.version and oi.deleted_at is null
                      and oi.quantity > oi.fulfilled_quantity and li.requires_shipping)`

/** Every open order into the index of open orders (the migration's backfill, the hourly reconcile). */
export const BACKFILL_READY_ORDERS_SQL = `insert into ghn_ready_order (order_id, placed_at)
  select o.id, o.created_at from "order" o where ${OPEN_ORDER_SQL}
  on conflict (order_id) do nothing`

/** The Ready to ship filters, as the admin route and a run's "all that match" give them. */
export type ReadyToShipFilter = {
  placed_from?: Date
  placed_to?: Date
  location_id?: string
  payment?: "cod" | "prepaid"
  service_type_id?: number
  /** Orders to keep to (a run's selection). */
  order_ids?: string[]
}

/** An order ready to ship, as the store reads it (its details are read from Medusa for a page). */
export type ReadyOrderRow = {
  id: string
  display_id: number
  custom_display_id: string | null
  created_at: Date
  provider_id: string
  shipping_option_id: string | null
  service_type_id: number | null
  location_id: string | null
  cod: boolean
}

/**
 * Orders ready to ship: not cancelled, archived or a draft, with an item still to fulfil, and a
 * shipping method of a GHN option (any registration of the provider), and not in a live shipping
 * run. SQL over Medusa's order and fulfilment tables (query.graph cannot filter on quantities still
 * to fulfil), joined on their own indexes, driven by the plugin's index of open orders
 * (ghn_ready_order: kept on Medusa's order events, made exact hourly), so a page and its count cost
 * what the open orders cost, not the store's history.
 */
export class ReadyToShipRepository extends SqlRepository {
  private where(filter: ReadyToShipFilter, codProviders: readonly string[]) {
    const clauses: string[] = []
    const binds: unknown[] = []
    const add = (sql: string, value: unknown) => {
      clauses.push(sql)
      binds.push(value)
    }
    const placed = filter.order_ids ? "o.created_at" : "r.placed_at"
    if (filter.placed_from) add(`${placed} >= ?`, filter.placed_from)
    if (filter.placed_to) add(`${placed} <= ?`, filter.placed_to)
    if (filter.location_id) add("m.location_id = ?", filter.location_id)
    if (filter.service_type_id) add("m.service_type_id = ?", filter.service_type_id)
    if (filter.order_ids) add("o.id = any(?)", filter.order_ids)
    if (filter.payment) clauses.push(filter.payment === "cod" ? "p.cod" : "not p.cod")
    return { clause: clauses.length ? ` and ${clauses.join(" and ")}` : "", binds: [codProviders, ...binds] }
  }

  /**
   * The orders ready to ship and their GHN shipping method. Driven by the plugin's index of open
   * orders (ghn_ready_order, O(orders with items to ship) whatever the store's history), or by the
   * orders asked for; every condition is then checked on Medusa's rows, so an index entry gone
   * stale is never listed.
   */
  // The live runs' orders and the payment sessions are asked per order through their indexes
  // (OFFSET 0 keeps the planner from an anti-join whose estimate, stale while a run fills the table,
  // scans them all per order, and from hashing every order paid by cash on delivery for the page).
  private from(providerPrefix: string, byIds: boolean) {
    // Each indexed order read by its key (LIMIT keeps the planner from hashing the whole order
    // table against the index, which it prefers once the store's past outgrows the open orders).
    const driver = byIds ? `from "order" o` : `from ghn_ready_order r join lateral (select * from "order" ro where ro.id = r.order_id limit 1) o on true`
    return `${driver}
      join lateral (
        select sm.shipping_option_id, so.provider_id, lfs.stock_location_id as location_id,
               nullif(coalesce(sm.data->>'service_type_id', so.data->>'service_type_id'), '')::int as service_type_id
          from order_shipping os
          join order_shipping_method sm on sm.id = os.shipping_method_id and sm.deleted_at is null
          join shipping_option so on so.id = sm.shipping_option_id
          left join service_zone sz on sz.id = so.service_zone_id
          left join location_fulfillment_set lfs on lfs.fulfillment_set_id = sz.fulfillment_set_id and lfs.deleted_at is null
         where os.order_id = o.id and os.version = o.version and os.deleted_at is null
           and os.return_id is null and os.claim_id is null and os.exchange_id is null
           and left(so.provider_id, ${providerPrefix.length}) = '${providerPrefix}'
         order by sm.created_at limit 1) m on true
      cross join lateral (
        select exists (select 1 from order_payment_collection opc
                         join payment_session ps on ps.payment_collection_id = opc.payment_collection_id and ps.deleted_at is null
                        where opc.order_id = o.id and opc.deleted_at is null and ps.provider_id = any(?) offset 0) as cod) p
     where ${OPEN_ORDER_SQL}
       and not exists (select 1 from ghn_shipping_run_order r where r.order_id = o.id and r.status in ('queued', 'running') and r.deleted_at is null offset 0)`
  }

  /** Brings the index of open orders up to date for these orders (Medusa's order events). */
  @InjectManager()
  async sync(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!orderIds.length) return
    await this.rows(
      sharedContext,
      `with open as (select o.id, o.created_at from "order" o where o.id = any(?) and ${OPEN_ORDER_SQL}),
            gone as (delete from ghn_ready_order r where r.order_id = any(?) and r.order_id not in (select id from open))
       insert into ghn_ready_order (order_id, placed_at) select id, created_at from open on conflict (order_id) do nothing`,
      [orderIds, orderIds]
    )
  }

  /**
   * The index of open orders made exact over every order (a missed event, an order written
   * outside Medusa's workflows): what it gained and lost. Reads every order once.
   */
  @InjectTransactionManager()
  async reconcile(@MedusaContext() sharedContext: Context = {}): Promise<{ added: number; removed: number }> {
    const removed = await this.rows(
      sharedContext,
      `delete from ghn_ready_order r where not exists (select 1 from "order" o where o.id = r.order_id and ${OPEN_ORDER_SQL}) returning r.order_id`,
      []
    )
    const added = await this.rows(sharedContext, `${BACKFILL_READY_ORDERS_SQL} returning order_id`)
    return { added: added.length, removed: removed.length }
  }

  /** A page of orders ready to ship, the oldest placed first, and how many match. */
  @InjectManager()
  async list(
    filter: ReadyToShipFilter,
    codProviders: readonly string[],
    page: { limit: number; offset: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ rows: ReadyOrderRow[]; count: number }> {
    const { clause, binds } = this.where(filter, codProviders)
    const byIds = !!filter.order_ids
    const from = this.from(`${GHN_PROVIDER_IDENTIFIER}_`, byIds)
    const [rows, counted] = await Promise.all([
      this.rows<ReadyOrderRow>(
        sharedContext,
        `select o.id, o.display_id, o.custom_display_id, o.created_at, m.provider_id, m.shipping_option_id, m.service_type_id, m.location_id, p.cod
         ${from}${clause} order by ${byIds ? "o.created_at, o.id" : "r.placed_at, r.order_id"} limit ? offset ?`,
        [...binds, page.limit, page.offset]
      ),
      this.rows<{ n: number }>(sharedContext, `select count(*)::int as n ${from}${clause}`, binds),
    ])
    return { rows, count: counted[0]?.n ?? 0 }
  }
}
