import type { ShopperAddressCandidate } from "../checkout/shopper-errors"
import { assertAddressWithinLimits } from "../checkout/field-limits"
import { excerptOf } from "../format/excerpt"
import { accentedUnitName, isSpecialUnit, normalizeUnitName, provinceOtherNames } from "./address"
import {
  addressPartsOf, AddressPart, decide, DistrictUnit, Entry, evaluate, Evaluation, LegacyProvinceUnit, LegacyWardUnit, Lexicon,
  namedDistricts, nearUnits, NewProvinceUnit, NewWardUnit, ParsedPart, parsePart, Reading, readingLabel, readingsOf,
} from "./address-readings"
import { newProvinceOf, newWardsOf, oldWardsOf } from "./ward-mapping"

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

/** Stable codes a storefront can act on ("did you mean" for ambiguous and not found). */
export type AddressErrorCode = "address_unsupported_country" | "address_not_found" | "address_ambiguous" | "address_not_priceable"

/** A unit the address may mean, with its GHN ids: legacy district_id + ward_code, new province_id + ward_id (the shape a shopper's error carries). */
export type AddressCandidate = ShopperAddressCandidate

export class AddressResolutionError extends Error {
  /** the candidates' labels */
  readonly candidates: string[]

  constructor(
    message: string,
    readonly part: "country" | "province" | "district" | "ward",
    readonly code: AddressErrorCode,
    readonly candidateUnits: AddressCandidate[] = []
  ) {
    super(message)
    this.name = "AddressResolutionError"
    this.candidates = candidateUnits.map((candidate) => candidate.label)
  }
}

type Cached<T> = { at: number; value: Promise<T> }

/**
 * Lists kept at most (least recently used dropped): above GHN's whole master data (about 700
 * districts' ward lists, 63 + 34 provinces' lists and their indexes), so a list is loaded again
 * only after its day, and no caller can grow the cache past it.
 */
export const MASTER_DATA_CACHE_ENTRIES = 2_000

/** Addresses kept resolved or refused (the oldest dropped first). */
const MAX_RESOLVED_ADDRESSES = 2_000

/**
 * Wards an address may name at most before it is refused as naming too many: a real address names
 * one (in one model or both); each reading is weighed against every part, so their number bounds
 * the resolver's time.
 */
export const MAX_READINGS = 64

/** Reads master data through a cache refreshed after `ttlMs` (GHN's lists change rarely). */
export class AddressResolver {
  private cache = new Map<string, Cached<unknown>>()

