import type { RunCounts } from "../../../../lib/shipping-run/shipping-run"
import type { ShippingRunOrderRow, ShippingRunRow } from "../../../../modules/ghn/repositories/shipping-run"

/** A run as the admin reads it: its state and counts, and (one run) each order's result. */
export function presentRun(run: ShippingRunRow, counts: RunCounts, orders?: ShippingRunOrderRow[]) {
  return {
    id: run.id,
    status: run.status,
    total: run.total,
    queued: counts.queued,
    running: counts.running,
    created: counts.created,
    failed: counts.failed,
    cancelled: counts.cancelled,
    pick_shift: run.pick_shift,
    pick_shift_title: run.pick_shift_title,
    created_by: run.created_by,
    created_at: run.created_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
    ...(orders
      ? {
          results: orders.map((o) => ({
            order_id: o.order_id,
            display_id: o.display_id,
            status: o.status,
            ...(o.ghn_order_code ? { ghn_order_code: o.ghn_order_code } : {}),
            ...(o.fulfillment_id ? { fulfillment_id: o.fulfillment_id } : {}),
            ...(o.error ? { error: { code: o.error_code, message: o.error, params: o.error_params ?? null } } : {}),
          })),
        }
      : {}),
  }
}
