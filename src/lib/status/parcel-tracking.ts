import { cashToPrepare } from "../cod/cod"
import { ghnExpectedInstant } from "../ghn/dates"
import type { ShopperLocale } from "../checkout/shopper-errors"

/**
 * A parcel's journey as the shopper reads it: GHN's 22 statuses folded into the steps a shopper
 * cares about, named in Vietnamese or English. Pure: no Medusa imports.
 */
export const TRACKING_STEPS = [
  "awaiting_pickup", "picked_up", "in_transit", "out_for_delivery", "delivery_failed", "delivered", "returning", "returned", "cancelled", "problem",
] as const
export type TrackingStep = (typeof TRACKING_STEPS)[number]

const STEP_OF: Record<string, TrackingStep> = {
  ready_to_pick: "awaiting_pickup",
  picking: "awaiting_pickup",
  money_collect_picking: "awaiting_pickup",
  picked: "picked_up",
  storing: "in_transit",
  transporting: "in_transit",
  sorting: "in_transit",
  delivering: "out_for_delivery",
  money_collect_delivering: "out_for_delivery",
  delivery_fail: "delivery_failed",
  waiting_to_return: "delivery_failed",
  delivered: "delivered",
  return: "returning",
  return_transporting: "returning",
  return_sorting: "returning",
  returning: "returning",
  return_fail: "returning",
  returned: "returned",
  cancel: "cancelled",
  exception: "problem",
  lost: "problem",
  damage: "problem",
}

const LABELS: Record<ShopperLocale, Record<TrackingStep, string>> = {
  vi: {
    awaiting_pickup: "Chờ lấy hàng",
    picked_up: "Đã lấy hàng",
    in_transit: "Đang vận chuyển",
    out_for_delivery: "Đang giao hàng",
    delivery_failed: "Giao hàng không thành công",
    delivered: "Đã giao hàng",
    returning: "Đang hoàn hàng về cửa hàng",
    returned: "Đã hoàn hàng về cửa hàng",
    cancelled: "Đã hủy",
    problem: "Có sự cố, cửa hàng đang xử lý",
  },
  en: {
    awaiting_pickup: "Waiting for pickup",
    picked_up: "Picked up",
    in_transit: "In transit",
    out_for_delivery: "Out for delivery",
    delivery_failed: "Delivery attempt failed",
    delivered: "Delivered",
    returning: "Returning to the shop",
    returned: "Returned to the shop",
    cancelled: "Cancelled",
    problem: "A problem occurred; the shop is on it",
  },
}

/** The shopper's step of a GHN status (a status GHN adds later reads as in transit). */
export function trackingStepOf(status: string): TrackingStep {
  return STEP_OF[status] ?? "in_transit"
}

export function trackingLabel(step: TrackingStep, locale: ShopperLocale): string {
  return LABELS[locale][step]
}

export type TrackedHistoryEntry = { status: string | null; time: string; reason?: string | null; not_applied?: string }

export type TrackingShipment = {
  order_code: string
  status: string
  status_reason?: string | null
  cod_amount: number
  expected_delivery_time?: Date | string | null
  history?: { events?: TrackedHistoryEntry[] } | null
}

export type TrackingTimelineEntry = { step: TrackingStep; label: string; at: string; reason: string | null }

export type ParcelTracking = {
  order_code: string
  step: TrackingStep
  label: string
  /** GHN's reason for where the parcel is (a failed delivery's), as GHN wrote it. */
  reason: string | null
  expected_delivery: string | null
  /** Cash to hand the courier (VND): 0 once delivered, returned or cancelled, or when nothing is collected; null for a guest. */
  cod_amount: number | null
  tracking_url: string
  /** Oldest first; one entry per step reached (hops within a step are one). */
  timeline: TrackingTimelineEntry[]
}

/** Steps with no delivery ahead: no expected delivery to show. */
const NO_DELIVERY_AHEAD: ReadonlySet<TrackingStep> = new Set(["delivered", "returning", "returned", "cancelled"])

/** What a shopper is shown of one parcel. */
export function parcelTracking(shipment: TrackingShipment, locale: ShopperLocale, trackingUrl: string): ParcelTracking {
  const step = trackingStepOf(shipment.status)
  const timeline: TrackingTimelineEntry[] = []
  const events = [...(shipment.history?.events ?? [])]
    .filter((e): e is TrackedHistoryEntry & { status: string } => !!e.status && !e.not_applied)
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
  for (const e of events) {
    const s = trackingStepOf(e.status)
    if (timeline.at(-1)?.step === s) continue
    timeline.push({ step: s, label: trackingLabel(s, locale), at: new Date(e.time).toISOString(), reason: s === "delivery_failed" || s === "returning" ? e.reason ?? null : null })
  }
  const expected = ghnExpectedInstant(shipment.expected_delivery_time)
  return {
    order_code: shipment.order_code,
    step,
    label: trackingLabel(step, locale),
    reason: step === "delivery_failed" || step === "returning" || step === "problem" ? shipment.status_reason ?? null : null,
    expected_delivery: expected && !NO_DELIVERY_AHEAD.has(step) ? expected.toISOString() : null,
    cod_amount: cashToPrepare(shipment.status, shipment.cod_amount),
    tracking_url: trackingUrl,
    timeline,
  }
}
