import { model } from "@medusajs/framework/utils"

/**
 * A GHN support ticket opened from this store. GHN has no "list tickets" API: this record is how
 * the admin finds an order's tickets. The conversation itself is always read from GHN (Get Ticket);
 * the status is the last one GHN reported (refreshed on every read).
 */
export const GhnTicket = model
  .define("ghn_ticket", {
    id: model.id({ prefix: "ghntkt" }).primaryKey(),
    /** GHN's ticket id (Create Ticket's data.id). */
    ticket_id: model.number().unique(),
    order_code: model.text(),
    order_id: model.text().nullable(),
    /** The GHN shop the ticket was opened with (ShopId of later Get Ticket / replies). */
    shop_id: model.number(),
    /** One of the four GHN categories, as GHN spells them. */
    category: model.text(),
    description: model.text(),
    /** 1 in progress, 2 waiting for the store's reply, 3 done. */
    status_id: model.number().default(1),
    status: model.text().nullable(),
    /** Number of public conversation entries at the last read. */
    conversation_count: model.number().default(0),
    /** The admin user who opened it. */
    created_by: model.text().nullable(),
    last_synced_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["order_code"] }, { on: ["order_id"] }, { on: ["status_id"] }])
