import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { GHN_SHIPMENT_UPDATED, type GhnShipmentUpdatedData } from "../contracts/events"
import { applyGhnCallback } from "../runners/shipments"

/**
 * Applies a stored GHN callback as soon as the webhook stored it. A failure is recorded on the
 * event, and the recovery pass (src/jobs/apply-pending-ghn-events.ts) retries it with back-off.
 */
export default async function ghnShipmentUpdated({ event, container }: SubscriberArgs<GhnShipmentUpdatedData>) {
  await applyGhnCallback(container, event.data)
}

export const config: SubscriberConfig = {
  event: GHN_SHIPMENT_UPDATED,
  context: { subscriberId: "ghn-sync-shipment" },
}
