import { ghnContextOf, intentItems, sameShipment } from "../fulfillment-context"
import { ghnProviderIdOf, isGhnProviderId } from "../provider-id"

describe("GHN provider ids", () => {
  it("recognise the provider under any registration id, and nothing else", () => {
    expect(isGhnProviderId(ghnProviderIdOf("ghn"))).toBe(true)
    expect(isGhnProviderId(ghnProviderIdOf("giaohangnhanh"))).toBe(true)
    expect(isGhnProviderId("ghn_second")).toBe(true)
    for (const other of ["manual_manual", "ghn", "ghn_", "ghnx_ghn", "", null, undefined]) expect(isGhnProviderId(other)).toBe(false)
  })
})

describe("the GHN fulfilment context", () => {
  it("is required to be well formed, naming the bad field", () => {
    expect(ghnContextOf(undefined)).toBeUndefined()
    expect(ghnContextOf({ ghn: { client_order_code: "ghnint_1", cod_amount: 1000 } })).toMatchObject({ client_order_code: "ghnint_1", cod_amount: 1000, orphan_client_order_codes: [], reused: false })
    expect(() => ghnContextOf({ ghn: { client_order_code: "x".repeat(51), cod_amount: -1 } })).toThrow(/client_order_code.*cod_amount/s)
  })

  it("makes a retry 'the same shipment' by its location and lines, whatever their order", () => {
    const a = { location_id: "sloc_1", items: { lines: intentItems([{ id: "b", quantity: 1 }, { id: "a", quantity: 2 }]) } }
    const b = { location_id: "sloc_1", items: { lines: intentItems([{ id: "a", quantity: 1 }, { id: "a", quantity: 1 }, { id: "b", quantity: 1 }]) } }
    expect(sameShipment(a, b)).toBe(true)
    expect(sameShipment(a, { ...b, location_id: "sloc_2" })).toBe(false)
    expect(sameShipment(a, { location_id: "sloc_1", items: { lines: intentItems([{ id: "a", quantity: 2 }]) } })).toBe(false)
  })
})
