import { model } from "@medusajs/framework/utils"

/**
 * The COD tab's check of an order (src/lib/cod/cod.ts, orderCodCheck): its live parcels' COD
 * against what Medusa says the customer owed by COD, as last computed (on Medusa's order and
 * payment events and the plugin's own writes). The `differences` filter reads the orders whose
 * check is off through the partial index, whatever the store's history; a page shows each order's
 * check computed afresh.
 */
export const GhnOrderCodCheck = model
  .define("ghn_order_cod_check", {
    order_id: model.text().primaryKey(),
    order_cod: model.number(),
    order_cod_due: model.number(),
    order_cod_difference: model.number(),
    checked_at: model.dateTime(),
  })
  .indexes([{ name: "IDX_ghn_order_cod_check_difference", on: ["order_id"], where: "order_cod_difference <> 0" }])
