import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule, sendCachedList } from "../../../utils"
import type { WardsQuery } from "../validators"

/** The wards of a GHN district (legacy model); their `id` is GHN's WardCode. */
export async function GET(req: MedusaRequest<unknown, WardsQuery>, res: MedusaResponse) {
  const { district_id } = req.validatedQuery as WardsQuery
  await sendCachedList(res, "wards", () => ghnModule(req).storeAddresses.wards(district_id))
}
