import { foldAccents, SEARCH_MAX, searchUnits } from "../search"

const provinces = [
  { id: 201, name: "Hà Nội", aliases: ["Thành phố Hà Nội", "HN"] },
  { id: 202, name: "Hồ Chí Minh", aliases: ["TP.HCM", "Sài Gòn"] },
  { id: 203, name: "Đà Nẵng", aliases: [] },
  { id: 204, name: "Hà Nam", aliases: [] },
  { id: 205, name: "Hà Tĩnh", aliases: [] },
]
const districts = [
  { id: 1, name: "Quận 10", aliases: [] },
  { id: 2, name: "Quận 1", aliases: [] },
  { id: 3, name: "Quận Ba Đình", aliases: [] },
  { id: 4, name: "Huyện Đông Anh", aliases: [] },
]
const names = (units: { name: string }[]) => units.map((u) => u.name)

describe("foldAccents", () => {
  it("folds Vietnamese diacritics, đ and case", () => {
    expect(foldAccents("Hà Nội")).toBe("ha noi")
    expect(foldAccents("ĐÀ NẴNG")).toBe("da nang")
    expect(foldAccents("  Thừa   Thiên-Huế ")).toBe("thua thien hue")
  })
})

describe("searchUnits", () => {
  it("finds accented names typed without accents", () => {
    expect(names(searchUnits(provinces, "ha noi"))).toEqual(["Hà Nội"])
    expect(names(searchUnits(provinces, "da nang"))).toEqual(["Đà Nẵng"])
    expect(names(searchUnits(provinces, "đà"))).toEqual(["Đà Nẵng"])
  })

  it("ranks names that start with the query first, keeping list order among equals", () => {
    expect(names(searchUnits(provinces, "ha"))).toEqual(["Hà Nội", "Hà Nam", "Hà Tĩnh"])
  })

  it("matches words in any order and GHN's other names", () => {
    expect(names(searchUnits(provinces, "noi ha"))).toEqual(["Hà Nội"])
    expect(names(searchUnits(provinces, "sai gon"))).toEqual(["Hồ Chí Minh"])
    expect(names(searchUnits(provinces, "hcm"))).toEqual(["Hồ Chí Minh"])
  })

  it("ignores administrative prefixes: the exact number first", () => {
    expect(names(searchUnits(districts, "1"))).toEqual(["Quận 1", "Quận 10"])
    expect(names(searchUnits(districts, "q1"))[0]).toBe("Quận 1")
    expect(names(searchUnits(districts, "quan ba dinh"))).toEqual(["Quận Ba Đình"])
    expect(names(searchUnits(districts, "dong anh"))).toEqual(["Huyện Đông Anh"])
  })

  it("keeps the whole list for an empty query and nothing for no match", () => {
    expect(searchUnits(provinces, "  ")).toHaveLength(provinces.length)
    expect(searchUnits(provinces, "paris")).toEqual([])
  })
})

describe("searchUnits on what no unit is named", () => {
  it("finds nothing past SEARCH_MAX characters, without reading them", () => {
    const provinces = [{ name: "Hà Nội" }, { name: "Hồ Chí Minh" }]
    expect(searchUnits(provinces, "ha ".repeat(34))).toEqual([])
    expect(searchUnits(provinces, "ha noi".padEnd(SEARCH_MAX, " "))).toEqual([{ name: "Hà Nội" }])
  })
})
