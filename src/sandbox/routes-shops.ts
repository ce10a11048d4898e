/** Shop and affiliate (partner) endpoints. */
import type { Ctx, Sandbox } from "./sandbox"
import { coded, ok, plain, serverError, userErr, type Envelope } from "./errors"
import { R, decode, int, str, type FieldSpec } from "./validation"
import { jsonBody, queryToJson } from "./routes-orders"
import { SPEC_REQUESTS as SPEC } from "./spec-requests"
import { consumeOtp, findOtp, issueOtp, OTP_TTL_SECONDS } from "./otp"
import { normalizePhone } from "./text"
import { DEFAULT_MEMBER_PERMISSIONS, type Account, type Shop } from "./types"

const P = "/shiip/public-api/v2"
const S = (json: string, go: string, kind: FieldSpec["kind"], rules?: FieldSpec["rules"]): FieldSpec => ({ json, go, kind, rules })
const LANG = S("language", "Language", "string", [R.oneof("vi", "en")])

const OTP_FIELDS = [S("phone", "Phone", "string", [R.required]), LANG]
const AFF_CREATE_FIELDS = [
  S("phone", "Phone", "string", [R.required]),
  S("otp", "Otp", "string"),
  S("address", "Address", "string"),
  S("district_id", "DistrictID", "int", [R.gte(0)]),
  S("ward_code", "WardCode", "string"),
  LANG,
]
const AFF_WITH_SHOP_FIELDS = [
  S("phone", "Phone", "string", [R.required]),
  S("otp", "Otp", "string"),
  S("shop_id", "ShopID", "int", [R.required]),
  LANG,
]
const REGISTER_FIELDS = [
  S("name", "Name", "string", [R.required]),
  S("phone", "Phone", "string"),
  S("address", "Address", "string"),
  S("ward_code", "WardCode", "string"),
  S("district_id", "DistrictID", "int", [R.gte(0)]),
  S("bank_account_id", "BankAccountID", "int", [R.gte(0)]),
]
const GET_SHOP_FIELDS = [
  S("offset", "Offset", "int", [R.gte(0)]),
  // "Default 0; negative gives 400": no maximum stated.
  S("limit", "Limit", "int", [R.gte(0)]),
  S("client_phone", "ClientPhone", "string"),
]

export function shopView(s: Shop): Record<string, unknown> {
  return {
    _id: s._id,
    name: s.name,
    phone: s.phone,
    address: s.address,
    ward_code: s.ward_code,
    district_id: s.district_id,
    client_id: s.client_id,
    bank_account_id: s.bank_account_id,
    status: s.status,
    version_no: "1",
    updated_ip: "127.0.0.1",
    updated_employee: 0,
    updated_client: s.client_id,
    updated_source: "sandbox",
    updated_date: s.created_at,
    created_ip: "127.0.0.1",
    created_employee: 0,
    created_client: s.client_id,
    created_source: "sandbox",
    created_date: s.created_at,
  }
}

