/** Master data: legacy province/district/ward and new-model province/ward lists. */
import type { Ctx, Sandbox } from "./sandbox"
import { ok, type RawReply } from "./errors"
import { R, decode, int, type FieldSpec } from "./validation"
import { jsonBody, queryToJson } from "./routes-orders"
import { SPEC_REQUESTS as SPEC } from "./spec-requests"

const S = (json: string, go: string, kind: FieldSpec["kind"], rules?: FieldSpec["rules"]): FieldSpec => ({ json, go, kind, rules })
const DISTRICT_FIELDS = [S("province_id", "ProvinceID", "int", [R.gte(0)])]
const WARD_FIELDS = [S("district_id", "DistrictID", "int", [R.required])]
const V3_PROVINCE_FIELDS = [S("offset", "Offset", "int", [R.gte(0)]), S("limit", "Limit", "int", [R.gte(0), R.lte(200)])]
const V3_WARD_FIELDS = [
  S("province_id", "ProvinceID", "int", [R.required]),
  S("offset", "Offset", "int", [R.gte(0)]),
  S("limit", "Limit", "int", [R.gte(0), R.lte(200)]),
]
const DEFAULT_V3_LIMIT = 50

function cachedOk(sb: Sandbox, key: string, data: () => unknown): RawReply {
  const body = sb.md.cachedJson(key, () => ok(data()))
  return { raw: true, status: 200, body, contentType: "application/json; charset=utf-8" }
}

export function registerMasterRoutes(sb: Sandbox): void {
  const md = sb.md
  const B = "/shiip/public-api/master-data"

  sb.api("GET", `${B}/province`, SPEC.getProvince, (ctx) => {
    const acc = sb.auth(ctx)
    sb.requiredShop(ctx, acc)
    return cachedOk(sb, "province", () => md.provinces)
  })

  const districts = (ctx: Ctx, raw: Record<string, unknown>) => {
    sb.auth(ctx)
    const b = decode("DistrictRequest", DISTRICT_FIELDS, raw, ctx.lang)
    const pid = int(b, "province_id")
    if (!pid) return cachedOk(sb, "district:all", () => md.districts)
    return cachedOk(sb, `district:${pid}`, () => md.districtsByProvince.get(pid) ?? null)
  }
  sb.api("GET", `${B}/district`, SPEC.getDistrict, (ctx) => districts(ctx, ctx.body.length ? jsonBody(ctx) : queryToJson(ctx, DISTRICT_FIELDS)))
  sb.api("POST", `${B}/district`, SPEC.getDistrict, (ctx) => districts(ctx, ctx.body.length ? jsonBody(ctx) : queryToJson(ctx, DISTRICT_FIELDS)))

  const wards = (ctx: Ctx, raw: Record<string, unknown>) => {
    sb.auth(ctx)
    const b = decode("WardRequest", WARD_FIELDS, raw, ctx.lang)
    const did = int(b, "district_id")
    return cachedOk(sb, `ward:${did}`, () => md.wardsOf(did))
  }
  sb.api("GET", `${B}/ward`, SPEC.getWard, (ctx) => wards(ctx, ctx.body.length ? jsonBody(ctx) : queryToJson(ctx, WARD_FIELDS)))
  sb.api("POST", `${B}/ward`, SPEC.getWard, (ctx) => wards(ctx, ctx.body.length ? jsonBody(ctx) : queryToJson(ctx, WARD_FIELDS)))

  // new model (v3)
  const V3 = "/shiip/public-api/v3/master-data"
  const v3Provinces = (ctx: Ctx, raw: Record<string, unknown>) => {
    sb.auth(ctx)
    const b = decode("ProvinceListRequest", V3_PROVINCE_FIELDS, raw, ctx.lang)
    const offset = int(b, "offset")
    const limit = int(b, "limit") || DEFAULT_V3_LIMIT
    return ok(md.newProvinces.slice(offset, offset + limit))
  }
  sb.api("GET", `${V3}/province/all`, SPEC.getNewProvinces, (ctx) => v3Provinces(ctx, queryToJson(ctx, V3_PROVINCE_FIELDS)))
  sb.api("POST", `${V3}/province/all`, SPEC.getNewProvinces, (ctx) => v3Provinces(ctx, ctx.body.length ? jsonBody(ctx) : queryToJson(ctx, V3_PROVINCE_FIELDS)))

  const v3Wards = (ctx: Ctx, raw: Record<string, unknown>) => {
    sb.auth(ctx)
    const b = decode("WardListRequest", V3_WARD_FIELDS, raw, ctx.lang)
    const offset = int(b, "offset")
    const limit = int(b, "limit") || DEFAULT_V3_LIMIT
    const list = md.newWardsByProvince.get(int(b, "province_id"))
    return ok(list ? list.slice(offset, offset + limit) : [])
  }
  sb.api("GET", `${V3}/ward/all-by-province-id`, SPEC.getNewWards, (ctx) => v3Wards(ctx, queryToJson(ctx, V3_WARD_FIELDS)))
  sb.api("POST", `${V3}/ward/all-by-province-id`, SPEC.getNewWards, (ctx) => v3Wards(ctx, ctx.body.length ? jsonBody(ctx) : queryToJson(ctx, V3_WARD_FIELDS)))
}
