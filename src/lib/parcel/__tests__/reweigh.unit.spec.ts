import { disagrees, inCatalogueUnits, variantSuggestions, type ReweighedParcel } from "../reweigh"

const parcel = (p: Partial<ReweighedParcel>): ReweighedParcel => ({
  order_code: "G1",
  sent_weight: 400,
  sent_box: [20, 15, 5],
  weight: 400,
  converted_weight: 300,
  box: [20, 15, 5],
  sent_fee: 32000,
  total_fee: 32000,
  variant_id: "variant_shirt",
  quantity: 1,
  ...p,
})

describe("re-weighing, learned", () => {
  it("sees GHN disagree from 10 % on the weight, the chargeable weight or a side of the box (sides in any order)", () => {
    expect(disagrees(parcel({}))).toBe(false)
    expect(disagrees(parcel({ weight: 430 }))).toBe(false)
    expect(disagrees(parcel({ weight: 440 }))).toBe(true)
    expect(disagrees(parcel({ converted_weight: 600 }))).toBe(true)
    expect(disagrees(parcel({ box: [5, 20, 15] }))).toBe(false)
    expect(disagrees(parcel({ box: [25, 15, 5] }))).toBe(true)
    expect(disagrees(parcel({ weight: null, converted_weight: null, box: null }))).toBe(false)
  })

  it("suggests a variant's unit measures from the parcels of that variant alone (medians), with what they cost", () => {
    const { variants, unattributed } = variantSuggestions([
      parcel({ order_code: "G1", weight: 800, box: [30, 25, 10], total_fee: 37000 }),
      parcel({ order_code: "G2", weight: 1700, quantity: 2, box: [30, 25, 20], total_fee: 45000, sent_weight: 800, sent_fee: 35000 }),
      parcel({ order_code: "G3", weight: 900, box: [31, 26, 10], total_fee: 37000 }),
      parcel({ order_code: "G4" }), // GHN agrees
      parcel({ order_code: "G5", variant_id: null, quantity: 0, weight: 3000 }), // several variants
    ])
    expect(unattributed).toBe(1)
    expect(variants).toEqual([
      {
        variant_id: "variant_shirt",
        parcels: 3,
        fee_difference: 5000 + 10000 + 5000,
        // Weight per unit: 800, 850, 900 -> 850; the box from one-unit parcels only: 30.5 x 25.5 x 10.
        suggested: { weight: 850, length: 31, width: 26, height: 10 },
        order_codes: ["G1", "G2", "G3"],
      },
    ])
  })

  it("writes the suggestion in the catalogue's units", () => {
    expect(inCatalogueUnits({ weight: 850, length: 31, width: 26, height: 10 }, { weightUnit: "kg", dimensionUnit: "mm" })).toEqual({ weight: 0.85, length: 310, width: 260, height: 100 })
    expect(inCatalogueUnits({ weight: null, length: null, width: null, height: null }, { weightUnit: "g", dimensionUnit: "cm" })).toEqual({ weight: null, length: null, width: null, height: null })
  })
})
