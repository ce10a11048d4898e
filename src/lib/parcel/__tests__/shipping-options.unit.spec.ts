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
})
