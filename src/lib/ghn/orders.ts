/**
 * Orders: Create, Preview, Update, Order Info, Cancel, Delivery Again, Return Order.
 */
import { z } from "zod"
import {
  CANCEL_REASON_CODES,
  GHN_LIMITS,
  GHN_PATHS,
  PAYMENT_TYPES,
  REQUIRED_NOTES,
  SERVICE_TYPES,
} from "./constants"
import type { GhnCallOptions, Transport } from "./transport"
import { issue, isRecord, meantServiceType, missingNumber, posInt, reqStr, serviceTypeBoundaryIssues, str, uint, validateInput, type CustomCheck } from "./validation"
import type { GhnInputIssue } from "./errors"
import { date, expectedDate, flag, intOr0, list, obj, optInt, text, textOr } from "./response"

const L = GHN_LIMITS.createOrder

// ------------------------------------------------------------------ request schemas

/** Create Order's item: the spec gives name a length and quantity a minimum, and marks neither required. */
export const orderItemSchema = z.strictObject({
  name: str(L.maxItemName).optional(),
  code: str().nullish(),
  quantity: z.number().int().min(L.minItemQuantity).optional(),
  price: uint().nullish(),
  length: uint().nullish(),
  width: uint().nullish(),
  height: uint().nullish(),
  weight: uint().nullish(),
})
export type GhnOrderItemInput = z.input<typeof orderItemSchema>

/** Every Create Order field of the spec (all optional here; the cross-field rules add the conditional ones). */
const orderFields = {
  // recipient
  to_name: str(L.maxNameOrAddress).optional(),
  to_phone: str().optional(),
  to_address: str(L.maxNameOrAddress).optional(),
  to_ward_name: str().optional(),
  to_district_name: str().optional(),
  to_province_name: str().optional(),
  is_new_to_address: z.boolean().optional(),
  // sender
  from_name: str(L.maxNameOrAddress).optional(),
  from_phone: str().optional(),
  from_hotline: str().optional(),
  from_address: str(L.maxNameOrAddress).optional(),
  from_ward_name: str().optional(),
  from_district_name: str().optional(),
  from_province_name: str().optional(),
  is_new_from_address: z.boolean().optional(),
  // return
  return_name: str(L.maxNameOrAddress).optional(),
  return_phone: str().optional(),
  return_address: str(L.maxNameOrAddress).optional(),
  return_ward_name: str().optional(),
  return_district_name: str().optional(),
  return_province_name: str().optional(),
  is_new_return_address: z.boolean().optional(),
  // parcel and service
  client_order_code: str(L.maxClientOrderCode).nullish(),
  weight: uint(L.maxWeight).optional(),
  length: uint(L.maxSide).optional(),
  width: uint(L.maxSide).optional(),
  height: uint(L.maxSide).optional(),
  content: str(L.maxContent).optional(),
  service_type_id: z.literal([...SERVICE_TYPES]).optional(),
  payment_type_id: z.literal([...PAYMENT_TYPES]).optional(),
  coupon: str().nullish(),
  cod_amount: uint(L.maxCodAmount).optional(),
  cod_failed_amount: uint().optional(),
  insurance_value: uint(L.maxInsuranceValue).optional(),
  order_value: uint().optional(),
  required_note: z.enum(REQUIRED_NOTES).optional(),
  note: str(L.maxNote).optional(),
  pick_station_id: uint().optional(),
  pick_shift: z.array(z.number().int()).optional(),
  items: z.array(orderItemSchema).optional(),
}

/** Body of Create Order (and Preview Order): only the spec's fields; any other is refused, named. */
export const createOrderBodySchema = z.strictObject(orderFields)
export type GhnCreateOrderBody = z.input<typeof createOrderBodySchema>

/** Body of Preview Order: the same as Create Order. */
export const previewOrderBodySchema = createOrderBodySchema
export type GhnPreviewOrderBody = GhnCreateOrderBody

/**
 * Body of Update Order: a partial Create Order body plus order_code and otp, and the three fields
 * the spec's status table names: pickup_time (Unix seconds; a past time is GHN's PICKUP_TIME_ERROR),
 * document_return and double_check (on or off). Which status allows which: src/lib/parcel/update-rules.ts.
 */
export const updateOrderBodySchema = z.strictObject({
  ...orderFields,
  order_code: reqStr(),
  otp: str().optional(),
  pickup_time: posInt().optional(),
  document_return: z.boolean().optional(),
  double_check: z.boolean().optional(),
})
export type GhnUpdateOrderBody = z.input<typeof updateOrderBodySchema>

// The spec gives these batches no minimum: an empty list is sent, and GHN answers an empty list.
export const cancelOrderBodySchema = z.strictObject({
  order_codes: z.array(reqStr()),
  reason_code: z.enum(CANCEL_REASON_CODES).optional(),
  reason: str().optional(),
})
export type GhnCancelOrderBody = z.input<typeof cancelOrderBodySchema>

export const orderCodesSchema = z.array(reqStr())
const orderCodeSchema = reqStr()

// ------------------------------------------------------------------ cross-field rules

