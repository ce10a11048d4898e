/**
 * A request the plugin's admin routes refused on its fields, read from the validator's issues as
 * plain data (field, what is wrong, the limit), so the admin's screens word it in their language.
 * A rule no type states (a phone, a code listed twice, a range) is named by the issue's
 * `params.rule`, set where the validator checks it. Pure: no zod, no Medusa.
 */
import type { ShopperLocale } from "../checkout/shopper-errors"

/** The rules the admin validators check beyond a field's type and size, with what each names. */
export type FieldRuleParams = {
  /** A Vietnamese phone (src/lib/address/phone.ts). */
  phone: Record<never, never>
  /** Text expected (a GHN order code), something else given. */
  text: Record<never, never>
  listed_twice: { value: string }
  /** Nothing to change: one of these must be given. */
  nothing_to_change: { fields: string }
  /** Values that are not of the allowed list. */
  not_allowed: { values: string; allowed: string }
  calendar_day: Record<never, never>
  range_reversed: { from: string; to: string }
  range_too_long: { days: number; max: number }
  /** GHN's light (2) or heavy (5) goods service. */
  service_type: Record<never, never>
  /** Exactly one of two fields. */
  one_of_two: { first: string; second: string }
  /** A code scanned from a label. */
  scanned_code: { max: number }
  /** A ticket's attachment GHN would refuse: `limit` the extensions allowed, the most bytes or files. */
  attachment: { name: string; issue: "no_name" | "csv" | "extension" | "too_large" | "empty" | "too_many"; limit: string }
}

export type FieldRule = { [R in keyof FieldRuleParams]: { rule: R } & FieldRuleParams[R] }[keyof FieldRuleParams]

/** What is wrong with one field; `field` is its path (`locations.0.shop_id`), "" for the body itself. */
export type FieldProblem =
  | { field: string; problem: "required" }
  | { field: string; problem: "type"; expected: string }
  | { field: string; problem: "too_small"; origin: string; minimum: number; inclusive: boolean }
  | { field: string; problem: "too_big"; origin: string; maximum: number; inclusive: boolean }
  | { field: string; problem: "one_of"; values: string[] }
  | { field: string; problem: "format" }
  | { field: string; problem: "unknown_fields"; keys: string[] }
  | { field: string; problem: "rule"; rule: FieldRule }
  | { field: string; problem: "invalid" }

/** A validator's issue as zod 4 writes it (only what is read here). */
export type IssueLike = {
  code: string
  path: readonly PropertyKey[]
  expected?: unknown
  origin?: unknown
  minimum?: unknown
  maximum?: unknown
  inclusive?: unknown
  values?: readonly unknown[]
  keys?: readonly string[]
  params?: Record<string, unknown>
  errors?: readonly (readonly IssueLike[])[]
}

const RULES = new Set<string>([
  "phone",
  "text",
  "listed_twice",
  "nothing_to_change",
  "not_allowed",
  "calendar_day",
  "range_reversed",
  "range_too_long",
  "service_type",
  "one_of_two",
  "scanned_code",
  "attachment",
])

/** At most this many problems are worded: a body wrong everywhere is not echoed whole. */
export const MAX_FIELD_PROBLEMS = 5

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = input
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined
    at = (at as Record<PropertyKey, unknown>)[key]
  }
  return at
}

