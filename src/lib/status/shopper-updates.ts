import { ghnExpectedInstant } from "../ghn/dates"
import type { ShopperLocale } from "../checkout/shopper-errors"

/**
 * What the shopper is told about a parcel: five moments of its journey, each an event the plugin
 * emits (`ghn.parcel.<update>`, src/contracts/events.ts) and a message in Vietnamese or English. Pure: no Medusa imports.
 */
export const SHOPPER_UPDATES = ["shipped", "out_for_delivery", "delivery_failed", "delivered", "returned"] as const
export type ShopperUpdate = (typeof SHOPPER_UPDATES)[number]

const IN_TRANSIT = new Set(["picked", "storing", "transporting", "sorting"])

/**
 * The update a move of an order's parcel to `status` tells the shopper, if any. "shipped" is the
 * first move past pickup (`firstPastPickup`): later hops between hubs tell nothing new.
 */
export function shopperUpdateOf(status: string, firstPastPickup: boolean): ShopperUpdate | null {
  if (status === "delivered") return "delivered"
  if (status === "returned") return "returned"
  if (status === "delivery_fail") return "delivery_failed"
  if (status === "delivering" || status === "money_collect_delivering") return "out_for_delivery"
  if (IN_TRANSIT.has(status) && firstPastPickup) return "shipped"
  return null
}

/**
 * The key that makes one notification per parcel, update and channel: a second delivery attempt
 * (after a failed one) is news again, a repeat of the same report is not.
 */
export function shopperUpdateKey(data: { update: ShopperUpdate; order_code: string; delivery_attempts: number }, channel: string): string {
  const attempt = data.update === "out_for_delivery" || data.update === "delivery_failed" ? `:${data.delivery_attempts}` : ""
  return `ghn:${data.order_code}:${data.update}${attempt}:${channel}`
}

/** The most of GHN's free-text reason a notification carries, in characters (GHN's may run to 5,000). */
export const SHOPPER_REASON_MAX = 300

/** GHN's reason as a shopper reads it: one line, at most SHOPPER_REASON_MAX characters (cut with "…"). */
export function shopperReasonText(reason: string | null | undefined): string | null {
  const line = String(reason ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim()
  if (!line) return null
  const chars = [...line]
  return chars.length > SHOPPER_REASON_MAX ? chars.slice(0, SHOPPER_REASON_MAX - 1).join("").trimEnd() + "…" : line
}

/** Whether this update is still sent: failed deliveries past `maxFailed` (option maxFailedDeliveryNotifications) are not. */
export function withinNotificationCap(data: { update: ShopperUpdate; delivery_attempts: number }, maxFailed: number): boolean {
  return data.update !== "delivery_failed" || data.delivery_attempts <= maxFailed
}

export type ParcelUpdateMessageInput = {
  update: ShopperUpdate
  locale: ShopperLocale
  order_number: number | string
  order_code: string
  tracking_url: string
  /** GHN's expected delivery, if known. */
  expected_delivery: Date | string | null
  /** Cash to hand the courier (VND); 0 when nothing is collected. */
  cod_amount: number
  reason: string | null
  /** The shop's name, signing the message. */
  shop_name: string
}

export type ParcelUpdateMessage = { subject: string; text: string }

/** "350.000 ₫" (vi) or "350,000 ₫" (en). */
export function formatVnd(amount: number, locale: ShopperLocale = "vi"): string {
  return `${new Intl.NumberFormat(locale === "vi" ? "vi-VN" : "en-US").format(amount)} ₫`
}

function day(value: Date | string | null, locale: ShopperLocale): string | null {
  // An expected delivery: either end-of-day form of GHN is the same day in Vietnam.
  const d = ghnExpectedInstant(value)
  if (!d) return null
  return new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "Asia/Ho_Chi_Minh" }).format(d)
}

