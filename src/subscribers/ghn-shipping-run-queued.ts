import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { GHN_SHIPPING_RUN_QUEUED, type GhnShippingRunQueuedData } from "../contracts/events"
import { executeShippingRun } from "../runners/shipping-runs"

/** A run queued by the admin (or its failed orders retried): executed where events are handled, the worker. */
export default async function ghnShippingRunQueued({ event, container }: SubscriberArgs<GhnShippingRunQueuedData>) {
  await executeShippingRun(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: GHN_SHIPPING_RUN_QUEUED,
  context: { subscriberId: "ghn-shipping-run-queued" },
}
