import type { MedusaContainer } from "@medusajs/framework/types"
import { resumeShippingRuns } from "../runners/shipping-runs"

/**
 * Shipping runs whose worker stopped (a restart, a SIGKILL) are continued here once their lease
 * has expired: their orders left running are queued again, and each order's GHN order is made at
 * most once (the fulfilment's intent, and an order with nothing left to ship is not fulfilled again).
 */
export default async function resumeGhnShippingRunsJob(container: MedusaContainer) {
  const resumed = await resumeShippingRuns(container)
  if (resumed.length) container.resolve("logger").info(`GHN: resuming shipping runs ${resumed.join(", ")}`)
}

export const config = {
  name: "resume-ghn-shipping-runs",
  // A cheap question (running runs past their lease, on a partial index): asked often, so a run is
  // continued soon after its lease expired.
  schedule: { interval: 15_000 },
}
