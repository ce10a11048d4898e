import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../utils"

/** The webhook secret in clear, for the admin's "reveal" (to paste into GHN's portal). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { webhookSecret, webhookHeader } = ghnModule(req).options
  if (!webhookSecret) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No webhook secret is configured (plugin option webhookSecret)")
  res.setHeader("Cache-Control", "no-store")
  res.json({ header: webhookHeader, secret: webhookSecret })
}
