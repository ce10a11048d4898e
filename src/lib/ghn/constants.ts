/**
 * Constants of the GHN contract (`ghn-api-spec.md`, Limits section and field tables)
 * and the public hosts (`ghn-notes.md`).
 */

/** Public gateways. Both serve the same `/shiip/public-api/...` paths. */
export const GHN_HOSTS = {
  production: "https://online-gateway.ghn.vn",
  staging: "https://dev-online-gateway.ghn.vn",
} as const

/** Public tracking page of an order (production). The order code is appended. */
export const GHN_TRACKING_URL_BASE = "https://donhang.ghn.vn/?order_code="

/** Every path of the client, relative to the base URL. */
export const GHN_PATHS = {
  affiliateOtp: "/shiip/public-api/v2/shop/affiliateOTP",
  affiliateCreate: "/shiip/public-api/v2/shop/affiliateCreate",
  affiliateCreateWithShop: "/shiip/public-api/v2/shop/affiliateCreateWithShop",
  shopRegister: "/shiip/public-api/v2/shop/register",
  shopAll: "/shiip/public-api/v2/shop/all",
  orderCreate: "/shiip/public-api/v2/shipping-order/create",
  orderPreview: "/shiip/public-api/v2/shipping-order/preview",
  orderUpdate: "/shiip/public-api/v2/shipping-order/update",
  orderDetail: "/shiip/public-api/v2/shipping-order/detail",
  fee: "/shiip/public-api/v2/shipping-order/fee",
  leadtime: "/shiip/public-api/v2/shipping-order/leadtime",
  availableServices: "/shiip/public-api/v2/shipping-order/available-services",
  cancel: "/shiip/public-api/v2/switch-status/cancel",
  storing: "/shiip/public-api/v2/switch-status/storing",
  return: "/shiip/public-api/v2/switch-status/return",
  printToken: "/shiip/public-api/v2/a5/gen-token",
  pickShift: "/shiip/public-api/v2/shift/date",
  province: "/shiip/public-api/master-data/province",
  district: "/shiip/public-api/master-data/district",
  ward: "/shiip/public-api/master-data/ward",
  newProvinces: "/shiip/public-api/v3/master-data/province/all",
  newWards: "/shiip/public-api/v3/master-data/ward/all-by-province-id",
  ticketCreate: "/shiip/public-api/ticket/create",
  ticketReply: "/shiip/public-api/ticket/reply",
  ticketDetail: "/shiip/public-api/ticket/detail",
} as const

/** Label pages per paper size (GET on the base URL with `?token=<print token>`). */
export const LABEL_SIZES = {
  A5: "/a5/public-api/printA5",
  "80x80": "/a5/public-api/print80x80",
  "52x70": "/a5/public-api/print52x70",
} as const
export type GhnLabelSize = keyof typeof LABEL_SIZES

/** Allowed values of `required_note`. */
export const REQUIRED_NOTES = ["KHONGCHOXEMHANG", "CHOXEMHANGKHONGTHU", "CHOTHUHANG"] as const
export type GhnRequiredNote = (typeof REQUIRED_NOTES)[number]

/** Ticket categories, spelled exactly as GHN expects them. */
export const TICKET_CATEGORIES = [
  "Tư vấn",
  "Khiếu nại",
  "Hối Giao/Lấy/Trả hàng",
  "Thay đổi thông tin",
] as const
export type GhnTicketCategory = (typeof TICKET_CATEGORIES)[number]

/** Batch reason codes of Cancel Order. */
export const CANCEL_REASON_CODES = ["SVC-CO001", "SVC-CO002", "SVC-CO003", "SVC-CANCEL-OTHER"] as const
export type GhnCancelReasonCode = (typeof CANCEL_REASON_CODES)[number]

/** Service types: 2 = under 20 kg, 5 = 20 kg or more or multi-parcel. */
export const SERVICE_TYPES = [2, 5] as const
export type GhnServiceTypeId = (typeof SERVICE_TYPES)[number]

/** Fee payer on Create Order: 1 = shop/seller, 2 = buyer/recipient. */
export const PAYMENT_TYPES = [1, 2] as const
export type GhnPaymentTypeId = (typeof PAYMENT_TYPES)[number]

/** Order statuses named by the spec (GHN may send others, e.g. `scrap`: they are accepted). */
export const ORDER_STATUSES = [
  "ready_to_pick",
  "picking",
  "money_collect_picking",
  "picked",
  "storing",
  "transporting",
  "sorting",
  "delivering",
  "delivery_fail",
  "waiting_to_return",
  "return",
  "return_transporting",
  "return_sorting",
  "return_fail",
  "delivered",
  "money_collect_delivering",
  "returning",
  "returned",
  "cancel",
  "exception",
  "lost",
  "damage",
] as const
export type GhnOrderStatus = (typeof ORDER_STATUSES)[number]

/** Numeric and textual limits of the spec. */
export const GHN_LIMITS = {
  createOrder: {
    maxWeight: 50_000, // g
    maxSide: 200, // cm
    maxCodAmount: 50_000_000, // VND
    maxInsuranceValue: 5_000_000, // VND
    maxNameOrAddress: 1024, // to_/from_/return_ name and address
    maxClientOrderCode: 50,
    maxContent: 2000,
    maxNote: 5000,
    maxItemName: 512,
    minItemQuantity: 1,
    /** service_type_id 2 is for a total weight under this; 5 at or above it. */
    heavyGoodsWeight: 20_000,
  },
  calculateFee: {
    minWeight: 1, // non-zero
    maxWeight: 1_600_000, // g
    maxSide: 200, // cm
    maxCodValue: 10_000_000, // VND
    maxInsuranceValue: 5_000_000, // VND
  },
  print: { maxOrderCodes: 10_000 },
  tickets: {
    minOrderCode: 1,
    maxOrderCode: 32,
    maxDescription: 2000,
    maxAttachments: 10,
    maxAttachmentBytes: 2 * 1024 * 1024,
    allowedExtensions: [".docx", ".doc", ".xls", ".xlsx", ".pdf", ".jpg", ".jpeg", ".png", ".zip", ".pptx"],
  },
  masterData: { maxPageSize: 200 },
  /** Print tokens live about 30 minutes: never store a label URL. */
  printTokenLifetimeSeconds: 30 * 60,
} as const
