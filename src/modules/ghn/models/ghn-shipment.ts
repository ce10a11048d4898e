import { model } from "@medusajs/framework/utils"

/** One GHN order (a fulfilment's or a return's) and what GHN has told about it. */
export const GhnShipment = model
  .define("ghn_shipment", {
    id: model.id({ prefix: "ghnship" }).primaryKey(),
    fulfillment_id: model.text().unique(),
    order_id: model.text().nullable(),
    order_code: model.text().unique(),
    client_order_code: model.text().nullable(),
    /** The GHN provider (account) the fulfilment was made with: its options serve every later call. */
    provider_id: model.text().nullable(),
    shop_id: model.number(),
    is_return: model.boolean().default(false),
    /** GHN status and the time GHN gave it: only a later GHN time may replace them. */
    status: model.text().default("ready_to_pick"),
    status_at: model.dateTime().nullable(),
    /** Every status event, ordered by GHN time: { status, type, time, reason, reason_code, source }. */
    history: model.json().default({ events: [] }),
    total_fee: model.number().default(0),
    fees: model.json().nullable(),
    cod_amount: model.number().default(0),
    cod_transfer_date: model.dateTime().nullable(),
    weight: model.number().nullable(),
    converted_weight: model.number().nullable(),
    expected_delivery_time: model.dateTime().nullable(),
    /** Last time anything was heard of GHN (webhook or poll), for the polling fallback. */
    last_synced_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["status"] }, { on: ["order_id"] }])
