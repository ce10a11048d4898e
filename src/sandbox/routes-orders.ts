/** Order endpoints: create, preview, update, detail, fee, leadtime, services, switch-status, print. */
import { randomBytes } from "node:crypto"
import type { Ctx, Sandbox } from "./sandbox"
import { ApiError, coded, ok, plain, userErr, type Envelope, type Lang, type RawReply } from "./errors"
import { R, decode, parseJsonBody, int, str, bool, has, type FieldSpec } from "./validation"
import { calculateFee, leadtime, pickShifts, servicesFor, shiftWindow, SERVICE_TYPE_BOUNDARY_G, type FeeError, type FeeItem } from "./fee"
import type { Location } from "./masterdata"
import { applyStatus, CANCELLABLE, emit, feeObject, feeTotal, orderCodeFor, orderInfo } from "./orders"
import { findOtp, consumeOtp, issueOtp } from "./otp"
import { errorPage, labelPage, type Paper } from "./labels"
import { isoSeconds, normalizePhone } from "./text"
import type { Account, AddressBlock, Order, OrderItem, Shop } from "./types"
import { SPEC_REQUESTS as SPEC } from "./spec-requests"

const P = "/shiip/public-api/v2"
const S = (json: string, go: string, kind: FieldSpec["kind"], rules?: FieldSpec["rules"], extra?: Partial<FieldSpec>): FieldSpec => ({ json, go, kind, rules, ...extra })
/** Heavy goods, sent or inferred the way Create Order and Calculate Fee store a type the body left out (serviceTypeOf). */
const isType5 = (_: Record<string, unknown>, root: Record<string, unknown>) => serviceTypeOf(root) === 5
const noItems = (p: Record<string, unknown>) => !Array.isArray(p.items) || p.items.length === 0

const ITEM_FIELDS: FieldSpec[] = [
  // The spec marks neither required (only "Max 512" and "Minimum 1"), and states no limit on an
  // item's sides or weight: only the order's.
  S("name", "Name", "string", [R.max(512)]),
  S("code", "Code", "string"),
  S("quantity", "Quantity", "int", [R.min(1)]),
  S("price", "Price", "int", [R.gte(0)]),
  S("length", "Length", "int", [R.requiredIf(isType5)]),
  S("width", "Width", "int", [R.requiredIf(isType5)]),
  S("height", "Height", "int", [R.requiredIf(isType5)]),
  S("weight", "Weight", "int", [R.requiredIf(isType5)]),
]

function addressFields(prefix: "to" | "from" | "return", Go: string, required: boolean): FieldSpec[] {
  const isNew = (p: Record<string, unknown>) => p[`is_new_${prefix}_address`] === true
  const hasIds = (p: Record<string, unknown>) => !!p[`${prefix}_ward_code`]
  return [
    // The spec gives names and addresses a length only: none is marked required.
    S(`${prefix}_name`, `${Go}Name`, "string", [R.max(1024)]),
    S(`${prefix}_phone`, `${Go}Phone`, "string", required ? [R.required] : []),
    ...(prefix === "from" ? [S("from_hotline", "FromHotline", "string")] : []),
    S(`${prefix}_address`, `${Go}Address`, "string", [R.max(1024)]),
    S(`${prefix}_ward_name`, `${Go}WardName`, "string", required ? [R.requiredWithout((p) => !hasIds(p))] : []),
    S(`${prefix}_district_name`, `${Go}DistrictName`, "string", required ? [R.requiredIf((p) => !isNew(p) && !hasIds(p) && !p[`${prefix}_district_id`])] : []),
    S(`${prefix}_province_name`, `${Go}ProvinceName`, "string", required ? [R.requiredIf((p) => isNew(p) && !hasIds(p))] : []),
    S(`${prefix}_ward_code`, `${Go}WardCode`, "string"),
    S(`${prefix}_district_id`, `${Go}DistrictID`, "int", [R.gte(0)]),
    S(`is_new_${prefix}_address`, `IsNew${Go}Address`, "bool"),
  ]
}

const REQUIRED_NOTES = ["KHONGCHOXEMHANG", "CHOXEMHANGKHONGTHU", "CHOTHUHANG"]

const CREATE_FIELDS: FieldSpec[] = [
  ...addressFields("to", "To", true),
  ...addressFields("from", "From", false),
  ...addressFields("return", "Return", false),
  S("client_order_code", "ClientOrderCode", "string", [R.max(50)]),
  // "Gram, max 50,000": the spec does not mark Create Order's weight required (items or the box price it).
  S("weight", "Weight", "int", [R.gte(0), R.max(50000)]),
  S("length", "Length", "int", [R.gte(0), R.max(200)]),
  S("width", "Width", "int", [R.gte(0), R.max(200)]),
  S("height", "Height", "int", [R.gte(0), R.max(200)]),
  S("content", "Content", "string", [R.requiredWithout(noItems), R.max(2000)]),
  S("service_type_id", "ServiceTypeID", "int", [R.oneof(2, 5)]),
  S("service_id", "ServiceID", "int"),
  // Create Order names 1 (shop pays) and 2 (receiver pays); 4 and 5 appear only in what Order Info reports.
  S("payment_type_id", "PaymentTypeID", "int", [R.oneof(1, 2)]),
  S("coupon", "Coupon", "string"),
  S("cod_amount", "CodAmount", "int", [R.gte(0), R.max(50000000)]),
  S("cod_failed_amount", "CodFailedAmount", "int", [R.gte(0)]),
  S("insurance_value", "InsuranceValue", "int", [R.gte(0), R.max(5000000)]),
  S("order_value", "OrderValue", "int", [R.gte(0)]),
  S("required_note", "RequiredNote", "string", [R.oneof(...REQUIRED_NOTES)]),
  S("note", "Note", "string", [R.max(5000)]),
  S("pick_station_id", "PickStationID", "int", [R.gte(0)]),
  S("deliver_station_id", "DeliverStationID", "int", [R.gte(0)]),
  S("pick_shift", "PickShift", "int[]"),
  S("pickup_time", "PickupTime", "int"),
  // "Required when service_type_id is 5": an empty list is no parcel, so it is missing too.
  S("items", "Items", "object[]", [R.requiredNonEmptyIf(isType5), R.requiredWithout((p) => !p.content)], { fields: ITEM_FIELDS, elem: "OrderItem" }),
]

