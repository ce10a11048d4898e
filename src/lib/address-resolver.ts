import { addressParts, matchAnyUnit, matchUnit, Unit, UnitMatch } from "./address"
import { oldWardsOf } from "./ward-mapping"

/** What the resolver reads of GHN's master data (the GHN client's masterData satisfies it). */
export interface MasterDataSource {
  provinces(): Promise<{ ProvinceID: number; ProvinceName: string; NameExtension?: string[] | null }[]>
  districts(provinceId: number): Promise<{ DistrictID: number; DistrictName: string; NameExtension?: string[] | null }[]>
  wards(districtId: number): Promise<{ WardCode: string; WardName: string; NameExtension?: string[] | null }[]>
  allNewProvinces(): Promise<{ _id: number | string; name: string; extension_names?: string[] | null }[]>
  allNewWards(provinceId: number): Promise<{ _id: number | string; name: string; extension_names?: string[] | null }[]>
}

export type AddressInput = {
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  country_code?: string | null
  metadata?: Record<string, unknown> | null
}

/** A destination GHN can price (legacy ids) and ship to (names in the address model chosen). */
export type ResolvedAddress = {
  model: "legacy" | "new"
  district_id: number
  ward_code: string
  province_name: string
  district_name: string
  ward_name: string
  province_id?: number
  ward_id?: number
}

export class AddressResolutionError extends Error {
  constructor(
    message: string,
    readonly part: "country" | "province" | "district" | "ward",
    readonly candidates: string[] = []
  ) {
    super(message)
    this.name = "AddressResolutionError"
  }
}

type Cached<T> = { at: number; value: Promise<T> }

/** Reads master data through a cache refreshed after `ttlMs` (GHN's lists change rarely). */
export class AddressResolver {
  private cache = new Map<string, Cached<unknown>>()

