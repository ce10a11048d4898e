import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toMedusaError } from "../../../../lib/runtime/medusa-error"
import { ghnModule } from "../../../utils"
import type { LabelsBody } from "../validators"

/** Labels of up to 10,000 orders in one paper size: one GHN label page per GHN shop. */
export async function POST(req: MedusaRequest<LabelsBody>, res: MedusaResponse) {
  const { order_codes, size } = req.validatedBody
  try {
    res.json({ labels: await ghnModule(req).labelUrls(order_codes, size), size })
  } catch (error) {
    throw toMedusaError(error, "GHN Print Order")
  }
}
