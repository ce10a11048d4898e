import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../utils"
import { toMedusaError } from "../../../../../lib/runtime/medusa-error"
import type { AffiliateAddStaffBody } from "../../support-validators"

/**
 * Partner onboarding, step 2 for an existing shop (Add Staff to Shop by OTP): this account joins
 * the customer's shop. Not atomic either: after a failure Get Shop tells whether the account
 * belongs to the shop anyway ("recovered", e.g. CLIENT_HAVE_EXISTED or a failure after joining).
 */
export async function POST(req: MedusaRequest<AffiliateAddStaffBody>, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const body = req.validatedBody
  try {
    await ghn.client.affiliate.addStaffByOtp(body)
    const shop = await ghn.client.affiliate.findShopAfterFailure({ shop_id: body.shop_id }).catch(() => null)
    res.status(201).json({ outcome: "added", shop_id: body.shop_id, shop })
  } catch (error) {
    const failure = toMedusaError(error, "GHN Add Staff to Shop by OTP")
    const found = await ghn.client.affiliate.findShopAfterFailure({ shop_id: body.shop_id }).catch(() => null)
    if (found) {
      res.status(201).json({
        outcome: "recovered",
        shop_id: body.shop_id,
        shop: found,
        ghn_error: { code: (failure as MedusaError & { code?: string }).code ?? null, message: failure.message },
      })
      return
    }
    throw failure
  }
}