  constructor(
    private readonly source: MasterDataSource,
    private readonly ttlMs = 24 * 3600_000
  ) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key) as Cached<T> | undefined
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value
    const value = load()
    this.cache.set(key, { at: Date.now(), value })
    value.catch(() => this.cache.delete(key))
    return value
  }

  provinces() {
    return this.cached("provinces", async () =>
      (await this.source.provinces()).map((p) => ({ id: p.ProvinceID, name: p.ProvinceName, aliases: p.NameExtension ?? [] }))
    )
  }
  districts(provinceId: number) {
    return this.cached(`districts:${provinceId}`, async () =>
      (await this.source.districts(provinceId)).map((d) => ({ id: d.DistrictID, name: d.DistrictName, aliases: d.NameExtension ?? [] }))
    )
  }
  wards(districtId: number) {
    return this.cached(`wards:${districtId}`, async () =>
      ((await this.source.wards(districtId)) ?? []).map((w) => ({ id: w.WardCode, name: w.WardName, aliases: w.NameExtension ?? [] }))
    )
  }
  newProvinces() {
    return this.cached("new-provinces", async () =>
      (await this.source.allNewProvinces()).map((p) => ({ id: Number(p._id), name: p.name, aliases: p.extension_names ?? [] }))
    )
  }
  newWards(provinceId: number) {
    return this.cached(`new-wards:${provinceId}`, async () =>
      (await this.source.allNewWards(provinceId)).map((w) => ({ id: Number(w._id), name: w.name, aliases: w.extension_names ?? [] }))
    )
  }

  /** Resolved addresses by their fields: checkout resolves the same two addresses many times. */
  private resolved = new Map<string, { at: number; value: ResolvedAddress }>()

  async resolve(address: AddressInput): Promise<ResolvedAddress> {
    const meta = address.metadata ?? {}
    const key = JSON.stringify([
      address.country_code, address.province, address.city, address.address_1, address.address_2,
      meta.ghn_district_id, meta.ghn_ward_code, meta.ghn_province_id, meta.ghn_ward_id,
    ])
    const hit = this.resolved.get(key)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value
    const value = await this.resolveUncached(address)
    if (this.resolved.size >= 2000) this.resolved.delete(this.resolved.keys().next().value!)
    this.resolved.set(key, { at: Date.now(), value })
    return value
  }

  private async resolveUncached(address: AddressInput): Promise<ResolvedAddress> {
    if (address.country_code && address.country_code.toLowerCase() !== "vn") {
      throw new AddressResolutionError(
        `GHN delivers in Vietnam only: the address is in "${address.country_code.toUpperCase()}"`,
        "country"
      )
    }
    const fromIds = await this.fromMetadata(address)
    if (fromIds) return fromIds
    return this.fromNames(address)
  }

  /** Ids a storefront stored in the address metadata (from the plugin's store address lists). */
  private async fromMetadata(address: AddressInput): Promise<ResolvedAddress | undefined> {
    const meta = address.metadata ?? {}
    const districtId = Number(meta.ghn_district_id)
    const wardCode = meta.ghn_ward_code == null ? "" : String(meta.ghn_ward_code)
    if (districtId > 0 && wardCode) {
      const wards = await this.wards(districtId)
      const ward = wards.find((w) => w.id === wardCode)
      if (!ward) {
        throw new AddressResolutionError(
          `the address metadata names GHN ward ${wardCode} in district ${districtId}, which GHN does not list`,
          "ward"
        )
      }
      const names = await this.legacyNames(districtId)
      return { model: "legacy", district_id: districtId, ward_code: wardCode, ward_name: ward.name, ...names }
    }
    const provinceId = Number(meta.ghn_province_id)
    const wardId = Number(meta.ghn_ward_id)
    if (provinceId > 0 && wardId > 0) {
      const province = (await this.newProvinces()).find((p) => p.id === provinceId)
      const ward = province && (await this.newWards(provinceId)).find((w) => w.id === wardId)
      if (!province || !ward) {
        throw new AddressResolutionError(
          `the address metadata names GHN ward ${wardId} in province ${provinceId} (new model), which GHN does not list`,
          "ward"
        )
      }
      return this.newModel(province, ward)
    }
    return undefined
  }

  private async legacyNames(districtId: number) {
    for (const province of await this.provinces()) {
      const district = (await this.districts(province.id)).find((d) => d.id === districtId)
      if (district) return { province_name: province.name, district_name: district.name }
    }
    throw new AddressResolutionError(`GHN does not list district ${districtId}`, "district")
  }

  private async fromNames(address: AddressInput): Promise<ResolvedAddress> {
    const parts = addressParts(address)
    const provinceText = address.province || address.city
    const province = matchUnit(provinceText, await this.provinces())
    let legacyFailure: AddressResolutionError
    if (province.kind === "match") {
      const districts = await this.districts(province.unit.id)
      const district = matchAnyUnit([address.city, ...parts], districts)
      if (district.match.kind === "match") {
        const wards = await this.wards(district.match.unit.id)
        const ward = matchAnyUnit(parts.filter((p) => p !== district.source), wards)
        if (ward.match.kind === "match") {
          return {
            model: "legacy",
            district_id: district.match.unit.id,
            ward_code: ward.match.unit.id,
            province_name: province.unit.name,
            district_name: district.match.unit.name,
            ward_name: ward.match.unit.name,
          }
        }
        legacyFailure = failure("ward", `in ${district.match.unit.name}, ${province.unit.name}`, parts, ward.match)
      } else {
        legacyFailure = failure("district", `in ${province.unit.name}`, [address.city, ...parts], district.match)
      }
    } else {
      legacyFailure = failure("province", "", [provinceText], province)
    }
    // Not a legacy address: a new-model one (ward + province) after the 2025 reform? Many new
    // wards carry the name of an old district ("Phường Ba Đình"), so this runs after a partial match too.
    const viaNew = await this.fromNewModelNames(address, parts)
    if (viaNew) return viaNew
    throw legacyFailure
  }

  /** A new-model address: the new ward and province, plus a legacy ward of the same name to price it. */
  private async fromNewModelNames(address: AddressInput, parts: string[]): Promise<ResolvedAddress | undefined> {
    const province = matchUnit(address.province || address.city, await this.newProvinces())
    if (province.kind !== "match") return undefined
    const ward = matchAnyUnit(parts, await this.newWards(province.unit.id))
    if (ward.match.kind !== "match") return undefined
    return this.newModel(province.unit, ward.match.unit)
  }

  private async newModel(province: Unit<number>, ward: Unit<number>): Promise<ResolvedAddress> {
    const priced = (await this.legacyWardFromMapping(province.name, ward.name)) ?? (await this.legacyWardOfSameName(province.name, ward.name))
    if (!priced) {
      throw new AddressResolutionError(
        `${ward.name}, ${province.name} (new address model) has no legacy GHN ward to price the delivery: store ghn_district_id and ghn_ward_code in the address metadata`,
        "ward"
      )
    }
    return {
      model: "new",
      district_id: priced.district_id,
      ward_code: priced.ward_code,
      province_name: province.name,
      district_name: "",
      ward_name: ward.name,
      province_id: province.id,
      ward_id: ward.id,
    }
  }

  /** GHN prices on legacy ids: an old ward of the new ward, from the 2025 old-to-new mapping. */
  private async legacyWardFromMapping(provinceName: string, wardName: string) {
    for (const old of oldWardsOf(provinceName, wardName)) {
      const province = matchUnit(old.province, await this.provinces())
      if (province.kind !== "match") continue
      const district = matchUnit(old.district, await this.districts(province.unit.id))
      if (district.kind !== "match") continue
      const match = matchUnit(old.ward, await this.wards(district.unit.id))
      if (match.kind === "match") return { district_id: district.unit.id, ward_code: match.unit.id }
    }
    return undefined
  }

  /** Last resort for wards the mapping does not list: a legacy ward of the same name in the province. */
  private async legacyWardOfSameName(provinceName: string, wardName: string) {
    const legacyProvince = matchUnit(provinceName, await this.provinces())
    if (legacyProvince.kind !== "match") return undefined
    for (const district of await this.districts(legacyProvince.unit.id)) {
      const match = matchUnit(wardName, await this.wards(district.id))
      if (match.kind === "match") return { district_id: district.id, ward_code: match.unit.id }
    }
    return undefined
  }
}

function failure<Id>(part: "province" | "district" | "ward", where: string, tried: (string | null | undefined)[], match: UnitMatch<Id>) {
  const input = tried.filter(Boolean).map((t) => `"${t}"`).join(", ") || "(empty)"
  if (match.kind === "ambiguous") {
    const names = match.candidates.map((c) => c.name)
    return new AddressResolutionError(`the ${part} ${input} ${where} is ambiguous: one of ${names.join(", ")}`.replace(/\s+/g, " "), part, names)
  }
  const near = match.kind === "none" ? match.near.map((c) => c.name) : []
  const hint = near.length ? `; did you mean ${near.join(", ")}?` : ""
  return new AddressResolutionError(`no GHN ${part} matches ${input} ${where}${hint}`.replace(/\s+/g, " ").replace(" ;", ";"), part, near)
}
