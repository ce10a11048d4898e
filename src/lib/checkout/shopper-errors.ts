/**
 * The errors a shopper can meet at checkout, by a stable code with parameters, and their texts in
 * Vietnamese and English. The store API answers them in the shopper's language (see
 * src/api/middlewares.ts); the storefront kit shows them from the code. Pure: no Node, no Medusa
 * (the storefront bundle imports it).
 */

/** A GHN unit an address may mean, with the ids a storefront stores in the address metadata. */
export type ShopperAddressCandidate = {
  model: "legacy" | "new"
  label: string
  province_id: number
  province_name: string
  district_id?: number
  district_name?: string
  ward_code?: string
  ward_id?: number
  ward_name?: string
}

export type ShopperErrorParams = {
  address_unsupported_country: Record<string, never>
  address_not_found: { part: "country" | "province" | "district" | "ward"; candidates: ShopperAddressCandidate[] }
  address_ambiguous: { part: "country" | "province" | "district" | "ward"; candidates: ShopperAddressCandidate[] }
  address_not_priceable: { part: "country" | "province" | "district" | "ward"; candidates: ShopperAddressCandidate[] }
  no_ghn_service: { service_type_id: 2 | 5; ward: string; area: string; offered: string[] }
  parcel_too_heavy: { weight_g: number; limit_g: number }
  parcel_too_large: { side_cm: number; limit_cm: number }
  /** light goods (2) carry less than `limit_g`; heavy goods (5) need `limit_g` or more, or several parcels */
  parcel_wrong_service: { service_type_id: 2 | 5; limit_g: number }
  ghn_unavailable: Record<string, never>
  ghn_connection: Record<string, never>
  /** The store's codRisk option: `returned` of the receiver's COD parcels came back in the last `days` days. */
  cod_not_offered: { returned: number; days: number }
  /** The shipping address's phone is not a Vietnamese mobile or landline (GHN delivers to those only). */
  phone_not_vietnamese: { phone: string }
  /** The shipping address has no phone when the cart is completed (GHN delivers only with one). */
  phone_missing: Record<string, never>
  /** A field is longer than the plugin reads (src/lib/checkout/field-limits.ts): `field` as sent (`shipping_address.phone`). */
  field_too_long: { field: string; limit: number }
}

export type ShopperErrorCode = keyof ShopperErrorParams

/** A coded error as the store API sends it (`params` typed by `code`). */
export type ShopperError = { [C in ShopperErrorCode]: { code: C; params: ShopperErrorParams[C] } }[ShopperErrorCode]

export type ShopperLocale = "vi" | "en"

export const SHOPPER_ERROR_CODES: readonly ShopperErrorCode[] = [
  "address_unsupported_country", "address_not_found", "address_ambiguous", "address_not_priceable",
  "no_ghn_service", "parcel_too_heavy", "parcel_too_large", "parcel_wrong_service", "ghn_unavailable", "ghn_connection", "cod_not_offered",
  "phone_not_vietnamese", "phone_missing", "field_too_long",
]

export function isShopperErrorCode(code: unknown): code is ShopperErrorCode {
  return typeof code === "string" && (SHOPPER_ERROR_CODES as readonly string[]).includes(code)
}

/**
 * The language a request asks for: `x-medusa-locale` (what @medusajs/js-sdk sends once
 * `sdk.setLocale` ran) first, then Accept-Language by preference; Vietnamese unless English is
 * preferred to it.
 */
