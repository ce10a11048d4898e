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
    /** The stock location the parcel left from (the Insights tab's filter); null: recorded before it was kept. */
    location_id: model.text().nullable(),
    /** The receiver's province as Create Order sent it (GHN's name); null: recorded before it was kept. */
    to_province: model.text().nullable(),
    is_return: model.boolean().default(false),
    /** GHN status and the time GHN gave it: only a later GHN time may replace them. */
    status: model.text().default("ready_to_pick"),
    status_at: model.dateTime().nullable(),
    /** GHN's reason for the current status (a failed delivery's, a loss's) and its code. */
    status_reason: model.text().nullable(),
    status_reason_code: model.text().nullable(),
    /** Failed delivery attempts: the times GHN reported the parcel going into delivery_fail. */
    delivery_attempts: model.number().default(0),
    /** Every status event, ordered by GHN time: { status, type, time, reason, reason_code, source }. */
    history: model.json().default({ events: [] }),
    total_fee: model.number().default(0),
    fees: model.json().nullable(),
    /** GHN's COD now (GHN may change it: update_cod). */
    cod_amount: model.number().default(0),
    /** The COD the plugin decided when it created the GHN order (null: made before it was kept). */
    cod_expected: model.number().nullable(),
    /** GHN collected the COD from the receiver, and transferred it to the shop (GHN's data). */
    is_cod_collected: model.boolean().default(false),
    cod_collect_date: model.dateTime().nullable(),
    is_cod_transferred: model.boolean().default(false),
    cod_transfer_date: model.dateTime().nullable(),
    /** The order's COD payment captured for this parcel on delivery: captured | skipped | failed. */
    cod_capture_status: model.text().nullable(),
    cod_captured_amount: model.number().default(0),
    cod_capture_id: model.text().nullable(),
    /** The COD payment's captures before this parcel's capture began: the capture Medusa then made is the one not in it. */
    cod_capture_before: model.json().nullable(),
    cod_captured_at: model.dateTime().nullable(),
    cod_capture_error: model.text().nullable(),
    /** The shipping the customer paid at checkout (GHN's quote then), on the order's first parcel. */
    quoted_fee: model.number().nullable(),
    /** GHN's measures of the parcel: weight and volumetric weight (g), the box (cm). */
    weight: model.number().nullable(),
    converted_weight: model.number().nullable(),
    box_length: model.number().nullable(),
    box_width: model.number().nullable(),
    box_height: model.number().nullable(),
    /** What the store sent in Create Order: weight (g), box (cm) and GHN's fee then (the re-weighing report compares). */
    sent_weight: model.number().nullable(),
    sent_length: model.number().nullable(),
    sent_width: model.number().nullable(),
    sent_height: model.number().nullable(),
    sent_fee: model.number().nullable(),
    expected_delivery_time: model.dateTime().nullable(),
    /**
     * The codRisk check run again after the order's receiver phone changed (before pickup, COD):
     * `{ phone, refused, recent_returns, days, max_returned, checked_at }`; null when never re-run.
     */
    cod_risk: model.json().nullable(),
    /** Last time anything was heard of GHN (webhook or poll), for the polling fallback. */
    last_synced_at: model.dateTime().nullable(),
  })
  .indexes([
    // The status filters and the "Needs action" queue, oldest decision first.
    { on: ["status", "status_at"] },
    { on: ["order_id"] },
    // The GHN page's list, newest first; its search by a whole client order code (`1042-1`).
    { on: ["created_at"] },
    { on: ["client_order_code"] },
    // The polling fallback: parcels not final, the longest silent first.
    { on: ["last_synced_at"], where: "status NOT IN ('delivered', 'returned', 'cancel', 'lost', 'damage')" },
    // ... and delivered COD parcels GHN has not transferred yet (reconciliation), apart.
    { name: "IDX_ghn_shipment_cod_transfer_due", on: ["last_synced_at"], where: "status = 'delivered' AND cod_amount > 0 AND is_cod_transferred = false" },
    // The recovery pass's COD captures left undone (every 15 s): only those parcels are in it.
    // The Insights tab: a location's parcels created in a date range (all locations: the created_at index).
    { name: "IDX_ghn_shipment_location_created", on: ["location_id", "created_at"], where: "is_return = false" },
    // ... and its COD collected and transferred in the range.
    { name: "IDX_ghn_shipment_cod_collect_date", on: ["cod_collect_date"], where: "is_cod_collected = true" },
    { name: "IDX_ghn_shipment_cod_transfer_date", on: ["cod_transfer_date"], where: "is_cod_transferred = true" },
    { on: ["cod_captured_at"], where: "status = 'delivered' AND cod_amount > 0 AND (cod_capture_status IS NULL OR cod_capture_status IN ('capturing', 'failed'))" },
  ])
