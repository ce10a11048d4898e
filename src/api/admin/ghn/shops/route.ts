import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../utils"
import { callGhn } from "../support-utils"
import type { CreateShopBody } from "../support-validators"

/** Get Shop: every shop the account owns or belongs to (all pages), and the default shop. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const shops = await callGhn("GHN Get Shop", () => ghn.client.shops.listAll())
  res.json({ shops, count: shops.length, default_shop_id: ghn.options.shopId })
}

/** Create Shop: a new shop of the account (GHN needs the default shop, active, as ShopId). */
export async function POST(req: MedusaRequest<CreateShopBody>, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const { shop_id } = await callGhn("GHN Create Shop", () => ghn.client.shops.create(req.validatedBody))
  const shops = await ghn.client.shops.listAll().catch(() => [])
  res.status(201).json({ shop_id, shop: shops.find((s) => s._id === shop_id) ?? null })
}
