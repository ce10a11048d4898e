import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toMedusaError } from "../../../../../lib/medusa-error"
import { ghnModule } from "../../../../utils"
import type { LabelQuery } from "../../validators"

/**
 * Opens the GHN label of an order: mints a fresh print token (they expire after ~30 minutes,
 * so none is stored) and redirects to GHN's label page in the chosen paper size.
 */
export async function GET(req: MedusaRequest<unknown, LabelQuery>, res: MedusaResponse) {
  const { size, shop_id } = req.validatedQuery as LabelQuery
  const ghn = ghnModule(req)
  try {
    const token = await ghn.client.print.token({ order_codes: [req.params.order_code] }, { shopId: shop_id ?? ghn.options.shopId })
    res.redirect(302, ghn.client.print.labelUrl(token, size))
  } catch (error) {
    throw toMedusaError(error, "GHN Print Order")
  }
}
