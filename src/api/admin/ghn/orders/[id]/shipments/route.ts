import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../../utils"
import { presentShipments } from "../../../present"

/** The GHN shipments of an order (its fulfilments and returns), newest first. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const shipments = await ghn.listGhnShipments({ order_id: req.params.id }, { order: { created_at: "DESC" } })
  res.json({ shipments: await presentShipments(ghn, shipments) })
}
