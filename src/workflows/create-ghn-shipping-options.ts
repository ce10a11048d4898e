import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { PlannedShippingOption } from "../lib/parcel/shipping-options"
import { enableGhnProviderOnLocationStep } from "./steps/enable-ghn-provider-on-location"
import { ensureGhnServiceZoneStep, type EnsureGhnServiceZoneInput } from "./steps/ensure-ghn-service-zone"

export type CreateGhnShippingOptionsInput = EnsureGhnServiceZoneInput & {
  provider_id: string
  /** The provider is already enabled on the location. */
  provider_enabled: boolean
  shipping_profile_id: string
  options: PlannedShippingOption[]
}

/**
 * Settings -> GHN -> Set-up: the GHN calculated options of a location's service zone, through
 * Medusa's own createShippingOptionsWorkflow (the zone and the provider on the location made
 * first when missing; each undone if a later step fails).
 */
export const createGhnShippingOptionsWorkflow = createWorkflow("create-ghn-shipping-options", (input: CreateGhnShippingOptionsInput) => {
  enableGhnProviderOnLocationStep(transform({ input }, ({ input }) => ({ location_id: input.location_id, provider_id: input.provider_id, enabled: input.provider_enabled })))
  const zoneId = ensureGhnServiceZoneStep(input)
  const options = transform({ input, zoneId }, ({ input, zoneId }) =>
    input.options.map((o) => ({ ...o, service_zone_id: zoneId, shipping_profile_id: input.shipping_profile_id }))
  )
  const created = createShippingOptionsWorkflow.runAsStep({ input: options })
  return new WorkflowResponse(created)
})
