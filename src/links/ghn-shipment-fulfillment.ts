import { defineLink } from "@medusajs/framework/utils"
import FulfillmentModule from "@medusajs/medusa/fulfillment"
import GhnModule from "../modules/ghn"

/** A GHN shipment's Medusa fulfilment, by the `fulfillment_id` it keeps: read-only (no link table). */
export default defineLink(
  { linkable: GhnModule.linkable.ghnShipment, field: "fulfillment_id" },
  FulfillmentModule.linkable.fulfillment,
  { readOnly: true }
)
