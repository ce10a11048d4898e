/** Order life: statuses, transitions, reasons, webhook bodies and views. */
import type { Sandbox } from "./sandbox"
import type { FeeBreakdown } from "./fee"
import type { Order, OrderFee } from "./types"
import { isoMs, isoSeconds } from "./text"

export const STATUSES = [
  "ready_to_pick", "picking", "money_collect_picking", "picked", "storing", "transporting", "sorting",
  "delivering", "delivery_fail", "waiting_to_return", "return", "return_transporting", "return_sorting",
  "return_fail", "delivered", "money_collect_delivering", "returning", "returned", "cancel", "exception",
  "lost", "damage",
] as const

export const STATUS_DESCRIPTIONS: Record<string, string> = {
  ready_to_pick: "Chờ lấy hàng",
  picking: "Nhân viên đang lấy hàng",
  money_collect_picking: "Đang tương tác với người gửi",
  picked: "Lấy hàng thành công",
  storing: "Hàng đang nằm ở kho",
  transporting: "Đang luân chuyển hàng",
  sorting: "Đang phân loại hàng hóa",
  delivering: "Nhân viên đang giao cho người nhận",
  money_collect_delivering: "Nhân viên đang tương tác với người nhận",
  delivered: "Giao hàng thành công",
  delivery_fail: "Giao hàng không thành công",
  waiting_to_return: "Đang đợi trả hàng về cho người gửi",
  return: "Trả hàng",
  return_transporting: "Đang luân chuyển hàng trả",
  return_sorting: "Đang phân loại hàng trả",
  returning: "Nhân viên đang đi trả hàng",
  return_fail: "Nhân viên trả hàng thất bại",
  returned: "Trả hàng thành công",
  cancel: "Hủy đơn hàng",
  exception: "Đơn hàng ngoại lệ không nằm trong quy trình",
  lost: "Hàng bị thất lạc",
  damage: "Hàng bị hư hỏng",
}

export const HAPPY_PATH = ["ready_to_pick", "picking", "picked", "storing", "transporting", "sorting", "delivering", "delivered"]

/** Statuses from which the shop (Cancel Order) can cancel. */
export const CANCELLABLE = new Set(["ready_to_pick", "picking", "money_collect_picking"])
export const TERMINAL = new Set(["delivered", "returned", "cancel", "lost", "damage"])

/** Statuses before the parcel is in GHN's hands. */
export const PRE_PICKUP = new Set(["ready_to_pick", "picking", "money_collect_picking"])

/**
 * Whether the control API accepts a move without force. GHN skips statuses in practice (a
 * parcel can go from picked straight to delivering), so any move between known statuses is
 * accepted except: leaving a final status, setting the current status again, cancelling once
 * the parcel was picked up, and going back to a pre-pickup status after the pickup.
 */
export function moveRefusal(from: string, to: string): string | null {
  if (TERMINAL.has(from)) return `${from} is final`
  if (from === to) return `the order is already ${to}`
  const picked = !PRE_PICKUP.has(from) && from !== "exception"
  if (to === "cancel" && picked) return `${from} -> cancel: GHN only cancels before pickup (${[...PRE_PICKUP].join(", ")})`
  if (PRE_PICKUP.has(to) && picked) return `${from} -> ${to}: the pickup cannot be undone`
  return null
}

