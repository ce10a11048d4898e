/**
 * Deterministic fee, lead-time, pickup-shift and service engine (documented in docs/sandbox.md).
 */
import type { Location } from "./masterdata"
import { isoSeconds, vnDateLabel, vnDay, vnDayStart } from "./text"

export type Band = 0 | 1 | 2 | 3
export const BAND_NAMES = ["same district", "same province", "same region", "other region"] as const

/** type 2 (light goods): price of the first 500 g, and of every further started 500 g */
export const LIGHT_BASE = [15000, 18000, 25000, 32000]
export const LIGHT_STEP = [2500, 2500, 5000, 5000]
export const LIGHT_FIRST_G = 500
export const LIGHT_STEP_G = 500
/** type 5 (heavy goods), per parcel: price of the first 10 kg, and of every further started kg */
export const HEAVY_BASE = [60000, 70000, 110000, 150000]
export const HEAVY_STEP = [2000, 2500, 4000, 5000]
export const HEAVY_FIRST_G = 10000
export const HEAVY_STEP_G = 1000
export const INSURANCE_FREE_UP_TO = 1_000_000
export const INSURANCE_RATE = 0.005
export const COD_FREE_UP_TO = 3_000_000
export const COD_RATE = 0.005
export const COD_FAILED_RATE = 0.01
export const PICK_REMOTE_FEE = 10000
export const DELIVER_REMOTE_FEE = 15000
export const LEADTIME_DAYS = [1, 2, 3, 4]
export const COUPONS: Record<string, number> = { SANDBOX10: 0.1, SANDBOX50: 0.5 }
export const SERVICE_TYPE_BOUNDARY_G = 20000
export const VOLUMETRIC_DIVISOR = 5

export interface FeeItem {
  quantity: number
  length: number
  width: number
  height: number
  weight: number
}

export interface FeeInput {
  from: Location
  to: Location
  serviceTypeId: number
  weight: number
  length: number
  width: number
  height: number
  items: FeeItem[]
  insuranceValue: number
  codValue: number
  codFailedAmount: number
  coupon: string
}

export interface FeeBreakdown {
  band: Band
  main_service: number
  insurance: number
  cod_fee: number
  cod_failed_fee: number
  pick_remote_areas_fee: number
  deliver_remote_areas_fee: number
  coupon: number
  total: number
  weight: number
  length: number
  width: number
  height: number
  converted_weight: number
  calculate_weight: number
  parcels: number
}

export type FeeError = "ROUTE_NOT_FOUND_SERVICE" | "SERVICE_NOT_FOUND_CONFIG_FEE" | "BOUNDARY_LIGHT" | "BOUNDARY_HEAVY"

export function bandOf(from: Location, to: Location): Band {
  if (from.legacyDistrictId != null && from.legacyDistrictId === to.legacyDistrictId) return 0
  if (from.newWardId != null && from.newWardId === to.newWardId) return 0
  if (from.newProvinceId === to.newProvinceId) return 1
  if (from.region === to.region) return 2
  return 3
}

/** Service types that exist on a route (locked districts: none). */
export function routeServiceTypes(from: Location, to: Location): number[] {
  if (from.locked || to.locked) return []
  return [2, 5]
}

export function servicesFor(from: Location, to: Location): Array<{ service_id: number; short_name: string; service_type_id: number }> {
  const band = bandOf(from, to)
  return routeServiceTypes(from, to).map((t) =>
    t === 2
      ? { service_id: 53320 + band, short_name: "Hàng nhẹ", service_type_id: 2 }
      : { service_id: 100039 + band, short_name: "Hàng nặng", service_type_id: 5 },
  )
}

function sides(l: number, w: number, h: number): [number, number, number] {
  const s = [l, w, h].sort((a, b) => b - a)
  return [s[0], s[1], s[2]]
}

/**
 * Order dimensions. Heavy goods (type 5) whose items carry sizes: derived from the items (spec,
 * Calculate Fee rule 2), whatever box the body also sends. Otherwise the box when length, width
 * and height are all given, else derived from the items.
 */
