import { ghnProviderIdOf, isGhnProviderId } from "../../runtime/provider-id"
import { GHN_FULFILLMENT_OPTIONS, planGhnShippingOptions } from "../shipping-options"

describe("planGhnShippingOptions", () => {
  it("plans one calculated option per fulfilment option the provider offers, with the is_return rule of its direction", () => {
    const { options, duplicates } = planGhnShippingOptions(ghnProviderIdOf("ghn"), [], isGhnProviderId)
    expect(duplicates).toEqual([])
    expect(options.map((o) => o.data.id)).toEqual(GHN_FULFILLMENT_OPTIONS.map((o) => o.id))
    for (const o of options) {
      expect(o).toMatchObject({ provider_id: ghnProviderIdOf("ghn"), price_type: "calculated" })
      expect(o.rules).toContainEqual({ attribute: "is_return", value: o.data.is_return ? "true" : "false", operator: "eq" })
    }
    expect(options.filter((o) => o.data.is_return).map((o) => o.data.service_type_id)).toEqual([2, 5])
  })

  it("names the zone's GHN options of the same service and direction, whatever their name or data's form, and ignores other providers'", () => {
    const existing = [
      { id: "so_light", name: "Giao nhanh", provider_id: ghnProviderIdOf("ghn"), data: { service_type_id: "2" } },
      { id: "so_ret", name: "Trả hàng", provider_id: "ghn_second", data: { service_type_id: 5, is_return: "true" } },
      { id: "so_manual", name: "Giao tay", provider_id: "manual_manual", data: { service_type_id: 5 } },
      { id: "so_other", name: "GHN ?", provider_id: ghnProviderIdOf("ghn"), data: { service_type_id: 9 } },
    ]
    const { duplicates } = planGhnShippingOptions(ghnProviderIdOf("ghn"), existing, isGhnProviderId)
    expect(duplicates).toEqual([
      { id: "so_light", name: "Giao nhanh" },
      { id: "so_ret", name: "Trả hàng" },
    ])
  })

  it("names the duplicates in the plan's order, whatever order Medusa lists the zone's options in", () => {
    const zone = [
      { id: "so_heavy_return", name: "Heavy return", provider_id: ghnProviderIdOf("ghn"), data: { service_type_id: 5, is_return: true } },
      { id: "so_heavy", name: "Heavy", provider_id: ghnProviderIdOf("ghn"), data: { service_type_id: 5 } },
      { id: "so_light", name: "Light", provider_id: ghnProviderIdOf("ghn"), data: { service_type_id: 2 } },
      { id: "so_light_return", name: "Light return", provider_id: ghnProviderIdOf("ghn"), data: { service_type_id: 2, is_return: true } },
    ]
    const { options } = planGhnShippingOptions(ghnProviderIdOf("ghn"), [], isGhnProviderId)
    const kind = (d: { service_type_id: unknown; is_return?: unknown }) => `${d.service_type_id}|${d.is_return === true}`
    const planOrder = options.map((o) => zone.find((z) => kind(z.data) === kind(o.data))!.id)
    for (const listed of [zone, [...zone].reverse(), [zone[2], zone[0], zone[3], zone[1]]]) {
      expect(planGhnShippingOptions(ghnProviderIdOf("ghn"), listed, isGhnProviderId).duplicates.map((d) => d.id)).toEqual(planOrder)
    }
  })
})
