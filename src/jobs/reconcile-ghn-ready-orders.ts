import type { MedusaContainer } from "@medusajs/framework/types"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

/** Ready to ship's index of open orders made exact over every order, for what no event said (a missed event, a write outside Medusa's workflows). */
export default async function reconcileGhnReadyOrdersJob(container: MedusaContainer) {
  const { added, removed } = await container.resolve<GhnModuleService>(GHN_MODULE).readyToShip.reconcile()
  if (added || removed) container.resolve("logger").info(`GHN: Ready to ship's index of open orders reconciled: ${added} added, ${removed} removed`)
}

export const config = {
  name: "reconcile-ghn-ready-orders",
  schedule: "17 * * * *",
}
