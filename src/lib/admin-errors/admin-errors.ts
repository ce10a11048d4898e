/**
 * The refusals a merchant meets in the plugin's admin screens, by a stable code with parameters,
 * and their texts in Vietnamese and English. The English text is the error's message (what an API
 * client reads); the admin's own calls ask for their language (`x-medusa-locale`, see
 * src/api/middlewares.ts) and read the same refusal in it. Pure: no Node, no Medusa.
 */
import type { ShopperLocale } from "../checkout/shopper-errors"
import { type FieldProblem, fieldProblemsText } from "./field-problems"

export type AdminErrorParams = {
  run_not_found: { run_id: string }
  run_nothing_to_retry: { run_id: string }
  run_nothing_to_cancel: { run_id: string; status: string }
  run_no_labels: { run_id: string }
  run_no_door_check: { run_id: string }
  run_no_orders: Record<string, never>
  run_too_many_orders: { count: number; max: number }
  run_orders_unknown: { orders: string }
  run_orders_not_ready: { orders: string }
  run_orders_in_other_run: { orders: string }
  run_shift_closed: { pick_shift: number; open: string }
  shipment_not_found: { order_code: string }
  parcels_unknown: { codes: string }
  /** `act`: what was asked of the cancelled parcels (a label printed, a re-delivery or a return). */
  parcels_cancelled: { codes: string; act: "print" | "switch" }
  /** GHN did not cancel its order: the status it is in, and GHN's words when it gave any. */
  cancel_refused: { order_code: string; status: string; ghn_text: string }
  /** GHN allows no change of these fields in the order's GHN status. */
  update_not_allowed: { fields: string; status: string }
  webhook_no_secret: Record<string, never>
  webhook_no_backend_url: Record<string, never>
  locations_unknown: { locations: string }
  shops_not_of_account: { shops: string; account_shops: string }
  shops_not_active: { shops: string }
  provider_not_registered: Record<string, never>
  no_shipping_profile: Record<string, never>
  /** GHN refused the request (a 4xx of GHN's): its code and its own words. */
  ghn_refused: { code: string; ghn_text: string }
  /** GHN did not answer (outage, timeout, 429, 5xx). */
  ghn_unavailable: { code: string }
  /** GHN refused the store's token or shop. */
  ghn_connection: { code: string }
  hold_orders_unknown: { orders: string }
  variant_not_found: { variant_id: string }
  location_not_found: { location_id: string }
  zone_not_of_location: { service_zone_id: string; location: string; zones: string }
  zone_needed: { location: string; count: number; zones: string }
  provider_unknown: { provider_id: string; providers: string }
  location_no_street: { location: string }
  location_no_phone: { location: string }
  /** The location's address matches no GHN ward: `reason_vi`/`reason_en`, the address refusal in each language. */
  location_unresolved: { location: string; reason_vi: string; reason_en: string }
  ticket_not_found: { ticket_id: string }
  /**
   * Any other refusal of a plugin admin route (one the catalogue has no words for: Medusa's own,
   * an unexpected failure): said by its HTTP status, the English `detail` kept as data.
   */
  unworded: { status: number; type: string; code: string; detail: string }
  /** The request's fields refused by the route's validator (field-problems.ts). */
  invalid_request: { problems: FieldProblem[] }
}

export type AdminErrorCode = keyof AdminErrorParams

/** A coded refusal as the plugin's admin routes send it (`params` typed by `code`). */
export type AdminError = { [C in AdminErrorCode]: { code: C; params: AdminErrorParams[C] } }[AdminErrorCode]

type Texts = { [C in AdminErrorCode]: Record<ShopperLocale, (p: AdminErrorParams[C]) => string> }

/** English says "is not an order" of one and "are not orders" of several: `several` is a list with a comma. */
const several = (list: string) => list.includes(",") || / and \d+ more$/.test(list)

/** A shipping run's status in Vietnamese (src/lib/shipping-run). */
const RUN_STATUS_VI: Record<string, string> = { queued: "đang chờ chạy", running: "đang chạy", completed: "đã xong", cancelled: "đã huỷ" }

