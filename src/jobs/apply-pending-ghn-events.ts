import type { MedusaContainer } from "@medusajs/framework/types"
import { recoveryPass } from "../runners/shipments"

/**
 * The recovery pass, owned by this job: its first run, 15 s after the worker starts, applies what a
 * stopped process stored and never applied; each later run, stored callbacks left unapplied (a
 * crash, a lost event) and failed ones due again, then COD captures left undone.
 */
export default async function applyPendingGhnEventsJob(container: MedusaContainer) {
  const { callbacks, cod } = await recoveryPass(container)
  const logger = container.resolve<{ info(m: string): void; warn(m: string): void }>("logger")
  if (callbacks.applied || callbacks.failed || cod.captured) {
    logger.info(
      `GHN: recovery pass applied the callbacks of ${callbacks.applied} parcels (${callbacks.failed} failed, ${callbacks.waiting} callbacks waiting for their shipment) and captured ${cod.captured} CODs`
    )
  }
  if (callbacks.failed) {
    logger.warn(`GHN: ${callbacks.failed} parcels' stored callbacks could not be applied this pass (retried with back-off; see the shipment in the admin)`)
  }
}

export const config = {
  name: "apply-pending-ghn-events",
  // Jobs run in the worker (or a shared instance) only.
  schedule: { interval: 15_000 },
}
