import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { COD_CSV_COLUMNS, codReportRow, type CodReportRow, type CodShipmentRow } from "../../../../lib/cod/cod-report"
import { csvHead, csvLines } from "../../../../lib/format/csv"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import { orderCodChecks } from "../../../../workflows/utils/cod-checks"
import { ghnModule } from "../../../utils"
import type { CodReportQuery } from "../validators"

/** The CSV is written this many parcels at a time: its memory stays one page, whatever the filter holds. */
const CSV_PAGE = 2_000

/** The report's rows of these parcels, with their orders' numbers and each order's check (one read of each kind per page). */
async function reportRows(req: MedusaRequest, rows: CodShipmentRow[]) {
  const orderIds = [...new Set(rows.map((r) => r.order_id).filter((id): id is string => !!id))]
  const { displayIds, checks } = await orderCodChecks(ghnModule(req), req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY), orderIds)
  return rows.map((r) => codReportRow(r, r.order_id ? displayIds.get(r.order_id) ?? null : null, r.order_id ? checks.get(r.order_id) ?? null : null))
}

/** Each order of the page once, with its check: what the COD tab shows above the order's parcels. */
function ordersOf(rows: CodReportRow[]) {
  const seen = new Map<string, Pick<CodReportRow, "order_id" | "order_display_id" | "order_cod" | "order_cod_due" | "order_cod_difference">>()
  for (const r of rows) {
    if (!r.order_id || seen.has(r.order_id) || r.order_cod === null) continue
    seen.set(r.order_id, { order_id: r.order_id, order_display_id: r.order_display_id, order_cod: r.order_cod, order_cod_due: r.order_cod_due, order_cod_difference: r.order_cod_difference })
  }
  return [...seen.values()]
}

/**
 * The COD reconciliation: per parcel, the COD the store expected against GHN's, collected and
 * transferred, the capture, and the checkout's shipping quote against GHN's final fee; as JSON
 * (a page, with totals) or as CSV (`format=csv`: every parcel of the filter, streamed a page at a
 * time, newest first).
 */
export async function GET(req: MedusaRequest<unknown, CodReportQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as CodReportQuery
  const ghn = ghnModule(req)
  if (q.format === "csv") {
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader("Content-Disposition", `attachment; filename="ghn-cod-${q.filter}-${new Date().toISOString().slice(0, 10)}.csv"`)
    res.write(csvHead(COD_CSV_COLUMNS))
    let after: { created_at: Date | string; id: string } | undefined
    for (;;) {
      const page = await ghn.codReportPage({ filter: q.filter, order_id: q.order_id, after, limit: CSV_PAGE })
      if (page.length) res.write(csvLines(COD_CSV_COLUMNS, await reportRows(req, page)))
      if (page.length < CSV_PAGE) break
      after = { created_at: page[page.length - 1].created_at, id: page[page.length - 1].id }
    }
    res.end()
    return
  }
  const { rows, count, totals } = await ghn.codReport({ filter: q.filter, order_id: q.order_id, limit: q.limit, offset: q.offset })
  const parcels = await reportRows(req, rows)
  res.json({ parcels, orders: ordersOf(parcels), count, totals, limit: q.limit, offset: q.offset })
}