function problemOf(issue: IssueLike, input: unknown): FieldProblem {
  const field = issue.path.map(String).join(".")
  const given = valueAt(input, issue.path) !== undefined
  switch (issue.code) {
    case "invalid_type":
      return given ? { field, problem: "type", expected: String(issue.expected ?? "") } : { field, problem: "required" }
    case "invalid_value":
      if (!given) return { field, problem: "required" }
      return Array.isArray(issue.values) ? { field, problem: "one_of", values: issue.values.map(String) } : { field, problem: "invalid" }
    case "too_small":
      return { field, problem: "too_small", origin: String(issue.origin ?? ""), minimum: Number(issue.minimum), inclusive: issue.inclusive !== false }
    case "too_big":
      return { field, problem: "too_big", origin: String(issue.origin ?? ""), maximum: Number(issue.maximum), inclusive: issue.inclusive !== false }
    case "invalid_format":
      return { field, problem: "format" }
    case "unrecognized_keys":
      return { field, problem: "unknown_fields", keys: [...(issue.keys ?? [])] }
    case "invalid_union": {
      // The first branch's first issue names the field best (a list of codes, or one code).
      const inner = issue.errors?.[0]?.[0]
      return inner ? problemOf({ ...inner, path: [...issue.path, ...inner.path] }, input) : { field, problem: "invalid" }
    }
    case "custom": {
      const rule = issue.params?.rule
      if (typeof rule === "string" && RULES.has(rule)) return { field, problem: "rule", rule: { ...(issue.params as object), rule } as FieldRule }
      return { field, problem: "invalid" }
    }
    default:
      return { field, problem: "invalid" }
  }
}

/** The problems of a refused request, one per field, at most MAX_FIELD_PROBLEMS, in the validator's order. */
export function fieldProblemsOf(issues: readonly IssueLike[], input: unknown): FieldProblem[] {
  const problems: FieldProblem[] = []
  const seen = new Set<string>()
  for (const issue of issues) {
    const problem = problemOf(issue, input)
    if (seen.has(problem.field)) continue
    seen.add(problem.field)
    problems.push(problem)
    if (problems.length === MAX_FIELD_PROBLEMS) break
  }
  return problems
}

/** Fields the admin's screens send, as a Vietnamese merchant names them. */
const FIELD_VI: Record<string, string> = {
  order_codes: "mã đơn GHN",
  order_code: "mã đơn GHN",
  order_ids: "danh sách đơn",
  order_id: "đơn hàng",
  size: "khổ nhãn",
  note: "ghi chú",
  required_note: "lưu ý giao hàng",
  to_name: "tên người nhận",
  to_phone: "số điện thoại người nhận",
  to_address: "địa chỉ người nhận",
  cod_amount: "tiền thu hộ",
  cod_failed_amount: "tiền thu khi giao thất bại",
  pickup_time: "thời gian lấy hàng",
  document_return: "giao lại chứng từ",
  double_check: "đồng kiểm",
  otp: "mã OTP",
  status: "trạng thái",
  status_id: "trạng thái",
  q: "ô tìm kiếm",
  has_cod: "có thu hộ",
  created_from: "ngày tạo từ",
  created_to: "ngày tạo đến",
  placed_from: "ngày đặt từ",
  placed_to: "ngày đặt đến",
  from: "từ ngày",
  to: "đến ngày",
  limit: "số dòng mỗi trang",
  offset: "vị trí bắt đầu",
  filter: "bộ lọc",
  format: "định dạng",
  trusted: "tin cậy",
  days: "số ngày",
  weight: "khối lượng",
  length: "chiều dài",
  width: "chiều rộng",
  height: "chiều cao",
  location_id: "kho",
  locations: "danh sách kho",
  group: "cách nhóm",
  payment: "hình thức thanh toán",
  service_type_id: "loại dịch vụ",
  problems_only: "chỉ đơn có vấn đề",
  pick_shift: "ca lấy hàng",
  shop_id: "cửa hàng GHN",
  known_shop_ids: "cửa hàng đã biết",
  code: "mã quét",
  category: "loại yêu cầu",
  description: "nội dung",
  refresh: "làm mới",
  token: "token",
  environment: "môi trường",
  provider_id: "nhà vận chuyển",
  create_test_order: "tạo đơn thử",
  name: "tên",
  phone: "số điện thoại",
  address: "địa chỉ",
  province_id: "tỉnh/thành",
  district_id: "quận/huyện",
  ward_code: "phường/xã",
  service_zone_id: "vùng phục vụ",
  attachments: "tệp đính kèm",
  filename: "tên tệp",
  content: "nội dung hàng",
  items: "kiện hàng",
  quantity: "số lượng",
  insurance_value: "giá trị khai báo",
  to_ward_code: "phường/xã người nhận",
  to_ward_name: "phường/xã người nhận",
  to_district_id: "quận/huyện người nhận",
  to_district_name: "quận/huyện người nhận",
  to_province_name: "tỉnh/thành người nhận",
  return_phone: "số điện thoại nhận hàng hoàn",
  return_address: "địa chỉ nhận hàng hoàn",
  client_order_code: "mã đơn của cửa hàng",
  ticket_id: "mã yêu cầu hỗ trợ",
  variant_id: "biến thể sản phẩm",
}

