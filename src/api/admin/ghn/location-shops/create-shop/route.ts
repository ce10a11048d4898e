import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { AddressInput } from "../../../../../lib/address/address-resolver"
import { streetOf } from "../../../../../lib/parcel/order-body"
import { normalizeVnPhone } from "../../../../../lib/address/phone"
import type { QueryGraph } from "../../../../../lib/runtime/query-graph"
import { setGhnLocationShopsWorkflow } from "../../../../../workflows/set-ghn-location-shops"
import { ghnModule } from "../../../../utils"
import { locationShops } from "../../settings/shared"
import { callGhn } from "../../support-utils"
import type { LocationShopCreateBody } from "../../support-validators"
import { adminError, shopperAnswerOf, toMedusaError } from "../../../../../lib/runtime/medusa-error"

type LocationRow = { id: string; name: string; address?: (AddressInput & { phone?: string | null; address_1?: string | null; address_2?: string | null }) | null }

/**
 * Create Shop from a stock location's address (resolved to GHN's district and ward by the address
 * resolver), named after the location and with its phone unless others are given; the location
 * then ships from the new shop.
 */
export async function POST(req: MedusaRequest<LocationShopCreateBody>, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const { location_id, name, phone } = req.validatedBody
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const {
    data: [location],
  } = await query.graph<LocationRow>({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id: location_id } })
  if (!location) throw adminError(MedusaError.Types.NOT_FOUND, { code: "location_not_found", params: { location_id } })
  const address = location.address
  const street = address ? streetOf(address) : ""
  if (!address || !street) throw adminError(MedusaError.Types.INVALID_DATA, { code: "location_no_street", params: { location: location.name } })
  const shopPhone = phone ?? normalizeVnPhone(address.phone)
  if (!shopPhone) throw adminError(MedusaError.Types.INVALID_DATA, { code: "location_no_phone", params: { location: location.name } })
  let resolved
  try {
    resolved = await ghn.addresses.resolve(address)
  } catch (error) {
    const reason = shopperAnswerOf(toMedusaError(error), { medusaLocale: "vi" })?.message ?? (error as Error).message
    throw adminError(MedusaError.Types.INVALID_DATA, { code: "location_unresolved", params: { location: location.name, reason_vi: reason, reason_en: (error as Error).message } })
  }
  const body = {
    name: (name ?? location.name).slice(0, 255),
    phone: shopPhone,
    address: [street, resolved.ward_name, resolved.district_name, resolved.province_name].filter(Boolean).join(", ").slice(0, 1024),
    district_id: resolved.district_id,
    ward_code: resolved.ward_code,
  }
  const { shop_id } = await callGhn("GHN Create Shop", () => ghn.client.shops.create(body))
  await setGhnLocationShopsWorkflow(req.scope).run({ input: [{ location_id, shop_id }] })
  const shops = await ghn.client.shops.listAll().catch(() => [])
  res.status(201).json({ shop_id, shop: shops.find((s) => s._id === shop_id) ?? null, locations: await locationShops(req, ghn) })
}
