import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { orderTracking, trackedOrder, trackingLocaleOf } from "../../../tracking-of-order"

/**
 * A logged-in customer's parcels of one of their orders. Another customer's order, or none, is
 * the same 404: the answer never tells that an order exists.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const locale = trackingLocaleOf(req)
  const order = await trackedOrder(req, { id: req.params.id })
  if (!order || !order.customer_id || order.customer_id !== req.auth_context.actor_id) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  }
  res.json(await orderTracking(req, order, locale))
}
