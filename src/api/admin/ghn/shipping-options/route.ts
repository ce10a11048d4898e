import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { createGhnShippingOptionsWorkflow } from "../../../../workflows/create-ghn-shipping-options"
import type { CreateShippingOptionsBody } from "../support-validators"
import { shippingOptionsPlan } from "./shared"

/**
 * Creates the GHN calculated options of a location's zone (light and heavy goods, and their
 * returns), refusing, with nothing created, when the zone has GHN options they would duplicate.
 */
export async function POST(req: MedusaRequest<CreateShippingOptionsBody>, res: MedusaResponse) {
  const { plan, input } = await shippingOptionsPlan(req, req.validatedBody)
  if (plan.duplicates.length) {
    // Answered here: Medusa's error handler words every conflict as an idempotency-key clash.
    res.status(409).json({
      type: MedusaError.Types.CONFLICT,
      code: "ghn_shipping_options_exist",
      message: `the service zone ${plan.service_zone.name} already has GHN options for the same services: ${plan.duplicates.map((d) => `"${d.name}" (${d.id})`).join(", ")}; nothing was created`,
      duplicates: plan.duplicates,
    })
    return
  }
  const { result } = await createGhnShippingOptionsWorkflow(req.scope).run({ input })
  res.status(201).json({ plan, shipping_options: result.map((o: { id: string; name: string; service_zone_id: string }) => ({ id: o.id, name: o.name, service_zone_id: o.service_zone_id })) })
}
