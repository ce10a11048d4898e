import type { MedusaContainer } from "@medusajs/framework/types"
import { eventFromWebhook, ghnWebhookSchema } from "../lib/webhook"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { syncGhnShipmentWorkflow } from "./sync-ghn-shipment"

/** Tries of one stored callback before it waits for the admin (its error shows on the shipment). */
export const MAX_EVENT_ATTEMPTS = 8

/** Back-off after the n-th failed try: 10 s, 20 s, 40 s ... at most an hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1))
}

/** Callbacks of unknown orders are looked at again this long (GHN calls before the fulfilment is stored). */
const UNKNOWN_ORDER_WINDOW_MS = 24 * 3600_000

export type ApplyOutcome = "applied" | "waiting" | "failed" | "done"

/**
 * Applies one stored GHN callback through sync-ghn-shipment (under the shipment's lock; an event
 * already applied is left alone). A failure is recorded on the event with its next try; it never
 * throws, so the recovery pass, not the event bus, owns retries.
 */
export async function applyStoredGhnEvent(container: MedusaContainer, eventId: string): Promise<ApplyOutcome> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [stored] = await ghn.listGhnWebhookEvents({ id: eventId })
  if (!stored || stored.processed_at) return "done"
  try {
    const { result } = await syncGhnShipmentWorkflow(container).run({
      input: { order_code: stored.order_code, event: eventFromWebhook(ghnWebhookSchema.parse(stored.body)), event_id: stored.id },
    })
    return result.found ? "applied" : "waiting"
  } catch (error) {
    const attempts = (stored.attempts ?? 0) + 1
    await ghn.updateGhnWebhookEvents({
      id: stored.id,
      attempts,
      error: (error as Error).message,
      next_attempt_at: attempts >= MAX_EVENT_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(attempts)),
    })
    return "failed"
  }
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
      attempts: { $lt: MAX_EVENT_ATTEMPTS },
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
  for (const event of due) {
    if (event.unknown_order && !known.has(event.order_code)) {
      counts.waiting++
      continue
    }
    counts[await applyStoredGhnEvent(container, event.id)]++
  }
  return { ...counts, seen: due.length }
}
