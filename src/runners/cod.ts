/**
 * Runs the COD capture workflow for the event subscriber and the polling job. A runner: the
 * work a job, a subscriber or a route starts (src/runners, beside src/jobs that only schedules).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { trackInFlight } from "../lib/runtime/in-flight"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { captureGhnCodWorkflow } from "../workflows/capture-ghn-cod"

/** Runs the capture, recording a failure on the shipment (the admin shows it; the polling job retries). */
export async function captureGhnCod(container: MedusaContainer, orderCode: string) {
  try {
    // A graceful stop waits for it (the module's shutdown hook): Medusa's capture and its record together.
    const { result } = await trackInFlight(captureGhnCodWorkflow(container).run({ input: { order_code: orderCode } }))
    return result
  } catch (error) {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [shipment] = await ghn.listGhnShipments({ order_code: orderCode }, { select: ["id"] })
    if (shipment) await ghn.updateGhnShipments({ id: shipment.id, cod_capture_status: "failed", cod_capture_error: (error as Error).message })
    container.resolve<{ warn(message: string): void }>("logger").warn(`GHN: the COD of ${orderCode} could not be captured: ${(error as Error).message}`)
    return null
  }
}

/** A capture that failed is tried again this long after its try began. */
export const CAPTURE_RETRY_AFTER_MS = 60_000

/** Delivered COD shipments whose capture has not happened, failed or stopped midway: the recovery pass's second half. */
export async function captureDueGhnCod(container: MedusaContainer, opts: { limit?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const due = await ghn.listGhnShipments(
    {
      status: "delivered",
      is_return: false,
      cod_amount: { $gt: 0 },
      order_id: { $ne: null },
      // Never tried (the event was lost), stopped midway (a run still going holds the shipment's lock:
      // this one then finds it settled), or failed at least a minute ago.
      $or: [
        { cod_capture_status: null },
        { cod_capture_status: "capturing" },
        { cod_capture_status: "failed", cod_captured_at: { $lte: new Date(Date.now() - CAPTURE_RETRY_AFTER_MS) } },
      ],
    } as Parameters<GhnModuleService["listGhnShipments"]>[0],
    // On the partial index of exactly these shipments, the oldest try first.
    { select: ["order_code"], take: opts.limit ?? 100, order: { cod_captured_at: "ASC" } }
  )
  let captured = 0
  for (const s of due) if ((await captureGhnCod(container, s.order_code))?.kind === "capture") captured++
  return { due: due.length, captured }
}
