import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../../utils"
import { presentShipments } from "../../../present"

/**
 * The GHN shipments of an order (its fulfilments and returns), newest first, and the GHN orders
 * made for it that no fulfilment carries and that could not be cancelled yet (retried meanwhile).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const [shipments, orphans] = await Promise.all([
    ghn.listGhnShipments({ order_id: req.params.id }, { order: { created_at: "DESC" } }),
    ghn.orphanIntentsOf([req.params.id]),
  ])
  res.json({
    shipments: await presentShipments(ghn, shipments),
    uncancelled: orphans.map((o) => ({ client_order_code: o.client_order_code, order_code: o.order_code, error: o.error, attempts: o.attempts, next_attempt_at: o.next_attempt_at })),
  })
}