const CONDITIONAL = new Set(["required", "required_if", "required_without"])
const UPDATE_FIELDS: FieldSpec[] = [
  S("order_code", "OrderCode", "string", [R.required]),
  ...CREATE_FIELDS.map((f) => ({ ...f, rules: (f.rules ?? []).filter((r) => !CONDITIONAL.has(r.tag)) })),
  S("document_return", "DocumentReturn", "bool"),
  S("double_check", "DoubleCheck", "bool"),
  S("otp", "Otp", "string"),
]

// "Each: name (required), code, quantity (required), length, width, height, weight (required for
// multi-parcel heavy goods)": Calculate Fee states no length of a name nor limit of an item's sides.
const FEE_ITEM_FIELDS: FieldSpec[] = [
  S("name", "Name", "string", [R.required]),
  S("code", "Code", "string"),
  S("quantity", "Quantity", "int", [R.required, R.min(1)]),
  S("length", "Length", "int"),
  S("width", "Width", "int"),
  S("height", "Height", "int"),
  S("weight", "Weight", "int", [R.requiredIf((_, root) => root.service_type_id === 5 && parcelCount(root) >= 2)]),
]
/** Spec, Calculate Fee rule 1: "Each item of a heavy-goods order is one parcel" (whatever its quantity). */
function parcelCount(root: Record<string, unknown>): number {
  return Array.isArray(root.items) ? root.items.length : 0
}

const FEE_FIELDS: FieldSpec[] = [
  S("from_district_id", "FromDistrictID", "int", [R.gte(0)]),
  S("from_ward_code", "FromWardCode", "string"),
  S("service_id", "ServiceID", "int"),
  S("service_type_id", "ServiceTypeID", "int", [R.oneof(2, 5)]),
  S("to_district_id", "ToDistrictID", "int", [R.required]),
  S("to_ward_code", "ToWardCode", "string", [R.required]),
  S("height", "Height", "int", [R.gte(0), R.max(200)]),
  S("length", "Length", "int", [R.gte(0), R.max(200)]),
  S("weight", "Weight", "int", [R.required, R.gt(0), R.max(1600000)]),
  S("width", "Width", "int", [R.gte(0), R.max(200)]),
  S("insurance_value", "InsuranceValue", "int", [R.gte(0), R.max(5000000)]),
  S("cod_value", "CodValue", "int", [R.gte(0), R.max(10000000)]),
  S("cod_failed_amount", "CodFailedAmount", "int", [R.gte(0)]),
  S("coupon", "Coupon", "string"),
  S("items", "Items", "object[]", [R.requiredNonEmptyIf((p) => serviceTypeOf(p) === 5)], { fields: FEE_ITEM_FIELDS, elem: "FeeItem" }),
]

const LEADTIME_FIELDS: FieldSpec[] = [
  S("from_district_id", "FromDistrictID", "int", [R.gte(0)]),
  S("from_ward_code", "FromWardCode", "string"),
  S("to_district_id", "ToDistrictID", "int", [R.required]),
  S("to_ward_code", "ToWardCode", "string", [R.required]),
  S("service_id", "ServiceID", "int"),
  S("service_type_id", "ServiceTypeID", "int", [R.oneof(2, 5)]),
  // Leadtime states no limit of its own for the parcel (the limits are Create Order's and Calculate Fee's).
  S("weight", "Weight", "int", [R.gte(0)]),
  S("length", "Length", "int", [R.gte(0)]),
  S("width", "Width", "int", [R.gte(0)]),
  S("height", "Height", "int", [R.gte(0)]),
]

const SERVICE_FIELDS: FieldSpec[] = [
  S("shop_id", "ShopID", "int", [R.required]),
  S("from_district", "FromDistrict", "int", [R.requiredWithout((p) => !p.from_ward_id)]),
  S("to_district", "ToDistrict", "int", [R.requiredWithout((p) => !p.to_ward_id)]),
  S("from_ward_id", "FromWardID", "int"),
  S("to_ward_id", "ToWardID", "int"),
]

const CANCEL_REASONS = ["SVC-CO001", "SVC-CO002", "SVC-CO003", "SVC-CANCEL-OTHER"]
const CANCEL_FIELDS: FieldSpec[] = [
  S("order_codes", "OrderCodes", "string[]", [R.required]),
  S("reason_code", "ReasonCode", "string", [R.oneof(...CANCEL_REASONS)]),
  S("reason", "Reason", "string"),
]
const SWITCH_FIELDS: FieldSpec[] = [S("order_codes", "OrderCodes", "string[]", [R.required])]
const GEN_TOKEN_FIELDS: FieldSpec[] = [
  S("order_codes", "OrderCodes", "string[]", [R.required]),
  S("item_index", "ItemIndex", "int[]"),
]
const DETAIL_FIELDS: FieldSpec[] = [S("order_code", "OrderCode", "string", [R.required])]

// ---------------------------------------------------------------------------------- helpers

export function jsonBody(ctx: Ctx): Record<string, unknown> {
  const b = parseJsonBody(ctx.body, ctx.lang)
  if (b && typeof b === "object" && !Array.isArray(b) && (b as Record<string, unknown>).language === "en") ctx.lang = "en"
  return b as Record<string, unknown>
}

function checkPhone(v: unknown, lang: Lang, what: string): string {
  const p = normalizePhone(v)
  if (!p) throw coded(400, "PHONE_INVALID", `Số điện thoại ${what} không hợp lệ`, lang)
  return p
}

function feeFailure(err: FeeError, lang: Lang, withCode: boolean): ApiError {
  switch (err) {
    case "ROUTE_NOT_FOUND_SERVICE":
      return withCode ? coded(400, "ROUTE_NOT_FOUND_SERVICE", "route not found service", lang) : plain(400, "route not found service")
    case "SERVICE_NOT_FOUND_CONFIG_FEE":
      return coded(400, "SERVICE_NOT_FOUND_CONFIG_FEE", "service not found config fee", lang)
    case "BOUNDARY_LIGHT":
      return userErr("Đơn hàng từ 20.000 gram trở lên phải dùng dịch vụ hàng nặng (service_type_id 5)", lang)
    case "BOUNDARY_HEAVY":
      return userErr("Dịch vụ hàng nặng (service_type_id 5) chỉ dành cho đơn từ 20.000 gram trở lên hoặc nhiều kiện", lang)
  }
}

