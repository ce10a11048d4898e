import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { recordGhnShipmentWorkflow } from "../workflows/record-ghn-shipment"

export default async function ghnFulfillmentCreated({ event, container }: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  await recordGhnShipmentWorkflow(container).run({ input: { order_id: event.data.order_id, fulfillment_id: event.data.fulfillment_id } })
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "ghn-record-shipment" },
}
