import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { fetchShippingOptionForOrderWorkflow, maybeRefreshShippingMethodsWorkflow } from "@medusajs/medusa/core-flows"
import { MEASURE_KEYS } from "../../lib/parcel/parcel"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import type { GhnProviderContext } from "../../contracts/fulfillment-data"
import { consumeHook } from "./consume-hook"

const LINE_FIELDS = [
  "id",
  "quantity",
  "unit_price",
  "title",
  "product_title",
  "variant_title",
  "variant_sku",
  "variant_id",
  ...MEASURE_KEYS.flatMap((m) => [`variant.${m}`, `variant.product.${m}`]),
]

type PricingInput = { order_id: string; context?: Record<string, unknown> }

/**
 * Medusa prices an order's shipping option (returns, exchanges, claims, edits) without the
 * order's currency, its shipping address or the products' measures, and, when an exchange or
 * claim refreshes its methods, sometimes without the order's items: the plugin adds them all as
 * `ghn_order_items`, with the lines the change adds (an exchange's or claim's new items), which
 * are not the order's until the change is confirmed.
 */
type LineRow = NonNullable<GhnProviderContext["ghn_order_items"]>[number]
type OrderRow = { id: string; currency_code: string; shipping_address?: Record<string, unknown> | null; items?: LineRow[] }

async function orderPricingContext({ input }: { input: unknown }, { container }: { container: { resolve<T>(key: string): T } }) {
  const { order_id, context } = input as PricingInput
  const query = container.resolve<QueryGraph>("query")
  const { data } = await query.graph<OrderRow>({
    entity: "order",
    fields: ["id", "currency_code", "shipping_address.*", ...LINE_FIELDS.map((f) => `items.${f}`)],
    filters: { id: order_id },
  })
  const order = data[0]
  if (!order) return new StepResponse({})
  const added = [...((context?.exchange_items as { id: string }[]) ?? []), ...((context?.claim_items as { id: string }[]) ?? [])]
    .map((i) => i.id)
    .filter((id) => id && !(order.items ?? []).some((item) => item.id === id))
  const addedLines = added.length
    ? (await query.graph<LineRow>({ entity: "order_line_item", fields: LINE_FIELDS, filters: { id: added } })).data
    : []
  const ghnContext: GhnProviderContext = {
    ghn_order_address: order.shipping_address,
    ghn_order_items: [...(order.items ?? []), ...addedLines],
  }
  return new StepResponse({ currency_code: order.currency_code, ...ghnContext })
}

const LOST = "GHN options of returns, exchanges, claims and order edits are quoted without the order's address and items, and GHN refuses to quote them"
consumeHook("fetchShippingOptionForOrderWorkflow", fetchShippingOptionForOrderWorkflow, "setCalculatedShippingPricingContext", orderPricingContext, LOST)
// Order edits, claims and exchanges re-price their shipping methods through this one.
consumeHook("maybeRefreshShippingMethodsWorkflow", maybeRefreshShippingMethodsWorkflow, "setCalculatedShippingPricingContext", orderPricingContext, LOST)