export function dimensions(input: { length: number; width: number; height: number; items: FeeItem[] }, serviceTypeId = 2): { length: number; width: number; height: number } {
  const itemsSized = input.items.some((it) => it.length > 0 || it.width > 0 || it.height > 0)
  const boxGiven = input.length > 0 && input.width > 0 && input.height > 0
  if (boxGiven && !(serviceTypeId === 5 && itemsSized)) return { length: input.length, width: input.width, height: input.height }
  if (input.items.length > 0) {
    let L = 0
    let W = 0
    let H = 0
    for (const it of input.items) {
      const [a, b, c] = sides(it.length, it.width, it.height)
      L = Math.max(L, a)
      W = Math.max(W, b)
      // Spec, Calculate Fee rule 2: height = sum of item heights (an item is one parcel, whatever its quantity).
      H += c
    }
    return { length: L, width: W, height: H }
  }
  return { length: input.length, width: input.width, height: input.height }
}

export function volumetric(l: number, w: number, h: number): number {
  return Math.floor((l * w * h) / VOLUMETRIC_DIVISOR)
}

function lightPrice(band: Band, chargeable: number): number {
  return LIGHT_BASE[band] + Math.ceil(Math.max(0, chargeable - LIGHT_FIRST_G) / LIGHT_STEP_G) * LIGHT_STEP[band]
}
function heavyPrice(band: Band, chargeable: number): number {
  return HEAVY_BASE[band] + Math.ceil(Math.max(0, chargeable - HEAVY_FIRST_G) / HEAVY_STEP_G) * HEAVY_STEP[band]
}

export function calculateFee(input: FeeInput): { ok: true; fee: FeeBreakdown } | { ok: false; error: FeeError } {
  const { from, to } = input
  const types = routeServiceTypes(from, to)
  if (!types.includes(input.serviceTypeId)) return { ok: false, error: "ROUTE_NOT_FOUND_SERVICE" }
  const band = bandOf(from, to)
  const parcels: Array<{ weight: number; l: number; w: number; h: number }> = []
  // Spec, Calculate Fee rule 1: each item of a heavy-goods order is one parcel (holding its quantity).
  for (const it of input.items) parcels.push({ weight: it.weight * Math.max(1, it.quantity), l: it.length, w: it.width, h: it.height })
  const itemWeight = input.items.reduce((s, it) => s + it.weight * Math.max(1, it.quantity), 0)
  const weight = input.weight > 0 ? input.weight : itemWeight
  let main: number
  let dims: { length: number; width: number; height: number }
  let converted: number
  let chargeable: number
  if (input.serviceTypeId === 5) {
    if (weight < SERVICE_TYPE_BOUNDARY_G && parcels.length < 2) return { ok: false, error: "BOUNDARY_HEAVY" }
    if (from.island || to.island) return { ok: false, error: "SERVICE_NOT_FOUND_CONFIG_FEE" }
    dims = dimensions(input, 5)
    main = 0
    converted = 0
    chargeable = 0
    const list = parcels.length ? parcels : [{ weight, l: dims.length, w: dims.width, h: dims.height }]
    for (const p of list) {
      // a single parcel without its own weight carries the order weight
      const pw = p.weight > 0 ? p.weight : list.length === 1 ? weight : 0
      const [a, b, c] = sides(p.l, p.w, p.h)
      const pc = Math.max(pw, volumetric(a, b, c))
      main += heavyPrice(band, pc)
    }
    // What the order reports follows the spec's rules 2 and 3 (one order volume from the derived
    // dimensions, chargeable = max(weight, volumetric)), whatever each parcel was priced at.
    converted = volumetric(dims.length, dims.width, dims.height)
    chargeable = Math.max(weight, converted)
  } else {
    if (weight >= SERVICE_TYPE_BOUNDARY_G) return { ok: false, error: "BOUNDARY_LIGHT" }
    dims = dimensions(input)
    converted = volumetric(dims.length, dims.width, dims.height)
    chargeable = Math.max(weight, converted)
    main = lightPrice(band, chargeable)
  }
  const insurance = input.insuranceValue > INSURANCE_FREE_UP_TO ? Math.round(input.insuranceValue * INSURANCE_RATE) : 0
  const cod_fee = input.codValue > COD_FREE_UP_TO ? Math.round(input.codValue * COD_RATE) : 0
  const cod_failed_fee = input.codFailedAmount > 0 ? Math.round(input.codFailedAmount * COD_FAILED_RATE) : 0
  const pick_remote_areas_fee = from.remote ? PICK_REMOTE_FEE : 0
  const deliver_remote_areas_fee = to.remote ? DELIVER_REMOTE_FEE : 0
  const rate = COUPONS[input.coupon.trim().toUpperCase()] ?? 0
  const coupon = rate > 0 ? -Math.round(main * rate) : 0
  const total = Math.max(0, main + insurance + cod_fee + cod_failed_fee + pick_remote_areas_fee + deliver_remote_areas_fee + coupon)
  return {
    ok: true,
    fee: {
      band,
      main_service: main,
      insurance,
      cod_fee,
      cod_failed_fee,
      pick_remote_areas_fee,
      deliver_remote_areas_fee,
      coupon,
      total,
      weight,
      length: dims.length,
      width: dims.width,
      height: dims.height,
      converted_weight: converted,
      calculate_weight: chargeable,
      parcels: parcels.length,
    },
  }
}

