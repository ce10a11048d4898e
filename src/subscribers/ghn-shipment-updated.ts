import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { eventFromWebhook, GHN_SHIPMENT_UPDATED, ghnWebhookSchema } from "../lib/webhook"
import { syncGhnShipmentWorkflow } from "../workflows/sync-ghn-shipment"

/** Applies a stored GHN callback; a failure is recorded on it and thrown so the event bus retries. */
export default async function ghnShipmentUpdated({ event, container }: SubscriberArgs<{ event_id: string }>) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const stored = await ghn.retrieveGhnWebhookEvent(event.data.event_id)
  if (stored.processed_at) return
  try {
    await syncGhnShipmentWorkflow(container).run({
      input: { order_code: stored.order_code, event: eventFromWebhook(ghnWebhookSchema.parse(stored.body)), event_id: stored.id },
    })
  } catch (error) {
    await ghn.updateGhnWebhookEvents({ id: stored.id, error: (error as Error).message })
    throw error
  }
}

export const config: SubscriberConfig = {
  event: GHN_SHIPMENT_UPDATED,
  context: { subscriberId: "ghn-sync-shipment" },
}
