import { assertServiceType, buildParcel, ghnItems, ParcelError } from "../parcel"

const grams = { weightUnit: "g" as const, dimensionUnit: "cm" as const }

describe("buildParcel", () => {
  it("sums weights, takes the longest and widest item, stacks heights", () => {
    const parcel = buildParcel(
      [
        { title: "Áo", quantity: 2, unit_price: 100000, variant: { id: "v1", weight: 300, length: 20, width: 30, height: 2 } },
        { title: "Ấm", quantity: 1, variant: { id: "v2", weight: 1200, length: 25, width: 20, height: 20 } },
      ],
      grams
    )
    // Áo: sides sorted 30 x 20 x 2 (longest is the length), twice; Ấm: 25 x 20 x 20.
    expect(parcel).toMatchObject({ weight: 1800, length: 30, width: 20, height: 24, service_type_id: 2 })
    expect(parcel.items[0]).toEqual({ name: "Áo", quantity: 2, price: 100000, weight: 300, length: 30, width: 20, height: 2 })
  })

  it("falls back from the variant to the product, then to the defaults, converting units", () => {
    const parcel = buildParcel(
      [
        { title: "A", quantity: 1, variant: { id: "v1" }, product: { weight: 1.5 } },
        { title: "B", quantity: 1, variant: { id: "v2" } },
      ],
      { weightUnit: "kg", dimensionUnit: "mm", defaultItemWeight: 0.25, defaultItemSize: { length: 100, width: 50, height: 10 } }
    )
    expect(parcel.weight).toBe(1750)
    expect(parcel.items[1]).toMatchObject({ weight: 250, length: 10, width: 5, height: 1 })
  })

  it("names the variant that has no weight when there is no default", () => {
    expect(() => buildParcel([{ title: "Quà", quantity: 1, variant: { id: "variant_123" } }], grams)).toThrow(
      /variant variant_123 \("Quà"\) has no weight.*defaultItemWeight/
    )
  })

  it("refuses a parcel over 50 kg and a side over 200 cm, naming the limit", () => {
    const heavy = () => buildParcel([{ title: "Két", quantity: 1, variant: { weight: 60000 } }], grams)
    expect(heavy).toThrow(ParcelError)
    expect(heavy).toThrow("the parcel weighs 60000 g: GHN accepts at most 50000 g (50 kg) per order")
    expect(() => buildParcel([{ title: "Thang", quantity: 1, variant: { weight: 800, length: 250, width: 40, height: 10 } }], grams)).toThrow(
      '"Thang" measures 250 cm on one side: GHN accepts at most 200 cm per side'
    )
  })

  it("chooses service type 5 from 20 kg and checks an option's type", () => {
    const heavy = buildParcel([{ title: "Sơn", quantity: 1, variant: { weight: 25000, length: 40, width: 40, height: 40 } }], grams)
    expect(heavy.service_type_id).toBe(5)
    expect(() => assertServiceType(heavy, 2)).toThrow(/light goods \(service type 2\) carry less than 20000 g/)
    expect(() => assertServiceType(heavy, 5)).not.toThrow()
    const light = buildParcel([{ title: "Áo", quantity: 1, variant: { weight: 300 } }], grams)
    expect(() => assertServiceType(light, 5)).toThrow(/heavy goods \(service type 5\) need 20000 g or more/)
    const two = buildParcel([{ title: "Áo", quantity: 2, variant: { weight: 300 } }], grams)
    expect(() => assertServiceType(two, 5)).not.toThrow()
  })

  it("refuses a light box whose stacked height passes 200 cm", () => {
    expect(() => buildParcel([{ title: "Sách", quantity: 50, variant: { weight: 300, length: 20, width: 15, height: 5 } }], grams)).toThrow(
      /the 50 items stack to 250 cm/
    )
  })
})

describe("ghnItems", () => {
  it("sends heavy goods as one item per unit (spec: each item is one parcel), light goods as one item per line", () => {
    const parcel = buildParcel(
      [{ title: "Thùng sơn", quantity: 3, variant: { id: "v", weight: 8000, length: 40, width: 40, height: 40 } }],
      grams
    )
    expect(ghnItems(parcel, 5)).toHaveLength(3)
    expect(ghnItems(parcel, 5).every((i) => i.quantity === 1 && i.weight === 8000)).toBe(true)
    expect(ghnItems(parcel, 2)).toEqual(parcel.items)
  })
})
