import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import { callGhn } from "../../support-utils"
import type { AffiliateOtpBody } from "../../support-validators"

/** Partner onboarding, step 1 (Get OTP): GHN texts an OTP to the customer's phone; its lifetime. */
export async function POST(req: MedusaRequest<AffiliateOtpBody>, res: MedusaResponse) {
  const { phone } = req.validatedBody
  const { TTL } = await callGhn("GHN Get OTP", () => ghnModule(req).client.affiliate.getOtp({ phone }))
  res.json({ phone, ttl: TTL, expires_at: new Date(Date.now() + TTL * 1000).toISOString() })
}