/** A field as the merchant reads it: its Vietnamese name (and its row in a list), else its key. */
function fieldName(field: string, locale: ShopperLocale): string {
  if (!field) return locale === "vi" ? "yêu cầu" : "the request"
  if (locale === "en") return `'${field}'`
  const parts = field.replace(/\[(\d+)\]/g, ".$1").split(".")
  const rows = parts.filter((p) => /^\d+$/.test(p)).map((p) => Number(p) + 1)
  const last = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? field
  const name = FIELD_VI[last] ?? `"${last}"`
  return rows.length ? `${name} (dòng ${rows.join(", ")})` : name
}

const TYPE_VI: Record<string, string> = {
  string: "chữ",
  number: "số",
  int: "số nguyên",
  boolean: "đúng hoặc sai",
  array: "danh sách",
  object: "nhóm giá trị",
  date: "ngày (ISO 8601)",
}

function sizeWords(p: { origin: string }, n: number, locale: ShopperLocale): string {
  const s = n === 1 ? "" : "s"
  if (p.origin === "string") return locale === "vi" ? `${n} ký tự` : `${n} character${s}`
  if (p.origin === "array" || p.origin === "set") return locale === "vi" ? `${n} mục` : `${n} item${s}`
  if (p.origin === "file") return locale === "vi" ? `${n} byte mỗi tệp` : `${n} bytes a file`
  return String(n)
}

function ruleText(r: FieldRule, field: string, locale: ShopperLocale): string {
  const vi = locale === "vi"
  const named = (keys: string) => (vi ? keys.split(", ").map((k) => fieldName(k, "vi")).join(", ") : keys)
  switch (r.rule) {
    case "phone":
      return vi
        ? `${field} phải là số di động Việt Nam (10 số, bắt đầu 03, 05, 07, 08 hoặc 09) hoặc số bàn (11 số, bắt đầu 02), viết 0…, +84… hay 84…`
        : `${field} must be a Vietnamese mobile (10 digits from 03, 05, 07, 08 or 09) or landline (11 digits from 02)`
    case "text":
      return vi ? `${field} phải là chữ` : `${field} must be text`
    case "listed_twice":
      return vi ? `${field}: ${r.value} có hai lần` : `${field}: ${r.value} is listed twice`
    case "nothing_to_change":
      return vi ? `không có gì để sửa: hãy nhập ${named(r.fields)}` : `nothing to change: give ${r.fields}`
    case "not_allowed":
      return vi ? `${field}: ${r.values} không hợp lệ (chọn trong: ${r.allowed})` : `${field}: ${r.values} is not one of ${r.allowed}`
    case "calendar_day":
      return vi ? `${field} phải là một ngày có thật, viết YYYY-MM-DD` : `${field} must be a calendar day written YYYY-MM-DD`
    case "range_reversed":
      return vi ? `ngày kết thúc (${r.to}) không được trước ngày bắt đầu (${r.from})` : `to (${r.to}) must not be before from (${r.from})`
    case "range_too_long":
      return vi ? `khoảng ngày dài ${r.days} ngày; tối đa ${r.max} ngày` : `the range spans ${r.days} days; at most ${r.max}`
    case "service_type":
      return vi ? `${field} phải là 2 (hàng nhẹ) hoặc 5 (hàng nặng)` : `${field} must be 2 (light goods) or 5 (heavy goods)`
    case "one_of_two":
      return vi ? `hãy nhập đúng một trong hai: ${named(r.first)} hoặc ${named(r.second)}` : `give either ${r.first} or ${r.second}`
    case "scanned_code":
      return vi
        ? `${field} phải là mã GHN hoặc mã đơn của cửa hàng: chữ, số, "-", "_" hoặc ".", tối đa ${r.max} ký tự`
        : `${field} must be a GHN code or a client order code: letters, digits, "-", "_" or ".", at most ${r.max}`
    case "attachment":
      return vi ? ATTACHMENT_VI[r.issue](r) : ATTACHMENT_EN[r.issue](r)
  }
}

