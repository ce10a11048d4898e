import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { GHN_LIMITS } from "../../../../../../lib/ghn/constants"
import { adminError, toMedusaError } from "../../../../../../lib/runtime/medusa-error"
import { ghnModule } from "../../../../../utils"
import { runOf } from "../../run-of"
import type { RunLabelsQuery } from "../../validators"

/**
 * Every label of the run's parcels in one paper size: one GHN print token per GHN shop and per
 * 10,000 parcels (GHN's most per token).
 */
export async function GET(req: MedusaRequest<unknown, RunLabelsQuery>, res: MedusaResponse) {
  const { size } = req.validatedQuery as RunLabelsQuery
  const run = await runOf(req)
  const ghn = ghnModule(req)
  const codes = (await ghn.shippingRuns.orders(run.id, ["created"])).map((o) => o.ghn_order_code).filter((c): c is string => !!c)
  if (!codes.length) throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "run_no_labels", params: { run_id: run.id } })
  const labels = []
  try {
    for (let i = 0; i < codes.length; i += GHN_LIMITS.print.maxOrderCodes) labels.push(...(await ghn.labelUrls(codes.slice(i, i + GHN_LIMITS.print.maxOrderCodes), size)))
  } catch (error) {
    throw toMedusaError(error, "GHN Print Order")
  }
  res.json({ labels, size, parcels: codes.length })
}
