import { model } from "@medusajs/framework/utils"

/**
 * One order of a shipping run: its state (queued, running, created, failed, cancelled) and
 * result: the GHN order made, or GHN's code and text, or Medusa's reason.
 */
export const GhnShippingRunOrder = model
  .define("ghn_shipping_run_order", {
    id: model.id({ prefix: "ghnrno" }).primaryKey(),
    run_id: model.text(),
    order_id: model.text(),
    /** The order's number as the merchant reads it, kept for the run's results and handover list. */
    display_id: model.text().nullable(),
    /** The GHN provider of the order's shipping method (its account paces the run). */
    provider_id: model.text().nullable(),
    status: model.text().default("queued"),
    fulfillment_id: model.text().nullable(),
    ghn_order_code: model.text().nullable(),
    /** GHN's code (or Medusa's error type) and the text of the failure. */
    error_code: model.text().nullable(),
    error: model.text().nullable(),
    /** The failure's stable code's parameters (src/lib/admin-errors), for the admin's own words. */
    error_params: model.json().nullable(),
    attempts: model.number().default(0),
    started_at: model.dateTime().nullable(),
    finished_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["run_id", "status"] },
    // A GHN code scanned at the door is looked up among every run's parcels.
    { on: ["ghn_order_code"], where: "ghn_order_code IS NOT NULL" },
    // An order is queued or being shipped by one run at a time, whatever two runs or two workers do.
    { name: "IDX_ghn_shipping_run_order_active", on: ["order_id"], unique: true, where: "status IN ('queued', 'running')" },
  ])
