import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import { callGhn } from "../../support-utils"
import type { DistrictsQuery } from "../../support-validators"

/** The districts of a GHN province (legacy model). */
export async function GET(req: MedusaRequest<unknown, DistrictsQuery>, res: MedusaResponse) {
  const { province_id } = req.validatedQuery as DistrictsQuery
  const districts = await callGhn("GHN districts", () => ghnModule(req).addresses.districts(province_id))
  res.json({ districts, count: districts.length })
}
