import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { fetchShippingOptionForOrderWorkflow, maybeRefreshShippingMethodsWorkflow } from "@medusajs/medusa/core-flows"

/**
 * Medusa prices an order's shipping option (returns, exchanges, claims) with the order's items
 * but without its currency, shipping address or the products' weights: the plugin adds them.
 */
async function orderPricingContext({ input }: { input: unknown }, { container }: { container: { resolve(key: string): any } }) {
  const query = container.resolve("query")
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "currency_code", "shipping_address.*", "items.id", "items.variant_id", "items.variant.product.weight", "items.variant.product.length", "items.variant.product.width", "items.variant.product.height"],
    filters: { id: (input as { order_id: string }).order_id },
  })
  const order = data[0] as any
  if (!order) return new StepResponse({})
  const product_measures: Record<string, unknown> = {}
  for (const item of order.items ?? []) if (item.variant?.product) product_measures[item.id] = item.variant.product
  return new StepResponse({
    currency_code: order.currency_code,
    ghn_order_address: order.shipping_address,
    ghn_product_measures: product_measures,
  })
}

fetchShippingOptionForOrderWorkflow.hooks.setCalculatedShippingPricingContext(orderPricingContext)
// Order edits, claims and exchanges re-price their shipping methods through this one.
maybeRefreshShippingMethodsWorkflow.hooks.setCalculatedShippingPricingContext(orderPricingContext)
