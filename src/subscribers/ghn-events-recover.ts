import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { GHN_EVENTS_RECOVER, type GhnEventsRecoverData } from "../contracts/events"
import { isScriptRun } from "../lib/runtime/in-flight"
import { recoveryPass } from "../runners/shipments"

/** The recovery pass asked for at start (see the GHN module's onApplicationStart): runs where events are handled, the worker. */
export default async function ghnEventsRecover({ container }: SubscriberArgs<GhnEventsRecoverData>) {
  if (isScriptRun()) return
  const { callbacks, cod } = await recoveryPass(container)
  if (callbacks.applied || callbacks.failed || cod.captured) {
    container.resolve("logger").info(
      `GHN: recovery pass applied the callbacks of ${callbacks.applied} parcels (${callbacks.failed} failed, ${callbacks.waiting} callbacks waiting for their shipment) and captured ${cod.captured} CODs`
    )
  }
}

export const config: SubscriberConfig = {
  event: GHN_EVENTS_RECOVER,
  context: { subscriberId: "ghn-events-recover" },
}
