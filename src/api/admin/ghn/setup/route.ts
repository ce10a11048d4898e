import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AddressInput } from "../../../../lib/address/address-resolver"
import { catalogueSides, catalogueWeight, type Measured } from "../../../../lib/parcel/parcel"
import { isGhnProviderId } from "../../../../lib/runtime/provider-id"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import type { GhnOptionData } from "../../../../contracts/fulfillment-data"
import { setupChecklist } from "../../../../lib/insights/setup-checklist"
import { ghnModule } from "../../../utils"
import { locationShops } from "../settings/shared"

type VariantRow = Measured & { id: string; product?: Measured | null }

/**
 * Settings -> GHN -> Set-up: the checklist read from the store (src/lib/insights/setup-checklist.ts):
 * locations shipping with GHN and their shops, their addresses resolved to GHN wards, variants
 * without weight or size, Vietnam's regions in VND, a COD payment provider, the webhook heard from
 * in the last 24 hours, GHN shipping options.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const [shops, { data: addresses }, { data: variants }, { data: regions }, { data: providers }, { data: options }, lastCallback] = await Promise.all([
    locationShops(req, ghn),
    query.graph<{ id: string; address?: AddressInput | null }>({ entity: "stock_location", fields: ["id", "address.*"] }),
    query.graph<VariantRow>({ entity: "product_variant", fields: ["id", "weight", "length", "width", "height", "product.weight", "product.length", "product.width", "product.height"] }),
    query.graph<{ id: string; name: string; currency_code: string; countries?: ({ iso_2?: string } | null)[] }>({ entity: "region", fields: ["id", "name", "currency_code", "countries.iso_2"] }),
    query.graph<{ id: string; is_enabled: boolean }>({ entity: "payment_provider", fields: ["id", "is_enabled"] }),
    query.graph<{ id: string; name: string; provider_id: string | null; data?: Partial<GhnOptionData> | null }>({ entity: "shipping_option", fields: ["id", "name", "provider_id", "data"] }),
    ghn.lastCallbackReceivedAt(),
  ])
  const addressOf = new Map(addresses.map((a) => [a.id, a.address]))
  const locations = await Promise.all(
    shops.map(async (l) => {
      const address = addressOf.get(l.id)
      if (l.ghn_enabled === false) return { ...l, ward: null, address_error: null }
      if (!address) return { ...l, ward: null, address_error: "the location has no address" }
      try {
        const resolved = await ghn.addresses.resolve(address)
        return { ...l, ward: [resolved.ward_name, resolved.district_name, resolved.province_name].filter(Boolean).join(", "), address_error: null }
      } catch (error) {
        return { ...l, ward: null, address_error: (error as Error).message }
      }
    })
  )
  const lines = setupChecklist({
    locations,
    variants: {
      total: variants.length,
      without_weight: variants.filter((v) => catalogueWeight(v, v.product) === undefined).length,
      without_size: variants.filter((v) => catalogueSides(v, v.product) === undefined).length,
    },
    regions: regions.map((r) => ({ id: r.id, name: r.name, currency_code: r.currency_code, countries: (r.countries ?? []).map((c) => c?.iso_2 ?? "").filter(Boolean) })),
    cod: { configured: ghn.options.codPaymentProviders, enabled: providers.filter((p) => p.is_enabled).map((p) => p.id) },
    webhook: { last_received_at: lastCallback },
    shipping_options: options.filter((o) => isGhnProviderId(o.provider_id)).map((o) => ({ id: o.id, name: o.name, is_return: !!o.data?.is_return })),
    now: new Date(),
  })
  res.json({ ok: lines.every((l) => l.ok), lines })
}
