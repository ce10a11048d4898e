import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { calculateShippingOptionsPricesWorkflow, listShippingOptionsForCartWithPricingWorkflow } from "@medusajs/medusa/core-flows"
import { MEASURE_KEYS } from "../../lib/parcel/parcel"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import type { GhnProviderContext } from "../../contracts/fulfillment-data"
import { consumeHook } from "./consume-hook"

/**
 * Medusa's checkout pricing context carries the product's weight but not its sizes: the plugin
 * adds each cart item's product measures, so a variant without sizes falls back to its product's.
 */
type CartRow = { items?: ({ id: string; product?: Record<string, unknown> | null } | null)[] }

async function productMeasures({ input }: { input: unknown }, { container }: { container: { resolve<T>(key: string): T } }) {
  const cartId = (input as { cart_id?: string }).cart_id
  if (!cartId) return new StepResponse({})
  const { data } = await container.resolve<QueryGraph>("query").graph<CartRow>({
    entity: "cart",
    fields: ["items.id", ...MEASURE_KEYS.map((m) => `items.product.${m}`)],
    filters: { id: cartId },
  })
  const measures: NonNullable<GhnProviderContext["ghn_product_measures"]> = {}
  for (const item of data[0]?.items ?? []) if (item?.product) measures[item.id] = item.product
  const ghnContext: GhnProviderContext = { ghn_product_measures: measures }
  return new StepResponse(ghnContext)
}

const LOST = "checkout quotes see each variant's own weight and sizes only, not its product's"
consumeHook("calculateShippingOptionsPricesWorkflow", calculateShippingOptionsPricesWorkflow, "setCalculatedShippingPricingContext", productMeasures, LOST)
consumeHook("listShippingOptionsForCartWithPricingWorkflow", listShippingOptionsForCartWithPricingWorkflow, "setCalculatedShippingPricingContext", productMeasures, LOST)
