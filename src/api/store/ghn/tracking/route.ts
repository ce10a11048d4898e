import { createHash } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { attemptCounterOf, clientAddressOf, giveBack, takeAttempts, type CountedAttempts } from "../../../../lib/runtime/rate-limit"
import { ghnModule } from "../../../utils"
import type { GuestTrackingBody } from "../validators"
import { guestParcel, orderTracking, trackedOrder, trackingLocaleOf } from "../tracking-of-order"

/**
 * Lookups matching no order allowed in this many seconds, counted apart for the caller's address,
 * for the email and for the order number (a guesser spread over many addresses is still stopped).
 */
export const GUEST_TRACKING_LIMIT = { attempts: 10, windowSeconds: 600 }

/**
 * A guest's parcels of an order, given the order's email and number, among the orders of the
 * publishable key's sales channels. A wrong email, an unknown number and another channel's order
 * are the same 404. Every lookup is counted before the order is read, for the address (the
 * connection's, or X-Forwarded-For through the proxies of option `trustedProxies`), the email and
 * the order number; a lookup that finds its order gives its count back, so a page refreshing a
 * right pair is not limited. Past 10 in 10 minutes on any of the three: 429 with Retry-After.
 * When the count cannot be kept (Medusa's caching or locking module failing): 503, never a
 * lookup uncounted. A guest sees less than the order's customer (guestParcel).
 */
export async function POST(req: MedusaRequest<GuestTrackingBody>, res: MedusaResponse) {
  const locale = trackingLocaleOf(req)
  const { attempts, windowSeconds } = GUEST_TRACKING_LIMIT
  const body = req.validatedBody
  const ghn = ghnModule(req)
  const counter = attemptCounterOf(req.scope, { caching: Modules.CACHING, locking: Modules.LOCKING })
  // The email is kept hashed: the counter's store holds no shopper's address.
  const email = createHash("sha256").update(body.email).digest("hex").slice(0, 32)
  const keys = [
    `guest-tracking:addr:${clientAddressOf(req, ghn.options.trustedProxies)}`,
    `guest-tracking:email:${email}`,
    `guest-tracking:order:${body.order_number}`,
  ]
  let counted: CountedAttempts
  try {
    const decision = await takeAttempts(counter, keys, attempts, windowSeconds)
    counted = decision.counted
    if (!decision.allowed) {
      res.setHeader("Retry-After", String(decision.retryAfterSeconds))
      res.status(429).json({ type: "too_many_requests", code: "tracking_rate_limited", message: `Too many order lookups: try again in ${decision.retryAfterSeconds} s` })
      return
    }
  } catch {
    res.status(503).json({
      type: "unavailable",
      code: "tracking_limit_unavailable",
      message: "Order lookup is unavailable for a moment (its guessing limit cannot be counted): try again shortly",
    })
    return
  }
  const order = await trackedOrder(req, { display_id: body.order_number })
  if (!order || !order.email || order.email.trim().toLowerCase() !== body.email) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "No order matches this email and order number")
  }
  await giveBack(counter, counted)
  const tracking = await orderTracking(req, order, locale)
  res.json({ ...tracking, parcels: tracking.parcels.map(guestParcel) })
}
