import { addressParts, foldVietnamese, matchUnit, normalizeUnitName } from "../address"

describe("Vietnamese unit names", () => {
  it.each([
    ["Quận 01", "1"],
    ["Q.1", "1"],
    ["Q1", "1"],
    ["quận 1", "1"],
    ["Phường Bến Nghé", "ben nghe"],
    ["P. Bến Nghé", "ben nghe"],
    ["Huyện Củ Chi", "cu chi"],
    ["H.Củ Chi", "cu chi"],
    ["Thị xã Sơn Tây", "son tay"],
    ["TX. Sơn Tây", "son tay"],
    ["Thành phố Thủ Đức", "thu duc"],
    ["TP. Hồ Chí Minh", "ho chi minh"],
    ["Tỉnh Đồng Nai", "dong nai"],
    ["Thị trấn Đông Anh", "dong anh"],
    ["Hà Nội", "ha noi"],
    ["Phú Nhuận", "phu nhuan"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeUnitName(input)).toBe(expected)
  })

  it("folds diacritics and đ", () => {
    expect(foldVietnamese("Đống Đa")).toBe("dong da")
  })

  const districts = [
    { id: 1442, name: "Quận 1", aliases: ["Q1", "District 1"] },
    { id: 1443, name: "Quận 2", aliases: [] },
    { id: 1454, name: "Quận Tân Bình", aliases: ["Tan Binh"] },
    { id: 9999, name: "Quận đặc biệt", aliases: [] },
    { id: 3695, name: "Thành phố Thủ Đức", aliases: ["TP Thu Duc"] },
  ]

  it("matches names with prefixes, padding and aliases", () => {
    expect(matchUnit("Quận 01", districts)).toMatchObject({ kind: "match", unit: { id: 1442 } })
    expect(matchUnit("district 1", districts)).toMatchObject({ kind: "match", unit: { id: 1442 } })
    expect(matchUnit("tan binh", districts)).toMatchObject({ kind: "match", unit: { id: 1454 } })
    expect(matchUnit("TP. Thủ Đức", districts)).toMatchObject({ kind: "match", unit: { id: 3695 } })
  })

  it("skips GHN's special entries and suggests near misses", () => {
    expect(matchUnit("đặc biệt", districts)).toMatchObject({ kind: "none" })
    const miss = matchUnit("Quận Tân Bìh", districts)
    expect(miss.kind).toBe("none")
    expect(miss.kind === "none" && miss.near.map((u) => u.id)).toEqual([1454])
  })

  it("splits address lines into candidate parts", () => {
    expect(addressParts({ address_1: "12 Lê Lợi, Phường Bến Nghé", city: "Quận 1" })).toEqual([
      "12 Lê Lợi, Phường Bến Nghé",
      "12 Lê Lợi",
      "Phường Bến Nghé",
      "Quận 1",
    ])
  })
})

describe("old wards of a new-model ward (2025 reform mapping)", () => {
  it("lists the old wards merged into a new one, the one that kept its code first", async () => {
    const { oldWardsOf } = await import("../ward-mapping")
    const saiGon = oldWardsOf("Thành phố Hồ Chí Minh", "Phường Sài Gòn")
    expect(saiGon.map((w) => w.ward)).toEqual(expect.arrayContaining(["Phường Bến Nghé"]))
    expect(saiGon.every((w) => w.district === "Quận 1")).toBe(true)
    expect(oldWardsOf("TP HCM", "Phường Sài Gòn")).toEqual([]) // names, not aliases: the resolver passes GHN's names
    expect(oldWardsOf("Thành phố Hà Nội", "Phường Ba Đình")[0]).toMatchObject({ district: "Quận Ba Đình", sameCode: true })
  })
})
