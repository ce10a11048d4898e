import { model } from "@medusajs/framework/utils"

/**
 * A check at the door of a shipping run's parcels (the admin's Handover view): the GHN codes
 * scanned from the labels, one after the other, each with its result; when completed, who
 * completed it and the run's parcels left unscanned. A run has at most one open check; the newest
 * is what the handover record prints.
 */
export const GhnHandoverScan = model
  .define("ghn_handover_scan", {
    id: model.id({ prefix: "ghnscan" }).primaryKey(),
    run_id: model.text(),
    /** open (codes still being scanned) or completed. */
    status: model.text().default("open"),
    /** The admin user who scanned the first code, and the one who completed it. */
    started_by: model.text().nullable(),
    completed_by: model.text().nullable(),
    completed_at: model.dateTime().nullable(),
    /** Every code scanned, in order: `{ code, at, by, result: parcel | repeat | foreign, run_id }`. */
    scans: model.json().default({ items: [] }),
    /** The run's parcels (GHN codes) not scanned when it was completed. */
    missing: model.json().nullable(),
  })
  .indexes([
    { on: ["run_id", "created_at"] },
    { name: "IDX_ghn_handover_scan_open", on: ["run_id"], unique: true, where: "status = 'open'" },
  ])
