import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { adminError, toMedusaError } from "../../../../../../lib/runtime/medusa-error"
import { applyGhnOrderInfo } from "../../../../../../runners/shipments"
import { ghnModule } from "../../../../../utils"
import { presentShipments } from "../../../present"

/** Asks GHN's Order Info now and applies the answer. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const [result] = await applyGhnOrderInfo(req.scope, [req.params.order_code], "admin")
  if (!result) throw adminError(MedusaError.Types.NOT_FOUND, { code: "shipment_not_found", params: { order_code: String(req.params.order_code) } })
  if (result.error) throw toMedusaError(result.cause, "GHN Order Info")
  const [shipment] = await ghn.listGhnShipments({ order_code: req.params.order_code })
  const [presented] = await presentShipments(req, ghn, [shipment])
  res.json({ shipment: presented })
}
