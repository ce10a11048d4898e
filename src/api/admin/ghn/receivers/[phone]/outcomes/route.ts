import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { csvOf } from "../../../../../../lib/format/csv"
import { ghnModule } from "../../../../../utils"
import { receiverPhone } from "../../phone"

/** A receiver's COD parcels and how each ended, as CSV (UTF-8 with a byte-order mark). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const phone = receiverPhone(req.params.phone)
  const rows = await ghnModule(req).receiverOutcomes(phone)
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", `attachment; filename="ghn-receiver-${phone}.csv"`)
  res.send(
    csvOf(
      ["phone", "order_code", "order_id", "outcome", "cod_amount", "failed_attempts", "at"],
      rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }))
    )
  )
}
