/**
 * The plugin's own events: every name it emits or subscribes to, with what each carries. One
 * declaration, imported by every emitter and subscriber. Medusa's events are named by Medusa's
 * constants (OrderWorkflowEvents and the like, from @medusajs/framework/utils), never written out.
 */
import type { ShopperUpdate } from "../lib/status/shopper-updates"

/**
 * Stored GHN callbacks of an order code wait to be applied: the webhook emits it (batched, one per
 * order code), and Create Order for callbacks GHN sent before the shipment existed. Not retried by
 * the event bus (its subscriber never throws): a failed application counts a try on each stored
 * callback with its next try after a back-off (src/runners/shipments.ts), and the recovery pass
 * (src/jobs/apply-pending-ghn-events.ts, every 15 s and at start) applies the due ones again, up
 * to MAX_CALLBACK_ATTEMPTS tries; then they wait for the admin.
 */
export const GHN_SHIPMENT_UPDATED = "ghn.shipment.updated"
/** The stored callback, and its order code (events queued by older versions: the id only). */
export type GhnShipmentUpdatedData = { event_id: string; order_code?: string }

/** A shipment reached an exception (a return, lost, damaged, GHN's `exception`), with GHN's reason. */
export const GHN_SHIPMENT_EXCEPTION = "ghn.shipment.exception"
export type GhnShipmentExceptionData = {
  order_code: string
  status: string
  previous_status?: string
  reason: string | null
  reason_code: string | null
  fulfillment_id: string
  order_id?: string | null
  is_return?: boolean
}

/** A shipment with COD was delivered and its COD is not captured yet: the capture on delivery runs. */
export const GHN_COD_DELIVERED = "ghn.cod.delivered"
export type GhnCodDeliveredData = { order_code: string }

/**
 * What the shopper is told about an order's parcel, one event per moment of its journey
 * (`ghn.parcel.<update>`, docs/notifications.md). Public names: stores subscribe to them.
 */
export const SHOPPER_UPDATE_EVENTS: Record<ShopperUpdate, string> = {
  shipped: "ghn.parcel.shipped",
  out_for_delivery: "ghn.parcel.out_for_delivery",
  delivery_failed: "ghn.parcel.delivery_failed",
  delivered: "ghn.parcel.delivered",
  returned: "ghn.parcel.returned",
}
/** What the plugin emits with each shopper update (documented in docs/notifications.md). */
export type ShopperUpdateData = {
  update: ShopperUpdate
  order_code: string
  order_id: string
  fulfillment_id: string
  status: string
  /** GHN's reason (a failed delivery's), as GHN wrote it. */
  reason: string | null
  reason_code: string | null
  /** Delivery attempts GHN has reported failed so far (a new attempt is a new update). */
  delivery_attempts: number
}

/** A shipping run was queued (created, or its failed orders retried): the worker executes it. */
export const GHN_SHIPPING_RUN_QUEUED = "ghn.shipping_run.queued"
export type GhnShippingRunQueuedData = { id: string }
