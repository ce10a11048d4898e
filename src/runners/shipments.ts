/**
 * How a shipment's pending GHN news reaches its one workflow (apply-ghn-shipment): for the webhook's
 * event, the recovery pass, polling and the admin's refresh. A runner: the jobs, subscribers
 * and routes that run the workflow share it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { GhnShipmentUpdatedData } from "../contracts/events"
import { type GhnShipmentEvent, MAX_CALLBACK_ATTEMPTS, retryDelayMs } from "../lib/status/webhook"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { applyGhnShipmentWorkflow } from "../workflows/apply-ghn-shipment"
import { refreshOrderCodChecks } from "./cod"
import { paced } from "../lib/runtime/pace"
import { ghnInstruments, inGhnSpan } from "../lib/runtime/ghn-telemetry"
import { captureDueGhnCod } from "./cod"

/** Callbacks of unknown orders are looked at again this long (GHN calls before the fulfilment is stored). */
const UNKNOWN_ORDER_WINDOW_MS = 24 * 3600_000

export type ApplyOutcome = "applied" | "waiting" | "failed" | "done"

/**
 * Runs the shipment's workflow: every stored callback not applied yet, and `event` (what GHN's
 * Order Info answered now), in one run under the parcel's lock (its order's). The one retry mechanism: a
 * failure counts a try on each pending callback and sets its next one in PostgreSQL (back-off),
 * where the recovery pass finds it; nothing is retried in memory and nothing is thrown to the
 * event bus. `error` tells the caller (a poll, the admin) why.
 */
export async function applyGhnShipment(
  container: MedusaContainer,
  orderCode: string,
  event?: GhnShipmentEvent
): Promise<{ outcome: ApplyOutcome; status?: string; error?: Error }> {
  // One span per application (the callbacks it applied, or GHN's Order Info), its outcome counted.
  return inGhnSpan("GHN apply shipment news", { "ghn.source": event ? event.source ?? "order_info" : "callbacks" }, async () => {
    try {
      const { result } = await applyGhnShipmentWorkflow(container).run({ input: { order_code: orderCode, event } })
      const outcome = !result.found ? "waiting" : result.applied_event_ids.length || event ? "applied" : "done"
      ghnInstruments().callbacks.add(result.applied_event_ids.length, { "ghn.outcome": outcome })
      // The order's COD check follows what it reads of a parcel: its COD, and whether it is cancelled
      // or delivered (a move in transit changes neither; the capture on delivery refreshes it again).
      if (outcome === "applied" && codCheckMoves(result)) await refreshOrderCodChecks(container, [result.order_id])
      return { outcome, status: result.status }
    } catch (error) {
      await container.resolve<GhnModuleService>(GHN_MODULE).markCallbacksFailed(orderCode, (error as Error).message, retryDelayMs)
      ghnInstruments().callbacks.add(1, { "ghn.outcome": "failed" })
      return { outcome: "failed" as const, error: error as Error }
    }
  })
}

/** Whether an application changed what the order's COD check reads (src/lib/cod/cod.ts, orderCodCheck). */
export function codCheckMoves(applied: { cod_changed?: boolean; status_changed: boolean; status?: string; previous_status?: string }): boolean {
  const counted = (status?: string) => status === "cancel" || status === "delivered"
  return !!applied.cod_changed || (applied.status_changed && (counted(applied.status) || counted(applied.previous_status)))
}

// An optimisation only, per process: the shipments whose workflow runs now here, and those that got
// another callback meanwhile. Correctness never depends on it: each run reads what is pending under
// the parcel's lock (across processes too), and the recovery pass applies whatever is left.
const running = new Map<string, Promise<ApplyOutcome>>()
const rerun = new Set<string>()

/**
 * The webhook's event: applies what waits for the callback's shipment. In one process a burst of
 * one shipment's callbacks coalesces: while its workflow runs, further events ask for one more run
 * after it (which picks up every callback stored meanwhile) instead of queueing on the lock.
 */
export async function applyGhnCallback(container: MedusaContainer, data: GhnShipmentUpdatedData): Promise<ApplyOutcome> {
  let orderCode = data.order_code
  if (!orderCode) {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [stored] = await ghn.listGhnWebhookEvents({ id: data.event_id }, { select: ["order_code", "processed_at"] })
    if (!stored || stored.processed_at) return "done"
    orderCode = stored.order_code
  }
  if (running.has(orderCode)) {
    rerun.add(orderCode)
    return "done"
  }
  const code = orderCode
  const run = (async () => {
    let outcome: ApplyOutcome
    do {
      rerun.delete(code)
      outcome = (await applyGhnShipment(container, code)).outcome
    } while (rerun.has(code) && outcome !== "failed")
    return outcome
  })().finally(() => {
    running.delete(code)
    rerun.delete(code)
  })
  running.set(code, run)
  return run
}

