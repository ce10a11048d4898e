import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { REFUSED_TOKEN_NOTICE_KEY, type RefusedTokenNotice } from "../../../../lib/runtime/outage-fallback"
import { ghnModule } from "../../../utils"

/**
 * What the admin's GHN page warns about: GHN refused the store's token at checkout in the last
 * 24 hours (`refused_token`, the last refusal: when, the shop, GHN's code and text), else null.
 * Recorded by the provider even while the outage fallback prices checkout.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const kept = await ghnModule(req).cache.store.get(REFUSED_TOKEN_NOTICE_KEY)
  let refused: RefusedTokenNotice | null = null
  try {
    refused = kept ? (JSON.parse(kept) as RefusedTokenNotice) : null
  } catch {
    refused = null
  }
  res.json({ refused_token: refused })
}
