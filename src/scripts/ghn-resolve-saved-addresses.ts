/**
 * Customers' saved addresses (before the 2025 reform, many hold old ward names) resolved to GHN
 * ids ahead of their next checkout:
 *
 *   npx medusa exec ./node_modules/medusa-fulfillment-ghn/.medusa/server/src/scripts/ghn-resolve-saved-addresses.js
 *   (in this repository: npx medusa exec ./src/scripts/ghn-resolve-saved-addresses.ts)
 *
 * Each address in Vietnam gets its GHN ids in its metadata, the way the storefront kit writes them;
 * one that needs its customer's choice (a ward the reform split, a name GHN does not list) keeps
 * its candidates in `metadata.ghn_choice` for the storefront to offer, and is listed here and on
 * the admin's GHN page (Saved addresses). A second run changes nothing.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { resolveAllSavedAddresses } from "../runners/saved-addresses"

export default async function resolveSavedAddresses({ container }: ExecArgs) {
  const logger = container.resolve<{ info(m: string): void }>("logger")
  const summary = await resolveAllSavedAddresses(container)
  logger.info(
    `GHN saved addresses: ${summary.resolved} resolved, ${summary.needs_choice} need their customer's choice, ${summary.skipped} outside Vietnam; ${summary.changed} changed by this run`
  )
  for (const c of summary.choices) logger.info(`  ${c.address_id} (customer ${c.customer_id}): "${c.label}" ${c.code}: ${c.candidates.join(" | ")}`)
}
