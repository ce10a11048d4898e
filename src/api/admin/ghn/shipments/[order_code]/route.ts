import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { applyGhnOrderInfo } from "../../../../../runners/shipments"
import { updateGhnOrderWorkflow } from "../../../../../workflows/update-ghn-order"
import { ghnModule } from "../../../../utils"
import { presentShipments } from "../../present"
import type { UpdateShipmentBody } from "../../validators"
import { adminError } from "../../../../../lib/runtime/medusa-error"

async function findShipment(req: MedusaRequest) {
  const ghn = ghnModule(req)
  const [shipment] = await ghn.listGhnShipments({ order_code: req.params.order_code })
  if (!shipment) throw adminError(MedusaError.Types.NOT_FOUND, { code: "shipment_not_found", params: { order_code: String(req.params.order_code) } })
  const [presented] = await presentShipments(req, ghn, [shipment])
  return presented
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ shipment: await findShipment(req) })
}

/**
 * Update Order: note, required note, receiver, COD, pickup time, document return and double
 * check, within what the GHN status allows. A new receiver phone re-runs codRisk for the parcel
 * (before pickup, with COD), recorded on it (`cod_risk`) as for a phone changed on the Medusa order.
 */
export async function POST(req: MedusaRequest<UpdateShipmentBody>, res: MedusaResponse) {
  const { otp, ...changes } = req.validatedBody
  await updateGhnOrderWorkflow(req.scope).run({ input: { order_code: req.params.order_code, changes, otp } })
  await applyGhnOrderInfo(req.scope, [req.params.order_code], "admin")
  // After the refresh: the COD the check weighs is GHN's now (a change of both at once counts).
  if (changes.to_phone) await ghnModule(req).recheckCodRisk({ order_code: req.params.order_code }, changes.to_phone)
  res.json({ shipment: await findShipment(req) })
}