export const REASONS: Record<string, string> = {
  "GHN-PFA1A0": "Người gửi hẹn lại ngày lấy hàng",
  "GHN-PFA2A2": "Không liên lạc được với người gửi",
  "GHN-PFA3A1": "Người gửi không đồng ý giao hàng",
  "GHN-DFC1A0": "Người nhận hẹn lại ngày giao",
  "GHN-DFC1A2": "Không liên lạc được với người nhận",
  "GHN-DFC1A4": "Người nhận từ chối nhận hàng",
  "GHN-DCD0A5": "Sai thông tin người nhận",
  "GHN-RFE0A0": "Không liên lạc được với người gửi khi trả hàng",
  "GHN-RFE0A1": "Người gửi hẹn lại ngày trả hàng",
  "GHN-LOST01": "Hàng bị thất lạc trong quá trình vận chuyển",
  "GHN-DAMAGE01": "Hàng bị hư hỏng trong quá trình vận chuyển",
  "GHN-CANCEL01": "GHN hủy đơn theo yêu cầu vận hành",
  "SVC-CO001": "Thời gian lấy hàng quá lâu",
  "SVC-CO002": "Hết hàng",
  "SVC-CO003": "Người nhận không muốn nhận hàng nữa",
  "SVC-CANCEL-OTHER": "Lý do khác",
}
export const DEFAULT_REASON: Record<string, string> = {
  ready_to_pick: "GHN-PFA2A2",
  delivery_fail: "GHN-DFC1A2",
  return_fail: "GHN-RFE0A0",
  lost: "GHN-LOST01",
  damage: "GHN-DAMAGE01",
  cancel: "GHN-CANCEL01",
}
/** statuses whose webhook carries Reason / ReasonCode */
export const REASON_STATUSES = new Set(["ready_to_pick", "delivery_fail", "return_fail", "damage", "lost", "cancel"])

export const SHIPPERS = [
  { name: "Nguyễn Văn Tài", phone: "0934000111" },
  { name: "Phạm Minh Khoa", phone: "0934000222" },
]

export function emptyFee(): OrderFee {
  return {
    main_service: 0, insurance: 0, cod_fee: 0, station_do: 0, station_pu: 0, return: 0, r2s: 0, return_again: 0,
    coupon: 0, document_return: 0, double_check: 0, double_check_deliver: 0, pick_remote_areas_fee: 0,
    deliver_remote_areas_fee: 0, pick_remote_areas_fee_return: 0, deliver_remote_areas_fee_return: 0,
    cod_failed_fee: 0, change_to_address_fee: 0, change_return_address_fee: 0,
  }
}

export function feeObject(b: FeeBreakdown, previous?: OrderFee): OrderFee {
  return {
    ...emptyFee(),
    r2s: previous?.r2s ?? 0,
    return: previous?.return ?? 0,
    main_service: b.main_service,
    insurance: b.insurance,
    cod_fee: b.cod_fee,
    coupon: b.coupon,
    pick_remote_areas_fee: b.pick_remote_areas_fee,
    deliver_remote_areas_fee: b.deliver_remote_areas_fee,
    cod_failed_fee: b.cod_failed_fee,
  }
}

export function feeTotal(f: OrderFee): number {
  const sum = Object.entries(f).reduce((s, [, v]) => s + v, 0)
  return Math.max(0, sum)
}

/** Order codes: "G" + 7 base-36 characters, a bijective scramble of a counter (unique, stable). */
export function orderCodeFor(n: number): string {
  const space = 36n ** 7n
  const v = (BigInt(n) * 1000003n + 2916000017n) % space
  return "G" + v.toString(36).toUpperCase().padStart(7, "0")
}

