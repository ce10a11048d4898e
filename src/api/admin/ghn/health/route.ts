import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnHealth } from "../../../../runners/health"
import { ghnModule } from "../../../utils"

/**
 * The GHN page's Health section: per GHN account, the last callback and those waiting to be
 * applied, parcels in transit with no news for a day, GHN's answers by class over the last hour
 * and day with the request budget's use, COD captures failed or waiting, the token's last refusal
 * and last acceptance; the last shipping runs' failure rate; and the alerts open now. Indexed reads only.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const [health, alerts] = await Promise.all([ghnHealth(ghn), ghn.alerts.openOnes()])
  res.json({ health: { checked_at: new Date().toISOString(), ...health, alerts } })
}
