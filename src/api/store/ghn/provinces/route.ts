import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule, sendCachedList } from "../../../utils"

/** GHN's provinces (legacy model), for storefront address forms. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await sendCachedList(res, "provinces", () => ghnModule(req).storeAddresses.provinces())
}
