import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import { setGhnLocationShopsWorkflow } from "../../../../workflows/set-ghn-location-shops"
import { ghnModule } from "../../../utils"
import { locationShops } from "../settings/shared"
import { callGhn } from "../support-utils"
import type { LocationShopsBody } from "../support-validators"
import { adminError } from "../../../../lib/runtime/medusa-error"

/** Every stock location and its GHN shop (stored from the admin, else the option `locationShops`, else the default shop). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ locations: await locationShops(req, ghnModule(req)) })
}

/**
 * Stores the GHN shop of stock locations (null: back to the option `locationShops`). Each location
 * must be the store's and each shop one of the account's (Get Shop); a change applies to the
 * fulfilments made after it, a parcel already at GHN keeps its shop.
 */
export async function POST(req: MedusaRequest<LocationShopsBody>, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const { locations } = req.validatedBody
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const ids = locations.map((l) => l.location_id)
  const { data: found } = await query.graph<{ id: string }>({ entity: "stock_location", fields: ["id"], filters: { id: ids } })
  const unknown = ids.filter((id) => !found.some((l) => l.id === id))
  if (unknown.length) throw adminError(MedusaError.Types.NOT_FOUND, { code: "locations_unknown", params: { locations: unknown.join(", ") } })
  const wanted = [...new Set(locations.map((l) => l.shop_id).filter((id): id is number => id !== null))]
  if (wanted.length) {
    const shops = await callGhn("GHN Get Shop", () => ghn.client.shops.listAll())
    const foreign = wanted.filter((id) => !shops.some((s) => s._id === id))
    // GHN refuses Create Order from a shop it has not activated (or has locked): SHOP_NO_ACTIVE.
    const inactive = shops.filter((s) => wanted.includes(s._id) && s.status !== 1)
    if (foreign.length) {
      throw adminError(MedusaError.Types.INVALID_DATA, { code: "shops_not_of_account", params: { shops: foreign.join(", "), account_shops: shops.map((s) => s._id).join(", ") } })
    }
    if (inactive.length) {
      throw adminError(MedusaError.Types.INVALID_DATA, { code: "shops_not_active", params: { shops: inactive.map((s) => `${s._id} (${s.name}, status ${s.status})`).join(", ") } })
    }
  }
  await setGhnLocationShopsWorkflow(req.scope).run({ input: locations })
  res.json({ locations: await locationShops(req, ghn) })
}