function toItems(raw: unknown): OrderItem[] {
  if (!Array.isArray(raw)) return []
  return raw.filter((x) => x && typeof x === "object").map((x) => {
    const o = x as Record<string, unknown>
    return {
      name: str(o, "name"),
      code: str(o, "code"),
      quantity: int(o, "quantity", 1),
      price: int(o, "price"),
      length: int(o, "length"),
      width: int(o, "width"),
      height: int(o, "height"),
      weight: int(o, "weight"),
      ...(o.category && typeof o.category === "object" ? { category: o.category } : {}),
    }
  })
}

function feeItems(items: OrderItem[]): FeeItem[] {
  return items.map((i) => ({ quantity: i.quantity, length: i.length, width: i.width, height: i.height, weight: i.weight }))
}

/**
 * The service type Create Order stores when the body names none: the spec's boundary (2 under
 * 20 kg, 5 at 20 kg or more) applied to the declared weight, else to the items' total weight.
 * Several items alone do not make heavy goods: a light parcel may hold several goods.
 */
function serviceTypeOf(b: Record<string, unknown>): number {
  const asked = int(b, "service_type_id")
  if (asked) return asked
  const weight = int(b, "weight") || toItems(b.items).reduce((sum, i) => sum + i.weight * Math.max(1, i.quantity), 0)
  return weight >= SERVICE_TYPE_BOUNDARY_G ? 5 : 2
}

/** What Order Info reports for a fee payer and a required note Create Order left out (see docs/sandbox.md). */
export const DEFAULT_PAYMENT_TYPE_ID = 1
export const DEFAULT_REQUIRED_NOTE = "KHONGCHOXEMHANG"

function shopLocation(sb: Sandbox, shop: Shop): Location | null {
  if (!shop.district_id || !shop.ward_code) return null
  const r = sb.md.locateLegacy(shop.district_id, shop.ward_code)
  return "error" in r ? null : r
}

function blockFrom(loc: Location, name: string, phone: string, address: string, isNew: boolean): AddressBlock {
  return {
    name,
    phone,
    address,
    ward_name: loc.wardName,
    district_name: loc.districtName,
    province_name: loc.provinceName,
    ward_code: loc.legacyWardCode ?? "",
    district_id: loc.legacyDistrictId ?? 0,
    is_new_address: isNew,
    location: loc,
  }
}

/** Resolves an address block from ids (legacy) or names (legacy or new model). null: nothing given. */
function resolveLocation(sb: Sandbox, b: Record<string, unknown>, prefix: "to" | "from" | "return"): Location | null | "invalid" {
  const wardCode = str(b, `${prefix}_ward_code`)
  const wardName = str(b, `${prefix}_ward_name`)
  const isNew = bool(b, `is_new_${prefix}_address`)
  if (wardCode) {
    let d = int(b, `${prefix}_district_id`)
    if (!d) d = sb.md.wardByCode.get(wardCode)?.w.DistrictID ?? 0
    const r = sb.md.locateLegacy(d, wardCode)
    return "error" in r ? "invalid" : r
  }
  if (wardName) {
    const loc = isNew
      ? sb.md.resolveNewNames(wardName, str(b, `${prefix}_province_name`))
      : sb.md.resolveLegacyNames(wardName, str(b, `${prefix}_district_name`), str(b, `${prefix}_province_name`))
    return loc ?? "invalid"
  }
  return null
}

function sortCode(loc: Location): string {
  const p = String(loc.newProvinceId).padStart(2, "0")
  const d = String((loc.legacyDistrictId ?? 0) % 100).padStart(2, "0")
  let h = 0
  for (const c of loc.wardName) h = (h * 31 + c.charCodeAt(0)) % 97
  return `${p}-${d}-${String(h).padStart(2, "0")}`
}

interface Draft {
  from: AddressBlock
  to: AddressBlock
  ret: AddressBlock
  items: OrderItem[]
  content: string
  fee: ReturnType<typeof calculateFee> & { ok: true }
  serviceTypeId: number
  shiftId: number | null
  leadtimeIso: string
}

function buildDraft(sb: Sandbox, ctx: Ctx, shop: Shop, b: Record<string, unknown>): Draft {
  const lang = ctx.lang
  // sender
  const shopLoc = shopLocation(sb, shop)
  const fromRes = resolveLocation(sb, b, "from")
  let fromLoc: Location
  if (fromRes === "invalid") throw userErr("Address convert from fail", lang)
  else if (fromRes) fromLoc = fromRes
  else if (shopLoc) fromLoc = shopLoc
  else throw userErr("Address convert from fail", lang)
  const fromPhone = has(b, "from_phone") && str(b, "from_phone") ? checkPhone(b.from_phone, lang, "người gửi") : shop.phone
  const from = blockFrom(fromLoc, str(b, "from_name") || shop.name, fromPhone, str(b, "from_address") || shop.address, bool(b, "is_new_from_address"))
  // receiver
  const toRes = resolveLocation(sb, b, "to")
  if (!toRes || toRes === "invalid") throw userErr("Address convert to fail", lang)
  const to = blockFrom(toRes, str(b, "to_name"), checkPhone(b.to_phone, lang, "người nhận"), str(b, "to_address"), bool(b, "is_new_to_address"))
  // return
  const retRes = resolveLocation(sb, b, "return")
  if (retRes === "invalid") throw userErr("Address convert return fail", lang)
  const retPhone = has(b, "return_phone") && str(b, "return_phone") ? checkPhone(b.return_phone, lang, "trả hàng") : from.phone
  const ret = retRes
    ? blockFrom(retRes, str(b, "return_name") || from.name, retPhone, str(b, "return_address") || shop.address, bool(b, "is_new_return_address"))
    : blockFrom(shopLoc ?? fromLoc, str(b, "return_name") || from.name, retPhone, str(b, "return_address") || shop.address || from.address, false)
  // items and content
  const items = toItems(b.items)
  const content = items.length ? items.map((i) => `${i.name} x ${i.quantity}`).join(", ").slice(0, 2000) : str(b, "content")
  // fee
  const serviceTypeId = serviceTypeOf(b)
  const fee = calculateFee({
    from: from.location,
    to: to.location,
    serviceTypeId,
    weight: int(b, "weight"),
    length: int(b, "length"),
    width: int(b, "width"),
    height: int(b, "height"),
    items: feeItems(items),
    insuranceValue: int(b, "insurance_value"),
    codValue: int(b, "cod_amount"),
    codFailedAmount: int(b, "cod_failed_amount"),
    coupon: str(b, "coupon"),
  })
  if (!fee.ok) throw feeFailure(fee.error, lang, true)
  // pick shift
  const now = sb.now()
  let shiftId: number | null = null
  if (int(b, "pick_station_id") === 0) {
    const offered = pickShifts(now)
    const asked = Array.isArray(b.pick_shift) ? (b.pick_shift as number[]).filter((x) => typeof x === "number") : []
    if (asked.length) {
      if (!offered.some((s) => s.id === asked[0])) throw userErr(`pick_shift ${asked[0]} không hợp lệ; xem /shiip/public-api/v2/shift/date`, lang)
      shiftId = asked[0]
    } else shiftId = offered[0]?.id ?? null
  }
  const lt = leadtime(now, from.location, to.location, serviceTypeId, shiftId ?? undefined, fee.fee.weight)
  return { from, to, ret, items, content, fee, serviceTypeId, shiftId, leadtimeIso: lt.expected_delivery_time }
}

