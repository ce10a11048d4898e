import { MedusaError } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { GHN_LIMITS } from "../../lib/ghn"
import { isGhnProviderId } from "../../lib/provider-id"
import type { QueryGraph } from "../../lib/query-graph"
import { consumeHook } from "./consume-hook"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

type CartRow = {
  id: string
  total?: unknown
  shipping_methods?: { shipping_option_id?: string | null }[]
  payment_collection?: { payment_sessions?: { provider_id: string }[] } | null
}

const MAX_COD = GHN_LIMITS.createOrder.maxCodAmount

/**
 * A cart paid cash on delivery and shipped with GHN owes its whole total on the parcel, and GHN
 * collects at most 50,000,000 VND per order: such a cart is refused when it is completed, with the
 * limit named, rather than becoming an order that can never be fulfilled.
 */
consumeHook("completeCartWorkflow", completeCartWorkflow, "validate", async ({ cart }: { cart: unknown }, { container }: { container: { resolve<T>(key: string): T } }) => {
  const query = container.resolve<QueryGraph>("query")
  const { data } = await query.graph<CartRow>({
    entity: "cart",
    fields: ["id", "total", "shipping_methods.shipping_option_id", "payment_collection.payment_sessions.provider_id"],
    filters: { id: (cart as { id: string }).id },
  })
  const row = data[0]
  const optionIds = (row?.shipping_methods ?? []).map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  if (!row || !optionIds.length) return new StepResponse(undefined)
  const { data: options } = await query.graph<{ id: string; provider_id: string }>({ entity: "shipping_option", fields: ["id", "provider_id"], filters: { id: optionIds } })
  const ghnOption = options.find((o) => isGhnProviderId(o.provider_id))
  if (!ghnOption) return new StepResponse(undefined)
  const codProviders = container.resolve<GhnModuleService>(GHN_MODULE).accountOf(ghnOption.provider_id).options.codPaymentProviders
  const paysCod = (row.payment_collection?.payment_sessions ?? []).some((s) => codProviders.includes(s.provider_id))
  const total = Math.round(Number(row.total ?? 0))
  if (paysCod && total > MAX_COD) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `GHN collects at most ${MAX_COD.toLocaleString("en-US")} VND cash on delivery per order, and this cart owes ${total.toLocaleString("en-US")} VND: pay ahead with another payment method, or split the cart into smaller orders`
    )
  }
  return new StepResponse(undefined)
}, "a cash-on-delivery cart over GHN's 50,000,000 VND is not refused at checkout (its fulfilment is refused instead)")
