import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * Medusa passes a provider the variants' measures but not the products': before an order is
 * fulfilled, the plugin adds each variant's product weight and sizes as `additional_data`, which
 * Medusa hands to the provider's createFulfillment (a variant without them falls back to these).
 */
export async function addProductMeasures(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["items.variant_id", "items.variant.product.weight", "items.variant.product.length", "items.variant.product.width", "items.variant.product.height"],
      filters: { id: req.params.id },
    })
    const measures: Record<string, unknown> = {}
    for (const item of (data[0] as any)?.items ?? []) if (item?.variant_id && item.variant?.product) measures[item.variant_id] = item.variant.product
    // Before or after Medusa's own body validation, whichever runs first.
    for (const body of [req.body as Record<string, any> | undefined, req.validatedBody as Record<string, any> | undefined]) {
      if (body && typeof body === "object") body.additional_data = { ...(body.additional_data ?? {}), ghn_product_measures: measures }
    }
  } catch {
    // Measures are a fallback: the fulfilment proceeds with the variants' own.
  }
  next()
}