type Attachment = FieldRuleParams["attachment"]
const ATTACHMENT_VI: Record<Attachment["issue"], (r: Attachment) => string> = {
  no_name: () => "tệp đính kèm cần có tên",
  csv: (r) => `GHN không nhận tệp .csv ("${r.name}"); được gửi: ${r.limit}`,
  extension: (r) => `GHN không nhận loại tệp của "${r.name}"; được gửi: ${r.limit}`,
  too_large: (r) => `"${r.name}" quá lớn: GHN nhận tối đa ${r.limit} byte (2 MB) mỗi tệp`,
  empty: (r) => `"${r.name}" là tệp rỗng`,
  too_many: (r) => `tối đa ${r.limit} tệp đính kèm`,
}
const ATTACHMENT_EN: Record<Attachment["issue"], (r: Attachment) => string> = {
  no_name: () => "an attachment needs a file name",
  csv: (r) => `GHN refuses .csv files ("${r.name}"); allowed: ${r.limit}`,
  extension: (r) => `GHN refuses the file type of "${r.name}"; allowed: ${r.limit}`,
  too_large: (r) => `"${r.name}" is too large: GHN takes at most ${r.limit} bytes (2 MB) a file`,
  empty: (r) => `"${r.name}" is empty`,
  too_many: (r) => `at most ${r.limit} attachments`,
}

/** One problem in a sentence of the admin's language. */
export function fieldProblemText(p: FieldProblem, locale: ShopperLocale): string {
  const vi = locale === "vi"
  const field = fieldName(p.field, locale)
  switch (p.problem) {
    case "required":
      return vi ? `thiếu ${field}` : `${field} is required`
    case "type":
      return vi ? `${field} phải là ${TYPE_VI[p.expected] ?? p.expected}` : `${field} must be ${p.expected === "int" ? "a whole number" : `of type ${p.expected}`}`
    case "too_small":
      if (p.origin === "string" && p.minimum <= 1) return vi ? `${field} không được để trống` : `${field} cannot be empty`
      return vi
        ? `${field} phải ${p.inclusive ? "ít nhất" : "lớn hơn"} ${sizeWords(p, p.minimum, locale)}`
        : `${field} must be ${p.inclusive ? "at least" : "more than"} ${sizeWords(p, p.minimum, locale)}`
    case "too_big":
      return vi
        ? `${field} ${p.inclusive ? "tối đa" : "phải dưới"} ${sizeWords(p, p.maximum, locale)}`
        : `${field} takes ${p.inclusive ? "at most" : "less than"} ${sizeWords(p, p.maximum, locale)}`
    case "one_of":
      return vi ? `${field} phải là một trong: ${p.values.join(", ")}` : `${field} must be one of ${p.values.join(", ")}`
    case "format":
      return vi ? `${field} sai định dạng` : `${field} is not in its format`
    case "unknown_fields":
      return vi ? `không nhận các trường: ${p.keys.join(", ")}` : `unrecognized fields: ${p.keys.join(", ")}`
    case "rule":
      return ruleText(p.rule, field, locale)
    case "invalid":
      return vi ? `${field} không hợp lệ` : `${field} is not valid`
  }
}

/** A refused request's problems in one message of the admin's language. */
export function fieldProblemsText(problems: readonly FieldProblem[], locale: ShopperLocale): string {
  const lead = locale === "vi" ? "Yêu cầu chưa hợp lệ: " : "Invalid request: "
  const body = problems.map((p) => fieldProblemText(p, locale)).join("; ")
  return `${lead}${body}${locale === "vi" ? "." : ""}`
}
