import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import { callGhn } from "../../support-utils"

/** GHN's provinces (legacy model: Create Shop takes district_id and ward_code), cached a day. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const provinces = await callGhn("GHN provinces", () => ghnModule(req).addresses.provinces())
  res.json({ provinces, count: provinces.length })
}
