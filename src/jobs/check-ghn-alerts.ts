import type { MedusaContainer } from "@medusajs/framework/types"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { checkGhnAlerts } from "../runners/health"

/** The integration's alerts (option `alerts`): each opened and cleared once, told to the team; nothing when `alerts.enabled` is false. */
export default async function checkGhnAlertsJob(container: MedusaContainer) {
  if (!container.resolve<GhnModuleService>(GHN_MODULE).options.alerts.enabled) return
  await checkGhnAlerts(container)
}

export const config = {
  name: "check-ghn-alerts",
  schedule: "* * * * *",
}
