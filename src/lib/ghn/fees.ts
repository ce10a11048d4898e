/**
 * Calculate Fee and Leadtime.
 */
import { z } from "zod"
import { GHN_LIMITS, GHN_PATHS, SERVICE_TYPES } from "./constants"
import type { GhnInputIssue } from "./errors"
import type { GhnCallOptions, Transport } from "./transport"
import { isRecord, issue, meantServiceType, missingNumber, posInt, reqStr, serviceTypeBoundaryIssues, str, uint, validateInput, type CustomCheck } from "./validation"
import { ghnExpectedIso } from "./dates"
import { expectedDate, int, intOr0, obj, optInt } from "./response"

const F = GHN_LIMITS.calculateFee

export const feeItemSchema = z.strictObject({
  name: reqStr(),
  code: str().nullish(),
  quantity: z.number().int().min(GHN_LIMITS.createOrder.minItemQuantity),
  length: uint().nullish(),
  width: uint().nullish(),
  height: uint().nullish(),
  weight: uint().nullish(),
})

/** Body of Calculate Fee. Unknown fields are kept and sent. */
export const calculateFeeBodySchema = z.strictObject({
  weight: z.number().int().min(F.minWeight).max(F.maxWeight),
  to_district_id: posInt(),
  to_ward_code: reqStr(),
  from_district_id: posInt().optional(),
  from_ward_code: str().optional(),
  service_type_id: z.literal([...SERVICE_TYPES]).optional(),
  length: uint(F.maxSide).optional(),
  width: uint(F.maxSide).optional(),
  height: uint(F.maxSide).optional(),
  insurance_value: uint(F.maxInsuranceValue).optional(),
  cod_value: uint(F.maxCodValue).optional(),
  cod_failed_amount: uint().optional(),
  coupon: str().nullish(),
  items: z.array(feeItemSchema).optional(),
})
export type GhnCalculateFeeBody = z.input<typeof calculateFeeBodySchema>

/** Heavy goods (type 5) need items; multi-parcel heavy goods need each item's weight. */
export const calculateFeeChecks: CustomCheck[] = [
  (input) => (isRecord(input) ? serviceTypeBoundaryIssues(input, "Calculate Fee") : []),
  (input, operation) => {
    // Heavy goods, sent as such or without a type at 20 kg or more (GHN then applies type 5).
    if (!isRecord(input) || meantServiceType(input) !== 5) return []
    const out: GhnInputIssue[] = []
    const items = Array.isArray(input.items) ? input.items : []
    if (items.length === 0) {
      out.push(issue("items", 0, 1, "required", `items is required by Calculate Fee when service_type_id is 5 (${operation})`))
    } else if (items.length > 1) {
      items.forEach((item, i) => {
        if (isRecord(item) && missingNumber(item.weight)) {
          out.push(issue(`items[${i}].weight`, undefined, "required", "required", `items[${i}].weight is required by Calculate Fee for multi-parcel heavy goods (service_type_id 5)`))
        }
      })
    }
    return out
  },
]

/** Body of Leadtime. Use service_type_id, not service_id (which has no effect). */
export const leadtimeBodySchema = z.strictObject({
  to_district_id: posInt(),
  to_ward_code: reqStr(),
  from_district_id: posInt().optional(),
  from_ward_code: str().optional(),
  service_type_id: z.literal([...SERVICE_TYPES]).optional(),
  weight: uint().optional(),
  length: uint().optional(),
  width: uint().optional(),
  height: uint().optional(),
})
export type GhnLeadtimeBody = z.input<typeof leadtimeBodySchema>

const fee = intOr0

/**
 * Fee quote. Accepts both field sets of the spec (the older one lacks return_again,
 * change_to_address_fee, change_return_address_fee and return): a missing part reads 0.
 */
export const feeQuoteSchema = z.looseObject({
  total: int(),
  service_fee: fee(),
  insurance_fee: fee(),
  cod_fee: fee(),
  pick_station_fee: fee(),
  coupon_value: fee(),
  r2s_fee: fee(),
  return_again: fee(),
  document_return: fee(),
  double_check: fee(),
  pick_remote_areas_fee: fee(),
  deliver_remote_areas_fee: fee(),
  cod_failed_fee: fee(),
  change_to_address_fee: fee(),
  change_return_address_fee: fee(),
  return: fee(),
})
export type GhnFeeQuote = z.output<typeof feeQuoteSchema>

/**
 * Leadtime. Older answers carry only `leadtime` (Unix seconds) and `order_date`; newer ones add
 * `leadtime_order` (which may come empty). `estimate` is the window to show, from
 * `leadtime_order` when GHN gives it, else from `leadtime`; each end normalised (end of day in
 * either form is the same day in Vietnam). An answer without any date is refused.
 */
export const leadtimeResultSchema = z
  .looseObject({
    leadtime: optInt(),
    order_date: z.unknown().optional(),
    leadtime_order: obj({
      from_estimate_date: expectedDate(),
      to_estimate_date: expectedDate(),
    }),
  })
  // An answer with no date at all cannot be meant as an estimate.
  .refine((r) => !!ghnExpectedIso(r.leadtime) || !!r.leadtime_order?.from_estimate_date || !!r.leadtime_order?.to_estimate_date, {
    message: "neither leadtime nor leadtime_order gives a date",
    path: ["leadtime"],
  })
  .transform((r) => {
    const at = ghnExpectedIso(r.leadtime)
    const to = r.leadtime_order?.to_estimate_date ?? at ?? r.leadtime_order?.from_estimate_date ?? null
    const from = r.leadtime_order?.from_estimate_date ?? to
    return { ...r, estimate: { from, to } }
  })
export type GhnLeadtime = z.output<typeof leadtimeResultSchema>

export function createFeesApi(t: Transport) {
  return {
    /** Calculate Fee (POST). Retried on transient failures. */
    async calculate(body: GhnCalculateFeeBody, call?: GhnCallOptions): Promise<GhnFeeQuote> {
      const json = validateInput("fees.calculate", calculateFeeBodySchema, body, calculateFeeChecks)
      return t.request({
        operation: "fees.calculate",
        method: "POST",
        path: GHN_PATHS.fee,
        json,
        shopId: "required",
        retry: "safe",
        data: feeQuoteSchema,
        call,
      })
    },

    /** Leadtime: expected delivery window. Retried on transient failures. */
    async leadtime(body: GhnLeadtimeBody, call?: GhnCallOptions): Promise<GhnLeadtime> {
      const json = validateInput("fees.leadtime", leadtimeBodySchema, body)
      return t.request({
        operation: "fees.leadtime",
        method: "POST",
        path: GHN_PATHS.leadtime,
        json,
        shopId: "required",
        retry: "safe",
        data: leadtimeResultSchema,
        call,
      })
    },
  }
}
export type GhnFeesApi = ReturnType<typeof createFeesApi>