/**
 * The recovery pass (at start, and every 15 s in the worker): the shipments with stored callbacks
 * not applied yet and due (never tried, or their back-off is over), oldest first in GHN time, so
 * nothing GHN was told "200" about is lost to a restart, a crash or a dropped event. Callbacks of
 * orders the store does not know yet are applied once their shipment exists.
 */
export async function applyPendingGhnEvents(container: MedusaContainer, opts: { limit?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const now = new Date()
  const due = await ghn.listGhnWebhookEvents(
    {
      processed_at: null,
      attempts: { $lt: MAX_CALLBACK_ATTEMPTS },
      $and: [
        { $or: [{ next_attempt_at: null }, { next_attempt_at: { $lte: now } }] },
        { $or: [{ unknown_order: false }, { received_at: { $gte: new Date(now.getTime() - UNKNOWN_ORDER_WINDOW_MS) } }] },
      ],
    } as Parameters<GhnModuleService["listGhnWebhookEvents"]>[0],
    { select: ["id", "order_code", "unknown_order"], order: { event_time: "ASC" }, take: opts.limit ?? 500 }
  )
  // An unknown order's callbacks wait for its shipment: look them up once per pass.
  const unknownCodes = [...new Set(due.filter((e) => e.unknown_order).map((e) => e.order_code))]
  const known = new Set(
    unknownCodes.length ? (await ghn.listGhnShipments({ order_code: unknownCodes }, { select: ["order_code"] })).map((s) => s.order_code) : []
  )
  const counts: Record<ApplyOutcome, number> = { applied: 0, waiting: 0, failed: 0, done: 0 }
  // One run per shipment: it applies every callback of the shipment that waits.
  const codes = [...new Set(due.filter((e) => !e.unknown_order || known.has(e.order_code)).map((e) => e.order_code))]
  counts.waiting = due.filter((e) => e.unknown_order && !known.has(e.order_code)).length
  for (const code of codes) counts[(await applyGhnShipment(container, code)).outcome]++
  return { ...counts, seen: due.length }
}

export type OrderInfoApplied = { order_code: string; status?: string; error?: string; cause?: unknown }

/**
 * Asks GHN's Order Info about shipments and applies each answer with the shipment's pending
 * callbacks: the polling job, the admin's "refresh" and the switch-status actions.
 */
export async function applyGhnOrderInfo(
  container: MedusaContainer,
  orderCodes: string[],
  source: "poll" | "admin" = "admin",
  opts: { spreadMs?: number } = {}
): Promise<OrderInfoApplied[]> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const listed = await ghn.listGhnShipments({ order_code: orderCodes }, { select: ["order_code", "shop_id", "provider_id"] })
  // In the order asked (polling: the shipments silent longest first).
  const rank = new Map(orderCodes.map((code, i) => [code, i]))
  const shipments = listed.sort((a, b) => rank.get(a.order_code)! - rank.get(b.order_code)!)
  const num = (v: unknown) => (typeof v === "number" ? v : undefined)
  return paced(shipments, opts.spreadMs ?? 0, async (shipment): Promise<OrderInfoApplied> => {
    let event: GhnShipmentEvent
    try {
      const info = await ghn.accountOf(shipment.provider_id).client.orders.info(shipment.order_code, { shopId: shipment.shop_id, background: true })
      event = {
        type: "order_info",
        // Order Info's dates are read by the client's schema (Go's zero time is null).
        time: info.updated_date ?? new Date().toISOString(),
        status: info.status,
        source,
        cod_amount: num(info.cod_amount),
        cod_collected: info.is_cod_collected ?? undefined,
        cod_collect_date: info.cod_collect_date ?? null,
        cod_transferred: info.is_cod_transferred ?? undefined,
        cod_transfer_date: info.cod_transfer_date ?? null,
        weight: num(info.weight),
        converted_weight: num(info.converted_weight),
        length: num(info.length),
        width: num(info.width),
        height: num(info.height),
      }
    } catch (error) {
      return { order_code: shipment.order_code, error: (error as Error).message, cause: error }
    }
    const applied = await applyGhnShipment(container, shipment.order_code, event)
    return applied.error ? { order_code: shipment.order_code, error: applied.error.message, cause: applied.error } : { order_code: shipment.order_code, status: event.status ?? undefined }
  })
}

/**
 * The recovery pass, every 15 s in the worker from its start (job apply-pending-ghn-events): callbacks
 * left unapplied or due again, then COD captures left undone (a lost event, a failure, a stop in the middle).
 */
export async function recoveryPass(container: MedusaContainer) {
  const callbacks = await applyPendingGhnEvents(container)
  const cod = await captureDueGhnCod(container)
  return { callbacks, cod }
}
