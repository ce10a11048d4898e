import { model } from "@medusajs/framework/utils"

/**
 * The index of open orders: each order with an item still to ship (src/modules/ghn/ready-to-ship-store.ts
 * says exactly which). Ready to ship reads through it, so its page and count cost what the open
 * orders cost, not the store's history. Kept on Medusa's order events, made exact hourly.
 */
export const GhnReadyOrder = model
  .define("ghn_ready_order", {
    order_id: model.text().primaryKey(),
    /** When the order was placed (its created_at): Ready to ship's order, oldest first. */
    placed_at: model.dateTime(),
  })
  .indexes([{ on: ["placed_at", "order_id"] }])
