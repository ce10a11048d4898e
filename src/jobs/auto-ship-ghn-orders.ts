import type { MedusaContainer } from "@medusajs/framework/types"
import { autoShipPass } from "../runners/auto-ship"

/** Automatic shipping's due pass (option `autoShip`; nothing when it is off): the orders due ship in one shipping run. */
export default async function autoShipGhnOrdersJob(container: MedusaContainer) {
  const { run_id, shipped } = await autoShipPass(container)
  if (run_id) container.resolve("logger").info(`GHN: automatic shipping started run ${run_id} for ${shipped.length} order(s)`)
}

export const config = {
  name: "auto-ship-ghn-orders",
  // Jobs run in the worker (or a shared instance) only.
  schedule: { interval: 60_000 },
}
