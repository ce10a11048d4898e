import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { IFulfillmentModuleService } from "@medusajs/framework/types"

export type EnsureGhnServiceZoneInput = {
  location_id: string
  /** The zone to use; none: a shipping fulfilment set with a zone for Vietnam is made for the location. */
  service_zone_id?: string
  fulfillment_set_name: string
  service_zone_name: string
}

/**
 * The service zone the GHN options go in: the one given, or a new shipping fulfilment set of the
 * location with one zone covering Vietnam (what Medusa's location settings make by hand). Its
 * compensation removes the set it made, and the set's link to the location.
 */
export const ensureGhnServiceZoneStep = createStep(
  "ensure-ghn-service-zone",
  async (input: EnsureGhnServiceZoneInput, { container }) => {
    if (input.service_zone_id) return new StepResponse(input.service_zone_id, null)
    const fulfillment = container.resolve<IFulfillmentModuleService>(Modules.FULFILLMENT)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const set = await fulfillment.createFulfillmentSets({
      name: input.fulfillment_set_name,
      type: "shipping",
      service_zones: [{ name: input.service_zone_name, geo_zones: [{ type: "country", country_code: "vn" }] }],
    })
    const linked = { [Modules.STOCK_LOCATION]: { stock_location_id: input.location_id }, [Modules.FULFILLMENT]: { fulfillment_set_id: set.id } }
    await link.create(linked)
    const [zone] = await fulfillment.listServiceZones({ fulfillment_set: { id: set.id } }, { select: ["id"] })
    return new StepResponse(zone.id, { fulfillment_set_id: set.id, linked })
  },
  async (made, { container }) => {
    if (!made) return
    await container.resolve(ContainerRegistrationKeys.LINK).dismiss(made.linked)
    await container.resolve<IFulfillmentModuleService>(Modules.FULFILLMENT).deleteFulfillmentSets([made.fulfillment_set_id])
  }
)
