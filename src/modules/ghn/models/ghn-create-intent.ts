import { model } from "@medusajs/framework/utils"

/**
 * A GHN order about to be created for a fulfilment, written before Create Order is sent: its
 * client order code (GHN answers a repeated code with the order it already made), the provider,
 * the order, the stock location and the items. An answer lost to a timeout or a restart leaves
 * it `pending`; the admin's retry of the same shipment reuses its code, a retry with other items
 * has GHN cancel the orphan first. `created` once a fulfilment carries its GHN order.
 */
export const GhnCreateIntent = model
  .define("ghn_create_intent", {
    id: model.id({ prefix: "ghnint" }).primaryKey(),
    client_order_code: model.text().unique(),
    provider_id: model.text(),
    order_id: model.text(),
    location_id: model.text().nullable(),
    /** The shipment's lines as [line_item_id, quantity], sorted: what makes a retry "the same shipment". */
    items: model.json(),
    cod_amount: model.number().default(0),
    /** pending (sent or about to be, answer unknown), created, abandoned (the orphan was cancelled at GHN). */
    status: model.text().default("pending"),
    order_code: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    /** Why it was abandoned, for the admin. */
    note: model.text().nullable(),
  })
  .indexes([{ on: ["order_id", "status"] }])
