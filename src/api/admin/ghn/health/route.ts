import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { healthOf } from "../../../../lib/health/health"
import { REFUSED_TOKEN_NOTICE_KEY, type RefusedTokenNotice } from "../../../../lib/runtime/outage-fallback"
import { ghnModule } from "../../../utils"

/**
 * The GHN page's Health section: per GHN account, the last callback and those waiting to be
 * applied, parcels in transit with no news for a day, GHN's answers by class over the last hour
 * and day with the request budget's use, COD captures failed or waiting, the token's last refusal
 * and last acceptance; and the last shipping runs' failure rate. Indexed reads only.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  // This process's latest calls first, so the figures include them.
  await ghn.keepCallStats()
  const [figures, kept] = await Promise.all([ghn.healthFigures(), ghn.cache.store.get(REFUSED_TOKEN_NOTICE_KEY)])
  let refused: RefusedTokenNotice | null = null
  try {
    refused = kept ? (JSON.parse(kept) as RefusedTokenNotice) : null
  } catch {
    refused = null
  }
  const accounts = ghn.providerAccounts.map((a) => ({
    provider_id: a.provider_id,
    shop_id: a.options.shopId,
    // Its name, never a URL (the sandbox's, a proxy's): "custom" for any other.
    environment: a.options.environment === "production" || a.options.environment === "staging" ? a.options.environment : "custom",
    budget_per_second: a.options.ghnRequestsPerSecond ?? null,
  }))
  res.json({ health: { checked_at: new Date().toISOString(), ...healthOf({ accounts, ...figures, refused_token: refused }) } })
}
