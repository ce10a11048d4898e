import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { releaseGhnCodWorkflow } from "../workflows/release-ghn-cod"

export default async function ghnFulfillmentCanceled({ event, container }: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  await releaseGhnCodWorkflow(container).run({ input: { order_id: event.data.order_id, fulfillment_id: event.data.fulfillment_id } })
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_canceled",
  context: { subscriberId: "ghn-release-cod" },
}
