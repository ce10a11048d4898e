import { ghnExpectedInstant, vietnamDay, VN_OFFSET_MS } from "../lib/ghn/dates"
import { ShopperLocale, shopperMessage } from "../lib/checkout/shopper-errors"
import type { AddressLevel } from "./address-state"
import { toGhnStoreError } from "./client"

export type { ShopperLocale } from "../lib/checkout/shopper-errors"

/** The kit's labels in Vietnamese and English. */
export const LABELS = {
  vi: {
    province: "Tỉnh/Thành phố",
    district: "Quận/Huyện",
    ward: "Phường/Xã",
    search: (level: string) => `Tìm ${level.toLowerCase()}`,
    choose: (level: string) => `Chọn ${level.toLowerCase()}`,
    loading: "Đang tải…",
    noMatch: "Không tìm thấy kết quả",
    pickAbove: (level: string) => `Chọn ${level.toLowerCase()} trước`,
    required: (level: string) => `Vui lòng chọn ${level.toLowerCase()}`,
    results: (count: number) => `${count} kết quả`,
    retry: "Thử lại",
    estimate: "Giao dự kiến",
    parcel: "Mã vận đơn GHN",
    expected: "Dự kiến giao",
    cash: (amount: string) => `Chuẩn bị ${amount} tiền mặt khi nhận hàng`,
    trackOnGhn: "Theo dõi trên GHN",
    timeline: "Hành trình đơn hàng",
    noParcel: "Đơn hàng chưa được giao cho GHN",
    savedChoice: (address: string) => `Địa chỉ đã lưu "${address}" cần chọn lại phường/xã sau khi sắp xếp đơn vị hành chính năm 2025. Chọn đúng địa chỉ của bạn:`,
  },
  en: {
    province: "Province/City",
    district: "District",
    ward: "Ward/Commune",
    search: (level: string) => `Search ${level.toLowerCase()}`,
    choose: (level: string) => `Choose a ${level.toLowerCase()}`,
    loading: "Loading…",
    noMatch: "No match",
    pickAbove: (level: string) => `Choose a ${level.toLowerCase()} first`,
    required: (level: string) => `Please choose a ${level.toLowerCase()}`,
    results: (count: number) => `${count} results`,
    retry: "Try again",
    estimate: "Estimated delivery",
    parcel: "GHN tracking code",
    expected: "Expected delivery",
    cash: (amount: string) => `Have ${amount} in cash ready on delivery`,
    trackOnGhn: "Track on GHN",
    timeline: "Parcel journey",
    noParcel: "The order has not been handed to GHN yet",
    savedChoice: (address: string) => `Your saved address "${address}" needs its ward chosen again after Vietnam's 2025 reform of administrative units. Choose your address:`,
  },
} as const satisfies Record<ShopperLocale, Record<AddressLevel | string, unknown>>

/**
 * What to tell the shopper about a failed store call (a GhnStoreError, js-sdk's FetchError, a
 * GhnStoreErrorBody a server action returned, or a message): the kit's own text for a coded error (its
 * parameters kept), else the server's message (the store API already answers in the shopper's
 * language).
 */
export function ghnErrorMessage(error: unknown, locale: ShopperLocale = "vi"): string {
  const fallback = locale === "vi" ? "Đã có lỗi xảy ra" : "Something went wrong"
  if (typeof error === "string") return error || fallback
  if (typeof error !== "object" || error === null) return fallback
  const failure = toGhnStoreError(error)
  if (failure.shopper) return shopperMessage(failure.shopper, locale)
  const { message } = error as { message?: unknown }
  return typeof message === "string" && message ? message : fallback
}

/** Day and month in Vietnam of an expected delivery (either end-of-day form is the same day). */
function dayMonth(iso: string): { day: number; month: number } {
  return vietnamDay(ghnExpectedInstant(iso) ?? new Date(iso))
}

const pad = (n: number) => String(n).padStart(2, "0")
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

/**
 * GHN's estimate as a shopper reads it, in Vietnam's time zone: "Giao dự kiến 25-27/11"
 * ("Estimated delivery Nov 25-27"); one day when GHN gives one date; months named on both ends
 * when the window crosses a month.
 */
export function formatDeliveryEstimate(
  estimate: { expected_at: string; from_estimate_date: string | null; to_estimate_date: string | null },
  locale: ShopperLocale = "vi"
): string {
  const from = dayMonth(estimate.from_estimate_date ?? estimate.expected_at)
  const to = dayMonth(estimate.to_estimate_date ?? estimate.expected_at)
  const label = LABELS[locale].estimate
  const sameDay = from.day === to.day && from.month === to.month
  if (locale === "vi") {
    const window = sameDay
      ? `${pad(from.day)}/${pad(from.month)}`
      : from.month === to.month
        ? `${pad(from.day)}-${pad(to.day)}/${pad(to.month)}`
        : `${pad(from.day)}/${pad(from.month)}-${pad(to.day)}/${pad(to.month)}`
    return `${label} ${window}`
  }
  const month = (m: number) => MONTHS_EN[m - 1]
  const window = sameDay
    ? `${month(from.month)} ${from.day}`
    : from.month === to.month
      ? `${month(from.month)} ${from.day}-${to.day}`
      : `${month(from.month)} ${from.day} - ${month(to.month)} ${to.day}`
  return `${label} ${window}`
}

export { formatVnd } from "../lib/status/shopper-updates"

/** Vietnam's time (UTC+7, no daylight saving) of an ISO instant, read through the UTC getters. */
const inVietnam = (iso: string) => new Date(new Date(iso).getTime() + VN_OFFSET_MS)

/** A day in Vietnam's time: "26/11" (vi), "26 Nov" (en). */
export function formatTrackingDay(iso: string, locale: ShopperLocale = "vi"): string {
  const d = inVietnam(iso)
  return locale === "vi" ? `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}` : `${d.getUTCDate()} ${MONTHS_EN[d.getUTCMonth()]}`
}

/** An expected delivery's day in Vietnam ("26/11", "26 Nov"): either end-of-day form is the same day. */
export function formatExpectedDay(iso: string, locale: ShopperLocale = "vi"): string {
  return formatTrackingDay(ghnExpectedInstant(iso)?.toISOString() ?? iso, locale)
}

/** A moment of the parcel's journey in Vietnam's time: "14:05 26/11" (vi), "26 Nov, 14:05" (en). */
export function formatTrackingTime(iso: string, locale: ShopperLocale = "vi"): string {
  const d = inVietnam(iso)
  const hm = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  return locale === "vi" ? `${hm} ${formatTrackingDay(iso, locale)}` : `${formatTrackingDay(iso, locale)}, ${hm}`
}