export function registerShopRoutes(sb: Sandbox): void {
  const accountByPhone = (raw: string): Account | null => {
    const p = normalizePhone(raw)
    return p ? sb.accountByPhone.get(p) ?? null : null
  }

  /** district/ward validation shared by Create Shop and Create Shop by OTP */
  const checkWard = (ctx: Ctx, districtId: number, wardCode: string) => {
    if (!districtId && !wardCode) return
    const r = sb.md.locateLegacy(districtId, wardCode || null)
    if ("error" in r || !wardCode || !districtId || r.locked) throw coded(400, "WARD_IS_INVALID", undefined, ctx.lang)
  }

  // ------------------------------------------------------------------ Get OTP
  sb.api("POST", `${P}/shop/affiliateOTP`, SPEC.getOtp, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    sb.optionalShop(ctx, acc)
    const b = decode("AffiliateOTPRequest", OTP_FIELDS, body, ctx.lang)
    const owner = accountByPhone(str(b, "phone"))
    if (!owner) throw userErr("Số điện thoại chưa đăng ký tài khoản GHN", ctx.lang)
    if (owner.client_id === acc.client_id) throw userErr("Không thể gửi OTP tới số điện thoại của chính tài khoản gọi", ctx.lang)
    if (sb.useFault(ctx, "sms_fail")) throw serverError(ctx.lang)
    issueOtp(sb, { phone: owner.phone, purpose: "affiliate", requestedBy: acc.client_id, requesterName: acc.name })
    return ok({ TTL: OTP_TTL_SECONDS })
  })

  // ------------------------------------------------------------------ Create Shop by OTP
  sb.api("POST", `${P}/shop/affiliateCreate`, SPEC.createShopByOtp, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    const partnerShop = sb.optionalShop(ctx, acc)
    const b = decode("AffiliateCreateRequest", AFF_CREATE_FIELDS, body, ctx.lang)
    const owner = accountByPhone(str(b, "phone"))
    if (!owner) throw userErr("Số điện thoại chưa đăng ký tài khoản GHN", ctx.lang)
    if (owner.client_id === acc.client_id) throw userErr("Không thể dùng số điện thoại của chính tài khoản gọi", ctx.lang)
    const rec = findOtp(sb, { phone: owner.phone, purpose: "affiliate", requestedBy: acc.client_id, otp: str(b, "otp") })
    if (!rec) throw coded(400, "OTP_NOT_VALID", undefined, ctx.lang)
    // Spec, Create Shop by OTP: district_id and ward_code each fall back on their own, so a
    // district alone is valid; each given part is checked (the ward against the district used).
    const givenDistrict = int(b, "district_id")
    if (givenDistrict) {
      const district = sb.md.locateLegacy(givenDistrict, null)
      if ("error" in district || district.locked) throw coded(400, "WARD_IS_INVALID", undefined, ctx.lang)
    }
    // fallback chain: owner's default shop, then the partner's default shop
    const ownerShop = sb.mainShop(owner)
    const chain = [ownerShop, partnerShop].filter((s): s is Shop => !!s)
    const pick = <K extends "address" | "district_id" | "ward_code">(k: K, given: Shop[K]): Shop[K] => {
      if (given) return given
      for (const s of chain) if (s[k]) return s[k]
      return given
    }
    const districtId = pick("district_id", givenDistrict)
    const wardCode = pick("ward_code", str(b, "ward_code"))
    if (str(b, "ward_code")) checkWard(ctx, districtId, wardCode)
    // 1. create the shop (owned by the customer, name generated)
    const shop: Shop = {
      _id: sb.newShopId(),
      name: `${owner.name} - ${acc.name}`,
      phone: owner.phone,
      address: pick("address", str(b, "address")),
      ward_code: wardCode,
      district_id: districtId,
      client_id: owner.client_id,
      status: 1,
      bank_account_id: 0,
      created_at: sb.nowIso(),
      members: [],
    }
    sb.state.shops.push(shop)
    sb.shopById.set(shop._id, shop)
    sb.markDirty()
    // 2. add the caller as staff (a fault makes this step fail: the shop stays, the OTP stays valid)
    if (sb.useFault(ctx, "partial_failure")) throw serverError(ctx.lang)
    shop.members.push({ client_id: acc.client_id, permissions: [...DEFAULT_MEMBER_PERMISSIONS] })
    // 3. invalidate the OTP
    consumeOtp(sb, rec)
    return ok({ client_id: owner.client_id, shop_id: shop._id })
  })

  // ------------------------------------------------------------------ Add Staff to Shop by OTP
  sb.api("POST", `${P}/shop/affiliateCreateWithShop`, SPEC.addStaffByOtp, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    sb.optionalShop(ctx, acc)
    const b = decode("AffiliateCreateWithShopRequest", AFF_WITH_SHOP_FIELDS, body, ctx.lang)
    const shop = sb.shopById.get(int(b, "shop_id"))
    if (!shop) throw plain(400, "Shop khong ton tai")
    const owner = accountByPhone(str(b, "phone"))
    if (!owner || owner.client_id !== shop.client_id) throw coded(400, "CLIENT_NOT_BELONG_OF_SHOP", undefined, ctx.lang)
    const rec = findOtp(sb, { phone: owner.phone, purpose: "affiliate", requestedBy: acc.client_id, otp: str(b, "otp") })
    if (!rec) throw coded(400, "OTP_NOT_VALID", undefined, ctx.lang)
    if (sb.isMember(acc, shop)) throw coded(400, "CLIENT_HAVE_EXISTED", undefined, ctx.lang)
    // 1. add the caller as staff; 2. grant the default permissions (a fault makes step 2 fail)
    const member = { client_id: acc.client_id, permissions: [] as typeof DEFAULT_MEMBER_PERMISSIONS }
    shop.members.push(member)
    sb.markDirty()
    if (sb.useFault(ctx, "partial_failure")) throw serverError(ctx.lang)
    member.permissions = [...DEFAULT_MEMBER_PERMISSIONS]
    // 3. invalidate the OTP
    consumeOtp(sb, rec)
    return ok(null)
  })

  // ------------------------------------------------------------------ Create Shop
  sb.api("POST", `${P}/shop/register`, SPEC.createShop, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    sb.requiredShop(ctx, acc, "CLIENT_NOT_BELONG_OF_SHOP")
    const b = decode("RegisterShopRequest", REGISTER_FIELDS, body, ctx.lang)
    const phone = normalizePhone(str(b, "phone"))
    if (!phone) throw coded(400, "PHONE_INVALID", undefined, ctx.lang)
    checkWard(ctx, int(b, "district_id"), str(b, "ward_code"))
    const shop: Shop = {
      _id: sb.newShopId(),
      name: str(b, "name"),
      phone,
      address: str(b, "address"),
      ward_code: str(b, "ward_code"),
      district_id: int(b, "district_id"),
      client_id: acc.client_id,
      status: 1,
      bank_account_id: int(b, "bank_account_id"),
      created_at: sb.nowIso(),
      members: [],
    }
    sb.state.shops.push(shop)
    sb.shopById.set(shop._id, shop)
    sb.markDirty()
    return ok({ shop_id: shop._id })
  })

  // ------------------------------------------------------------------ Get Shop
  const getShops = (ctx: Ctx, raw: Record<string, unknown>): Envelope => {
    const acc = sb.auth(ctx)
    const b = decode("GetShopRequest", GET_SHOP_FIELDS, raw, ctx.lang)
    const offset = int(b, "offset")
    const limit = int(b, "limit") || 50
    const phone = str(b, "client_phone")
    let list: Shop[]
    if (phone) {
      const staff = accountByPhone(phone)
      list = staff ? sb.state.shops.filter((s) => s.client_id === acc.client_id && s.members.some((m) => m.client_id === staff.client_id)) : []
    } else list = sb.state.shops.filter((s) => sb.isMember(acc, s))
    list = list.filter((s) => s._id > offset).sort((a, b2) => a._id - b2._id).slice(0, limit)
    return ok({ last_offset: list.length ? list[list.length - 1]._id : offset, shops: list.map(shopView) })
  }
  sb.api("GET", `${P}/shop/all`, SPEC.getShop, (ctx) => getShops(ctx, queryToJson(ctx, GET_SHOP_FIELDS)))
  sb.api("POST", `${P}/shop/all`, SPEC.getShop, (ctx) => getShops(ctx, jsonBody(ctx)))
}
