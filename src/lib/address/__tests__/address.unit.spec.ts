import { accentedUnitName, addressWords, foldVietnamese, normalizeUnitName } from "../address"

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
    ["Xã Phương Đình", "phuong dinh"], // "Phương" is a name, "Phường" a prefix
  ])("%s -> %s", (input, expected) => {
    expect(normalizeUnitName(input)).toBe(expected)
  })

  it("folds diacritics and đ", () => {
    expect(foldVietnamese("Đống Đa")).toBe("dong da")
  })

  it("keeps accents apart from tone placement", () => {
    expect(accentedUnitName("Xã Hoà Bình")).toBe(accentedUnitName("Xã Hòa Bình"))
    expect(accentedUnitName("Xã Văn Lang")).not.toBe(accentedUnitName("Xã Văn Lăng"))
  })

  it.each([
    ["X.Nậm Chạc", "xa", ["nam", "chac"]],
    ["X. Húc Động", "xa", ["huc", "dong"]],
    ["H. Bát Xát", "huyen", ["bat", "xat"]],
    ["TX. Quế Võ", "thi xa", ["que", "vo"]],
    ["TT.Bát Xát", "thi tran", ["bat", "xat"]],
    ["Tp Bắc Ninh", "thanh pho", ["bac", "ninh"]],
    ["Thi xa Que Vo", "thi xa", ["que", "vo"]],
    ["p12", "phuong", ["12"]],
  ])("reads the prefix of %s, glued or spaced", (input, prefix, name) => {
    const [first, ...rest] = addressWords(input)
    expect(first.prefix?.folded).toBe(prefix)
    expect(rest.map((word) => word.folded)).toEqual(name)
  })

  it("reads an abbreviation glued without a dot by the capital that starts the name, as a possibility", () => {
    expect(addressWords("XMộ Đạo")[0]).toMatchObject({ folded: "xmo", glued: { prefix: { folded: "xa" }, rest: { folded: "mo" } } })
    expect(addressWords("TxQuế Võ")[0].glued).toMatchObject({ prefix: { folded: "thi xa" }, rest: { folded: "que" } })
    expect(addressWords("HA Lưới")[0].glued).toMatchObject({ prefix: { folded: "huyen" }, rest: { folded: "a" } })
    // a syllable, lower case or all capitals tell nothing
    for (const word of ["Phú", "xmộ", "XMỘ", "HCM"]) expect(addressWords(word)[0].glued).toBeUndefined()
  })

  it("reads an unaccented full prefix word as either a prefix or a name", () => {
    expect(addressWords("Phương Đình")[0].prefix).toBeUndefined()
    expect(addressWords("Phuong Dinh")[0]).toMatchObject({ prefix: { folded: "phuong" }, loose: true })
    expect(addressWords("Phường Đình")[0]).toMatchObject({ prefix: { folded: "phuong" } })
    expect(addressWords("Phường Đình")[0].loose).toBeFalsy()
  })
})

describe("old and new wards of the 2025 reform mapping", () => {
  it("lists the old wards merged into a new one, the one that kept its code first", async () => {
    const { oldWardsOf } = await import("../ward-mapping")
    const saiGon = oldWardsOf("Thành phố Hồ Chí Minh", "Phường Sài Gòn")
    expect(saiGon.map((w) => w.ward)).toEqual(expect.arrayContaining(["Phường Bến Nghé"]))
    expect(saiGon.every((w) => w.district === "Quận 1")).toBe(true)
    expect(oldWardsOf("TP HCM", "Phường Sài Gòn")).toEqual([]) // names, not aliases: the resolver passes GHN's names
    expect(oldWardsOf("Thành phố Hà Nội", "Phường Ba Đình")[0]).toMatchObject({ district: "Quận Ba Đình", sameCode: true })
  })

  it("gives the new ward and province of an old ward", async () => {
    const { newWardsOf, newProvinceOf } = await import("../ward-mapping")
    expect(newWardsOf("Hồ Chí Minh", "Quận 1", "Phường Bến Nghé")).toEqual([{ ward: "Phường Sài Gòn", province: "Thành phố Hồ Chí Minh" }])
    expect(newProvinceOf("Tỉnh Bắc Giang")).toMatch(/Bắc Ninh$/)
  })

  it("tells apart an old xã and thị trấn of one name in one district", async () => {
    const { newWardsOf } = await import("../ward-mapping")
    expect(newWardsOf("Bạc Liêu", "Huyện Phước Long", "Xã Phước Long")).toEqual([{ ward: "Xã Vĩnh Phước", province: "Cà Mau" }])
    expect(newWardsOf("Bạc Liêu", "Huyện Phước Long", "Thị trấn Phước Long")).toEqual([{ ward: "Xã Phước Long", province: "Cà Mau" }])
  })
})
