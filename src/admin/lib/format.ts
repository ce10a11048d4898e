import { useTranslation } from "react-i18next"
import { feeBreakdown } from "../../lib/parcel/fee-breakdown"
import { ghnExpectedInstant, ghnInstant } from "../../lib/ghn/dates"

/** The plugin's translations (namespace "ghn", registered in src/admin/i18n). */
export const NS = "ghn"
export const useGhnTranslation = () => useTranslation(NS)

const locale = (lng?: string) => (lng && lng.startsWith("vi") ? "vi-VN" : lng || "en-US")

/** 52.000 ₫ (VND has no minor unit). */
export function vnd(amount: number | null | undefined, lng?: string) {
  return new Intl.NumberFormat(locale(lng), { style: "currency", currency: "VND", maximumFractionDigits: 0 }).format(Number(amount ?? 0))
}

export function dateTime(value: string | Date | null | undefined, lng?: string) {
  if (!value) return "—"
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return String(value)
  return new Intl.DateTimeFormat(locale(lng), { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Ho_Chi_Minh" }).format(d)
}

/** GHN's expected delivery: its day in Vietnam (either end-of-day form of GHN is the same day). */
export function expectedDay(value: string | Date | null | undefined, lng?: string) {
  const d = ghnExpectedInstant(value)
  return d ? new Intl.DateTimeFormat(locale(lng), { dateStyle: "medium", timeZone: "Asia/Ho_Chi_Minh" }).format(d) : "—"
}

/** A GHN date (COD collected or transferred): "—" when unset, Go's zero time included. */
export function ghnDateTime(value: string | Date | null | undefined, lng?: string) {
  return dateTime(ghnInstant(value), lng)
}

export function date(value: string | Date | null | undefined, lng?: string) {
  if (!value) return "—"
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return String(value)
  return new Intl.DateTimeFormat(locale(lng), { dateStyle: "medium", timeZone: "Asia/Ho_Chi_Minh" }).format(d)
}

export function time(value: string | Date, lng?: string) {
  return new Intl.DateTimeFormat(locale(lng), { timeStyle: "short", timeZone: "Asia/Ho_Chi_Minh" }).format(new Date(value))
}

export type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const COLORS: Record<string, BadgeColor> = {
  ready_to_pick: "grey",
  picking: "blue",
  money_collect_picking: "blue",
  picked: "blue",
  storing: "blue",
  transporting: "blue",
  sorting: "blue",
  delivering: "blue",
  money_collect_delivering: "blue",
  delivered: "green",
  delivery_fail: "orange",
  waiting_to_return: "orange",
  return: "orange",
  return_transporting: "orange",
  return_sorting: "orange",
  returning: "orange",
  return_fail: "red",
  returned: "purple",
  cancel: "grey",
  exception: "red",
  lost: "red",
  damage: "red",
}

export const statusColor = (status: string): BadgeColor => COLORS[status] ?? "grey"

/** Every GHN order status, in the order of the journey (for filters). */
export const STATUSES = Object.keys(COLORS)

/** A shipment's fee parts that are not zero (src/lib/parcel/fee-breakdown.ts keeps one name per part). */
export function feeParts(fees: Record<string, unknown> | null | undefined): { key: string; amount: number }[] {
  return Object.entries(feeBreakdown(fees))
    .filter(([, amount]) => amount !== 0)
    .map(([key, amount]) => ({ key, amount }))
}

/** Seconds as m:ss. */
export function countdown(seconds: number) {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`
}

/** Bytes as "1.2 MB". */
export function bytes(n: number) {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(2)} MB`
}
