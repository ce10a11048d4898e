import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { GHN_COD_DELIVERED, type GhnCodDeliveredData } from "../contracts/events"
import { isScriptRun } from "../lib/runtime/in-flight"
import { captureGhnCod } from "../runners/cod"

/** A shipment with COD was delivered: its COD is captured (a failure is recorded; the polling job retries). */
export default async function ghnCodDelivered({ event, container }: SubscriberArgs<GhnCodDeliveredData>) {
  // A `medusa exec` script may exit in the middle: the worker's next pass captures it.
  if (isScriptRun()) return
  await captureGhnCod(container, event.data.order_code)
}

export const config: SubscriberConfig = {
  event: GHN_COD_DELIVERED,
  context: { subscriberId: "ghn-capture-cod" },
}
