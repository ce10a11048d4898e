import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { rateLimited, takeAttempt } from "../../../../lib/rate-limit"
import { ghnModule } from "../../../utils"
import type { GuestTrackingBody } from "../validators"
import { orderTracking, trackedOrder, trackingLocaleOf } from "../tracking-of-order"

/** Lookups matching no order a guest may make from one address in this many seconds. */
export const GUEST_TRACKING_LIMIT = { attempts: 10, windowSeconds: 600 }

/**
 * A guest's parcels of an order, given the order's email and number. A wrong email and an unknown
 * number are the same 404; an address with 10 such misses in 10 minutes waits (429 with
 * Retry-After, right pairs included), so numbers cannot be guessed through it. A shopper whose
 * page refreshes the tracking is never limited by it.
 */
export async function POST(req: MedusaRequest<GuestTrackingBody>, res: MedusaResponse) {
  const locale = trackingLocaleOf(req)
  const { attempts, windowSeconds } = GUEST_TRACKING_LIMIT
  const store = ghnModule(req).cache.store
  const key = `guest-tracking:${req.ip ?? req.socket.remoteAddress ?? "unknown"}`
  const decision = await rateLimited(store, key, attempts, windowSeconds)
  if (!decision.allowed) {
    res.setHeader("Retry-After", String(decision.retryAfterSeconds))
    res.status(429).json({ type: "too_many_requests", message: `Too many order lookups: try again in ${decision.retryAfterSeconds} s` })
    return
  }
  const body = req.validatedBody
  const order = await trackedOrder(req, { display_id: body.order_number })
  if (!order || !order.email || order.email.trim().toLowerCase() !== body.email) {
    await takeAttempt(store, key, attempts, windowSeconds)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "No order matches this email and order number")
  }
  res.json(await orderTracking(req, order, locale))
}
