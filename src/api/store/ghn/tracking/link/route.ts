import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import type { TrackingLinkBody } from "../../validators"
import { guestParcel, orderTracking, trackedOrder, trackingLocaleOf } from "../../tracking-of-order"

/**
 * The parcels of the order a notification's signed link names (`?ghn_tracking=<token>`, option
 * `orderTrackingUrl`), as a guest sees them, among the orders of the publishable key's sales
 * channels. The token cannot be guessed (a 128-bit signature), so no guessing limit applies: no
 * one's guesses, and no failing counter, can keep its holder out. A token this store did not
 * sign answers 404 `tracking_link_invalid`; one past its 90 days 410 `tracking_link_expired`
 * (the shopper then asks with the email and the order number).
 */
export async function POST(req: MedusaRequest<TrackingLinkBody>, res: MedusaResponse) {
  const locale = trackingLocaleOf(req)
  const ghn = ghnModule(req)
  const reading = ghn.trackingLinks?.read(req.validatedBody.token) ?? { ok: false as const, reason: "invalid" as const }
  if (!reading.ok && reading.reason === "expired") {
    res.status(410).json({ type: "not_found", code: "tracking_link_expired", message: "This tracking link has expired: look the order up with its email and order number" })
    return
  }
  const order = reading.ok ? await trackedOrder(req, { id: reading.order_id }) : undefined
  if (!order) {
    res.status(404).json({ type: "not_found", code: "tracking_link_invalid", message: "This tracking link names no order of this store: look the order up with its email and order number" })
    return
  }
  const tracking = await orderTracking(req, order, locale)
  res.json({ ...tracking, parcels: tracking.parcels.map(guestParcel) })
}
