import type { MedusaContainer } from "@medusajs/framework/types"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { recoverGhnIntents } from "../runners/intents"

/**
 * Create Order intents left behind: a fulfilment whose GHN order was being made when its process
 * stopped is completed (its code re-sent: GHN answers with the order it made), and a GHN order no
 * fulfilment carries is cancelled, with back-off while GHN fails. Runs every
 * `intentRecoveryMinutes` (0: never on its schedule).
 */
export default async function recoverGhnIntentsJob(container: MedusaContainer) {
  const every = container.resolve<GhnModuleService>(GHN_MODULE).options.intentRecoveryMinutes
  if (!every || Math.floor(Date.now() / 60_000) % every) return
  const results = await recoverGhnIntents(container)
  const stuck = results.filter((r) => r.outcome === "orphan" || r.error)
  if (stuck.length) container.resolve("logger").warn(`GHN: ${stuck.length} Create Order intents still need GHN (see the order's GHN panel)`)
}

export const config = {
  name: "recover-ghn-intents",
  schedule: "* * * * *",
}
