import {
  addressFieldsOf, AddressPickerAction, AddressPickerState, candidateFieldsOf, initialPickerState, nextListToLoad, pickerReducer, savedUnitOf,
} from "../address-state"

const hanoi = { id: 201, name: "Hà Nội", aliases: [] }
const hcm = { id: 202, name: "Hồ Chí Minh", aliases: [] }
const baDinh = { id: 1484, name: "Quận Ba Đình", aliases: [] }
const phucXa = { id: "1A0101", name: "Phường Phúc Xá", aliases: [] }
const run = (state: AddressPickerState, ...actions: AddressPickerAction[]) => actions.reduce(pickerReducer, state)

describe("the address picker's state (useGhnAddress)", () => {
  it("loads provinces first, then each level once the one above is picked", () => {
    let state = initialPickerState("legacy")
    expect(nextListToLoad(state)).toEqual({ level: "province", parentId: undefined })
    state = run(state, { type: "loading", level: "province" })
    // Still the list to load while it loads: a caller keys its request on it.
    expect(nextListToLoad(state)).toEqual({ level: "province", parentId: undefined })
    state = run(state, { type: "loaded", level: "province", units: [hanoi, hcm], parentId: undefined })
    expect(nextListToLoad(state)).toBeUndefined()
    state = run(state, { type: "pick", level: "province", unit: hanoi })
    expect(nextListToLoad(state)).toEqual({ level: "district", parentId: 201 })
  })

  it("clears the levels below a changed pick, and drops a list that arrives for a parent left since", () => {
    let state = run(
      initialPickerState("legacy"),
      { type: "loaded", level: "province", units: [hanoi, hcm], parentId: undefined },
      { type: "pick", level: "province", unit: hanoi },
      { type: "loaded", level: "district", units: [baDinh], parentId: 201 },
      { type: "pick", level: "district", unit: baDinh },
      { type: "loaded", level: "ward", units: [phucXa], parentId: 1484 },
      { type: "pick", level: "ward", unit: phucXa }
    )
    expect(addressFieldsOf(state)).toBeDefined()
    state = run(state, { type: "pick", level: "province", unit: hcm })
    expect(state.picked).toEqual({ province: hcm })
    expect(state.lists.district).toBeUndefined()
    expect(addressFieldsOf(state)).toBeUndefined()
    // Hà Nội's districts, late: not Hồ Chí Minh's.
    expect(run(state, { type: "loaded", level: "district", units: [baDinh], parentId: 201 })).toBe(state)
  })

  it("picks province -> ward in the new model, and starts again when the model changes", () => {
    let state = run(initialPickerState("new"), { type: "loaded", level: "province", units: [hanoi], parentId: undefined }, { type: "pick", level: "province", unit: hanoi })
    expect(nextListToLoad(state)).toEqual({ level: "ward", parentId: 201 })
    expect(run(state, { type: "pick", level: "district", unit: baDinh })).toBe(state)
    state = run(state, { type: "model", model: "legacy" })
    expect(state).toEqual(initialPickerState("legacy"))
  })

  it("waits for a retry after a list fails to load", () => {
    const failed = run(initialPickerState("legacy"), { type: "failed", level: "province", message: "GHN tạm thời chưa sẵn sàng" })
    expect(failed.error).toEqual({ level: "province", message: "GHN tạm thời chưa sẵn sàng" })
    expect(nextListToLoad(failed)).toBeUndefined()
    expect(nextListToLoad(run(failed, { type: "retry" }))).toEqual({ level: "province", parentId: undefined })
  })
})

describe("addressFieldsOf", () => {
  it("writes GHN's names and the ids the plugin's address resolution reads (legacy)", () => {
    const state = initialPickerState("legacy", { province: hanoi, district: baDinh, ward: phucXa })
    expect(addressFieldsOf(state, { note: "giao giờ hành chính", ghn_province_id: 9, ghn_ward_id: 9 })).toEqual({
      province: "Hà Nội",
      city: "Quận Ba Đình",
      address_2: "Phường Phúc Xá",
      metadata: { note: "giao giờ hành chính", ghn_district_id: 1484, ghn_ward_code: "1A0101" },
    })
  })

  it("writes the new model's province and ward ids", () => {
    const state = initialPickerState("new", { province: { id: 79, name: "Thành phố Hồ Chí Minh", aliases: [] }, ward: { id: 26734, name: "Phường Bến Thành", aliases: [] } })
    expect(addressFieldsOf(state, { ghn_district_id: 1442, ghn_ward_code: "20109" })).toEqual({
      province: "Thành phố Hồ Chí Minh",
      city: "Phường Bến Thành",
      address_2: "Phường Bến Thành",
      metadata: { ghn_province_id: 79, ghn_ward_id: 26734 },
    })
  })

  it("turns a candidate of an ambiguous address into the same fields", () => {
    const candidate = {
      model: "legacy" as const, label: "Phường Phúc Xá, Quận Ba Đình, Hà Nội", province_id: 201, province_name: "Hà Nội",
      district_id: 1484, district_name: "Quận Ba Đình", ward_code: "1A0101", ward_name: "Phường Phúc Xá",
    }
    expect(candidateFieldsOf(candidate)).toEqual(addressFieldsOf(initialPickerState("legacy", { province: hanoi, district: baDinh, ward: phucXa })))
    expect(candidateFieldsOf({ model: "new", label: "Hà Nội", province_id: 1, province_name: "Hà Nội" })).toBeUndefined()
  })
})

describe("savedUnitOf", () => {
  const saved = { province: "Hà Nội", city: "Quận Ba Đình", address_2: "Phường Phúc Xá", metadata: { ghn_district_id: 1484, ghn_ward_code: "1A0101" } }

  it("finds a saved address's units again: by id where the metadata has one, else by name", () => {
    expect(savedUnitOf(saved, "legacy", "province", [hcm, hanoi])).toBe(hanoi)
    expect(savedUnitOf(saved, "legacy", "district", [{ ...baDinh, name: "Ba Đình" }])?.id).toBe(1484)
    expect(savedUnitOf(saved, "legacy", "ward", [phucXa])).toBe(phucXa)
  })

  it("reads an address without GHN ids by its names, and ignores one picked in the other model", () => {
    expect(savedUnitOf({ province: "Ha Noi", city: "quận ba đình" }, "legacy", "district", [baDinh])).toBe(baDinh)
    expect(savedUnitOf({ province: "Hà Nội" }, "legacy", "province", [hcm, hanoi])).toBe(hanoi)
    expect(savedUnitOf(saved, "new", "province", [hanoi])).toBeUndefined()
  })
})