function createData(o: { order_code: string; sort_code: string; fee: Order["fee"]; total_fee: number; leadtime: string }): Record<string, unknown> {
  return {
    order_code: o.order_code,
    sort_code: o.sort_code,
    trans_type: "truck",
    ward_encode: "",
    district_encode: "",
    fee: o.fee,
    total_fee: o.total_fee,
    expected_delivery_time: o.leadtime,
    operation_partner: "",
  }
}

function createdReply(o: Order): Envelope {
  return ok(createData(o), { message_display: `Tạo đơn hàng thành công. Mã đơn hàng: ${o.order_code}`, code_message_value: "" })
}

function orderOf(sb: Sandbox, acc: Account, code: string): Order | null | "foreign" {
  const o = sb.orderByCode.get(code)
  if (!o) return null
  const shop = sb.shopById.get(o.shop_id)
  if (!shop || !sb.isMember(acc, shop)) return "foreign"
  return o
}

// ---------------------------------------------------------------------------------- update rules

const SENDER = ["from_name", "from_phone", "from_hotline", "from_address", "from_ward_name", "from_district_name", "from_province_name", "from_ward_code", "from_district_id", "is_new_from_address"]
const RECEIVER_CONTACT = ["to_name", "to_phone"]
const RECEIVER_ADDRESS = ["to_address", "to_ward_name", "to_district_name", "to_province_name", "to_ward_code", "to_district_id", "is_new_to_address"]
const RECEIVER = [...RECEIVER_CONTACT, ...RECEIVER_ADDRESS]
const RETURN_CONTACT = ["return_name", "return_phone"]
const RETURN_ADDRESS = ["return_address", "return_ward_name", "return_district_name", "return_province_name", "return_ward_code", "return_district_id", "is_new_return_address"]
const RETURN = [...RETURN_CONTACT, ...RETURN_ADDRESS]
const SERVICE = ["service_type_id", "service_id"]
const OTHER = [
  "client_order_code", "weight", "length", "width", "height", "content", "payment_type_id", "coupon", "cod_amount",
  "cod_failed_amount", "insurance_value", "order_value", "required_note", "note", "pick_station_id", "deliver_station_id",
  "pick_shift", "pickup_time", "items", "document_return", "double_check",
]
export const UPDATABLE = [...SENDER, ...RECEIVER, ...RETURN, ...SERVICE, ...OTHER]

/**
 * Fields whose zero value ("" or 0) is no value of theirs (Order Info reports one of three
 * required notes, a payment type 1, 2, 4 or 5, a service type 2 or 5): in an update they are
 * what GHN's Go server reads a zero as, not sent, so the order keeps its value.
 */
const ZERO_IS_UNSET = new Set(["required_note", "payment_type_id", "service_type_id", "service_id"])
const sentForUpdate = (b: Record<string, unknown>, f: string) => has(b, f) && !(ZERO_IS_UNSET.has(f) && (b[f] === "" || b[f] === 0))

/** Update Order: fields each status allows (spec table). */
export function updatableFields(status: string): Set<string> {
  const s = (...lists: string[][]) => new Set(lists.flat())
  switch (status) {
    case "ready_to_pick":
      return new Set(UPDATABLE)
    case "picking":
      return new Set(UPDATABLE.filter((f) => !SENDER.includes(f) && !["pick_shift", "pickup_time", "pick_station_id"].includes(f)))
    case "money_collect_picking":
      return s(["order_value", "to_name", "to_phone", "weight", "content", "required_note", "note", "cod_amount", "cod_failed_amount"], RETURN, ["coupon", "items"])
    case "picked":
      return s(SERVICE, RECEIVER, ["weight", "content", "required_note", "note", "cod_amount", "cod_failed_amount"], RETURN, ["coupon", "items", "document_return", "double_check"])
    case "storing":
    case "transporting":
    case "sorting":
      return s(SERVICE, RECEIVER, ["content", "required_note", "note", "cod_amount", "cod_failed_amount"], RETURN, ["coupon", "document_return", "double_check"])
    case "delivering":
      return s(SERVICE, RECEIVER, ["required_note", "note", "cod_amount", "cod_failed_amount"], RETURN, ["document_return", "double_check"])
    case "delivery_fail":
      return s(SERVICE, RECEIVER, ["content", "required_note", "note", "cod_amount"], RETURN, ["document_return", "double_check"])
    case "waiting_to_return":
      return s(SERVICE, RECEIVER, ["content", "required_note", "note", "cod_amount", "cod_failed_amount"], RETURN, ["document_return", "double_check"])
    case "return":
    case "return_transporting":
    case "return_sorting":
      return s(RETURN_CONTACT)
    case "return_fail":
      return s(RETURN_CONTACT, ["return_address"])
    default:
      return new Set()
  }
}

// ---------------------------------------------------------------------------------- registration

