import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { OrderCodCheck } from "../../../lib/cod/cod"
import { type CodFilter, type CodShipmentRow, type CodTotals, type OrderParcelCod, UNCOLLECTED_END_STATUSES } from "../../../lib/cod/cod-report"
import { SqlRepository } from "../utils/sql-repository"

/** The COD report's columns of a parcel. */
const COD_COLUMNS = `id, order_id, order_code, status, created_at, cod_expected, cod_amount, is_cod_collected, cod_collect_date, is_cod_transferred,
  cod_transfer_date, cod_capture_status, cod_captured_amount, cod_capture_id, cod_capture_error, quoted_fee, total_fee`

/** The COD report's filter as SQL: an order's parcels (not returns), and the filter's condition. */
function codWhere(opts: { filter: CodFilter; order_id?: string }): { clause: string; binds: unknown[] } {
  const where = ["deleted_at is null", "is_return = false"]
  const binds: unknown[] = []
  if (opts.order_id) {
    where.push("order_id = ?")
    binds.push(opts.order_id)
  }
  if (opts.filter === "uncollected") {
    where.push("cod_amount > 0 and not is_cod_collected and status <> all(?)")
    binds.push([...UNCOLLECTED_END_STATUSES])
  } else if (opts.filter === "untransferred") where.push("is_cod_collected and not is_cod_transferred")
  else if (opts.filter === "differences") {
    // A parcel whose COD or fee GHN changed, or a parcel of an order whose check is off (ghn_order_cod_check, its partial index).
    where.push(`(cod_amount <> coalesce(cod_expected, cod_amount) or (quoted_fee is not null and total_fee <> quoted_fee)
      or order_id in (select order_id from ghn_order_cod_check where order_cod_difference <> 0 and deleted_at is null))`)
  }
  return { clause: where.join(" and "), binds }
}

/** The COD reconciliation's reads of GHN parcels (ghn_shipment): a page with the filter's totals, or the CSV's pages. */
export class CodReportRepository extends SqlRepository {
  /**
   * The COD report's parcels (an order's, not returns), newest first, with the count and totals
   * of the whole filter: `uncollected` COD on the way, `untransferred` collected but not paid to
   * the shop, `differences` GHN's COD or fee other than the store's.
   */
  @InjectManager()
  async report(
    opts: { filter: CodFilter; order_id?: string; limit: number; offset: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ rows: CodShipmentRow[]; count: number; totals: CodTotals }> {
    const { clause, binds } = codWhere(opts)
    const [rows, sums] = await Promise.all([
      this.rows<CodShipmentRow>(sharedContext, `select ${COD_COLUMNS} from ghn_shipment where ${clause} order by created_at desc, id limit ? offset ?`, [
        ...binds,
        opts.limit,
        opts.offset,
      ]),
      this.rows<Record<keyof CodTotals, string | number | null>>(
        sharedContext,
        `select count(*) as parcels, sum(coalesce(cod_expected, cod_amount)) as expected, sum(cod_amount) as ghn,
                sum(case when is_cod_collected then cod_amount else 0 end) as collected,
                sum(case when is_cod_transferred then cod_amount else 0 end) as transferred,
                sum(cod_captured_amount) as captured, sum(coalesce(quoted_fee, 0)) as quoted_fee,
                sum(case when quoted_fee is not null then total_fee else 0 end) as total_fee
           from ghn_shipment where ${clause}`,
        binds
      ),
    ])
    const totals = Object.fromEntries(Object.entries(sums[0]).map(([k, v]) => [k, Number(v ?? 0)])) as CodTotals
    return { rows, count: totals.parcels, totals }
  }

  /**
   * The COD report's parcels a page at a time, newest first, after `after` (keyset: no offset to
   * skip over), for the CSV of every parcel: the export never holds more than one page.
   */
  @InjectManager()
  async page(
    opts: { filter: CodFilter; order_id?: string; after?: { created_at: Date | string; id: string }; limit: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<CodShipmentRow[]> {
    const { clause, binds } = codWhere(opts)
    const keyset = opts.after ? " and (created_at, id) < (?, ?)" : ""
    return await this.rows<CodShipmentRow>(sharedContext, `select ${COD_COLUMNS} from ghn_shipment where ${clause}${keyset} order by created_at desc, id desc limit ?`, [
      ...binds,
      ...(opts.after ? [new Date(opts.after.created_at), opts.after.id] : []),
      opts.limit,
    ])
  }

  /**
   * The COD of these orders' parcels (not returns), with their fulfilments and statuses, for the
   * order-level check of the COD tab: one read on the order_id index, whatever the page holds.
   */
  @InjectManager()
  async orderParcels(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<OrderParcelCod[]> {
    if (!orderIds.length) return []
    return await this.rows<OrderParcelCod>(
      sharedContext,
      `select order_id, fulfillment_id, provider_id, cod_amount, status from ghn_shipment where order_id = any(?) and is_return = false and deleted_at is null`,
      [orderIds]
    )
  }

  /**
   * Orders with GHN parcels and no COD check yet (shipped before the check existed, or an event
   * missed), after `after` in id order: the backfill's keyset page, on the order_id index of the
   * parcels and the check's primary key.
   */
  @InjectManager()
  async ordersWithoutCheck(after: string, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    const rows = await this.rows<{ order_id: string }>(
      sharedContext,
      `select distinct s.order_id from ghn_shipment s
        where s.order_id > ? and s.is_return = false and s.deleted_at is null
          and not exists (select 1 from ghn_order_cod_check c where c.order_id = s.order_id)
        order by s.order_id limit ?`,
      [after, limit]
    )
    return rows.map((r) => r.order_id)
  }

  /** Keeps these orders' checks (the COD tab's `differences` filter reads those that are off). */
  @InjectTransactionManager()
  async saveOrderChecks(checks: (OrderCodCheck & { order_id: string })[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!checks.length) return
    await this.rows(
      sharedContext,
      `insert into ghn_order_cod_check (order_id, order_cod, order_cod_due, order_cod_difference, checked_at)
       select u.*, now() from unnest(?::text[], ?::integer[], ?::integer[], ?::integer[]) as u
       on conflict (order_id) do update set order_cod = excluded.order_cod, order_cod_due = excluded.order_cod_due,
         order_cod_difference = excluded.order_cod_difference, checked_at = excluded.checked_at, updated_at = now(), deleted_at = null`,
      [checks.map((c) => c.order_id), checks.map((c) => c.order_cod), checks.map((c) => c.order_cod_due), checks.map((c) => c.order_cod_difference)]
    )
  }
}