export function shopperLocaleOf(acceptLanguage?: string | null, medusaLocale?: string | null): ShopperLocale {
  const own = languageOf(medusaLocale ?? "")
  if (own) return own
  const ranked = String(acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(";")
      const q = rest.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
      return { language: languageOf(tag), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked[0]?.language ?? "vi"
}

/** The message language of a BCP 47 tag ("vi-VN", "en_US"), if it is one the plugin writes. */
export function languageOf(tag: string | null | undefined): ShopperLocale | undefined {
  const primary = String(tag ?? "").trim().toLowerCase().split(/[-_]/)[0]
  return primary === "vi" || primary === "en" ? primary : undefined
}

const kg = (grams: number, locale: ShopperLocale) =>
  (Math.round(grams / 100) / 10).toLocaleString(locale === "vi" ? "vi-VN" : "en-US")

const list = (candidates: ShopperAddressCandidate[]) => candidates.map((c) => c.label).join("; ")

/** A field's name as a shopper knows it (`shipping_address.phone` -> the phone number), by its last part. */
const FIELD_VI: Record<string, string> = {
  phone: "Số điện thoại", first_name: "Tên", last_name: "Họ", company: "Tên công ty", address_1: "Địa chỉ", address_2: "Địa chỉ (dòng 2)",
  city: "Quận/huyện", province: "Tỉnh/thành phố", country_code: "Mã quốc gia", email: "Email", order_number: "Mã đơn hàng",
}
const fieldVi = (field: string) => FIELD_VI[field.slice(field.lastIndexOf(".") + 1)] ?? `Trường ${field}`

const PART_VI = { country: "quốc gia", province: "tỉnh/thành phố", district: "quận/huyện", ward: "phường/xã" } as const
const PART_EN = { country: "country", province: "province", district: "district", ward: "ward" } as const

type Catalogue = { [C in ShopperErrorCode]: (params: ShopperErrorParams[C]) => string }

const VI: Catalogue = {
  address_unsupported_country: () => "GHN chỉ giao hàng trong Việt Nam.",
  address_not_found: (p) =>
    `GHN không tìm thấy ${PART_VI[p.part]} của địa chỉ này.` + (p.candidates.length ? ` Có phải bạn muốn chọn: ${list(p.candidates)}?` : ""),
  address_ambiguous: (p) => `Địa chỉ có thể thuộc nhiều ${PART_VI[p.part]}: ${list(p.candidates)}. Vui lòng chọn một.`,
  address_not_priceable: (p) =>
    `GHN chưa tính được phí giao đến ${list(p.candidates) || "địa chỉ này"}. Vui lòng chọn địa chỉ theo tỉnh, quận/huyện, phường/xã cũ.`,
  no_ghn_service: (p) =>
    `GHN chưa có dịch vụ ${p.service_type_id === 5 ? "hàng nặng" : "hàng nhẹ"} giao đến ${p.ward}, ${p.area}.` +
    (p.offered.length ? ` Dịch vụ hiện có: ${p.offered.join(", ")}.` : ""),
  parcel_too_heavy: (p) => `Kiện hàng nặng ${kg(p.weight_g, "vi")} kg, vượt mức ${kg(p.limit_g, "vi")} kg GHN nhận cho một đơn.`,
  parcel_too_large: (p) => `Kiện hàng có một cạnh dài ${p.side_cm} cm, vượt mức ${p.limit_cm} cm GHN nhận.`,
  parcel_wrong_service: (p) =>
    p.service_type_id === 2
      ? `GHN hàng nhẹ chỉ nhận kiện dưới ${kg(p.limit_g, "vi")} kg: hãy chọn GHN hàng nặng.`
      : `Một kiện dưới ${kg(p.limit_g, "vi")} kg là hàng nhẹ: hãy chọn GHN hàng nhẹ.`,
  ghn_unavailable: () => "Giao hàng GHN tạm thời chưa sẵn sàng: vui lòng thử lại sau giây lát.",
  ghn_connection: () => "Giao hàng GHN tạm thời chưa sẵn sàng: vui lòng thử lại sau giây lát.",
  cod_not_offered: (p) =>
    `Cửa hàng chưa thể nhận thanh toán khi nhận hàng (COD) cho số điện thoại này (${p.returned} đơn COD bị hoàn trong ${p.days} ngày qua). Vui lòng thanh toán trước bằng phương thức khác.`,
  phone_not_vietnamese: (p) =>
    `Số điện thoại "${p.phone}" không phải số di động hoặc số cố định Việt Nam: GHN cần một số như 0901234567 hoặc +84 901 234 567 để giao hàng.`,
  phone_missing: () => "Vui lòng nhập số điện thoại người nhận: GHN cần số điện thoại (như 0901234567) để giao hàng.",
  field_too_long: (p) => `${fieldVi(p.field)} quá dài: tối đa ${p.limit} ký tự.`,
}

const EN: Catalogue = {
  address_unsupported_country: () => "GHN delivers in Vietnam only.",
  address_not_found: (p) => `GHN cannot find the ${PART_EN[p.part]} of this address.` + (p.candidates.length ? ` Did you mean: ${list(p.candidates)}?` : ""),
  address_ambiguous: (p) => `The address can be in more than one ${PART_EN[p.part]}: ${list(p.candidates)}. Please choose one.`,
  address_not_priceable: (p) =>
    `GHN cannot price a delivery to ${list(p.candidates) || "this address"} yet. Please choose the address by its former province, district and ward.`,
  no_ghn_service: (p) =>
    `GHN has no ${p.service_type_id === 5 ? "heavy goods" : "light goods"} service to ${p.ward}, ${p.area}.` +
    (p.offered.length ? ` It offers: ${p.offered.join(", ")}.` : ""),
  parcel_too_heavy: (p) => `The parcel weighs ${kg(p.weight_g, "en")} kg: GHN carries at most ${kg(p.limit_g, "en")} kg per order.`,
  parcel_too_large: (p) => `One side of the parcel is ${p.side_cm} cm: GHN accepts at most ${p.limit_cm} cm.`,
  parcel_wrong_service: (p) =>
    p.service_type_id === 2
      ? `GHN light goods carry parcels under ${kg(p.limit_g, "en")} kg: choose GHN heavy goods.`
      : `A single parcel under ${kg(p.limit_g, "en")} kg is light goods: choose GHN light goods.`,
  ghn_unavailable: () => "GHN shipping is not available right now: please try again in a moment",
  ghn_connection: () => "GHN shipping is not available right now: please try again in a moment",
  cod_not_offered: (p) =>
    `The store cannot take cash on delivery for this phone number (${p.returned} COD parcels came back in the last ${p.days} days). Please pay in advance with another payment method.`,
  phone_not_vietnamese: (p) =>
    `The phone number "${p.phone}" is not a Vietnamese mobile or landline number: GHN needs one such as 0901234567 or +84 901 234 567 to deliver.`,
  phone_missing: () => "Please enter the receiver's phone number: GHN needs one (such as 0901234567) to deliver.",
  field_too_long: (p) => `${p.field} must be at most ${p.limit} characters.`,
}

/** The text of a coded error in a language. */
export function shopperMessage(error: ShopperError, locale: ShopperLocale): string {
  const catalogue = locale === "en" ? EN : VI
  // The union's code and params agree by construction; TypeScript cannot follow the lookup.
  return (catalogue[error.code] as (params: ShopperError["params"]) => string)(error.params)
}
