import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { handoverCsv, handoverHtml } from "../../../../../../lib/parcel/handover"
import { ghnModule } from "../../../../../utils"
import { runOf } from "../../run-of"
import type { HandoverQuery } from "../../validators"

/** The list GHN's driver signs at pickup: the run's live parcels per pickup shop, with counts and COD totals; printable HTML or CSV. */
export async function GET(req: MedusaRequest<unknown, HandoverQuery>, res: MedusaResponse) {
  const { format } = req.validatedQuery as HandoverQuery
  const run = await runOf(req)
  const parcels = await ghnModule(req).shippingRuns.parcels(run.id)
  if (format === "csv") {
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader("Content-Disposition", `attachment; filename="ghn-handover-${run.id}.csv"`)
    res.send(handoverCsv(parcels))
    return
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8")
  res.send(handoverHtml(parcels, run))
}
