import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule, sendCachedList } from "../../../utils"
import type { NewWardsQuery } from "../validators"

/** The wards of a province in the new two-level model. */
export async function GET(req: MedusaRequest<unknown, NewWardsQuery>, res: MedusaResponse) {
  const { province_id } = req.validatedQuery as NewWardsQuery
  await sendCachedList(res, "wards", () => ghnModule(req).storeAddresses.newWards(province_id))
}
