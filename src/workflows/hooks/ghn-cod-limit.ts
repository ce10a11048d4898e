import { MedusaError } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { GHN_LIMITS } from "../../lib/ghn"
import { checkoutPhoneOf, shopperError } from "../../lib/runtime/medusa-error"
import { isGhnProviderId } from "../../lib/runtime/provider-id"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { consumeHook } from "./consume-hook"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

type CartRow = {
  id: string
  total?: unknown
  shipping_address?: { phone?: string | null } | null
  shipping_methods?: { shipping_option_id?: string | null }[]
  payment_collection?: { payment_sessions?: { provider_id: string }[] } | null
}

const MAX_COD = GHN_LIMITS.createOrder.maxCodAmount

/**
 * A cart paid cash on delivery and shipped with GHN owes its whole total on the parcel, and GHN
 * collects at most 50,000,000 VND per order: such a cart is refused when it is completed, with the
 * limit named, rather than becoming an order that can never be fulfilled. With the `codRisk`
 * option, a receiver (by phone) whose COD parcels came back too often is refused cash on delivery
 * too, unless an admin trusts them (Medusa takes one handler per hook: both rules live here).
 */
consumeHook("completeCartWorkflow", completeCartWorkflow, "validate", async ({ cart }: { cart: unknown }, { container }: { container: { resolve<T>(key: string): T } }) => {
  const query = container.resolve<QueryGraph>("query")
  const { data } = await query.graph<CartRow>({
    entity: "cart",
    fields: ["id", "total", "shipping_address.phone", "shipping_methods.shipping_option_id", "payment_collection.payment_sessions.provider_id"],
    filters: { id: (cart as { id: string }).id },
  })
  const row = data[0]
  const optionIds = (row?.shipping_methods ?? []).map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  if (!row || !optionIds.length) return new StepResponse(undefined)
  const { data: options } = await query.graph<{ id: string; provider_id: string }>({ entity: "shipping_option", fields: ["id", "provider_id"], filters: { id: optionIds } })
  const ghnOption = options.find((o) => isGhnProviderId(o.provider_id))
  if (!ghnOption) return new StepResponse(undefined)
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const { codPaymentProviders: codProviders, codRisk } = ghn.accountOf(ghnOption.provider_id).options
  const paysCod = (row.payment_collection?.payment_sessions ?? []).some((s) => codProviders.includes(s.provider_id))
  const total = Math.round(Number(row.total ?? 0))
  if (paysCod && total > MAX_COD) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `GHN collects at most ${MAX_COD.toLocaleString("en-US")} VND cash on delivery per order, and this cart owes ${total.toLocaleString("en-US")} VND: pay ahead with another payment method, or split the cart into smaller orders`
    )
  }
  // The phone by the one phone rule, however written: refused when missing (GHN needs one) or not
  // Vietnamese (the address may have changed since the method was added).
  const phone = checkoutPhoneOf(row.shipping_address?.phone, { required: true })
  // The codRisk option: a receiver whose COD parcels came back too often pays in advance (one indexed read).
  if (paysCod && phone && codRisk) {
    const { history, refused } = await ghn.receiverCodRisk(phone, codRisk)
    if (refused) {
      throw shopperError(
        MedusaError.Types.NOT_ALLOWED,
        `cash on delivery is not offered to this receiver: ${history!.recent_returns} of their COD parcels came back in the last ${codRisk.days} days (option codRisk: ${codRisk.maxReturned}); pay in advance with another payment method`,
        { code: "cod_not_offered", params: { returned: history!.recent_returns, days: codRisk.days } }
      )
    }
  }
  return new StepResponse(undefined)
}, "a cash-on-delivery cart over GHN's 50,000,000 VND is not refused at checkout (its fulfilment is refused instead)")