export function webhookBody(o: Order, type: string, timeMs: number, description?: string): Record<string, unknown> {
  const f = o.fee
  const withReason = REASON_STATUSES.has(o.status)
  return {
    ShopID: o.shop_id,
    Time: isoMs(timeMs),
    OrderCode: o.order_code,
    ClientOrderCode: o.client_order_code,
    Type: type,
    Description: description ?? STATUS_DESCRIPTIONS[o.status] ?? o.status,
    Status: o.status,
    Reason: withReason ? o.reason : "",
    ReasonCode: withReason ? o.reason_code : "",
    CODAmount: o.cod_amount,
    CODTransferDate: o.cod_transfer_date,
    Weight: o.weight,
    ConvertedWeight: o.converted_weight,
    Length: o.length,
    Width: o.width,
    Height: o.height,
    PaymentType: o.payment_type_id,
    IsPartialReturn: false,
    PartialReturnCode: "",
    Warehouse: o.warehouse,
    ShipperName: o.shipper_name,
    ShipperPhone: o.shipper_phone,
    PodURL: o.pod_url,
    TotalFee: o.total_fee,
    Fee: {
      MainService: f.main_service,
      Insurance: f.insurance,
      CODFee: f.cod_fee,
      CODFailedFee: f.cod_failed_fee,
      StationDO: f.station_do,
      StationPU: f.station_pu,
      Return: f.return,
      R2S: f.r2s,
      Coupon: f.coupon,
      DocumentReturn: f.document_return,
      DoubleCheck: f.double_check,
      PickRemoteAreasFee: f.pick_remote_areas_fee,
      DeliverRemoteAreasFee: f.deliver_remote_areas_fee,
      Total: o.total_fee,
    },
  }
}

export function emit(sb: Sandbox, o: Order, type: string, description?: string): void {
  const t = sb.eventTime()
  sb.webhooks.enqueue(o.order_code, type, webhookBody(o, type, t, description), isoMs(t))
}

/** Applies a status change and its side effects, fires switch_status. */
export function applyStatus(sb: Sandbox, o: Order, status: string, opts: { reasonCode?: string; reason?: string; by: "control" | "client" | "auto" }): void {
  const from = o.status
  o.status = status
  const now = sb.now()
  o.updated_date = isoSeconds(now)
  let reasonCode = opts.reasonCode ?? ""
  if (!reasonCode && DEFAULT_REASON[status] && opts.by !== "client") reasonCode = DEFAULT_REASON[status]
  const reason = opts.reason ?? (reasonCode ? REASONS[reasonCode] ?? "" : "")
  o.reason_code = reasonCode
  o.reason = reason
  const shipper = SHIPPERS[o.order_code.charCodeAt(1) % SHIPPERS.length]
  if (status === "picking" || status === "money_collect_picking" || status === "delivering" || status === "money_collect_delivering" || status === "returning") {
    o.shipper_name = shipper.name
    o.shipper_phone = shipper.phone
  }
  if (["picked", "storing", "transporting", "sorting", "return_transporting", "return_sorting"].includes(status)) {
    const district = status.startsWith("return") || status === "picked" ? o.from.location.districtName || o.from.location.provinceName : o.to.location.districtName || o.to.location.provinceName
    o.warehouse = `Bưu cục ${district}`
  }
  if (status === "delivered") {
    if (o.cod_amount > 0) {
      o.is_cod_collected = true
      o.cod_collect_date = isoSeconds(now)
    }
    o.pod_url = `${sb.url}/_sandbox/pod/${o.order_code}`
  }
  if (status === "returned") o.pod_url = `${sb.url}/_sandbox/pod/${o.order_code}`
  if (status === "return" && o.fee.r2s === 0) {
    // return-to-sender fee: half of the main service
    o.fee.r2s = Math.round(o.fee.main_service / 2)
    o.total_fee = feeTotal(o.fee)
  }
  if (opts.by === "control" && !HAPPY_PATH.includes(status)) o.auto_advance = false
  o.history.push({ status, updated_date: isoSeconds(now), reason_code: reasonCode, reason, by: opts.by })
  void from
  emit(sb, o, "switch_status")
  sb.markDirty()
}