const filled = (v: unknown): boolean => typeof v === "string" ? v.trim() !== "" : v !== undefined && v !== null

/** items for type 5 (with sizes and weight), content when items is absent, to_district_name per address model. */
export const createOrderChecks: CustomCheck[] = [
  (input, operation) => {
    if (!isRecord(input)) return []
    const out: GhnInputIssue[] = []
    const label = operation === "orders.preview" ? "Preview Order" : "Create Order"
    const items = Array.isArray(input.items) ? input.items : undefined
    out.push(...serviceTypeBoundaryIssues(input, label))
    // Heavy goods, sent as such or without a type at 20 kg or more (GHN then applies type 5).
    if (meantServiceType(input) === 5) {
      const inferred = input.service_type_id === undefined || input.service_type_id === null
      const why = inferred ? "service_type_id is 5 (a parcel of 20,000 g or more sent without service_type_id is heavy goods)" : "service_type_id is 5"
      if (!items || items.length === 0) {
        out.push(issue("items", items?.length ?? 0, 1, "required", `items is required by ${label} when ${why} (each item is one parcel)`))
      } else {
        items.forEach((item, i) => {
          if (!isRecord(item)) return
          for (const k of ["length", "width", "height", "weight"] as const) {
            if (missingNumber(item[k])) {
              out.push(issue(`items[${i}].${k}`, undefined, "required", "required", `items[${i}].${k} is required by ${label} when ${why}`))
            }
          }
        })
      }
    }
    if ((!items || items.length === 0) && !filled(input.content)) {
      out.push(issue("content", input.content, "required", "required", `content is required by ${label} when items is not sent`))
    }
    if (input.is_new_to_address === true) {
      if (filled(input.to_district_name)) {
        out.push(
          issue("to_district_name", input.to_district_name, "empty", "empty", `to_district_name must be empty when is_new_to_address is true (${label}: the new address model has no district)`),
        )
      }
    } else if (!filled(input.to_district_name)) {
      // Spec, Create Order: "to_district_name | Required when is_new_to_address is false" (no district id is named)
      out.push(
        issue("to_district_name", input.to_district_name, "required", "required", `to_district_name is required by ${label} when is_new_to_address is false (or set is_new_to_address: true for the new address model)`),
      )
    }
    return out
  },
]

// ------------------------------------------------------------------ response schemas

const n = optInt
const s = text

/** data.fee of Create/Preview Order: every part in VND (coupon is negative). */
export const orderFeeSchema = z.looseObject({
  main_service: n(),
  insurance: n(),
  cod_fee: n(),
  station_do: n(),
  station_pu: n(),
  return: n(),
  r2s: n(),
  return_again: n(),
  coupon: n(),
  document_return: n(),
  double_check: n(),
  double_check_deliver: n(),
  pick_remote_areas_fee: n(),
  deliver_remote_areas_fee: n(),
  pick_remote_areas_fee_return: n(),
  deliver_remote_areas_fee_return: n(),
  cod_failed_fee: n(),
  change_to_address_fee: n(),
  change_return_address_fee: n(),
})
export type GhnOrderFee = z.output<typeof orderFeeSchema>

/**
 * Create/Preview result. Once GHN has created an order the client never fails on a missing
 * price field: a missing fee is {}, total_fee 0 and expected_delivery_time "" (an end of day in
 * either form is normalised to the same Vietnamese day).
 */
export const createOrderResultSchema = z.looseObject({
  order_code: z.string(),
  sort_code: text(),
  fee: obj(orderFeeSchema.shape).transform((v) => v ?? {}),
  total_fee: intOr0(),
  expected_delivery_time: expectedDate().transform((v) => v ?? ""),
})
export type GhnCreateOrderResult = z.output<typeof createOrderResultSchema>

const orderItemResultSchema = z.looseObject({
  name: s(),
  code: s(),
  quantity: n(),
  price: n(),
  length: n(),
  width: n(),
  height: n(),
  weight: n(),
})

/**
 * Order Info data (the common subset of about 120 fields; the rest pass through). Dates are ISO
 * 8601 (UTC) or null when unset (Go's zero time included); `pickup_shift` is undefined when GHN
 * sends it empty (`{}`, `[]` or null).
 */
export const orderSchema = z.looseObject({
  order_code: z.string(),
  client_order_code: s(),
  status: z.string(),
  shop_id: n(),
  client_id: n(),
  from_name: s(),
  from_phone: s(),
  from_address: s(),
  to_name: s(),
  to_phone: s(),
  to_address: s(),
  return_name: s(),
  return_phone: s(),
  return_address: s(),
  weight: n(),
  length: n(),
  width: n(),
  height: n(),
  converted_weight: n(),
  calculate_weight: n(),
  service_type_id: n(),
  service_id: n(),
  payment_type_id: n(),
  cod_amount: n(),
  cod_collect_date: date(),
  cod_transfer_date: date(),
  is_cod_collected: flag(),
  is_cod_transferred: flag(),
  cod_failed_amount: n(),
  insurance_value: n(),
  order_value: n(),
  required_note: s(),
  content: s(),
  note: s(),
  pickup_shift: obj({ from_time: date(), to_time: date() }),
  leadtime: expectedDate(),
  created_date: date(),
  updated_date: date(),
  items: list(orderItemResultSchema),
})
export type GhnOrder = z.output<typeof orderSchema>

