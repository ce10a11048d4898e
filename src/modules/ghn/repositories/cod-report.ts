import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { type CodFilter, type CodShipmentRow, type CodTotals, UNCOLLECTED_END_STATUSES } from "../../../lib/cod/cod-report"
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
  else if (opts.filter === "differences") where.push("(cod_amount <> coalesce(cod_expected, cod_amount) or (quoted_fee is not null and total_fee <> quoted_fee))")
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
}
