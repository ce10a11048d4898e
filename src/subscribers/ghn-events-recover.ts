import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { isScriptRun } from "../lib/in-flight"
import { GHN_EVENTS_RECOVER } from "../modules/ghn/service"
import { applyPendingGhnEvents } from "../jobs/_ghn-parcels"

/** The recovery pass asked for at start (see the GHN module's onApplicationStart): runs where events are handled, the worker. */
export default async function ghnEventsRecover({ container }: SubscriberArgs<{ reason?: string }>) {
  if (isScriptRun()) return
  const result = await applyPendingGhnEvents(container)
  if (result.applied || result.failed) {
    container.resolve("logger").info(`GHN: recovery pass applied ${result.applied} stored callbacks (${result.failed} failed, ${result.waiting} waiting for their shipment)`)
  }
}

export const config: SubscriberConfig = {
  event: GHN_EVENTS_RECOVER,
  context: { subscriberId: "ghn-events-recover" },
}
