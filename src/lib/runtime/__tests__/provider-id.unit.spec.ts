import { ghnProviderIdOf, isGhnProviderId } from "../provider-id"

describe("GHN provider ids", () => {
  it("recognise the provider under any registration id, and nothing else", () => {
    expect(isGhnProviderId(ghnProviderIdOf("ghn"))).toBe(true)
    expect(isGhnProviderId(ghnProviderIdOf("giaohangnhanh"))).toBe(true)
    expect(isGhnProviderId("ghn_second")).toBe(true)
    for (const other of ["manual_manual", "ghn", "ghn_", "ghnx_ghn", "", null, undefined]) expect(isGhnProviderId(other)).toBe(false)
  })
})