export function registerOrderRoutes(sb: Sandbox): void {
  const createOrPreview = (preview: boolean) => (ctx: Ctx): Envelope => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    const shop = sb.requiredShop(ctx, acc)
    const b = decode("CreateOrderRequest", CREATE_FIELDS, body, ctx.lang)
    checkPhone(b.to_phone, ctx.lang, "người nhận")
    const coc = str(b, "client_order_code")
    if (!preview && coc) {
      const prev = sb.state.orders.find((o) => o.shop_id === shop._id && o.client_order_code === coc)
      if (prev) return createdReply(prev)
    }
    const d = buildDraft(sb, ctx, shop, b)
    const fee = feeObject(d.fee.fee)
    const total = feeTotal(fee)
    if (preview) {
      return ok(createData({ order_code: "", sort_code: sortCode(d.to.location), fee, total_fee: total, leadtime: d.leadtimeIso }), { code_message_value: "" })
    }
    const now = sb.now()
    const code = orderCodeFor(sb.state.counters.order++)
    const win = d.shiftId != null ? shiftWindow(d.shiftId) : null
    const o: Order = {
      order_code: code,
      client_order_code: coc,
      sort_code: sortCode(d.to.location),
      status: "ready_to_pick",
      shop_id: shop._id,
      client_id: shop.client_id,
      created_by: acc.client_id,
      from: d.from,
      from_hotline: str(b, "from_hotline"),
      to: d.to,
      return: d.ret,
      weight: d.fee.fee.weight,
      length: d.fee.fee.length,
      width: d.fee.fee.width,
      height: d.fee.fee.height,
      converted_weight: d.fee.fee.converted_weight,
      calculate_weight: d.fee.fee.calculate_weight,
      service_type_id: d.serviceTypeId,
      service_id: int(b, "service_id") || servicesFor(d.from.location, d.to.location).find((s) => s.service_type_id === d.serviceTypeId)?.service_id || 0,
      payment_type_id: int(b, "payment_type_id") || DEFAULT_PAYMENT_TYPE_ID,
      cod_amount: int(b, "cod_amount"),
      cod_failed_amount: int(b, "cod_failed_amount"),
      cod_collect_date: null,
      cod_transfer_date: null,
      is_cod_collected: false,
      is_cod_transferred: false,
      insurance_value: int(b, "insurance_value"),
      order_value: int(b, "order_value"),
      required_note: str(b, "required_note") || DEFAULT_REQUIRED_NOTE,
      content: d.content,
      note: str(b, "note"),
      coupon: str(b, "coupon"),
      pick_station_id: int(b, "pick_station_id"),
      deliver_station_id: int(b, "deliver_station_id"),
      pick_shift: d.shiftId != null ? [d.shiftId] : [],
      pickup_shift: win ? { from_time: isoSeconds(win.from), to_time: isoSeconds(win.to) } : {},
      pickup_time: int(b, "pickup_time"),
      document_return: false,
      double_check: false,
      items: d.items,
      fee,
      total_fee: total,
      leadtime: d.leadtimeIso,
      created_date: isoSeconds(now),
      updated_date: isoSeconds(now),
      reason_code: "",
      reason: "",
      history: [{ status: "ready_to_pick", updated_date: isoSeconds(now), reason_code: "", reason: "", by: "create" }],
      update_log: [],
      auto_advance: !!sb.opts.autoAdvanceSeconds,
      shipper_name: "",
      shipper_phone: "",
      warehouse: "",
      pod_url: "",
    }
    sb.state.orders.push(o)
    sb.orderByCode.set(code, o)
    emit(sb, o, "create")
    sb.markDirty()
    return createdReply(o)
  }
  sb.api("POST", `${P}/shipping-order/create`, SPEC.createOrder, createOrPreview(false))
  sb.api("POST", `${P}/shipping-order/preview`, SPEC.previewOrder, createOrPreview(true))

  // ------------------------------------------------------------------ update
  sb.api("POST", `${P}/shipping-order/update`, SPEC.updateOrder, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    const shop = sb.requiredShop(ctx, acc)
    const b = decode("UpdateOrderRequest", UPDATE_FIELDS, body, ctx.lang)
    const found = orderOf(sb, acc, str(b, "order_code"))
    if (found === null) throw plain(400, "Đơn hàng không tồn tại")
    if (found === "foreign") throw coded(400, "CLIENT_NOT_OWNER_OF_SHOP", undefined, ctx.lang)
    const order = found
    const allowed = updatableFields(order.status)
    const present = UPDATABLE.filter((f) => sentForUpdate(b, f))
    const applied = present.filter((f) => allowed.has(f))
    const refused = present.filter((f) => !allowed.has(f))
    const lang = ctx.lang
    for (const [f, what] of [["to_phone", "người nhận"], ["from_phone", "người gửi"], ["return_phone", "trả hàng"]] as const) {
      if (applied.includes(f)) checkPhone(b[f], lang, what)
    }
    const now = sb.now()
    if (applied.includes("pickup_time") && int(b, "pickup_time") * 1000 < now) throw coded(400, "PICKUP_TIME_ERROR", "pickup_time is in the past", lang)
    // COD change: Edit COD permission, then an OTP sent to the caller's own phone
    let otpRec = null
    if (applied.includes("cod_amount")) {
      if (int(b, "cod_amount") === order.cod_amount) applied.splice(applied.indexOf("cod_amount"), 1)
      else {
        if (!sb.can(acc, sb.shopById.get(order.shop_id)!, "edit_cod")) throw coded(400, "PERMISSION_DENIED_EDIT_COD", undefined, lang)
        const otp = str(b, "otp")
        if (!otp) {
          issueOtp(sb, { phone: acc.phone, purpose: "update_cod", requestedBy: acc.client_id, orderCode: order.order_code })
          throw coded(400, "OTP_NOT_VALID", `OTP is required to change cod_amount; an OTP was sent by SMS to ${acc.phone}`, lang)
        }
        otpRec = findOtp(sb, { phone: acc.phone, purpose: "update_cod", requestedBy: acc.client_id, otp })
        if (!otpRec) throw coded(400, "OTP_NOT_VALID", undefined, lang)
      }
    }
    // build the new order on a copy; any failure leaves the order untouched
    const next: Order = structuredClone(order)
    const merged: Record<string, unknown> = {}
    for (const f of applied) merged[f] = b[f]
    const touches = (list: string[]) => applied.some((f) => list.includes(f))
    if (touches(SENDER)) {
      const src: Record<string, unknown> = {
        from_ward_code: next.from.ward_code, from_district_id: next.from.district_id, is_new_from_address: next.from.is_new_address,
        ...(touches(["from_ward_name", "from_district_name", "from_province_name", "is_new_from_address"]) && !has(merged, "from_ward_code")
          ? { from_ward_code: "", from_ward_name: next.from.ward_name, from_district_name: next.from.district_name, from_province_name: next.from.province_name }
          : {}),
        ...merged,
      }
      const loc = resolveLocation(sb, src, "from")
      if (loc === "invalid" || !loc) throw userErr("Address convert from fail", lang)
      next.from = blockFrom(loc, str(merged, "from_name") || next.from.name, has(merged, "from_phone") ? normalizePhone(merged.from_phone)! : next.from.phone,
        has(merged, "from_address") ? str(merged, "from_address") : next.from.address, bool(src, "is_new_from_address"))
      if (has(merged, "from_hotline")) next.from_hotline = str(merged, "from_hotline")
    }
    /** The receiver or return block after the update: new units are resolved, the rest kept. */
    const updatedParty = (p: "to" | "return", addressFields: string[]): AddressBlock => {
      const current = next[p]
      let loc: Location = current.location
      if (touches(addressFields.filter((f) => f !== `${p}_address`))) {
        const src: Record<string, unknown> = {
          [`${p}_ward_code`]: current.ward_code, [`${p}_district_id`]: current.district_id, [`is_new_${p}_address`]: current.is_new_address,
          ...(touches([`${p}_ward_name`, `${p}_district_name`, `${p}_province_name`, `is_new_${p}_address`]) && !has(merged, `${p}_ward_code`)
            ? { [`${p}_ward_code`]: "", [`${p}_ward_name`]: current.ward_name, [`${p}_district_name`]: current.district_name, [`${p}_province_name`]: current.province_name }
            : {}),
          ...merged,
        }
        const r = resolveLocation(sb, src, p)
        if (r === "invalid" || !r) throw userErr(`Address convert ${p} fail`, lang)
        loc = r
      }
      return blockFrom(loc, has(merged, `${p}_name`) ? str(merged, `${p}_name`) : current.name,
        has(merged, `${p}_phone`) ? normalizePhone(merged[`${p}_phone`])! : current.phone,
        has(merged, `${p}_address`) ? str(merged, `${p}_address`) : current.address,
        has(merged, `is_new_${p}_address`) ? bool(merged, `is_new_${p}_address`) : current.is_new_address)
    }
    if (touches(RECEIVER)) {
      next.to = updatedParty("to", RECEIVER_ADDRESS)
      next.sort_code = sortCode(next.to.location)
    }
    if (touches(RETURN)) next.return = updatedParty("return", RETURN_ADDRESS)
    const simple: Array<[string, keyof Order]> = [
      ["client_order_code", "client_order_code"], ["payment_type_id", "payment_type_id"], ["coupon", "coupon"], ["cod_amount", "cod_amount"],
      ["cod_failed_amount", "cod_failed_amount"], ["insurance_value", "insurance_value"], ["order_value", "order_value"],
      ["required_note", "required_note"], ["note", "note"], ["pick_station_id", "pick_station_id"], ["deliver_station_id", "deliver_station_id"],
      ["pickup_time", "pickup_time"], ["document_return", "document_return"], ["double_check", "double_check"], ["content", "content"],
      ["service_type_id", "service_type_id"], ["service_id", "service_id"],
    ]
    for (const [f, k] of simple) if (has(merged, f)) (next as unknown as Record<string, unknown>)[k] = merged[f]
    if (has(merged, "items")) {
      next.items = toItems(merged.items)
      if (next.items.length && !has(merged, "content")) next.content = next.items.map((i) => `${i.name} x ${i.quantity}`).join(", ").slice(0, 2000)
    }
    if (has(merged, "pick_shift")) {
      const asked = (merged.pick_shift as number[]).filter((x) => typeof x === "number")
      if (asked.length) {
        if (!pickShifts(now).some((s) => s.id === asked[0])) throw userErr(`pick_shift ${asked[0]} không hợp lệ`, lang)
        next.pick_shift = [asked[0]]
        const w = shiftWindow(asked[0])!
        next.pickup_shift = { from_time: isoSeconds(w.from), to_time: isoSeconds(w.to) }
      }
    }
    // fee and dimensions
    const feeFields = ["weight", "length", "width", "height", "items", "service_type_id", "insurance_value", "cod_amount", "cod_failed_amount", "coupon", ...SENDER, ...RECEIVER_ADDRESS]
    if (touches(feeFields)) {
      const dimsGiven = touches(["length", "width", "height"])
      const fee = calculateFee({
        from: next.from.location,
        to: next.to.location,
        serviceTypeId: next.service_type_id,
        weight: has(merged, "weight") ? int(merged, "weight") : next.weight,
        length: dimsGiven || !has(merged, "items") ? (has(merged, "length") ? int(merged, "length") : next.length) : 0,
        width: dimsGiven || !has(merged, "items") ? (has(merged, "width") ? int(merged, "width") : next.width) : 0,
        height: dimsGiven || !has(merged, "items") ? (has(merged, "height") ? int(merged, "height") : next.height) : 0,
        items: feeItems(next.items),
        insuranceValue: next.insurance_value,
        codValue: next.cod_amount,
        codFailedAmount: next.cod_failed_amount,
        coupon: next.coupon,
      })
      if (!fee.ok) throw feeFailure(fee.error, lang, true)
      next.weight = fee.fee.weight
      next.length = fee.fee.length
      next.width = fee.fee.width
      next.height = fee.fee.height
      next.converted_weight = fee.fee.converted_weight
      next.calculate_weight = fee.fee.calculate_weight
      next.fee = feeObject(fee.fee, next.fee)
      next.total_fee = feeTotal(next.fee)
    }
    // commit
    if (otpRec) consumeOtp(sb, otpRec)
    const weightChanged = next.weight !== order.weight || next.length !== order.length || next.width !== order.width || next.height !== order.height
    const codChanged = next.cod_amount !== order.cod_amount
    const feeChanged = next.total_fee !== order.total_fee
    next.updated_date = isoSeconds(now)
    next.update_log = [...order.update_log, { at: isoSeconds(now), applied, refused }]
    Object.assign(order, next)
    if (weightChanged) emit(sb, order, "update_weight", "Cập nhật khối lượng")
    if (codChanged) emit(sb, order, "update_cod", "Cập nhật tiền thu hộ")
    if (feeChanged) emit(sb, order, "update_fee", "Cập nhật phí vận chuyển")
    void shop
    sb.markDirty()
    return ok(null)
  })

  // ------------------------------------------------------------------ detail
  const detail = (ctx: Ctx, b: Record<string, unknown>): Envelope => {
    const acc = sb.auth(ctx)
    const shop = sb.requiredShop(ctx, acc)
    if (!sb.can(acc, shop, "order_detail")) throw plain(403, "Bạn không có quyền xem chi tiết đơn hàng")
    const d = decode("OrderDetailRequest", DETAIL_FIELDS, b, ctx.lang)
    const found = orderOf(sb, acc, str(d, "order_code"))
    if (found === null) throw plain(400, "Đơn hàng không tồn tại")
    if (found === "foreign") throw coded(400, "CLIENT_NOT_OWNER_OF_SHOP", undefined, ctx.lang)
    const o = found
    const oShop = sb.shopById.get(o.shop_id)!
    if (!sb.can(acc, oShop, "order_detail")) throw plain(403, "Bạn không có quyền xem chi tiết đơn hàng")
    return ok(orderInfo(o))
  }
  sb.api("GET", `${P}/shipping-order/detail`, SPEC.orderInfo, (ctx) => detail(ctx, { order_code: ctx.query.get("order_code") ?? "" }))
  sb.api("POST", `${P}/shipping-order/detail`, SPEC.orderInfo, (ctx) => detail(ctx, jsonBody(ctx)))

  // ------------------------------------------------------------------ fee
  const fee = (ctx: Ctx, body: Record<string, unknown>): Envelope => {
    const acc = sb.auth(ctx)
    const shop = sb.requiredShop(ctx, acc)
    const b = decode("CalculateFeeRequest", FEE_FIELDS, body, ctx.lang)
    const from = feeFrom(sb, ctx, shop, b)
    const to = sb.md.locateLegacy(int(b, "to_district_id"), str(b, "to_ward_code"))
    if ("error" in to) {
      if (to.error === "district") throw feeFailure("ROUTE_NOT_FOUND_SERVICE", ctx.lang, false)
      throw coded(400, "WARD_IS_INVALID", "to_ward_code does not belong to to_district_id", ctx.lang)
    }
    const r = calculateFee({
      from, to,
      // Sent without a type, the spec's boundary decides, as for Create Order (serviceTypeOf).
      serviceTypeId: serviceTypeOf(b),
      weight: int(b, "weight"),
      length: int(b, "length"),
      width: int(b, "width"),
      height: int(b, "height"),
      items: feeItems(toItems(b.items)),
      insuranceValue: int(b, "insurance_value"),
      codValue: int(b, "cod_value"),
      codFailedAmount: int(b, "cod_failed_amount"),
      coupon: str(b, "coupon"),
    })
    if (!r.ok) throw feeFailure(r.error, ctx.lang, r.error !== "ROUTE_NOT_FOUND_SERVICE")
    const f = r.fee
    return ok({
      total: f.total,
      service_fee: f.main_service,
      insurance_fee: f.insurance,
      pick_station_fee: 0,
      coupon_value: -f.coupon,
      r2s_fee: 0,
      return_again: 0,
      document_return: 0,
      double_check: 0,
      cod_fee: f.cod_fee,
      pick_remote_areas_fee: f.pick_remote_areas_fee,
      deliver_remote_areas_fee: f.deliver_remote_areas_fee,
      cod_failed_fee: f.cod_failed_fee,
      change_to_address_fee: 0,
      change_return_address_fee: 0,
      return: 0,
    })
  }
  sb.api("POST", `${P}/shipping-order/fee`, SPEC.calculateFee, (ctx) => fee(ctx, jsonBody(ctx)))
  sb.api("GET", `${P}/shipping-order/fee`, SPEC.calculateFee, (ctx) => fee(ctx, ctx.body.length ? jsonBody(ctx) : queryToJson(ctx, FEE_FIELDS)), ["query", "json"])

  // ------------------------------------------------------------------ leadtime
  sb.api("POST", `${P}/shipping-order/leadtime`, SPEC.leadtime, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    const shop = sb.requiredShop(ctx, acc)
    const b = decode("LeadtimeRequest", LEADTIME_FIELDS, body, ctx.lang)
    const from = feeFrom(sb, ctx, shop, b)
    const to = sb.md.locateLegacy(int(b, "to_district_id"), str(b, "to_ward_code"))
    if ("error" in to) {
      if (to.error === "district") throw feeFailure("ROUTE_NOT_FOUND_SERVICE", ctx.lang, false)
      throw coded(400, "WARD_IS_INVALID", "to_ward_code does not belong to to_district_id", ctx.lang)
    }
    if (from.locked || to.locked) throw feeFailure("ROUTE_NOT_FOUND_SERVICE", ctx.lang, false)
    const type = int(b, "service_type_id") || (int(b, "weight") >= 20000 ? 5 : 2)
    const lt = leadtime(sb.now(), from, to, type, undefined, int(b, "weight"))
    return ok({ leadtime: lt.leadtime, order_date: null, leadtime_order: { from_estimate_date: lt.from_estimate_date, to_estimate_date: lt.to_estimate_date } })
  })

  // ------------------------------------------------------------------ services
  sb.api("POST", `${P}/shipping-order/available-services`, SPEC.getService, (ctx): Envelope | RawReply => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    sb.requiredShop(ctx, acc)
    const b = decode("AvailableServicesRequest", SERVICE_FIELDS, body, ctx.lang)
    if (!sb.shopById.has(int(b, "shop_id"))) return { raw: true, status: 200, body: "" }
    const side = (district: number, wardId: number): Location | null => {
      if (wardId) {
        const loc = sb.md.locateNewWard(wardId)
        if (!loc || loc.legacyDistrictId == null) throw coded(400, "WARD_IS_INVALID", "new-format ward cannot be mapped to a district", ctx.lang)
        return sb.md.districtLocation(loc.legacyDistrictId)
      }
      return sb.md.districtLocation(district)
    }
    const from = side(int(b, "from_district"), int(b, "from_ward_id"))
    const to = side(int(b, "to_district"), int(b, "to_ward_id"))
    if (!from || !to) return ok([])
    return ok(servicesFor(from, to).map((s) => ({ ...s, config_fee_id: "", extra_cost_id: "", standard_config_fee_id: "", standard_extra_cost_id: "", ecom_config_fee_id: 0, ecom_extra_cost_id: 0, ecom_standard_config_fee_id: 0, ecom_standard_extra_cost_id: 0 })))
  })

  // ------------------------------------------------------------------ switch status
  sb.api("POST", `${P}/switch-status/cancel`, SPEC.cancelOrder, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    sb.requiredShop(ctx, acc)
    const b = decode("CancelOrderRequest", CANCEL_FIELDS, body, ctx.lang)
    const codes = (b.order_codes as unknown[]).filter((x): x is string => typeof x === "string")
    const orders: Order[] = []
    for (const c of codes) {
      const o = orderOf(sb, acc, c)
      if (o === null || o === "foreign") throw plain(400, "Đơn hàng không tồn tại")
      orders.push(o)
    }
    const reasonCode = str(b, "reason_code")
    const data = orders.map((o) => {
      if (!CANCELLABLE.has(o.status)) {
        return { order_code: o.order_code, result: false, message: `SWS-ERR-CANCEL-${o.status.toUpperCase()} - Đơn hàng ở trạng thái ${o.status} không thể hủy` }
      }
      applyStatus(sb, o, "cancel", { reasonCode, reason: str(b, "reason") || undefined, by: "client" })
      o.auto_advance = false
      return { order_code: o.order_code, result: true, message: "OK" }
    })
    return ok(data)
  })

  const switchTo = (target: "storing" | "return", accepted: string[]) => (ctx: Ctx): Envelope => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    sb.requiredShop(ctx, acc)
    const b = decode("SwitchStatusRequest", SWITCH_FIELDS, body, ctx.lang)
    const codes = (b.order_codes as unknown[]).filter((x): x is string => typeof x === "string")
    return ok(codes.map((c) => {
      const o = orderOf(sb, acc, c)
      if (o === null) return { order_code: c, result: false, message: "Order code không tồn tại." }
      if (o === "foreign") return { order_code: c, result: false, message: "Khách hàng không có quyền thay đổi trạng thái đơn hàng." }
      if (!accepted.includes(o.status)) return { order_code: c, result: false, message: "Trạng thái đơn hàng không hợp lệ" }
      if (o.status !== target) applyStatus(sb, o, target, { by: "client" })
      else {
        o.history.push({ status: target, updated_date: sb.nowIso(), reason_code: "", reason: target === "storing" ? "Yêu cầu giao lại" : "Yêu cầu trả hàng", by: "client" })
        sb.markDirty()
      }
      return { order_code: c, result: true, message: "OK" }
    }))
  }
  sb.api("POST", `${P}/switch-status/storing`, SPEC.deliveryAgain, switchTo("storing", ["storing", "waiting_to_return"]))
  sb.api("POST", `${P}/switch-status/return`, SPEC.returnOrder, switchTo("return", ["delivery_fail", "storing", "waiting_to_return", "return"]))

  // ------------------------------------------------------------------ print
  sb.api("POST", `${P}/a5/gen-token`, SPEC.printToken, (ctx) => {
    const acc = sb.auth(ctx)
    const body = jsonBody(ctx)
    const shop = sb.requiredShop(ctx, acc)
    const b = decode("GenTokenRequest", GEN_TOKEN_FIELDS, body, ctx.lang)
    const codes = (b.order_codes as unknown[]).filter((x): x is string => typeof x === "string")
    if (codes.length > 10000) throw plain(400, "Not support over 10000 orders")
    for (const c of codes) {
      const o = orderOf(sb, acc, c)
      if (o === null || o === "foreign") throw coded(400, "ORDER_NOT_FOUND", `ORDER_NOT_FOUND: ${c}`, ctx.lang)
    }
    const now = sb.now()
    sb.state.printTokens = sb.state.printTokens.filter((t) => t.expires_at > now)
    const token = randomBytes(16).toString("hex")
    sb.state.printTokens.push({
      token,
      order_codes: codes,
      item_index: Array.isArray(b.item_index) ? (b.item_index as number[]) : [],
      shop_id: shop._id,
      created_at: now,
      expires_at: now + PRINT_TOKEN_TTL_MS,
    })
    sb.markDirty()
    return ok({ token })
  })

  const printPage = (paper: Paper) => (ctx: Ctx): RawReply => {
    const token = ctx.query.get("token") ?? ""
    const html = (status: number, title: string, detail: string): RawReply => ({ raw: true, status, body: errorPage(status, title, detail), contentType: "text/html; charset=utf-8" })
    if (!token) return html(400, "Thiếu token", "Thiếu tham số token.")
    const t = sb.state.printTokens.find((x) => x.token === token)
    if (!t) return html(404, "Token không tồn tại", "Token in đơn không tồn tại.")
    if (sb.now() > t.expires_at) return html(400, "Token đã hết hạn", "Token in đơn đã hết hạn, vui lòng tạo token mới.")
    const orders = t.order_codes.map((c) => sb.orderByCode.get(c)).filter((o): o is Order => !!o)
    return { raw: true, status: 200, body: labelPage(paper, orders, t.item_index), contentType: "text/html; charset=utf-8" }
  }
  sb.api("GET", "/a5/public-api/printA5", SPEC.labelPage, printPage("A5"))
  sb.api("GET", "/a5/public-api/print80x80", SPEC.labelPage, printPage("80x80"))
  sb.api("GET", "/a5/public-api/print52x70", SPEC.labelPage, printPage("52x70"))

  // ------------------------------------------------------------------ pick shift
  sb.api("GET", `${P}/shift/date`, SPEC.pickShift, (ctx) => {
    sb.auth(ctx)
    return ok(pickShifts(sb.now()))
  })

}

