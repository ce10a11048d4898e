import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { assertAddressWithinLimits, assertFieldsWithinLimits, FieldTooLongError, OTHER_FIELD_LIMIT } from "../../../lib/checkout/field-limits"
import { toMedusaError } from "../../../lib/runtime/medusa-error"
import { isGhnProviderId } from "../../../lib/runtime/provider-id"
import type { QueryGraph } from "../../../lib/runtime/query-graph"

/**
 * The plugin's store routes: the path, every query and body field and the route's parameters
 * within the limits of src/lib/checkout/field-limits.ts, before any validator or route reads one
 * (a 400 naming the field and the limit; Medusa's validators would quote what they refuse).
 */
export function boundStoreRequest(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    // The whole path (a middleware mounted on a wildcard sees only its own part of req.path).
    const url = req.originalUrl ?? req.url
    const pathLength = url.includes("?") ? url.indexOf("?") : url.length
    if (pathLength > OTHER_FIELD_LIMIT) throw new FieldTooLongError("path", OTHER_FIELD_LIMIT, pathLength)
    assertFieldsWithinLimits(req.query as Record<string, unknown>, "query")
    // A wildcard matcher's parameters are the path's segments (`0`), bounded with the path above.
    assertFieldsWithinLimits(Object.fromEntries(Object.entries(req.params ?? {}).filter(([name]) => !/^\d+$/.test(name))), "params")
    if (req.body && typeof req.body === "object") assertFieldsWithinLimits(req.body as Record<string, unknown>, "body")
  } catch (error) {
    return next(toMedusaError(error))
  }
  next()
}

type CartAddressRow = { id: string; shipping_address?: Record<string, unknown> | null; shipping_methods?: { shipping_option_id?: string | null }[] | null }

/** Where Medusa's cart routes reach the plugin: the option is in the body, the path, or the cart's methods. */
type GhnCartStep = "method" | "quote" | "completion"

/**
 * Medusa's cart routes that reach the plugin with the cart's address: adding a method
 * (`POST /store/carts/:id/shipping-methods`), a quote (`POST /store/shipping-options/:id/calculate`)
 * and the completion (`POST /store/carts/:id/complete`). When the option (or one of the cart's
 * methods) is GHN's, the cart's shipping address is within the limits before Medusa's workflow runs:
 * a 400 naming the field and the limit at once (the provider checks again on every path Medusa
 * takes to it; Medusa answers a completion's refusal with a 200 holding the cart). A cart shipped
 * otherwise is Medusa's alone.
 */
export function boundGhnCart(step: GhnCartStep) {
  const check = async (req: MedusaRequest) => {
    const body = (req.body ?? {}) as { option_id?: unknown; cart_id?: unknown }
    const cartId = step === "quote" ? body.cart_id : req.params.id
    const optionId = step === "method" ? body.option_id : step === "quote" ? req.params.id : undefined
    // Ids Medusa's own validation refuses (or a quote without a cart) are Medusa's to answer.
    if (typeof cartId !== "string" || (step !== "completion" && typeof optionId !== "string")) return
    const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
    const providersOf = async (ids: string[]) =>
      ids.length ? (await query.graph<{ id: string; provider_id: string }>({ entity: "shipping_option", fields: ["id", "provider_id"], filters: { id: ids } })).data : []
    // The option named and the cart at once; a completion's options are its methods'.
    const [{ data }, named] = await Promise.all([
      query.graph<CartAddressRow>({
        entity: "cart",
        fields: ["id", "shipping_address.*", ...(step === "completion" ? ["shipping_methods.shipping_option_id"] : [])],
        filters: { id: cartId },
      }),
      providersOf(step === "completion" ? [] : [optionId as string]),
    ])
    const cart = data[0]
    if (!cart?.shipping_address) return
    const options = step === "completion" ? await providersOf((cart.shipping_methods ?? []).map((m) => m.shipping_option_id).filter((id): id is string => !!id)) : named
    if (options.some((o) => isGhnProviderId(o.provider_id))) assertAddressWithinLimits(cart.shipping_address)
  }
  return async (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    let refusal: unknown
    try {
      await check(req)
    } catch (error) {
      refusal = toMedusaError(error)
    }
    next(refusal)
  }
}
