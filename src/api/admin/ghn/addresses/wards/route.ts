import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import { callGhn } from "../../support-utils"
import type { WardsQuery } from "../../support-validators"

/** The wards of a GHN district (legacy model). */
export async function GET(req: MedusaRequest<unknown, WardsQuery>, res: MedusaResponse) {
  const { district_id } = req.validatedQuery as WardsQuery
  const wards = await callGhn("GHN wards", () => ghnModule(req).addresses.wards(district_id))
  res.json({ wards, count: wards.length })
}