// ------------------------------------------------------------------ pick shifts

export interface Shift {
  id: number
  title: string
  from_time: number
  to_time: number
}
const SLOTS = [
  { slot: 1, from: 7, to: 12 },
  { slot: 2, from: 12, to: 18 },
]
/** a shift is offered until 2 hours before it ends */
const SHIFT_CUTOFF_H = 2

/** Shifts of today (still open) and of the next two days, generated per date. */
export function pickShifts(now: number): Shift[] {
  const today = vnDay(now)
  const out: Shift[] = []
  for (let d = 0; d < 3; d++) {
    const day = today + d
    for (const s of SLOTS) {
      const start = vnDayStart(day) + s.from * 3600000
      const end = vnDayStart(day) + s.to * 3600000
      if (now >= end - SHIFT_CUTOFF_H * 3600000) continue
      out.push({
        id: day * 10 + s.slot,
        title: `Ca lấy ${vnDateLabel(day)} (${s.from}h00 - ${s.to}h00)`,
        from_time: Math.round((start - vnDayStart(today)) / 1000),
        to_time: Math.round((end - vnDayStart(today)) / 1000),
      })
    }
  }
  return out
}

/** Concrete window (UTC ms) of a shift id. */
export function shiftWindow(id: number): { from: number; to: number } | null {
  const day = Math.floor(id / 10)
  const s = SLOTS.find((x) => x.slot === id % 10)
  if (!s) return null
  return { from: vnDayStart(day) + s.from * 3600000, to: vnDayStart(day) + s.to * 3600000 }
}

// ------------------------------------------------------------------ lead time

/** Heavy goods (type 5) take one more day from each of these weights on (g): the spec's "weight affects estimate for heavy goods". */
export const HEAVY_LEADTIME_EXTRA_DAY_FROM_G = [50_000, 100_000]

export function leadDays(band: Band, serviceTypeId: number, to: Location, weight = 0): number {
  const heavy = serviceTypeId === 5 ? 1 + HEAVY_LEADTIME_EXTRA_DAY_FROM_G.filter((g) => weight >= g).length : 0
  return LEADTIME_DAYS[band] + heavy + (to.island ? 2 : to.remote ? 1 : 0)
}

export interface Leadtime {
  leadtime: number
  from_estimate_date: string
  to_estimate_date: string
  expected_delivery_time: string
  days: number
}

/**
 * Pickup day = the day of the given shift, else of the earliest offered shift.
 * Delivery day D = pickup day + days; estimate window = D 00:00:00 .. D 23:59:59 (Asia/Ho_Chi_Minh);
 * leadtime = the end of the window (Unix seconds).
 */
export function leadtime(now: number, from: Location, to: Location, serviceTypeId: number, pickupShiftId?: number, weight = 0): Leadtime {
  const band = bandOf(from, to)
  const days = leadDays(band, serviceTypeId, to, weight)
  const shiftId = pickupShiftId ?? pickShifts(now)[0]?.id ?? (vnDay(now) + 1) * 10 + 1
  const pickupDay = Math.floor(shiftId / 10)
  const D = pickupDay + days
  const start = vnDayStart(D)
  const end = vnDayStart(D + 1) - 1000
  return {
    leadtime: Math.floor(end / 1000),
    from_estimate_date: isoSeconds(start),
    to_estimate_date: isoSeconds(end),
    expected_delivery_time: isoSeconds(end),
    days,
  }
}
