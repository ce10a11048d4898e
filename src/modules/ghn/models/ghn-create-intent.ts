import { model } from "@medusajs/framework/utils"

/**
 * A GHN order about to be created for a fulfilment (an order's parcel or a return's pickup),
 * written with the body it sends before Create Order is called; its states and moves are in
 * src/lib/parcel/create-intent.ts. A retry of the same shipment re-sends its code unchanged, so GHN
 * answers with the order it made the first time.
 */
export const GhnCreateIntent = model
  .define("ghn_create_intent", {
    id: model.id({ prefix: "ghnint" }).primaryKey(),
    /** What GHN shows: the order's number and the parcel's sequence (`1042-1`, a return `1042-R1`). */
    client_order_code: model.text().unique(),
    provider_id: model.text(),
    order_id: model.text(),
    /** outbound (an order's parcel) or return (GHN picks up at the customer's). */
    kind: model.text().default("outbound"),
    /** The parcel's sequence within the order and kind. */
    sequence: model.number().default(1),
    shop_id: model.number().nullable(),
    location_id: model.text().nullable(),
    /** The shipment's lines as [line_item_id, quantity], sorted: what makes a retry "the same shipment". */
    items: model.json(),
    cod_amount: model.number().default(0),
    /** The Create Order body as sent (without the code): a retry or the recovery job re-sends it. */
    body: model.json().nullable(),
    status: model.text().default("pending"),
    order_code: model.text().nullable(),
    fulfillment_id: model.text().nullable(),
    /** Why it was abandoned, orphaned or cancelled, for the admin. */
    note: model.text().nullable(),
    /** An orphan's tries to cancel it at GHN, the next one, and the last failure. */
    attempts: model.number().default(0),
    next_attempt_at: model.dateTime().nullable(),
    error: model.text().nullable(),
  })
  .indexes([
    { on: ["order_id", "status"] },
    { on: ["status", "next_attempt_at"] },
    // One code per sequence of an order's parcels (or returns), whatever two processes do.
    { on: ["order_id", "kind", "sequence"], unique: true },
    // A fulfilment has at most one GHN order being made or made.
    { on: ["fulfillment_id"], unique: true, where: "status IN ('pending', 'created')" },
  ])
