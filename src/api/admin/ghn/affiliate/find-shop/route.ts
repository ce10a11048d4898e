import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import { callGhn } from "../../support-utils"
import type { AffiliateFindShopBody } from "../../support-validators"

/** "Check again" after a failed onboarding step: the shop Get Shop now shows, or null. */
export async function POST(req: MedusaRequest<AffiliateFindShopBody>, res: MedusaResponse) {
  const b = req.validatedBody
  const shop = await callGhn("GHN Get Shop", () =>
    ghnModule(req).client.affiliate.findShopAfterFailure({ shop_id: b.shop_id, phone: b.phone, knownShopIds: b.known_shop_ids })
  )
  res.json({ shop })
}
