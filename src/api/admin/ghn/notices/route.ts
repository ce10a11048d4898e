import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refusedTokenNoticeOf } from "../../../../lib/runtime/outage-fallback"
import { ghnModule } from "../../../utils"

/**
 * What the admin's GHN page warns about: GHN refused the store's token at checkout in the last
 * 24 hours (`refused_token`, the last refusal: when, the shop, GHN's code and text), else null.
 * Recorded by the provider even while the outage fallback prices checkout.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const refused = await refusedTokenNoticeOf(ghnModule(req).cache.store)
  res.json({ refused_token: refused })
}