export const PRINT_TOKEN_TTL_MS = 30 * 60 * 1000

/** The origin of Calculate Fee and Leadtime: from_district_id and/or from_ward_code (a ward code names its district), else the shop's address. */
function feeFrom(sb: Sandbox, ctx: Ctx, shop: Shop, b: Record<string, unknown>): Location {
  const wardCode = str(b, "from_ward_code")
  let fd = int(b, "from_district_id")
  if (!fd && wardCode) {
    fd = sb.md.wardByCode.get(wardCode)?.w.DistrictID ?? 0
    if (!fd) throw coded(400, "WARD_IS_INVALID", "from_ward_code is not a known ward", ctx.lang)
  }
  if (fd) {
    const r = sb.md.locateLegacy(fd, str(b, "from_ward_code") || null)
    if ("error" in r) {
      if (r.error === "district") throw feeFailure("ROUTE_NOT_FOUND_SERVICE", ctx.lang, false)
      throw coded(400, "WARD_IS_INVALID", "from_ward_code does not belong to from_district_id", ctx.lang)
    }
    return r
  }
  const loc = shopLocation(sb, shop)
  if (!loc) throw userErr("Address convert from fail", ctx.lang)
  return loc
}

/** GET with query parameters: ints parsed like Go's binding (strconv errors). */
export function queryToJson(ctx: Ctx, specs: FieldSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of specs) {
    const v = ctx.query.get(f.json)
    if (v === null || v === "") continue
    if (f.kind === "int") {
      if (!/^-?\d+$/.test(v)) throw userErr(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`, ctx.lang)
      out[f.json] = Number(v)
    } else if (f.kind === "string") out[f.json] = v
    else if (f.kind === "bool") out[f.json] = v === "true" || v === "1"
  }
  return out
}
