import { createHash } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { attemptCounterOf, callerOf, openLookup, settleLookup, type LookupGate } from "../../../../lib/runtime/rate-limit"
import { ghnModule } from "../../../utils"
import type { GuestTrackingBody } from "../validators"
import { guestParcel, orderTracking, trackedOrder, trackingLocaleOf } from "../tracking-of-order"


const unavailable = {
  type: "unavailable",
  code: "tracking_limit_unavailable",
  message: "Order lookup is unavailable for a moment (its guessing limit cannot be counted): try again shortly",
}

/**
 * A guest's parcels of an order, given the order's email and number, among the orders of the
 * publishable key's sales channels. A wrong email, an unknown number and another channel's order
 * are the same 404. Guessing is limited by openLookup (src/lib/runtime/rate-limit.ts): only
 * misses count against the caller, the right pair is never refused by others' misses on the same
 * order or email, and a caller past its misses gets 429 with Retry-After. When the count cannot
 * be kept (Medusa's caching or locking module failing): 503, never a lookup uncounted. A guest
 * sees less than the order's customer (guestParcel).
 */
export async function POST(req: MedusaRequest<GuestTrackingBody>, res: MedusaResponse) {
  const locale = trackingLocaleOf(req)
  const body = req.validatedBody
  const ghn = ghnModule(req)
  // Lookups matching no order allowed per window from one caller (an address, IPv6 by /64); past as
  // many misses naming one email or one order number, each further miss naming it spends the
  // guessing caller's whole allowance (docs/storefront.md, "Order tracking limits").
  const { attempts, windowSeconds } = ghn.options.guestTrackingLimit
  const counter = attemptCounterOf(req.scope, { caching: Modules.CACHING, locking: Modules.LOCKING })
  // The email is kept hashed: the counter's store holds no shopper's address.
  const email = createHash("sha256").update(body.email).digest("hex").slice(0, 32)
  const keys = {
    caller: `guest-tracking:addr:${callerOf(req, ghn.options.trustedProxies)}`,
    targets: [`guest-tracking:email:${email}`, `guest-tracking:order:${body.order_number}`],
  }
  let gate: LookupGate
  try {
    gate = await openLookup(counter, keys, attempts, windowSeconds)
  } catch {
    res.status(503).json(unavailable)
    return
  }
  if (!gate.allowed) {
    res.setHeader("Retry-After", String(gate.retryAfterSeconds))
    res.status(429).json({ type: "too_many_requests", code: "tracking_rate_limited", message: `Too many order lookups: try again in ${gate.retryAfterSeconds} s` })
    return
  }
  const order = await trackedOrder(req, { display_id: body.order_number })
  const found = !!order?.email && order.email.trim().toLowerCase() === body.email
  await settleLookup(counter, gate, found)
  if (!found || !order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No order matches this email and order number")
  const tracking = await orderTracking(req, order, locale)
  res.json({ ...tracking, parcels: tracking.parcels.map(guestParcel) })
}
