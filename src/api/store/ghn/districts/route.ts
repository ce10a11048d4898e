import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule, sendCachedList } from "../../../utils"
import type { DistrictsQuery } from "../validators"

/** The districts of a GHN province (legacy model). */
export async function GET(req: MedusaRequest<unknown, DistrictsQuery>, res: MedusaResponse) {
  const { province_id } = req.validatedQuery as DistrictsQuery
  await sendCachedList(res, "districts", () => ghnModule(req).storeAddresses.districts(province_id))
}