  constructor(
    private readonly source: MasterDataSource,
    private readonly ttlMs = 24 * 3600_000,
    private readonly maxEntries = MASTER_DATA_CACHE_ENTRIES
  ) {}

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key) as Cached<T> | undefined
    if (hit && Date.now() - hit.at < this.ttlMs) {
      // Most recently used last: the oldest use is dropped first.
      this.cache.delete(key)
      this.cache.set(key, hit)
      return hit.value
    }
    const value = load()
    this.cache.delete(key)
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!)
    this.cache.set(key, { at: Date.now(), value })
    value.catch(() => this.cache.delete(key))
    return value
  }

  /** Whether the list under `key` (`districts:202`, `wards:1442`, ...) is held and fresh: reading it costs GHN nothing. */
  holds(key: string): boolean {
    const hit = this.cache.get(key)
    return !!hit && Date.now() - hit.at < this.ttlMs
  }

  /** Whether GHN lists this legacy province. */
  async knowsProvince(provinceId: number): Promise<boolean> {
    return (await this.provinces()).some((p) => p.id === provinceId)
  }

  /** Whether GHN lists this new-model province. */
  async knowsNewProvince(provinceId: number): Promise<boolean> {
    return (await this.newProvinces()).some((p) => p.id === provinceId)
  }

  /**
   * Whether GHN lists this legacy district: the district lists held first, then every province's
   * (at most one list per province a day, whatever the ids asked); `heldOnly`: the held ones only.
   */
  async knowsDistrict(districtId: number, heldOnly = false): Promise<boolean> {
    const provinces = await this.provinces()
    const held = provinces.filter((p) => this.holds(`districts:${p.id}`))
    for (const province of held) if ((await this.districts(province.id)).some((d) => d.id === districtId)) return true
    if (heldOnly) return false
    for (const province of provinces.filter((p) => !held.includes(p))) {
      if ((await this.districts(province.id)).some((d) => d.id === districtId)) return true
    }
    return false
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

  /**
   * Addresses by their fields, resolved or refused: checkout resolves the same two addresses many
   * times, and an address that cannot be resolved is refused again at no cost (its refusal holds
   * as long as the lists it was read against). A failure to load GHN's lists is not kept.
   */
  private resolved = new Map<string, { at: number; value: ResolvedAddress } | { at: number; refusal: AddressResolutionError }>()

  async resolve(address: AddressInput): Promise<ResolvedAddress> {
    // Bounded before anything is read (the checkout's edges name the shopper's field first).
    assertAddressWithinLimits(address, "address")
    const meta = address.metadata ?? {}
    const key = JSON.stringify([
      address.country_code, address.province, address.city, address.address_1, address.address_2,
      meta.ghn_district_id, meta.ghn_ward_code, meta.ghn_province_id, meta.ghn_ward_id,
    ])
    const hit = this.resolved.get(key)
    if (hit && Date.now() - hit.at < this.ttlMs) {
      if ("refusal" in hit) throw hit.refusal
      return hit.value
    }
    let outcome: { at: number; value: ResolvedAddress } | { at: number; refusal: AddressResolutionError }
    try {
      outcome = { at: Date.now(), value: await this.resolveUncached(address) }
    } catch (error) {
      if (!(error instanceof AddressResolutionError)) throw error
      outcome = { at: Date.now(), refusal: error }
    }
    this.resolved.delete(key)
    if (this.resolved.size >= MAX_RESOLVED_ADDRESSES) this.resolved.delete(this.resolved.keys().next().value!)
    this.resolved.set(key, outcome)
    if ("refusal" in outcome) throw outcome.refusal
    return outcome.value
  }

  private async resolveUncached(address: AddressInput): Promise<ResolvedAddress> {
    if (address.country_code && address.country_code.toLowerCase() !== "vn") {
      throw new AddressResolutionError(
        `GHN delivers in Vietnam only: the address is in "${excerptOf(address.country_code.toUpperCase())}"`,
        "country",
        "address_unsupported_country"
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
      // An id GHN does not list never reaches GHN (the metadata is the shopper's to write).
      if (!(await this.knowsDistrict(districtId))) {
        throw new AddressResolutionError(`the address metadata names GHN district ${districtId}, which GHN does not list`, "district", "address_not_found")
      }
      const wards = await this.wards(districtId)
      const ward = wards.find((w) => w.id === wardCode)
      if (!ward) {
        throw new AddressResolutionError(
          `the address metadata names GHN ward ${excerptOf(wardCode)} in district ${districtId}, which GHN does not list`,
          "ward",
          "address_not_found"
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
          "ward",
          "address_not_found"
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
    throw new AddressResolutionError(`GHN does not list district ${districtId}`, "district", "address_not_found")
  }

  /** Every province of both models under its names; legacy ones know the new province they joined. */
  private provinceIndex() {
    return this.cached("index:provinces", async () => {
      const lexicon = new Lexicon()
      const fresh = new Map<number, { unit: NewProvinceUnit; aliases: string[] }>()
      const freshByName = new Map<string, number>()
      for (const province of await this.newProvinces()) {
        if (isSpecialUnit(province.name)) continue
        const unit = { id: province.id, name: province.name }
        const aliases = [...province.aliases, ...provinceOtherNames(province.name)]
        fresh.set(unit.id, { unit, aliases })
        freshByName.set(normalizeUnitName(province.name), unit.id)
        lexicon.add({ level: "province", model: "new", unit, ...blankEntry() }, province.name, aliases)
      }
      const legacy: { unit: LegacyProvinceUnit; aliases: string[] }[] = []
      for (const province of await this.provinces()) {
        if (isSpecialUnit(province.name)) continue
        const newName = newProvinceOf(province.name)
        const unit = { id: province.id, name: province.name, newProvinceId: newName ? freshByName.get(normalizeUnitName(newName)) : undefined }
        const aliases = [...province.aliases, ...provinceOtherNames(province.name)]
        legacy.push({ unit, aliases })
        lexicon.add({ level: "province", model: "legacy", unit, ...blankEntry() }, province.name, aliases)
      }
      return { lexicon, fresh, legacy }
    })
  }

  /**
   * One new-model province and the legacy provinces it took in: every unit of both models, each
   * legacy ward knowing the new ward it became part of (2025 mapping).
   */
  private scope(newProvinceId: number) {
    return this.cached(`index:scope:${newProvinceId}`, async () => {
      const provinces = await this.provinceIndex()
      const province = provinces.fresh.get(newProvinceId)!
      const lexicon = new Lexicon()
      lexicon.add({ level: "province", model: "new", unit: province.unit, ...blankEntry() }, province.unit.name, province.aliases)
      const newWards = new Map<string, NewWardUnit>()
      for (const ward of await this.newWards(newProvinceId)) {
        if (isSpecialUnit(ward.name)) continue
        const unit = { id: ward.id, name: ward.name, province: province.unit }
        newWards.set(accentedUnitName(ward.name), unit)
        lexicon.add({ level: "ward", model: "new", unit, ...blankEntry() }, ward.name, ward.aliases)
      }
      const pricing = new Map<number, LegacyWardUnit[]>()
      for (const old of provinces.legacy.filter((p) => p.unit.newProvinceId === newProvinceId)) {
        lexicon.add({ level: "province", model: "legacy", unit: old.unit, ...blankEntry() }, old.unit.name, old.aliases)
        const districts = (await this.districts(old.unit.id)).filter((d) => !isSpecialUnit(d.name))
        const wardLists = await Promise.all(districts.map((d) => this.wards(d.id)))
        districts.forEach((d, i) => {
          const district: DistrictUnit = { id: d.id, name: d.name, province: old.unit, newWardIds: new Set() }
          for (const w of wardLists[i]) {
            if (isSpecialUnit(w.name)) continue
            const newWardIds = newWardsOf(old.unit.name, d.name, w.name)
              .filter((n) => normalizeUnitName(n.province) === normalizeUnitName(province.unit.name))
              .flatMap((n) => newWards.get(accentedUnitName(n.ward))?.id ?? [])
            const ward: LegacyWardUnit = { code: w.id, name: w.name, district, newWardIds }
            for (const id of newWardIds) {
              district.newWardIds.add(id)
              pricing.set(id, [...(pricing.get(id) ?? []), ward])
            }
            lexicon.add({ level: "ward", model: "legacy", unit: ward, ...blankEntry() }, w.name, w.aliases)
          }
          lexicon.add({ level: "district", model: "legacy", unit: district, ...blankEntry() }, d.name, d.aliases)
        })
      }
      return { lexicon, province: province.unit, pricing }
    })
  }

  private async fromNames(address: AddressInput): Promise<ResolvedAddress> {
    const { province: provinceParts, others } = addressPartsOf(address)
    if (!provinceParts.length && !others.length) {
      throw new AddressResolutionError("the address is empty: give its province and ward (and district, in the legacy model)", "province", "address_not_found", [])
    }
    const provinces = await this.provinceIndex()
    // The province field says the province; when it names none, the other fields may.
    let scopes = provinceScopes(provinceParts, provinces.lexicon)
    if (scopes.size === 0) scopes = provinceScopes(others, provinces.lexicon)
    if (scopes.size === 0) {
      const parsed = [...provinceParts, ...others].map((part) => parsePart(part, provinces.lexicon))
      const near = nearUnits(parsed, provinces.lexicon.units).flatMap(provinceCandidate)
      const typed = quoted(provinceParts.length ? provinceParts : others)
      throw new AddressResolutionError(`no GHN province matches ${typed}${didYouMean(near)}`, "province", "address_not_found", near)
    }
    const parts = [...provinceParts, ...others]
    const evaluations: Evaluation[] = []
    const scoped: { scope: Awaited<ReturnType<AddressResolver["scope"]>>; parsed: ParsedPart[] }[] = []
    const readings: { reading: Reading; parsed: ParsedPart[] }[] = []
    for (const id of scopes) {
      const scope = await this.scope(id)
      const parsed = parts.map((part) => parsePart(part, scope.lexicon))
      for (const reading of readingsOf(parsed)) readings.push({ reading, parsed })
      scoped.push({ scope, parsed })
    }
    if (readings.length > MAX_READINGS) {
      const candidates = readings.slice(0, 5).map(({ reading }) => readingCandidate(reading))
      throw new AddressResolutionError(
        `the address names ${readings.length} wards (at most ${MAX_READINGS} are weighed): give one ward, with its district and province`,
        "ward",
        "address_ambiguous",
        candidates
      )
    }
    for (const { reading, parsed } of readings) evaluations.push(evaluate(reading, parsed))
    const decision = decide(evaluations)
    if (decision.kind === "resolved") return this.resolvedOf(decision.reading)
    if (decision.kind === "ambiguous") {
      const candidates = decision.readings.map(readingCandidate)
      throw new AddressResolutionError(
        `the ward is ambiguous: the address can mean ${candidates.map((c) => c.label).join("; ")}; name the district with its province as it was before 2025, or the ward as in the new model`,
        "ward",
        "address_ambiguous",
        candidates
      )
    }
    // Readings the rest of the address contradicts come after the near names.
    throw notFound(scoped, decision.closest.map(readingCandidate))
  }

  private async resolvedOf(reading: Reading): Promise<ResolvedAddress> {
    if (reading.model === "legacy") {
      return {
        model: "legacy",
        district_id: reading.district.id,
        ward_code: reading.ward.code,
        province_name: reading.province.name,
        district_name: reading.district.name,
        ward_name: reading.ward.name,
      }
    }
    return this.newModel(reading.province, reading.ward)
  }

  /** A new-model ward priced through one of its old wards (GHN prices on legacy ids). */
  private async newModel(province: NewProvinceUnit, ward: { id: number; name: string }): Promise<ResolvedAddress> {
    const old = (await this.scope(province.id)).pricing.get(ward.id) ?? []
    // The old ward that kept the new ward's code is its heart.
    const heart = oldWardsOf(province.name, ward.name).find((w) => w.sameCode)
    const priced = old.find((w) => heart && accentedUnitName(w.name) === accentedUnitName(heart.ward) && accentedUnitName(w.district.name) === accentedUnitName(heart.district)) ?? old[0]
    if (!priced) {
      throw new AddressResolutionError(
        `${ward.name}, ${province.name} (new address model) has no legacy GHN ward to price the delivery: store ghn_district_id and ghn_ward_code in the address metadata`,
        "ward",
        "address_not_priceable",
        [readingCandidate({ model: "new", province, ward: { ...ward, province } })]
      )
    }
    return {
      model: "new",
      district_id: priced.district.id,
      ward_code: priced.code,
      province_name: province.name,
      district_name: "",
      ward_name: ward.name,
      province_id: province.id,
      ward_id: ward.id,
    }
  }
}

const blankEntry = () => ({ key: "", accent: "", prefixes: new Set<string>() })

/** The new-model provinces the parts name (a legacy province stands for the one it joined). */
function provinceScopes(parts: readonly AddressPart[], lexicon: Lexicon): Set<number> {
  const scopes = new Set<number>()
  for (const part of parts) {
    for (const parse of parsePart(part, lexicon).parses) {
      for (const span of parse) {
        for (const entry of span.entries) {
          if (entry.level !== "province") continue
          const id = entry.model === "new" ? entry.unit.id : entry.unit.newProvinceId
          if (id !== undefined) scopes.add(id)
        }
      }
    }
  }
  return scopes
}

function readingCandidate(reading: Reading): AddressCandidate {
  const label = readingLabel(reading)
  return reading.model === "legacy"
    ? {
        model: "legacy", label, province_id: reading.province.id, province_name: reading.province.name,
        district_id: reading.district.id, district_name: reading.district.name, ward_code: reading.ward.code, ward_name: reading.ward.name,
      }
    : { model: "new", label, province_id: reading.province.id, province_name: reading.province.name, ward_id: reading.ward.id, ward_name: reading.ward.name }
}

function unitCandidate(entry: Entry): AddressCandidate | undefined {
  if (entry.level === "ward") {
    return entry.model === "legacy"
      ? readingCandidate({ model: "legacy", province: entry.unit.district.province, district: entry.unit.district, ward: entry.unit })
      : readingCandidate({ model: "new", province: entry.unit.province, ward: entry.unit })
  }
  return undefined
}

function provinceCandidate(entry: Entry): AddressCandidate[] {
  if (entry.level !== "province") return []
  return [{ model: entry.model, label: entry.unit.name, province_id: entry.unit.id, province_name: entry.unit.name }]
}

/** The parts a message quotes: the first few, each cut short (a message never echoes a long address back). */
const quoted = (parts: readonly AddressPart[]) => {
  const shown = parts.slice(0, 3).map((part) => `"${excerptOf(part.text)}"`).join(", ")
  return (shown || "(empty)") + (parts.length > 3 ? ` and ${parts.length - 3} more` : "")
}

function didYouMean(candidates: readonly AddressCandidate[]) {
  return candidates.length ? `; did you mean ${candidates.map((c) => c.label).join("; ")}?` : ""
}

/** No ward named: where the address was looked for, and the wards whose names come close. */
function notFound(scoped: { scope: { lexicon: Lexicon; province: NewProvinceUnit }; parsed: ParsedPart[] }[], contradicted: AddressCandidate[]) {
  const districts = scoped.flatMap(({ parsed }) => namedDistricts(parsed))
  const unnamed = scoped[0].parsed.filter((parsed) => parsed.parses.length === 0).map((parsed) => parsed.part)
  const typed = unnamed.length ? quoted(unnamed) : "(no ward named)"
  const near = scoped.flatMap(({ scope, parsed }) => {
    const wards = scope.lexicon.units.filter(
      (entry) => entry.level === "ward" && (districts.length === 0 || (entry.model === "legacy" && districts.includes(entry.unit.district)))
    )
    return nearUnits(parsed, wards).flatMap((entry) => unitCandidate(entry) ?? [])
  })
  for (const candidate of contradicted) if (!near.some((c) => c.label === candidate.label)) near.push(candidate)
  const where =
    districts.length === 1
      ? `${districts[0].name}, ${districts[0].province.name}`
      : scoped.map(({ scope }) => scope.province.name).join(" or ")
  return new AddressResolutionError(`no GHN ward matches ${typed} in ${where}${didYouMean(near)}`, "ward", "address_not_found", near)
}
