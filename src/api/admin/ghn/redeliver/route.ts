import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { applyGhnOrderInfo } from "../../../../runners/shipments"
import { switchGhnStatusWorkflow } from "../../../../workflows/switch-ghn-status"
import type { SwitchStatusBody } from "../validators"

/** GHN's Delivery Again for one or many orders: GHN's result for each, refusals included. */
export async function POST(req: MedusaRequest<SwitchStatusBody>, res: MedusaResponse) {
  const { result } = await switchGhnStatusWorkflow(req.scope).run({ input: { action: "redeliver", order_codes: req.validatedBody.order_codes } })
  // What GHN accepted is read back from Order Info, each parcel through its own apply-ghn-shipment workflow.
  const accepted = result.filter((r) => r.result).map((r) => r.order_code)
  if (accepted.length) await applyGhnOrderInfo(req.scope, accepted)
  res.json({ results: result })
}
