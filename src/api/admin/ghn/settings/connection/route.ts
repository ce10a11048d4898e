import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { adminError } from "../../../../../lib/runtime/medusa-error"
import { ghnModule } from "../../../../utils"
import type { ConnectionCheckBody } from "../../support-validators"
import { checkConnection } from "../shared"

/**
 * Connection check of the configured environment, token and shop (GHN's message when refused);
 * `?provider_id=` checks that GHN provider's account (Settings -> GHN lists them).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const providerId = typeof req.query.provider_id === "string" ? req.query.provider_id : undefined
  if (providerId && !ghn.providerAccounts.some((a) => a.provider_id === providerId)) {
    throw adminError(MedusaError.Types.NOT_FOUND, { code: "provider_unknown", params: { provider_id: providerId, providers: ghn.providerAccounts.map((a) => a.provider_id).join(", ") } })
  }
  res.json({ connection: { provider_id: providerId ?? null, ...(await checkConnection(ghn, { environment: "configured" }, ghn.accountOf(providerId))) } })
}

/** The same check with other credentials (a token or shop to try before configuring them). */
export async function POST(req: MedusaRequest<ConnectionCheckBody>, res: MedusaResponse) {
  res.json({ connection: await checkConnection(ghnModule(req), req.validatedBody) })
}