/** The Order Info projection (GHN field names). */
export function orderInfo(o: Order): Record<string, unknown> {
  return {
    shop_id: o.shop_id,
    client_id: o.client_id,
    return_name: o.return.name,
    return_phone: o.return.phone,
    return_address: o.return.address,
    return_ward_code: o.return.ward_code,
    return_district_id: o.return.district_id,
    return_ward_name: o.return.ward_name,
    return_district_name: o.return.district_name,
    return_province_name: o.return.province_name,
    from_name: o.from.name,
    from_phone: o.from.phone,
    from_hotline: o.from_hotline,
    from_address: o.from.address,
    from_ward_code: o.from.ward_code,
    from_district_id: o.from.district_id,
    from_ward_name: o.from.ward_name,
    from_district_name: o.from.district_name,
    from_province_name: o.from.province_name,
    is_new_from_address: o.from.is_new_address,
    deliver_station_id: o.deliver_station_id,
    to_name: o.to.name,
    to_phone: o.to.phone,
    to_address: o.to.address,
    to_ward_code: o.to.ward_code,
    to_district_id: o.to.district_id,
    to_ward_name: o.to.ward_name,
    to_district_name: o.to.district_name,
    to_province_name: o.to.province_name,
    is_new_to_address: o.to.is_new_address,
    weight: o.weight,
    length: o.length,
    width: o.width,
    height: o.height,
    converted_weight: o.converted_weight,
    calculate_weight: o.calculate_weight,
    service_type_id: o.service_type_id,
    service_id: o.service_id,
    payment_type_id: o.payment_type_id,
    payment_type_ids: [o.payment_type_id],
    custom_service_fee: 0,
    sort_code: o.sort_code,
    cod_amount: o.cod_amount,
    cod_collect_date: o.cod_collect_date,
    cod_transfer_date: o.cod_transfer_date,
    is_partial_return: false,
    is_document_return: o.document_return,
    pick_station_id: o.pick_station_id,
    insurance_value: o.insurance_value,
    order_value: o.order_value,
    pick_station_name: "",
    required_note: o.required_note,
    content: o.content,
    note: o.note,
    employee_note: "",
    seal_code: "",
    pickup_time: o.pickup_time ? isoSeconds(o.pickup_time * 1000) : null,
    pickup_shift: o.pickup_shift,
    items: o.items,
    coupon: o.coupon,
    coupon_campaign_id: 0,
    _id: o.order_code,
    order_code: o.order_code,
    client_order_code: o.client_order_code,
    version_no: String(o.history.length),
    updated_ip: "127.0.0.1",
    updated_employee: 0,
    updated_client: o.client_id,
    updated_source: "sandbox",
    updated_date: o.updated_date,
    updated_warehouse: 0,
    created_ip: "127.0.0.1",
    created_employee: 0,
    created_client: o.created_by,
    created_source: "sandbox",
    created_date: o.created_date,
    status: o.status,
    pick_warehouse_id: 0,
    deliver_warehouse_id: 0,
    current_warehouse_id: 0,
    return_warehouse_id: 0,
    next_warehouse_id: 0,
    leadtime: o.leadtime,
    order_date: o.created_date,
    soc_id: "",
    finish_date: o.status === "delivered" || o.status === "returned" ? o.updated_date : null,
    tag: [],
    log: o.history.map((h) => ({ status: h.status, updated_date: h.updated_date })),
    is_cod_collected: o.is_cod_collected,
    is_cod_transferred: o.is_cod_transferred,
    cod_failed_amount: o.cod_failed_amount,
    cod_failed_collect_date: null,
  }
}

/** Everything the sandbox keeps about an order (control API). */
export function orderControlView(o: Order): Record<string, unknown> {
  return {
    ...orderInfo(o),
    fee: o.fee,
    total_fee: o.total_fee,
    expected_delivery_time: o.leadtime,
    reason_code: o.reason_code,
    reason: o.reason,
    pick_shift: o.pick_shift,
    document_return: o.document_return,
    double_check: o.double_check,
    history: o.history,
    update_log: o.update_log,
    auto_advance: o.auto_advance,
    shipper_name: o.shipper_name,
    shipper_phone: o.shipper_phone,
    warehouse: o.warehouse,
    pod_url: o.pod_url,
    from_location: o.from.location,
    to_location: o.to.location,
    return_location: o.return.location,
  }
}
