import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule, sendCachedList } from "../../../utils"

/** GHN's provinces in the new two-level model (after the 01/07/2025 reform). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await sendCachedList(res, "provinces", () => ghnModule(req).storeAddresses.newProvinces())
}
