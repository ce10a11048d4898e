import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { resolveAllSavedAddresses } from "../../../../../runners/saved-addresses"

/** Resolves every customer's saved addresses now (what the `medusa exec` script does); the counts. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { resolved, needs_choice, skipped, changed } = await resolveAllSavedAddresses(req.scope)
  res.json({ resolved, needs_choice, skipped, changed })
}
