import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderWorkflowEvents } from "@medusajs/framework/utils"
import { createGhnReturnOrderWorkflow } from "../workflows/create-ghn-return-order"

/** A confirmed return with a GHN return option books GHN's pickup at the customer's. */
export default async function ghnReturnRequested({ event, container }: SubscriberArgs<{ order_id: string; return_id: string }>) {
  await createGhnReturnOrderWorkflow(container).run({ input: { return_id: event.data.return_id } })
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.RETURN_REQUESTED,
  context: { subscriberId: "ghn-create-return-order" },
}
