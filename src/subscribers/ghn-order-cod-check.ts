import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderEditWorkflowEvents, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { refreshOrderCodChecks } from "../runners/cod"

/** Medusa's order events that can change what an order owes or what its parcels carry: the COD tab's check of the order follows. */
export default async function ghnOrderCodCheck({ event, container }: SubscriberArgs<{ id?: string; order_id?: string }>) {
  await refreshOrderCodChecks(container, [event.data.order_id ?? event.data.id])
}

export const config: SubscriberConfig = {
  event: [
    OrderWorkflowEvents.UPDATED,
    OrderWorkflowEvents.CANCELED,
    OrderWorkflowEvents.FULFILLMENT_CREATED,
    OrderWorkflowEvents.FULFILLMENT_CANCELED,
    OrderWorkflowEvents.RETURN_REQUESTED,
    OrderWorkflowEvents.RETURN_RECEIVED,
    OrderWorkflowEvents.CLAIM_CREATED,
    OrderWorkflowEvents.EXCHANGE_CREATED,
    OrderEditWorkflowEvents.CONFIRMED,
  ],
  context: { subscriberId: "ghn-order-cod-check" },
}
