import { model } from "@medusajs/framework/utils"

/**
 * The GHN shop a stock location ships from, chosen in the admin (Settings -> GHN). It wins over the
 * plugin option `locationShops`, for the plugin's own GHN account (the shops the admin lists). Read
 * when a fulfilment is made: a parcel already at GHN keeps the shop recorded on its shipment.
 */
export const GhnLocationShop = model.define("ghn_location_shop", {
  id: model.id({ prefix: "ghnls" }).primaryKey(),
  /** Medusa's stock location. */
  location_id: model.text().unique(),
  /** GHN's shop id (`_id` in Get Shop). */
  shop_id: model.number(),
})
