import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toMedusaError } from "../../../../../lib/runtime/medusa-error"
import { ghnModule } from "../../../../utils"
import type { LabelQuery } from "../../validators"

/**
 * A fulfilment's label_url: mints a fresh GHN print token and redirects to GHN's label page in
 * the chosen paper size (A5, 80x80, 52x70).
 */
export async function GET(req: MedusaRequest<unknown, LabelQuery>, res: MedusaResponse) {
  const { size } = req.validatedQuery as LabelQuery
  try {
    const [label] = await ghnModule(req).labelUrls([req.params.order_code], size)
    res.redirect(302, label.url)
  } catch (error) {
    throw toMedusaError(error, "GHN Print Order")
  }
}
