import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { handoverCsv, handoverRecords } from "../../../../../../lib/handover/handover"
import { HANDOVER_HTML_CSP, handoverHtml } from "../../../../../../lib/handover/html"
import { handoverPdf } from "../../../../../../lib/handover/pdf"
import { scanProgress } from "../../../../../../lib/handover/scan"
import { ghnModule } from "../../../../../utils"
import { userNames } from "../../handover"
import { runOf } from "../../run-of"
import type { HandoverQuery } from "../../validators"

/**
 * The handover record (biên bản bàn giao) GHN's driver signs at pickup, per pickup shop: the run's
 * live parcels with their receiver, weight and COD, counts and COD totals per page and overall,
 * what the door check scanned, and the signature blocks; printable HTML (A4), the same as a PDF, or CSV.
 */
export async function GET(req: MedusaRequest<unknown, HandoverQuery>, res: MedusaResponse) {
  const { format, shop_id } = req.validatedQuery as HandoverQuery
  const run = await runOf(req)
  const ghn = ghnModule(req)
  const parcels = (await ghn.shippingRuns.parcels(run.id)).filter((p) => shop_id === undefined || p.shop_id === shop_id)
  const file = `ghn-handover-${run.id}${shop_id === undefined ? "" : `-${shop_id}`}`
  if (format === "csv") {
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader("Content-Disposition", `attachment; filename="${file}.csv"`)
    res.send(handoverCsv(parcels))
    return
  }
  const scan = await ghn.handoverScans.latest(run.id)
  const by = scan?.completed_by ?? scan?.started_by ?? null
  const names = await userNames(req, [by])
  const records = handoverRecords(
    parcels,
    { id: run.id, created_at: run.created_at, pick_shift_title: run.pick_shift_title },
    scan ? { scanned_by: by ? (names.get(by) ?? by) : null, started_at: scan.created_at, completed_at: scan.completed_at, scanned: scanProgress(parcels, scan.scans?.items ?? []).scanned } : null
  )
  if (format === "pdf") {
    const pdf = await handoverPdf(records, run)
    res.setHeader("Content-Type", "application/pdf")
    res.setHeader("Content-Disposition", `inline; filename="${file}.pdf"`)
    res.send(pdf)
    return
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8")
  res.setHeader("Content-Security-Policy", HANDOVER_HTML_CSP)
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.send(handoverHtml(records, run))
}
