/** GHN envelope and error codes. */

export type Lang = "vi" | "en"

export type CodeMessage =
  | "USER_ERR_COMMON"
  | "OTP_NOT_VALID"
  | "CLIENT_HAVE_EXISTED"
  | "CLIENT_NOT_BELONG_OF_SHOP"
  | "SHOP_NO_ACTIVE"
  | "PHONE_INVALID"
  | "WARD_IS_INVALID"
  | "CLIENT_NOT_OWNER_OF_SHOP"
  | "ROUTE_NOT_FOUND_SERVICE"
  | "SERVICE_NOT_FOUND_CONFIG_FEE"
  | "PERMISSION_DENIED_EDIT_COD"
  | "PICKUP_TIME_ERROR"
  | "ORDER_NOT_FOUND"
  | "SERVER_ERROR_COMMON"

export const CODE_MESSAGE_VALUES: Record<CodeMessage, { vi: string; en: string }> = {
  USER_ERR_COMMON: { vi: "Dữ liệu không hợp lệ, vui lòng kiểm tra lại.", en: "Invalid request data, please check again." },
  OTP_NOT_VALID: { vi: "Mã OTP không hợp lệ hoặc đã hết hạn.", en: "The OTP is not valid or has expired." },
  CLIENT_HAVE_EXISTED: { vi: "Khách hàng đã là nhân viên của cửa hàng.", en: "The client is already a member of the shop." },
  CLIENT_NOT_BELONG_OF_SHOP: { vi: "Khách hàng không thuộc cửa hàng.", en: "The client does not belong to the shop." },
  SHOP_NO_ACTIVE: { vi: "Cửa hàng chưa hoạt động hoặc đã bị khóa.", en: "The shop is not active." },
  PHONE_INVALID: { vi: "Số điện thoại không hợp lệ.", en: "The phone number is not valid." },
  WARD_IS_INVALID: { vi: "Phường/Xã không hợp lệ.", en: "The ward is not valid." },
  CLIENT_NOT_OWNER_OF_SHOP: { vi: "Tài khoản không phải chủ của cửa hàng.", en: "The client is not the owner of the shop." },
  ROUTE_NOT_FOUND_SERVICE: { vi: "Tuyến đường không có dịch vụ phù hợp.", en: "No service was found for the route." },
  SERVICE_NOT_FOUND_CONFIG_FEE: { vi: "Dịch vụ chưa được cấu hình phí.", en: "The service has no fee configuration." },
  PERMISSION_DENIED_EDIT_COD: { vi: "Bạn không có quyền chỉnh sửa tiền thu hộ.", en: "Permission denied: editing COD." },
  PICKUP_TIME_ERROR: { vi: "Thời gian lấy hàng không hợp lệ.", en: "The pickup time is not valid." },
  ORDER_NOT_FOUND: { vi: "Đơn hàng không tồn tại.", en: "The order does not exist." },
  SERVER_ERROR_COMMON: { vi: "Lỗi hệ thống, vui lòng thử lại sau.", en: "Internal server error, please try again later." },
}

export interface Envelope {
  code: number
  message: string
  data: unknown
  code_message?: string
  code_message_value?: string
  message_display?: string
}

/** A non-JSON or special answer (empty body, HTML). */
export interface RawReply {
  raw: true
  status: number
  body: string | Buffer
  contentType?: string
  headers?: Record<string, string>
}

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Envelope | RawReply) {
    super(typeof (body as Envelope).message === "string" ? (body as Envelope).message : "error")
  }
}

export function ok(data: unknown, extra?: Partial<Envelope>): Envelope {
  return { code: 200, message: "Success", data, ...extra }
}

/** Failure with a code_message (most failures). */
export function coded(status: number, code: CodeMessage, message?: string, lang: Lang = "vi"): ApiError {
  const value = CODE_MESSAGE_VALUES[code][lang]
  return new ApiError(status, { code: status, message: message ?? value, data: null, code_message: code, code_message_value: value })
}

/** Failure carrying only code, message and data null (ticket failures, some order failures). */
export function plain(status: number, message: string): ApiError {
  return new ApiError(status, { code: status, message, data: null })
}

export function userErr(message: string, lang: Lang = "vi"): ApiError {
  return coded(400, "USER_ERR_COMMON", message, lang)
}

export function serverError(lang: Lang = "vi", status = 500): ApiError {
  return coded(status, "SERVER_ERROR_COMMON", "Internal Server Error", lang)
}
