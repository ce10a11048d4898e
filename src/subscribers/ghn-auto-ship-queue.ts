import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderWorkflowEvents } from "@medusajs/framework/utils"
import { queueForAutoShip } from "../runners/auto-ship"

/** A new order shipped with GHN is queued for automatic shipping (option `autoShip`; nothing when it is off). */
export default async function ghnAutoShipQueue({ event, container }: SubscriberArgs<{ id: string }>) {
  await queueForAutoShip(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.PLACED,
  context: { subscriberId: "ghn-auto-ship-queue" },
}
