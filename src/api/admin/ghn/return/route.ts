import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { switchGhnStatusWorkflow } from "../../../../workflows/switch-ghn-status"
import type { SwitchStatusBody } from "../validators"

/** GHN's Return Order (return to sender) for one or many orders: GHN's result for each. */
export async function POST(req: MedusaRequest<SwitchStatusBody>, res: MedusaResponse) {
  const { result } = await switchGhnStatusWorkflow(req.scope).run({ input: { action: "return", order_codes: req.validatedBody.order_codes } })
  res.json({ results: result })
}
