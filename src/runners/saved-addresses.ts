import { Modules } from "@medusajs/framework/utils"
import type { ICustomerModuleService, MedusaContainer } from "@medusajs/framework/types"
import { resolveGhnSavedAddressesWorkflow, type SavedAddressesSummary } from "../workflows/resolve-ghn-saved-addresses"

/**
 * Every saved address of every customer in Vietnam through the resolution, a page at a time (one
 * workflow run per page, so a failure undoes one page, never the others): the `medusa exec`
 * script's and the admin's "Resolve saved addresses".
 */
export async function resolveAllSavedAddresses(container: MedusaContainer, opts: { pageSize?: number } = {}): Promise<SavedAddressesSummary> {
  const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
  const take = opts.pageSize ?? 200
  const total: SavedAddressesSummary = { resolved: 0, needs_choice: 0, skipped: 0, changed: 0, choices: [] }
  for (let skip = 0; ; skip += take) {
    const page = await customers.listCustomerAddresses({ country_code: { $in: ["vn", "VN"] } }, { select: ["id"], take, skip, order: { id: "ASC" } })
    if (!page.length) break
    const { result } = await resolveGhnSavedAddressesWorkflow(container).run({ input: { address_ids: page.map((a) => a.id) } })
    total.resolved += result.resolved
    total.needs_choice += result.needs_choice
    total.skipped += result.skipped
    total.changed += result.changed
    total.choices.push(...result.choices)
    if (page.length < take) break
  }
  return total
}
