import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../../utils"
import { receiverPhone } from "../../phone"
import type { TrustReceiverBody } from "../../../validators"

/** Trusts a receiver (`trusted: true`: the codRisk option never refuses them COD) or takes the trust back. */
export async function POST(req: AuthenticatedMedusaRequest<TrustReceiverBody>, res: MedusaResponse) {
  const phone = receiverPhone(req.params.phone)
  const ghn = ghnModule(req)
  const [existing] = await ghn.listGhnTrustedReceivers({ phone }, { select: ["id"] })
  if (req.validatedBody.trusted && !existing) await ghn.createGhnTrustedReceivers({ phone, trusted_by: req.auth_context?.actor_id ?? null })
  if (!req.validatedBody.trusted && existing) await ghn.deleteGhnTrustedReceivers(existing.id)
  res.json({ receiver: (await ghn.receiverHistories([phone], ghn.options.codRisk)).get(phone) })
}
