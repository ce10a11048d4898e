import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { runGhnCheck } from "../../../../../lib/ghn-check"
import { adminError } from "../../../../../lib/runtime/medusa-error"
import { ghnModule } from "../../../../utils"
import type { AccountCheckBody } from "../../support-validators"
import { environmentOf } from "../shared"

/**
 * Settings -> GHN -> Connection, "Check the account": medusa-ghn-check's checks with each GHN
 * account of the store (or the one `provider_id` names). Read-only unless `create_test_order`
 * (refused on GHN production). The answer holds GHN's words, never a token.
 */
export async function POST(req: MedusaRequest<AccountCheckBody>, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const { provider_id, create_test_order } = req.validatedBody
  const all = ghn.providerAccounts.length ? ghn.providerAccounts : [ghn.accountOf(null)]
  const accounts = provider_id ? all.filter((a) => a.provider_id === provider_id) : all
  if (provider_id && accounts.length === 0) {
    throw adminError(MedusaError.Types.NOT_FOUND, { code: "provider_unknown", params: { provider_id, providers: all.map((a) => a.provider_id).join(", ") } })
  }
  const results = []
  for (const account of accounts) {
    const report = await runGhnCheck({ options: account.options, createTestOrder: create_test_order })
    results.push({ provider_id: account.provider_id, ...report, environment: environmentOf(account.options.environment) })
  }
  res.json({ ok: results.every((r) => r.ok), accounts: results })
}
