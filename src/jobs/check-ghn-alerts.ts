import type { MedusaContainer } from "@medusajs/framework/types"
import { checkGhnAlerts } from "../runners/health"

/** The integration's alerts (option `alerts`): each opened and cleared once, told to the team. */
export default async function checkGhnAlertsJob(container: MedusaContainer) {
  await checkGhnAlerts(container)
}

export const config = {
  name: "check-ghn-alerts",
  schedule: "* * * * *",
}
