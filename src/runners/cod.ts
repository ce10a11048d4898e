/**
 * Runs the COD capture workflow for the event subscriber and the polling job. A runner: the
 * work a job, a subscriber or a route starts (src/runners, beside src/jobs that only schedules).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { trackInFlight } from "../lib/runtime/in-flight"
import type { QueryGraph } from "../lib/runtime/query-graph"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { captureGhnCodWorkflow } from "../workflows/capture-ghn-cod"
import { orderCodChecks } from "../workflows/utils/cod-checks"

/** The parts a parcel's COD is recorded in at most, in one go (the recovery pass finishes any more). */
const MAX_PARTS = 3

/** Runs the capture, recording a failure on the shipment (the admin shows it; the polling job retries). */
export async function captureGhnCod(container: MedusaContainer, orderCode: string) {
  try {
    // A graceful stop waits for it (the module's shutdown hook): Medusa's capture and its record together.
    let { result } = await trackInFlight(captureGhnCodWorkflow(container).run({ input: { order_code: orderCode } }))
    // One part per run: the COD payment's, then a collection's (src/lib/cod/cod.ts, codCaptureFor).
    for (let part = 1; result?.more && part < MAX_PARTS; part++) {
      ;({ result } = await trackInFlight(captureGhnCodWorkflow(container).run({ input: { order_code: orderCode } })))
    }
    if (result?.record) await refreshOrderCodChecks(container, [result.order_id])
    return result
  } catch (error) {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [shipment] = await ghn.listGhnShipments({ order_code: orderCode }, { select: ["id"] })
    // The try's time too: the recovery pass retries a failure a minute after it, which it could never
    // find without one (a run that failed before its mark, e.g. the order's lock still held by a killed process).
    if (shipment) await ghn.updateGhnShipments({ id: shipment.id, cod_capture_status: "failed", cod_capture_error: (error as Error).message, cod_captured_at: new Date() })
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
      // Never tried (the event was lost), stopped midway (a run still going holds the parcel's lock:
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
  for (const s of due) {
    const kind = (await captureGhnCod(container, s.order_code))?.kind
    if (kind === "capture" || kind === "mark_paid") captured++
  }
  return { due: due.length, captured }
}

/**
 * Brings the COD tab's check of these orders up to date (src/lib/cod/cod.ts, orderCodCheck): on
 * Medusa's order events and after the plugin's own writes (a capture, GHN's news applied). A
 * failure is logged, never thrown: the check is a report, and the next change computes it again.
 */
export async function refreshOrderCodChecks(container: MedusaContainer, orderIds: (string | null | undefined)[]) {
  const ids = [...new Set(orderIds.filter((id): id is string => !!id))]
  if (!ids.length) return
  try {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const { checks } = await orderCodChecks(ghn, container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY), ids)
    await ghn.saveOrderCodChecks([...checks].map(([order_id, check]) => ({ order_id, ...check })))
  } catch (error) {
    container.resolve<{ warn(message: string): void }>("logger").warn(`GHN: the COD check of order ${ids.join(", ")} was not updated: ${(error as Error).message}`)
  }
}

/**
 * Checks every order with GHN parcels and no COD check yet (orders shipped before the check
 * existed; an event missed), `batch` at a time in id order until none is left. An order Medusa no
 * longer has gets no check: the keyset moves past it, so it never holds the others back.
 */
export async function backfillOrderCodChecks(container: MedusaContainer, opts: { batch?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const batch = opts.batch ?? 200
  let after = ""
  let checked = 0
  for (;;) {
    const ids = await ghn.ordersWithoutCodCheck(after, batch)
    if (!ids.length) return { checked }
    await refreshOrderCodChecks(container, ids)
    checked += ids.length
    after = ids[ids.length - 1]
    if (ids.length < batch) return { checked }
  }
}
