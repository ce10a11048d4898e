import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { SHOPPER_UPDATE_EVENTS, type ShopperUpdateData } from "../contracts/events"
import { notifyGhnShopperWorkflow } from "../workflows/notify-ghn-shopper"

/** A parcel reached a moment the shopper is told about: the notification goes out once. */
export default async function ghnShopperNotify({ event, container }: SubscriberArgs<ShopperUpdateData>) {
  try {
    await notifyGhnShopperWorkflow(container).run({ input: event.data })
  } catch (error) {
    const message = (error as Error).message ?? String(error)
    // Another process sent this very notification at the same moment: the module's unique key held.
    if (/idempotency_key|duplicate key/i.test(message)) return
    container.resolve<{ warn(m: string): void }>("logger").warn(`GHN: the shopper notification of ${event.data.order_code} (${event.data.update}) was not sent: ${message}`)
  }
}

export const config: SubscriberConfig = {
  event: Object.values(SHOPPER_UPDATE_EVENTS),
  context: { subscriberId: "ghn-shopper-notify" },
}
