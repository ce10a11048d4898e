import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { switchGhnStatusWorkflow } from "../../../../workflows/switch-ghn-status"
import type { SwitchStatusBody } from "../validators"

/** GHN's Delivery Again for one or many orders: GHN's result for each, refusals included. */
export async function POST(req: MedusaRequest<SwitchStatusBody>, res: MedusaResponse) {
  const { result } = await switchGhnStatusWorkflow(req.scope).run({ input: { action: "redeliver", order_codes: req.validatedBody.order_codes } })
  res.json({ results: result })
}
