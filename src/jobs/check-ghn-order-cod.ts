import type { MedusaContainer } from "@medusajs/framework/types"
import { backfillOrderCodChecks } from "../runners/cod"

/** The COD tab's order check for every order that has none (shipped before the check existed, an event missed): its `differences` filter then sees them. */
export default async function checkGhnOrderCodJob(container: MedusaContainer) {
  const { checked } = await backfillOrderCodChecks(container)
  if (checked) container.resolve("logger").info(`GHN: the COD check of ${checked} orders computed`)
}

export const config = {
  name: "check-ghn-order-cod",
  schedule: "41 * * * *",
}
