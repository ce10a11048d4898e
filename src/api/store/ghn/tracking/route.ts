import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { takeAttempt } from "../../../../lib/rate-limit"
import { ghnModule } from "../../../utils"
import type { GuestTrackingBody } from "../validators"
import { orderTracking, trackedOrder, trackingLocaleOf } from "../tracking-of-order"

/** Lookups a guest may make from one address (right or wrong) in this many seconds. */
export const GUEST_TRACKING_LIMIT = { attempts: 10, windowSeconds: 600 }

/**
 * A guest's parcels of an order, given the order's email and number. A wrong email and an unknown
 * number are the same 404; an address making more than 10 lookups in 10 minutes waits (429 with
 * Retry-After), so numbers cannot be guessed through it.
 */
export async function POST(req: MedusaRequest<GuestTrackingBody>, res: MedusaResponse) {
  const locale = trackingLocaleOf(req)
  const { attempts, windowSeconds } = GUEST_TRACKING_LIMIT
  const decision = await takeAttempt(ghnModule(req).cache.store, `guest-tracking:${req.ip ?? req.socket.remoteAddress ?? "unknown"}`, attempts, windowSeconds)
  if (!decision.allowed) {
    res.setHeader("Retry-After", String(decision.retryAfterSeconds))
    res.status(429).json({ type: "too_many_requests", message: `Too many order lookups: try again in ${decision.retryAfterSeconds} s` })
    return
  }
  const body = req.validatedBody
  const order = await trackedOrder(req, { display_id: body.order_number })
  if (!order || !order.email || order.email.trim().toLowerCase() !== body.email) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "No order matches this email and order number")
  }
  res.json(await orderTracking(req, order, locale))
}
