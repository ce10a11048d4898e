import type { MedusaContainer } from "@medusajs/framework/types"
import { recoveryPass } from "../runners/shipments"

/** The recovery pass on a schedule: stored callbacks left unapplied (a crash, a lost event) and failed ones due again, then COD captures left undone. */
export default async function applyPendingGhnEventsJob(container: MedusaContainer) {
  const { callbacks } = await recoveryPass(container)
  if (callbacks.failed) {
    container.resolve("logger").warn(`GHN: ${callbacks.failed} parcels' stored callbacks could not be applied this pass (retried with back-off; see the shipment in the admin)`)
  }
}

export const config = {
  name: "apply-pending-ghn-events",
  // Jobs run in the worker (or a shared instance) only.
  schedule: { interval: 15_000 },
}
