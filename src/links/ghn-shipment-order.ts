import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import GhnModule from "../modules/ghn"

/**
 * A GHN shipment's Medusa order, by the `order_id` it keeps: read-only (no link table), so
 * query.graph reads `ghn_shipment.order` (its number, its receiver) in one query.
 */
export default defineLink({ linkable: GhnModule.linkable.ghnShipment, field: "order_id" }, OrderModule.linkable.order, { readOnly: true })