/** The meaningful part of a switch-status message: the text after its last hyphen. */
export function meaningfulReason(message: string | null | undefined): string {
  const text = (message ?? "").trim()
  const i = text.lastIndexOf("-")
  if (i < 0) return text
  const tail = text.slice(i + 1).trim()
  return tail || text
}

export const switchStatusResultSchema = z
  .looseObject({
    order_code: z.string(),
    result: z.boolean(),
    message: textOr(),
  })
  .transform((r) => ({ ...r, reason: meaningfulReason(r.message) }))
export type SwitchStatusResult = z.output<typeof switchStatusResultSchema>

const switchStatusListSchema = list(switchStatusResultSchema)

// ------------------------------------------------------------------ methods

export function createOrdersApi(t: Transport) {
  return {
    /**
     * Create Order. Retried on transient failures only when `client_order_code` is set
     * (GHN then returns the first order's code instead of a duplicate).
     */
    async create(body: GhnCreateOrderBody, call?: GhnCallOptions): Promise<GhnCreateOrderResult> {
      const json = validateInput("orders.create", createOrderBodySchema, body, createOrderChecks)
      const idempotent = typeof json.client_order_code === "string" && json.client_order_code.trim() !== ""
      return t.request({
        operation: "orders.create",
        method: "POST",
        path: GHN_PATHS.orderCreate,
        json,
        shopId: "required",
        retry: idempotent ? "safe" : "never",
        data: createOrderResultSchema,
        call,
      })
    },

    /** Preview Order: a dry run of Create Order (order_code is ""). Read-only, so retried. */
    async preview(body: GhnPreviewOrderBody, call?: GhnCallOptions): Promise<GhnCreateOrderResult> {
      const json = validateInput("orders.preview", previewOrderBodySchema, body, createOrderChecks)
      return t.request({
        operation: "orders.preview",
        method: "POST",
        path: GHN_PATHS.orderPreview,
        json,
        shopId: "required",
        retry: "safe",
        data: createOrderResultSchema,
        call,
      })
    },

    /** Update Order (partial). Never retried. */
    async update(body: GhnUpdateOrderBody, call?: GhnCallOptions): Promise<null> {
      const json = validateInput("orders.update", updateOrderBodySchema, body)
      await t.request({
        operation: "orders.update",
        method: "POST",
        path: GHN_PATHS.orderUpdate,
        json,
        shopId: "required",
        retry: "never",
        data: z.unknown(),
        call,
      })
      return null
    },

    /** Order Info (GET ?order_code=). */
    async info(order_code: string, call?: GhnCallOptions): Promise<GhnOrder> {
      validateInput("orders.info", z.strictObject({ order_code: orderCodeSchema }), { order_code })
      return t.request({
        operation: "orders.info",
        method: "GET",
        path: GHN_PATHS.orderDetail,
        query: { order_code },
        shopId: "required",
        retry: "safe",
        data: orderSchema,
        call,
      })
    },

    /**
     * Cancel Order. A bad code fails the whole batch (HTTP 400, thrown GhnApiError); an order
     * that can no longer be cancelled is a `result: false` entry (returned). Never retried.
     */
    async cancel(body: GhnCancelOrderBody, call?: GhnCallOptions): Promise<SwitchStatusResult[]> {
      const json = validateInput("orders.cancel", cancelOrderBodySchema, body)
      return t.request({
        operation: "orders.cancel",
        method: "POST",
        path: GHN_PATHS.cancel,
        json,
        shopId: "required",
        retry: "never",
        data: switchStatusListSchema,
        call,
      })
    },

    /** Delivery Again (switch-status/storing): per-order results, returned, never thrown. Never retried. */
    async deliveryAgain(order_codes: string[], call?: GhnCallOptions): Promise<SwitchStatusResult[]> {
      const { order_codes: codes } = validateInput("orders.deliveryAgain", z.strictObject({ order_codes: orderCodesSchema }), { order_codes })
      return t.request({
        operation: "orders.deliveryAgain",
        method: "POST",
        path: GHN_PATHS.storing,
        json: { order_codes: codes },
        shopId: "required",
        retry: "never",
        data: switchStatusListSchema,
        call,
      })
    },

    /** Return Order (switch-status/return): per-order results, returned, never thrown. Never retried. */
    async returnOrder(order_codes: string[], call?: GhnCallOptions): Promise<SwitchStatusResult[]> {
      const { order_codes: codes } = validateInput("orders.returnOrder", z.strictObject({ order_codes: orderCodesSchema }), { order_codes })
      return t.request({
        operation: "orders.returnOrder",
        method: "POST",
        path: GHN_PATHS.return,
        json: { order_codes: codes },
        shopId: "required",
        retry: "never",
        data: switchStatusListSchema,
        call,
      })
    },
  }
}
export type GhnOrdersApi = ReturnType<typeof createOrdersApi>