/** The subject and text of a shopper update, in the shopper's language. */
export function parcelUpdateMessage(m: ParcelUpdateMessageInput): ParcelUpdateMessage {
  const when = day(m.expected_delivery, m.locale)
  const cash = m.cod_amount > 0 ? formatVnd(m.cod_amount, m.locale) : null
  const track = m.locale === "vi" ? `Theo dõi đơn hàng: ${m.tracking_url}` : `Track your parcel: ${m.tracking_url}`
  const sign = m.shop_name
  const lines = (...l: (string | null | false)[]) => l.filter((x): x is string => !!x).join("\n")
  if (m.locale === "vi") {
    switch (m.update) {
      case "shipped":
        return {
          subject: `Đơn hàng #${m.order_number} đã được giao cho GHN`,
          text: lines(`Đơn hàng #${m.order_number} đã được giao cho Giao Hàng Nhanh, mã vận đơn ${m.order_code}.`, when && `Dự kiến giao: ${when}.`, cash && `Số tiền cần thanh toán khi nhận hàng: ${cash}.`, track, sign),
        }
      case "out_for_delivery":
        return {
          subject: `Đơn hàng #${m.order_number} đang được giao hôm nay`,
          text: lines(`Shipper GHN đang giao đơn hàng #${m.order_number} (mã ${m.order_code}) đến bạn hôm nay. Vui lòng để ý điện thoại.`, cash ? `Vui lòng chuẩn bị ${cash} tiền mặt để thanh toán khi nhận hàng.` : "Đơn hàng đã được thanh toán: bạn không cần trả thêm tiền.", track, sign),
        }
      case "delivery_failed":
        return {
          subject: `Giao đơn hàng #${m.order_number} chưa thành công`,
          text: lines(`GHN chưa giao được đơn hàng #${m.order_number} (mã ${m.order_code})${m.reason ? `: ${m.reason}` : "."}`, "GHN sẽ giao lại. Nếu cần đổi giờ, số điện thoại hoặc địa chỉ nhận, vui lòng trả lời email này hoặc liên hệ cửa hàng.", cash && `Số tiền cần thanh toán khi nhận hàng: ${cash}.`, track, sign),
        }
      case "delivered":
        return { subject: `Đơn hàng #${m.order_number} đã giao thành công`, text: lines(`Đơn hàng #${m.order_number} (mã ${m.order_code}) đã được giao thành công. Cảm ơn bạn đã mua hàng!`, sign) }
      case "returned":
        return {
          subject: `Đơn hàng #${m.order_number} đã được hoàn về cửa hàng`,
          text: lines(`GHN không giao được đơn hàng #${m.order_number} (mã ${m.order_code}) và đã hoàn hàng về cửa hàng${m.reason ? ` (${m.reason})` : ""}.`, "Vui lòng liên hệ cửa hàng nếu bạn vẫn muốn nhận hàng.", sign),
        }
    }
  }
  switch (m.update) {
    case "shipped":
      return {
        subject: `Order #${m.order_number} is on its way with GHN`,
        text: lines(`Your order #${m.order_number} is with Giao Hàng Nhanh (GHN), tracking code ${m.order_code}.`, when && `Expected delivery: ${when}.`, cash && `To pay on delivery: ${cash}.`, track, sign),
      }
    case "out_for_delivery":
      return {
        subject: `Order #${m.order_number} is out for delivery today`,
        text: lines(`A GHN courier is delivering your order #${m.order_number} (${m.order_code}) today. Please keep your phone at hand.`, cash ? `Please have ${cash} in cash ready to pay on delivery.` : "Your order is paid: there is nothing to pay on delivery.", track, sign),
      }
    case "delivery_failed":
      return {
        subject: `Delivery of order #${m.order_number} did not succeed`,
        text: lines(`GHN could not deliver your order #${m.order_number} (${m.order_code})${m.reason ? `: ${m.reason}` : "."}`, "GHN will try again. To change the time, phone number or address, reply to this email or contact the shop.", cash && `To pay on delivery: ${cash}.`, track, sign),
      }
    case "delivered":
      return { subject: `Order #${m.order_number} was delivered`, text: lines(`Your order #${m.order_number} (${m.order_code}) was delivered. Thank you for your order!`, sign) }
    case "returned":
      return {
        subject: `Order #${m.order_number} was returned to the shop`,
        text: lines(`GHN could not deliver your order #${m.order_number} (${m.order_code}) and returned it to the shop${m.reason ? ` (${m.reason})` : ""}.`, "Please contact the shop if you still want it.", sign),
      }
  }
}
