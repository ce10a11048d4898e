import type { MedusaContainer } from "@medusajs/framework/types"
import { applyPendingGhnEvents } from "./_ghn-parcels"

/** The recovery pass on a schedule: stored callbacks left unapplied (a crash, a lost event) and failed ones due again. */
export default async function applyPendingGhnEventsJob(container: MedusaContainer) {
  const result = await applyPendingGhnEvents(container)
  if (result.failed) {
    container.resolve("logger").warn(`GHN: ${result.failed} stored callbacks could not be applied this pass (retried with back-off; see the shipment in the admin)`)
  }
}

export const config = {
  name: "apply-pending-ghn-events",
  // Jobs run in the worker (or a shared instance) only.
  schedule: { interval: 15_000 },
}
