import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../utils"
import { toMedusaError } from "../../../../../lib/runtime/medusa-error"
import type { AffiliateCreateShopBody } from "../../support-validators"

/**
 * Partner onboarding, step 2 (Create Shop by OTP): a shop owned by the customer, with this
 * account as staff. GHN's sequence is not atomic: after a failure the shop may exist anyway, so
 * Get Shop is read before answering; a shop found there is reported as created ("recovered")
 * and the admin is told not to retry.
 */
export async function POST(req: MedusaRequest<AffiliateCreateShopBody>, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const body = req.validatedBody
  const before = await ghn.client.shops.listAll().then(
    (shops) => shops.map((s) => s._id),
    (error) => {
      throw toMedusaError(error, "GHN Get Shop (before Create Shop by OTP)")
    }
  )
  try {
    const { shop_id, client_id } = await ghn.client.affiliate.createShopByOtp(body)
    const shops = await ghn.client.shops.listAll().catch(() => [])
    res.status(201).json({ outcome: "created", shop_id, client_id, shop: shops.find((s) => s._id === shop_id) ?? null, known_shop_ids: before })
  } catch (error) {
    const failure = toMedusaError(error, "GHN Create Shop by OTP")
    const found = await ghn.client.affiliate.findShopAfterFailure({ phone: body.phone, knownShopIds: before }).catch(() => null)
    if (found) {
      res.status(201).json({
        outcome: "recovered",
        shop_id: found._id,
        client_id: found.client_id ?? null,
        shop: found,
        known_shop_ids: before,
        ghn_error: { code: (failure as MedusaError & { code?: string }).code ?? null, message: failure.message },
      })
      return
    }
    failure.message += ` (Get Shop shows no new shop of ${body.phone}: check again before retrying; GHN's sequence is not atomic and the shop can appear later)`
    throw failure
  }
}
