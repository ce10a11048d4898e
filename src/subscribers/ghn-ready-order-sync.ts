import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderEditWorkflowEvents, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

/** Medusa's order events that can change whether an order has something to ship: its entry in Ready to ship's index. */
export default async function ghnReadyOrderSync({ event, container }: SubscriberArgs<{ id?: string; order_id?: string }>) {
  const orderId = event.data.order_id ?? event.data.id
  if (orderId) await container.resolve<GhnModuleService>(GHN_MODULE).readyToShip.sync([orderId])
}

export const config: SubscriberConfig = {
  event: [
    OrderWorkflowEvents.PLACED,
    OrderWorkflowEvents.UPDATED,
    OrderWorkflowEvents.CANCELED,
    OrderWorkflowEvents.COMPLETED,
    OrderWorkflowEvents.ARCHIVED,
    OrderWorkflowEvents.FULFILLMENT_CREATED,
    OrderWorkflowEvents.FULFILLMENT_CANCELED,
    OrderEditWorkflowEvents.CONFIRMED,
  ],
  context: { subscriberId: "ghn-ready-order-sync" },
}
