import type { MedusaContainer } from "@medusajs/framework/types"
import { type GhnShipmentUpdatedData, MAX_CALLBACK_ATTEMPTS } from "../lib/webhook"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { syncGhnShipmentWorkflow } from "./sync-ghn-shipment"


/** Back-off after the n-th failed try: 10 s, 20 s, 40 s ... at most an hour; none after the last try. */
export function retryDelayMs(attempts: number): number | null {
  return attempts >= MAX_CALLBACK_ATTEMPTS ? null : Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1))
}

/** Callbacks of unknown orders are looked at again this long (GHN calls before the fulfilment is stored). */
const UNKNOWN_ORDER_WINDOW_MS = 24 * 3600_000

export type ApplyOutcome = "applied" | "waiting" | "failed" | "done"

/**
 * Applies the stored GHN callbacks of an order code through sync-ghn-shipment: every one not
 * applied yet, in one run under the shipment's lock (a burst of callbacks of one parcel costs
 * one application, and an event already applied is left alone). A failure is recorded on them
 * with their next try; it never throws, so the recovery pass, not the event bus, owns retries.
 */
export async function applyStoredGhnEvents(container: MedusaContainer, orderCode: string): Promise<ApplyOutcome> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  try {
    const { result } = await syncGhnShipmentWorkflow(container).run({ input: { order_code: orderCode, stored: true } })
    return !result.found ? "waiting" : result.applied_event_ids.length ? "applied" : "done"
  } catch (error) {
    await ghn.markCallbacksFailed(orderCode, (error as Error).message, retryDelayMs)
    return "failed"
  }
}

// Per process: the order codes whose application runs now, and those that got another event meanwhile.
const running = new Map<string, Promise<ApplyOutcome>>()
const rerun = new Set<string>()

/**
 * The webhook's event: applies what waits for the callback's order code. A burst of callbacks of
 * one parcel is one event each, but in one process they coalesce: while an application of the
 * order runs, further events only ask for one more run after it (which picks up every callback
 * stored meanwhile), instead of queueing one lock-and-read each. Across processes the shipment's
 * lock still orders them, and the recovery pass covers whatever an event misses.
 */
export async function applyStoredGhnEvent(container: MedusaContainer, data: GhnShipmentUpdatedData): Promise<ApplyOutcome> {
  let orderCode = data.order_code
  if (!orderCode) {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [stored] = await ghn.listGhnWebhookEvents({ id: data.event_id }, { select: ["order_code", "processed_at"] })
    if (!stored || stored.processed_at) return "done"
    orderCode = stored.order_code
  }
  const inFlight = running.get(orderCode)
  if (inFlight) {
    rerun.add(orderCode)
    return "done"
  }
  const code = orderCode
  const run = (async () => {
    let outcome: ApplyOutcome
    do {
      rerun.delete(code)
      outcome = await applyStoredGhnEvents(container, code)
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
 * The recovery pass (at start, and on a schedule in the worker): every stored callback not yet
 * applied and due, oldest first in GHN time, so nothing GHN was told "200" about is lost to a
 * restart, a crash or a dropped event. Callbacks of orders the store does not know yet are applied
 * once their shipment exists.
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
  // One application per order code: it applies every callback of the order that waits.
  const codes = [...new Set(due.filter((e) => !e.unknown_order || known.has(e.order_code)).map((e) => e.order_code))]
  counts.waiting = due.filter((e) => e.unknown_order && !known.has(e.order_code)).length
  for (const code of codes) counts[await applyStoredGhnEvents(container, code)]++
  return { ...counts, seen: due.length }
}
