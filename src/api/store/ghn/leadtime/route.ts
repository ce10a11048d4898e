import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { ghnExpectedIso } from "../../../../lib/ghn/dates"
import { toMedusaError } from "../../../../lib/runtime/medusa-error"
import { isGhnProviderId } from "../../../../lib/runtime/provider-id"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import type { GhnOptionData, ServiceTypeId } from "../../../../contracts/fulfillment-data"
import type { AddressInput } from "../../../../lib/address/address-resolver"
import { cacheKey } from "../../../../lib/runtime/quote-cache"
import { assertAddressWithinLimits } from "../../../../lib/checkout/field-limits"
import { answeredBudgetSpent, ghnModule } from "../../../utils"
import type { LeadtimeBody } from "../validators"

type OptionRow = {
  id: string
  provider_id: string
  data?: Partial<GhnOptionData> | null
  service_zone?: { fulfillment_set?: { location?: { id: string; address?: AddressInput | null } | null } | null } | null
}

/**
 * GHN's delivery estimate (Leadtime) for a cart and a GHN shipping option, to show beside the
 * price: from the option's stock location to the cart's shipping address.
 */
export async function POST(req: MedusaRequest<LeadtimeBody>, res: MedusaResponse) {
  const { cart_id, option_id } = req.validatedBody
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const ghn = ghnModule(req)
  const [{ data: carts }, { data: options }] = await Promise.all([
    query.graph<{ id: string; shipping_address?: AddressInput | null }>({ entity: "cart", fields: ["id", "shipping_address.*"], filters: { id: cart_id } }),
    query.graph<OptionRow>({
      entity: "shipping_option",
      fields: ["id", "provider_id", "data", "service_zone.fulfillment_set.location.id", "service_zone.fulfillment_set.location.address.*"],
      filters: { id: option_id },
    }),
  ])
  const cart = carts[0]
  const option = options[0]
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cart_id} was not found`)
  if (!option || !isGhnProviderId(option.provider_id)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Shipping option ${option_id} is not a GHN option`)
  }
  const address = cart.shipping_address
  // The shopper's address bounded before anything reads it (the resolver's time grows with it).
  try {
    assertAddressWithinLimits(address)
  } catch (error) {
    throw toMedusaError(error, "GHN Leadtime")
  }
  // A cart created without an address still has an empty one: nothing to resolve either.
  const empty = !address || (!address.address_1?.trim() && !address.address_2?.trim() && !address.city?.trim() && !address.province?.trim() && !Object.keys(address.metadata ?? {}).length)
  if (empty) throw new MedusaError(MedusaError.Types.INVALID_DATA, "the cart has no shipping address yet")
  const location = option.service_zone?.fulfillment_set?.location
  try {
    const to = await ghn.addresses.resolve(address)
    const from = location?.address ? await ghn.addresses.resolve(location.address).catch(() => undefined) : undefined
    const body = {
      service_type_id: (Number(option.data?.service_type_id) === 5 ? 5 : 2) as ServiceTypeId,
      to_district_id: to.district_id,
      to_ward_code: to.ward_code,
      ...(from ? { from_district_id: from.district_id, from_ward_code: from.ward_code } : {}),
    }
    const account = ghn.accountOf(option.provider_id)
    const shopId = await ghn.shopIdForLocation(account.options, location?.id, { quote: true })
    // Lead time depends on the route and the service: cached like fee quotes; one not cached is
    // paid from the storefront's GHN budget (a flood of carts costs GHN a bounded rate).
    const key = cacheKey("leadtime", { provider: option.provider_id, shopId, body })
    if ((await ghn.cache.store.get(key)) === undefined) ghn.storeAddresses.payCall()
    const result = await ghn.cache.getOrLoad(key, () => account.client.fees.leadtime(body, { shopId }))
    // Read once by the client's schema: `leadtime` (Unix seconds) or leadtime_order, either end-of-day form.
    const estimate = result.estimate
    if (!estimate.to) throw new MedusaError(MedusaError.Types.NOT_FOUND, "GHN gave no delivery estimate for this route (Leadtime answered without a date)")
    res.json({
      leadtime: {
        expected_at: ghnExpectedIso(result.leadtime) ?? estimate.to,
        from_estimate_date: result.leadtime_order ? estimate.from : null,
        to_estimate_date: result.leadtime_order ? estimate.to : null,
      },
    })
  } catch (error) {
    if (answeredBudgetSpent(res, error)) return
    throw toMedusaError(error, "GHN Leadtime")
  }
}
