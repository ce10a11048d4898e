import type { MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../utils"

/** The run of the route's `:id`, or a 404 naming it. */
export async function runOf(req: MedusaRequest) {
  const run = await ghnModule(req).shippingRuns.get(req.params.id)
  if (!run) throw new MedusaError(MedusaError.Types.NOT_FOUND, `shipping run ${req.params.id} does not exist`)
  return run
}
