import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type GhnLocationShopEntry = { location_id: string; shop_id: number | null }

/** Stores the shop of each location (null clears it); its compensation puts back what was stored before. */
export const setGhnLocationShopsStep = createStep(
  "set-ghn-location-shops",
  async (entries: GhnLocationShopEntry[], { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const before = await ghn.storedLocationShops()
    await ghn.setLocationShops(entries)
    return new StepResponse(undefined, entries.map((e) => ({ location_id: e.location_id, shop_id: before[e.location_id] ?? null })))
  },
  async (previous, { container }) => {
    if (previous?.length) await container.resolve<GhnModuleService>(GHN_MODULE).setLocationShops(previous)
  }
)
