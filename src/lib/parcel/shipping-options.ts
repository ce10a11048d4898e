/**
 * The GHN shipping options a store offers: the provider's fulfilment options (light and heavy
 * goods, out and back), and what Settings -> GHN -> Set-up creates from them for a service zone.
 */

export type GhnFulfillmentOption = { id: string; name: string; service_type_id: 2 | 5; is_return?: boolean }

/** What the provider offers (getFulfillmentOptions): GHN's light (2) and heavy (5) goods services, each also as a return. */
export const GHN_FULFILLMENT_OPTIONS: GhnFulfillmentOption[] = [
  { id: "ghn-light", name: "GHN - Hàng nhẹ (light goods)", service_type_id: 2 },
  { id: "ghn-heavy", name: "GHN - Hàng nặng (heavy goods)", service_type_id: 5 },
  { id: "ghn-return-light", name: "GHN - Trả hàng nhẹ (return, light goods)", service_type_id: 2, is_return: true },
  { id: "ghn-return-heavy", name: "GHN - Trả hàng nặng (return, heavy goods)", service_type_id: 5, is_return: true },
]

/** A shipping option already in the zone, as Medusa lists it. */
export type ZoneShippingOption = { id: string; name: string; provider_id: string | null; shipping_profile_id?: string | null; data?: Record<string, unknown> | null }

/** An option to create (createShippingOptionsWorkflow's input, but for the zone and profile). */
export type PlannedShippingOption = {
  name: string
  provider_id: string
  price_type: "calculated"
  data: { id: string; service_type_id: 2 | 5; is_return?: boolean }
  type: { label: string; description: string; code: string }
  rules: { attribute: string; value: string; operator: "eq" }[]
}

const kindOf = (data: Record<string, unknown> | null | undefined) => `${Number(data?.service_type_id)}|${data?.is_return === true || data?.is_return === "true"}`

/**
 * The calculated GHN options for a zone, named as the provider names them (the merchant renames
 * them later in Medusa's settings), and the GHN options of the zone each would duplicate (same
 * GHN service, same direction).
 */
export function planGhnShippingOptions(providerId: string, existing: ZoneShippingOption[], isGhn: (providerId: string | null) => boolean) {
  const ghnExisting = existing.filter((o) => isGhn(o.provider_id))
  const options: PlannedShippingOption[] = GHN_FULFILLMENT_OPTIONS.map((o) => ({
    name: o.name,
    provider_id: providerId,
    price_type: "calculated",
    data: { id: o.id, service_type_id: o.service_type_id, ...(o.is_return ? { is_return: true } : {}) },
    type: { label: o.name, description: `GHN service_type_id ${o.service_type_id}${o.is_return ? ", return" : ""}: the fee GHN quotes`, code: o.id },
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: o.is_return ? "true" : "false", operator: "eq" },
    ],
  }))
  // In the plan's order (Medusa lists a zone's options in no set order), so the merchant reads the same message each time.
  const planned = options.map((o) => kindOf(o.data))
  const duplicates = planned.flatMap((kind) => ghnExisting.filter((o) => kindOf(o.data) === kind).map((o) => ({ id: o.id, name: o.name })))
  return { options, duplicates }
}
