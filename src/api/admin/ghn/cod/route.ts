import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { codReportCsv, codReportRow } from "../../../../lib/cod-report"
import type { QueryGraph } from "../../../../lib/query-graph"
import { ghnModule } from "../../../utils"
import type { CodReportQuery } from "../validators"

/** A CSV holds the whole filter, up to this many parcels. */
const CSV_MAX_ROWS = 10_000

/**
 * The COD reconciliation: per parcel, the COD the store expected against GHN's, collected and
 * transferred, the capture, and the checkout's shipping quote against GHN's final fee; as JSON
 * (a page, with totals) or as CSV (`format=csv`, every parcel of the filter).
 */
export async function GET(req: MedusaRequest<unknown, CodReportQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as CodReportQuery
  const csv = q.format === "csv"
  const { rows, count, totals } = await ghnModule(req).codReport({
    filter: q.filter,
    order_id: q.order_id,
    limit: csv ? CSV_MAX_ROWS : q.limit,
    offset: csv ? 0 : q.offset,
  })
  const orderIds = [...new Set(rows.map((r) => r.order_id).filter((id): id is string => !!id))]
  const { data: orders } = orderIds.length
    ? await req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY).graph<{ id: string; display_id: number }>({
        entity: "order",
        fields: ["id", "display_id"],
        filters: { id: orderIds },
      })
    : { data: [] }
  const displayIds = new Map(orders.map((o) => [o.id, o.display_id]))
  const parcels = rows.map((r) => codReportRow(r, r.order_id ? displayIds.get(r.order_id) ?? null : null))
  if (csv) {
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader("Content-Disposition", `attachment; filename="ghn-cod-${q.filter}-${new Date().toISOString().slice(0, 10)}.csv"`)
    res.send(codReportCsv(parcels))
    return
  }
  res.json({ parcels, count, totals, limit: q.limit, offset: q.offset })
}
