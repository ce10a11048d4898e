import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { adminError } from "../../../../../lib/runtime/medusa-error"
import { ghnModule } from "../../../../utils"

/** The webhook secret in clear, for the admin's "reveal" (to paste into GHN's portal). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { webhookSecret, webhookHeader } = ghnModule(req).options
  if (!webhookSecret) throw adminError(MedusaError.Types.NOT_FOUND, { code: "webhook_no_secret", params: {} })
  res.setHeader("Cache-Control", "no-store")
  res.json({ header: webhookHeader, secret: webhookSecret })
}
