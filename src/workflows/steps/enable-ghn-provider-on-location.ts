import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * The GHN provider enabled on the stock location (Medusa refuses a shipping option whose provider
 * the location does not offer). Its compensation removes the link it made, and only that.
 */
export const enableGhnProviderOnLocationStep = createStep(
  "enable-ghn-provider-on-location",
  async (input: { location_id: string; provider_id: string; enabled: boolean }, { container }) => {
    if (input.enabled) return new StepResponse(undefined, null)
    const linked = { [Modules.STOCK_LOCATION]: { stock_location_id: input.location_id }, [Modules.FULFILLMENT]: { fulfillment_provider_id: input.provider_id } }
    await container.resolve(ContainerRegistrationKeys.LINK).create(linked)
    return new StepResponse(undefined, linked)
  },
  async (linked, { container }) => {
    if (linked) await container.resolve(ContainerRegistrationKeys.LINK).dismiss(linked)
  }
)
