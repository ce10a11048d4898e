/**
 * Master data: legacy province / district / ward lists and the new two-level (province,
 * ward) model introduced on 01/07/2025.
 *
 * ShopId: required for province (spec); sent when known for district, ward and the new-model
 * lists (GHN does not need it there and ignores it); never required for them.
 */
import { z } from "zod"
import { GHN_LIMITS, GHN_PATHS } from "./constants"
import type { GhnCallOptions, Transport } from "./transport"
import { flag, idish, int, list, optInt, text } from "./response"
import { posInt, uint, validateInput } from "./validation"

const PAGE = GHN_LIMITS.masterData.maxPageSize
/** NameExtension / extension_names: GHN may omit them or send null. */
const names = () => list(z.string())

export const provinceSchema = z.looseObject({
  ProvinceID: int(),
  ProvinceName: z.string(),
  Code: idish().nullish(),
  NameExtension: names(),
  CanUpdateCOD: flag(),
  Status: optInt(),
})
export type GhnProvince = z.output<typeof provinceSchema>

export const districtSchema = z.looseObject({
  DistrictID: int(),
  ProvinceID: int(),
  DistrictName: z.string(),
  Code: idish().nullish(),
  Type: optInt(),
  /** 0 locked, 1 pick/pay, 2 deliver, 3 all */
  SupportType: optInt(),
  NameExtension: names(),
  CanUpdateCOD: flag(),
  /** 1 open, 2 locked */
  Status: optInt(),
})
export type GhnDistrict = z.output<typeof districtSchema>

export const wardSchema = z.looseObject({
  /** A string (a number from GHN is converted). */
  WardCode: idish().transform((v) => String(v)),
  DistrictID: int(),
  WardName: z.string(),
  NameExtension: names(),
  SupportType: optInt(),
  CanUpdateCOD: flag(),
  Status: optInt(),
})
export type GhnWard = z.output<typeof wardSchema>

export const newProvinceSchema = z.looseObject({
  _id: idish(),
  name: z.string(),
  extension_names: names(),
  type: idish().nullish(),
  /** 1 active, 2 disabled, 10 deleted */
  status: optInt(),
})
export type GhnNewProvince = z.output<typeof newProvinceSchema>

export const newWardSchema = z.looseObject({
  _id: idish(),
  name: z.string(),
  extension_names: names(),
  type: idish().nullish(),
  parent_id: idish().nullish(),
  status: optInt(),
})
export type GhnNewWard = z.output<typeof newWardSchema>

export const pageQuerySchema = z.strictObject({
  offset: uint().optional(),
  limit: z.number().int().min(1).max(PAGE).optional(),
})
export type GhnPageQuery = z.input<typeof pageQuerySchema>

export const newWardsQuerySchema = pageQuerySchema.extend({ province_id: z.union([posInt(), z.string().min(1)]) })
export type GhnNewWardsQuery = z.input<typeof newWardsQuerySchema>

export function createMasterDataApi(t: Transport) {
  const newProvinces = async (query: GhnPageQuery = {}, call?: GhnCallOptions): Promise<GhnNewProvince[]> => {
    const q = validateInput("masterData.newProvinces", pageQuerySchema, query)
    return t.request({
      operation: "masterData.newProvinces",
      method: "GET",
      path: GHN_PATHS.newProvinces,
      query: { offset: q.offset, limit: q.limit },
      shopId: "optional",
      retry: "safe",
      data: list(newProvinceSchema),
      call,
    })
  }
  const newWards = async (query: GhnNewWardsQuery, call?: GhnCallOptions): Promise<GhnNewWard[]> => {
    const q = validateInput("masterData.newWards", newWardsQuerySchema, query)
    return t.request({
      operation: "masterData.newWards",
      method: "GET",
      path: GHN_PATHS.newWards,
      query: { province_id: q.province_id, offset: q.offset, limit: q.limit },
      shopId: "optional",
      retry: "safe",
      data: list(newWardSchema),
      call,
    })
  }
  const allPages = async <T>(fetchPage: (offset: number) => Promise<T[]>, maxPages = 100): Promise<T[]> => {
    const out: T[] = []
    let offset = 0
    for (let page = 0; page < maxPages; page++) {
      const rows = await fetchPage(offset)
      out.push(...rows)
      if (rows.length < PAGE) break
      offset += rows.length
    }
    return out
  }

  return {
    /** Get Province (legacy model; ShopId required). */
    async provinces(call?: GhnCallOptions): Promise<GhnProvince[]> {
      return t.request({
        operation: "masterData.provinces",
        method: "GET",
        path: GHN_PATHS.province,
        shopId: "required",
        retry: "safe",
        data: list(provinceSchema),
        call,
      })
    },

    /** Districts of a legacy province (POST { province_id }). */
    async districts(province_id: number, call?: GhnCallOptions): Promise<GhnDistrict[]> {
      validateInput("masterData.districts", z.strictObject({ province_id: posInt() }), { province_id })
      return t.request({
        operation: "masterData.districts",
        method: "POST",
        path: GHN_PATHS.district,
        json: { province_id },
        shopId: "optional",
        retry: "safe",
        data: list(districtSchema),
        call,
      })
    },

    /** Wards of a legacy district (POST { district_id }); `data: null` (no wards) is []. */
    async wards(district_id: number, call?: GhnCallOptions): Promise<GhnWard[]> {
      validateInput("masterData.wards", z.strictObject({ district_id: posInt() }), { district_id })
      return t.request({
        operation: "masterData.wards",
        method: "POST",
        path: GHN_PATHS.ward,
        json: { district_id },
        shopId: "optional",
        retry: "safe",
        data: list(wardSchema),
        call,
      })
    },

    /** New-model provinces, one page (limit <= 200). */
    newProvinces,
    /** New-model wards of a province, one page (limit <= 200). */
    newWards,
    /** Every new-model province, paging with limit 200. */
    allNewProvinces(call?: GhnCallOptions): Promise<GhnNewProvince[]> {
      return allPages((offset) => newProvinces({ offset, limit: PAGE }, call))
    },
    /** Every new-model ward of a province, paging with limit 200. */
    allNewWards(province_id: number | string, call?: GhnCallOptions): Promise<GhnNewWard[]> {
      return allPages((offset) => newWards({ province_id, offset, limit: PAGE }, call))
    },
  }
}
export type GhnMasterDataApi = ReturnType<typeof createMasterDataApi>
