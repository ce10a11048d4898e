import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { isGhnProviderId } from "../../../../lib/runtime/provider-id"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import { planGhnShippingOptions, type ZoneShippingOption } from "../../../../lib/parcel/shipping-options"
import type { CreateGhnShippingOptionsInput } from "../../../../workflows/create-ghn-shipping-options"
import { ghnModule } from "../../../utils"
import type { ShippingOptionsPlanQuery } from "../support-validators"
import { adminError } from "../../../../lib/runtime/medusa-error"

type ZoneRow = { id: string; name: string; shipping_options?: (ZoneShippingOption | null)[] | null }
type LocationRow = {
  id: string
  name: string
  fulfillment_providers?: ({ id?: string } | null)[] | null
  fulfillment_sets?: ({ id: string; name: string; type: string; service_zones?: (ZoneRow | null)[] | null } | null)[] | null
}

/**
 * The shipping profile the options go in: the one the zone's options use, else the one the store's
 * GHN options use (the products' profile, so the options show at checkout), else a default profile.
 */
async function profileFor(query: QueryGraph, zoneOptions: (ZoneShippingOption | null)[]): Promise<{ id: string; name?: string } | undefined> {
  const inZone = zoneOptions.find((o) => o?.shipping_profile_id)?.shipping_profile_id
  const { data: ghnOptions } = inZone ? { data: [] } : await query.graph<{ provider_id: string | null; shipping_profile_id: string | null }>({ entity: "shipping_option", fields: ["provider_id", "shipping_profile_id"] })
  const id = inZone ?? ghnOptions.find((o) => isGhnProviderId(o.provider_id) && o.shipping_profile_id)?.shipping_profile_id
  const { data } = await query.graph<{ id: string; name: string }>({ entity: "shipping_profile", fields: ["id", "name"], filters: id ? { id } : { type: "default" } })
  return data[0]
}

/**
 * A name no other row of the entity has (Medusa keeps fulfilment set and service zone names unique
 * across the store): the wanted one, else with " (2)", " (3)"...
 */
async function freeName(query: QueryGraph, entity: "fulfillment_set" | "service_zone", wanted: string) {
  const { data } = await query.graph<{ name: string }>({ entity, fields: ["name"], filters: { name: { $ilike: `${wanted}%` } } })
  const taken = new Set(data.map((r) => r.name))
  let name = wanted
  for (let n = 2; taken.has(name); n++) name = `${wanted} (${n})`
  return name
}

/**
 * What creating a location's GHN options would do: the zone (the one named, the location's only
 * shipping zone, or a new one), the provider enabled on the location, the options and the GHN
 * options of the zone they would duplicate.
 */
export async function shippingOptionsPlan(req: MedusaRequest, { location_id, service_zone_id }: ShippingOptionsPlanQuery) {
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const {
    data: [location],
  } = await query.graph<LocationRow>({
    entity: "stock_location",
    fields: ["id", "name", "fulfillment_providers.id", "fulfillment_sets.id", "fulfillment_sets.name", "fulfillment_sets.type", "fulfillment_sets.service_zones.id", "fulfillment_sets.service_zones.name", "fulfillment_sets.service_zones.shipping_options.id", "fulfillment_sets.service_zones.shipping_options.name", "fulfillment_sets.service_zones.shipping_options.provider_id", "fulfillment_sets.service_zones.shipping_options.data", "fulfillment_sets.service_zones.shipping_options.shipping_profile_id"],
    filters: { id: location_id },
  })
  if (!location) throw adminError(MedusaError.Types.NOT_FOUND, { code: "location_not_found", params: { location_id } })
  const zones = (location.fulfillment_sets ?? [])
    .filter((s) => s?.type === "shipping")
    .flatMap((s) => (s!.service_zones ?? []).filter((z): z is ZoneRow => !!z).map((z) => ({ ...z, fulfillment_set: s!.name })))
  const zoneList = zones.map((z) => `${z.id} "${z.name}"`).join(", ")
  let zone: (typeof zones)[number] | undefined
  if (service_zone_id) {
    zone = zones.find((z) => z.id === service_zone_id)
    if (!zone) throw adminError(MedusaError.Types.INVALID_DATA, { code: "zone_not_of_location", params: { service_zone_id, location: location.name, zones: zoneList } })
  } else if (zones.length === 1) {
    zone = zones[0]
  } else if (zones.length > 1) {
    throw adminError(MedusaError.Types.INVALID_DATA, { code: "zone_needed", params: { location: location.name, count: zones.length, zones: zoneList } })
  }
  const enabled = (location.fulfillment_providers ?? []).map((p) => p?.id).filter(isGhnProviderId)
  const ghn = ghnModule(req)
  const providerId = enabled[0] ?? ghn.providerAccounts.map((a) => a.provider_id).find(isGhnProviderId)
  if (!providerId) throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "provider_not_registered", params: {} })
  const profile = await profileFor(query, zone?.shipping_options ?? [])
  if (!profile) throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "no_shipping_profile", params: {} })
  const { options, duplicates } = planGhnShippingOptions(providerId, (zone?.shipping_options ?? []).filter((o): o is ZoneShippingOption => !!o), isGhnProviderId)
  // The set and zone made for a location that has none: named for the merchant to rename.
  const fulfillment_set_name = zone ? "" : await freeName(query, "fulfillment_set", `${location.name} GHN`)
  const service_zone_name = zone ? "" : await freeName(query, "service_zone", `Việt Nam (GHN, ${location.name})`)
  const input: CreateGhnShippingOptionsInput = {
    location_id: location.id,
    service_zone_id: zone?.id,
    fulfillment_set_name,
    service_zone_name,
    provider_id: providerId,
    provider_enabled: enabled.includes(providerId),
    shipping_profile_id: profile.id,
    options,
  }
  const plan = {
    location: { id: location.id, name: location.name },
    service_zone: zone ? { id: zone.id, name: zone.name, fulfillment_set: zone.fulfillment_set, create: false } : { id: null, name: service_zone_name, fulfillment_set: fulfillment_set_name, create: true },
    provider: { id: providerId, enable: !input.provider_enabled },
    shipping_profile: profile,
    options: options.map((o) => ({ name: o.name, service_type_id: o.data.service_type_id, is_return: !!o.data.is_return, price_type: o.price_type })),
    duplicates,
  }
  return { plan, input }
}