/** What a refusal the catalogue has no words for means, by Medusa's error type, else its HTTP status. */
function UNWORDED_VI(status: number, type: string): string {
  if (type === "not_allowed") return "Không thực hiện được yêu cầu này"
  if (type === "duplicate_error") return "Đã có một bản ghi như vậy"
  if (status === 400) return "Yêu cầu chưa hợp lệ"
  if (status === 401 || status === 403) return "Tài khoản quản trị không có quyền làm việc này"
  if (status === 404) return "Không tìm thấy thứ được yêu cầu"
  if (status === 409) return "Một thao tác khác đang xử lý cùng đơn: hãy thử lại sau ít phút"
  if (status < 500) return "Không thực hiện được yêu cầu này"
  return "Máy chủ gặp lỗi khi thực hiện yêu cầu: hãy thử lại; nếu vẫn lỗi, xem nhật ký máy chủ"
}

const TEXTS: Texts = {
  run_not_found: { vi: (p) => `Không có lượt gửi hàng ${p.run_id}.`, en: (p) => `shipping run ${p.run_id} does not exist` },
  run_nothing_to_retry: { vi: (p) => `Lượt gửi hàng ${p.run_id} không có đơn lỗi nào để thử lại.`, en: (p) => `shipping run ${p.run_id} has no failed order to retry` },
  run_nothing_to_cancel: { vi: (p) => `Lượt gửi hàng ${p.run_id} ${RUN_STATUS_VI[p.status] ?? p.status}: không còn gì để huỷ.`, en: (p) => `shipping run ${p.run_id} is ${p.status}: there is nothing left to cancel` },
  run_no_labels: { vi: (p) => `Lượt gửi hàng ${p.run_id} chưa tạo đơn GHN nào: chưa có nhãn để in.`, en: (p) => `shipping run ${p.run_id} has made no GHN order yet: there is no label to print` },
  run_no_door_check: { vi: (p) => `Lượt gửi hàng ${p.run_id} chưa có phiên kiểm hàng: hãy quét mã một kiện trước.`, en: (p) => `shipping run ${p.run_id} has no door check open: scan a parcel's code first` },
  run_no_orders: { vi: () => "Không có đơn sẵn sàng gửi nào khớp bộ lọc; chưa bắt đầu lượt nào.", en: () => "filter: no order ready to ship matches it; nothing was started" },
  run_too_many_orders: {
    vi: (p) => `${p.count} đơn khớp bộ lọc, mỗi lượt gửi tối đa ${p.max} đơn: hãy thu hẹp khoảng ngày đặt; chưa bắt đầu lượt nào.`,
    en: (p) => `filter: ${p.count} orders match, and a run takes at most ${p.max}: narrow the filter (placed_from, placed_to); nothing was started`,
  },
  run_orders_unknown: {
    vi: (p) => `Không phải đơn hàng của cửa hàng: ${p.orders}; chưa bắt đầu lượt nào.`,
    en: (p) => `order_ids: ${p.orders} ${several(p.orders) ? "are not orders" : "is not an order"} of this store; nothing was started`,
  },
  run_orders_not_ready: {
    vi: (p) => `Chưa sẵn sàng gửi với GHN (đã huỷ, đã giao đủ, hoặc không chọn phương thức GHN): ${p.orders}; chưa bắt đầu lượt nào.`,
    en: (p) => `order_ids: ${p.orders} ${several(p.orders) ? "are" : "is"} not ready to ship with GHN (cancelled, fully fulfilled, or not shipped with a GHN option); nothing was started`,
  },
  run_orders_in_other_run: {
    vi: (p) => `Đã nằm trong một lượt gửi hàng khác: ${p.orders}; chưa bắt đầu lượt nào.`,
    en: (p) => `order_ids: ${p.orders} ${several(p.orders) ? "are" : "is"} already queued in a shipping run; nothing was started`,
  },
  run_shift_closed: {
    vi: (p) => `Ca lấy hàng ${p.pick_shift} không còn mở hôm nay (còn: ${p.open || "không ca nào"}); chưa bắt đầu lượt nào.`,
    en: (p) => `pick_shift: ${p.pick_shift} is not one of today's GHN pickup shifts still open (${p.open || "none left today"}); nothing was started`,
  },
  shipment_not_found: { vi: (p) => `Không có vận đơn GHN mã ${p.order_code}.`, en: (p) => `No GHN shipment has order code ${p.order_code}` },
  parcels_unknown: {
    vi: (p) => `Không phải đơn GHN của cửa hàng: ${p.codes}; chưa gửi gì cho GHN.`,
    en: (p) => `order_codes: ${p.codes} ${several(p.codes) ? "are not GHN orders" : "is not a GHN order"} of this store; nothing was sent to GHN`,
  },
  parcels_cancelled: {
    vi: (p) => `GHN đã huỷ ${p.codes}: ${p.act === "print" ? "kiện đã huỷ không có nhãn để in" : "GHN không xử lý đơn đã huỷ"}; chưa gửi gì cho GHN.`,
    en: (p) => `order_codes: GHN cancelled ${p.codes}: ${p.act === "print" ? "a cancelled parcel has no label to print" : "GHN acts on no cancelled order"}; nothing was sent to GHN`,
  },
  cancel_refused: {
    vi: (p) => `GHN từ chối huỷ ${p.order_code}: đơn đang ở trạng thái "${p.status}"${p.ghn_text ? ` (${p.ghn_text})` : ""}, đã qua các trạng thái cho phép huỷ.`,
    en: (p) => `GHN refused to cancel ${p.order_code}: the order is "${p.status}"${p.ghn_text ? ` (${p.ghn_text})` : ""}, past the statuses that allow cancelling`,
  },
  update_not_allowed: {
    vi: (p) => `GHN không cho sửa ${p.fields} của đơn ở trạng thái "${p.status}".`,
    en: (p) => `GHN does not allow changing ${p.fields} of an order in status "${p.status}"`,
  },
  webhook_no_secret: {
    vi: () => "Chưa đặt mã bí mật webhook (tuỳ chọn webhookSecret của plugin): webhook từ chối mọi lệnh gọi.",
    en: () => "No webhook secret is configured (plugin option webhookSecret): the webhook refuses every call",
  },
  webhook_no_backend_url: {
    vi: () => "Bài thử webhook chỉ gọi địa chỉ công khai đã cấu hình của cửa hàng, mà chưa có: hãy đặt tuỳ chọn backendUrl của plugin (hoặc MEDUSA_BACKEND_URL, hoặc admin.backendUrl của Medusa) là địa chỉ https:// GHN dùng để gọi cửa hàng.",
    en: () => "The webhook test calls only the store's configured public URL, and none is set: set the plugin option backendUrl (or MEDUSA_BACKEND_URL, or Medusa's admin.backendUrl) to the https:// address GHN reaches this store at",
  },
  locations_unknown: {
    vi: (p) => `Không phải kho của cửa hàng: ${p.locations}; chưa lưu gì.`,
    en: (p) => `locations: ${p.locations} ${several(p.locations) ? "are not stock locations" : "is not a stock location"} of this store; nothing was saved`,
  },
  shops_not_of_account: {
    vi: (p) => `Không phải cửa hàng của tài khoản GHN: ${p.shops} (tài khoản có: ${p.account_shops || "không có"}); chưa lưu gì.`,
    en: (p) => `locations[].shop_id: ${p.shops} ${several(p.shops) ? "are not shops" : "is not a shop"} of the GHN account (it has ${p.account_shops || "none"}); nothing was saved`,
  },
  shops_not_active: {
    vi: (p) => `GHN chưa kích hoạt cửa hàng ${p.shops}: GHN từ chối đơn từ cửa hàng này; chưa lưu gì.`,
    en: (p) => `locations[].shop_id: GHN has not activated ${p.shops}: GHN refuses orders from it; nothing was saved`,
  },
  provider_not_registered: {
    vi: () => "Nhà vận chuyển GHN chưa được đăng ký trong medusa-config (modules -> fulfillment -> providers).",
    en: () => "the GHN fulfilment provider is not registered in medusa-config (modules -> fulfillment -> providers)",
  },
  no_shipping_profile: {
    vi: () => "Cửa hàng chưa có hồ sơ vận chuyển mặc định để đặt các phương thức GHN; hãy tạo trong Cài đặt -> Kho & vận chuyển.",
    en: () => "the store has no default shipping profile to put the GHN options in; create one in Settings -> Locations & Shipping",
  },
  ghn_refused: { vi: (p) => `GHN từ chối (${p.code}): ${p.ghn_text}`, en: (p) => `GHN refused (${p.code}): ${p.ghn_text}` },
  ghn_unavailable: { vi: (p) => `GHN không trả lời (${p.code}): hãy thử lại sau ít phút.`, en: (p) => `GHN did not answer (${p.code}): try again in a moment` },
  ghn_connection: {
    vi: (p) => `GHN từ chối token hoặc cửa hàng của cửa hàng (${p.code}): hãy kiểm tra kết nối GHN (Cài đặt -> GHN).`,
    en: (p) => `GHN refused the store's token or shop (${p.code}): check the GHN connection (Settings -> GHN)`,
  },
  hold_orders_unknown: {
    vi: (p) => `Không phải đơn hàng của cửa hàng: ${p.orders}; chưa giữ đơn nào.`,
    en: (p) => `order_ids: ${p.orders} ${several(p.orders) ? "are not orders" : "is not an order"} of this store; nothing was held`,
  },
  variant_not_found: { vi: (p) => `Không có biến thể sản phẩm ${p.variant_id}.`, en: (p) => `variant_id: no product variant ${p.variant_id}` },
  location_not_found: { vi: (p) => `Không có kho ${p.location_id} trong cửa hàng.`, en: (p) => `location_id: ${p.location_id} is not a stock location of this store` },
  zone_not_of_location: {
    vi: (p) => `Vùng phục vụ ${p.service_zone_id} không thuộc kho ${p.location} (kho có: ${p.zones || "không có vùng nào"}).`,
    en: (p) => `service_zone_id: ${p.service_zone_id} is not a shipping service zone of ${p.location} (it has ${p.zones || "none"})`,
  },
  zone_needed: {
    vi: (p) => `Kho ${p.location} có ${p.count} vùng phục vụ giao hàng: hãy chọn một (${p.zones}).`,
    en: (p) => `service_zone_id: ${p.location} has ${p.count} shipping service zones, name one: ${p.zones}`,
  },
  provider_unknown: {
    vi: (p) => `${p.provider_id} không phải nhà vận chuyển GHN của cửa hàng (có: ${p.providers || "không có"}).`,
    en: (p) => `provider_id: ${p.provider_id} is not a GHN provider of this store (${p.providers})`,
  },
  location_no_street: {
    vi: (p) => `Kho ${p.location} chưa có địa chỉ (số nhà, đường) để tạo cửa hàng GHN; hãy nhập trong Cài đặt -> Kho.`,
    en: (p) => `location_id: the stock location ${p.location} has no street address to create a GHN shop from; set it in Settings -> Locations`,
  },
  location_no_phone: {
    vi: (p) => `Kho ${p.location} chưa có số điện thoại Việt Nam; hãy nhập một số.`,
    en: (p) => `phone: the stock location ${p.location} has no Vietnamese phone number; give one`,
  },
  location_unresolved: {
    vi: (p) => `Địa chỉ kho ${p.location} không khớp phường/xã nào của GHN: ${p.reason_vi}`,
    en: (p) => `location_id: the address of ${p.location} does not resolve to a GHN ward: ${p.reason_en}`,
  },
  ticket_not_found: { vi: (p) => `Cửa hàng chưa mở yêu cầu hỗ trợ GHN nào mã ${p.ticket_id}.`, en: (p) => `No GHN ticket ${p.ticket_id} was opened from this store` },
  unworded: {
    vi: (p) => `${UNWORDED_VI(p.status, p.type)} (mã ${p.code}).`,
    en: (p) => p.detail,
  },
  invalid_request: { vi: (p) => fieldProblemsText(p.problems, "vi"), en: (p) => fieldProblemsText(p.problems, "en") },
}

export const ADMIN_ERROR_CODES = Object.keys(TEXTS) as AdminErrorCode[]

/** The refusal in the admin's language. */
export function adminMessage(error: AdminError, locale: ShopperLocale): string {
  return (TEXTS[error.code][locale] as (p: AdminError["params"]) => string)(error.params)
}
