import { model } from "@medusajs/framework/utils"

/**
 * A shipping run: GHN orders made for a selection of orders in one action (src/lib/shipping-run/shipping-run.ts
 * has its states). Its orders are ghn_shipping_run_order rows; the worker that executes it holds a
 * lease it renews, so a run whose worker stopped is resumed by another (src/runners/shipping-runs.ts).
 */
export const GhnShippingRun = model
  .define("ghn_shipping_run", {
    id: model.id({ prefix: "ghnrun" }).primaryKey(),
    /** queued, running, completed, cancelled. */
    status: model.text().default("queued"),
    /** The admin user (or "auto_ship") that started it. */
    created_by: model.text().nullable(),
    /** GHN's pickup shift chosen for every parcel of the run (today's id), or null for the store's rule (option pickShift). */
    pick_shift: model.number().nullable(),
    pick_shift_title: model.text().nullable(),
    /** The Ready to ship filter the selection was made with ("all that match"), for the admin. */
    filter: model.json().nullable(),
    total: model.number().default(0),
    started_at: model.dateTime().nullable(),
    finished_at: model.dateTime().nullable(),
    /** The worker executing it renews this; past it, the run is resumed by another. */
    leased_until: model.dateTime().nullable(),
    lease_owner: model.text().nullable(),
  })
  .indexes([
    { on: ["created_at"] },
    // The resume pass: running runs whose worker stopped renewing its lease.
    { on: ["leased_until"], where: "status = 'running'" },
  ])
