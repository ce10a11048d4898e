import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import { receiverPhone } from "../phone"

/** A receiver's history with the store's COD parcels, and whether an admin trusts them. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const phone = receiverPhone(req.params.phone)
  const ghn = ghnModule(req)
  res.json({ receiver: (await ghn.receiverHistories([phone], ghn.options.codRisk)).get(phone) })
}

/** Forgets a receiver (their parcels' outcomes and the trust): a shopper's data, the shop's duty. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const phone = receiverPhone(req.params.phone)
  const cleared = await ghnModule(req).clearReceiver(phone)
  res.json({ phone, deleted: true, ...cleared })
}
