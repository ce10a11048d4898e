import type { MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../utils"
import { adminError } from "../../../../lib/runtime/medusa-error"

/** The run of the route's `:id`, or a 404 naming it. */
export async function runOf(req: MedusaRequest) {
  const run = await ghnModule(req).shippingRuns.get(req.params.id)
  if (!run) throw adminError(MedusaError.Types.NOT_FOUND, { code: "run_not_found", params: { run_id: String(req.params.id) } })
  return run
}
