import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ShippingOptionsPlanQuery } from "../../support-validators"
import { shippingOptionsPlan } from "../shared"

/** What POST /admin/ghn/shipping-options would create for a location's zone (and what it would duplicate). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { plan } = await shippingOptionsPlan(req, req.validatedQuery as ShippingOptionsPlanQuery)
  res.json({ plan })
}
