import { createHash, timingSafeEqual } from "node:crypto"
import { z } from "zod"
import { GHN_LIMITS } from "../ghn/constants"
import { ghnIso, ghnMillis, isGhnDate } from "../ghn/dates"
import { blank, emptyObject } from "../ghn/response"
import { excerptOf } from "../format/excerpt"

/** Tries of a stored callback before it waits for the admin (its error shows on the shipment). */
import { feeBreakdown } from "../parcel/fee-breakdown"

export const MAX_CALLBACK_ATTEMPTS = 8

/** Back-off after the n-th failed application of a shipment's callbacks: 10 s, 20 s, 40 s ... at most an hour; none after the last try. */
export function retryDelayMs(attempts: number): number | null {
  return attempts >= MAX_CALLBACK_ATTEMPTS ? null : Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1))
}

/** What a callback GHN can send stays within (checked before it is stored; anything else is a 400). */
export const CALLBACK_LIMITS = {
  /** GHN order codes are short upper-case codes; Create Ticket takes at most 32. */
  maxOrderCode: 32,
  maxType: 64,
  /** Reason, Description and every other text field. */
  maxText: 5000,
  /** A callback dated later than this after the server's clock is refused (clock skew allowance). */
  maxFutureSkewMs: 5 * 60_000,
  /** And one dated before GHN's public API existed. */
  earliest: Date.parse("2015-01-01T00:00:00Z"),
  maxCodAmount: GHN_LIMITS.createOrder.maxCodAmount,
  maxFee: 100_000_000,
  maxWeight: GHN_LIMITS.calculateFee.maxWeight,
  /** A side of the box GHN measured, in cm (Create Order takes at most 200; a re-measure may say more). */
  maxSide: 10_000,
} as const

/**
 * A whole number of VND or grams within `max`: a number, or digits as text; null or "" is unset;
 * anything else names the field and the limit.
 */
const wholeNumber = (max: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, "must be a number")])
      .transform(Number)
      .pipe(z.number().int("must be a whole number").min(0, "must be 0 or more").max(max, `must be at most ${max}`))
      .optional()
  )

const text = z.string().max(CALLBACK_LIMITS.maxText, `must be at most ${CALLBACK_LIMITS.maxText} characters`)

/** One amount of the fee breakdown (MainService, Insurance, Coupon...): a whole number of VND, a discount may be negative. */
const feeAmount = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, "must be a number")])
  .transform(Number)
  .pipe(z.number().int("must be a whole number").min(-CALLBACK_LIMITS.maxFee, `must be at least -${CALLBACK_LIMITS.maxFee}`).max(CALLBACK_LIMITS.maxFee, `must be at most ${CALLBACK_LIMITS.maxFee}`))

/** Does a JSON value hold a NUL character anywhere (PostgreSQL cannot store one in text or JSON)? */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000")
  if (Array.isArray(value)) return value.some(holdsNul)
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNul(v))
  return false
}

/**
 * GHN's status callback body (PascalCase; see ghn-notes), as GHN can send it. Only OrderCode,
 * Type and Time are required; unknown fields, Types and Status values are kept. A body outside
 * what GHN sends (a time in the future, money or weight out of range or not a number, a NUL
 * character, an over-long text) is refused before it is stored, naming the field and the limit.
 */
export const ghnWebhookSchema = z
  .looseObject({
    OrderCode: z
      .string()
      .trim()
      .min(1, "OrderCode is required")
      .max(CALLBACK_LIMITS.maxOrderCode, `must be at most ${CALLBACK_LIMITS.maxOrderCode} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - or _ (a GHN order code)"),
    // GHN's prose writes `Switch_status`, its bodies `switch_status`: one spelling, lower case.
    Type: z
      .string()
      .trim()
      .min(1, "Type is required")
      .max(CALLBACK_LIMITS.maxType, `must be at most ${CALLBACK_LIMITS.maxType} characters`)
      .transform((v) => v.toLowerCase()),
    // Read as every GHN date (src/lib/ghn/dates.ts): without an offset it is Vietnam's time (UTC+7).
    Time: z
      .string()
      .refine((v) => ghnMillis(v) !== null, "Time must be an ISO 8601 date")
      .refine((v) => (ghnMillis(v) ?? Infinity) >= CALLBACK_LIMITS.earliest, "must not be before 2015")
      .refine(
        (v) => (ghnMillis(v) ?? -Infinity) <= Date.now() + CALLBACK_LIMITS.maxFutureSkewMs,
        `must not be in the future (more than ${CALLBACK_LIMITS.maxFutureSkewMs / 60_000} minutes after the store's clock; a time without an offset is read as Vietnam's, UTC+7)`
      )
      .transform((v) => new Date(ghnMillis(v)!).toISOString()),
    ShopID: wholeNumber(Number.MAX_SAFE_INTEGER),
    ClientOrderCode: text.nullish(),
    Status: z.string().max(CALLBACK_LIMITS.maxType, `must be at most ${CALLBACK_LIMITS.maxType} characters`).nullish(),
    Description: text.nullish(),
    Reason: text.nullish(),
    ReasonCode: text.nullish(),
    CODAmount: wholeNumber(CALLBACK_LIMITS.maxCodAmount),
    // The COD's transfer to the shop: unset when null, "" or Go's zero time (0001-01-01T00:00:00Z),
    // which GHN writes for "not transferred"; a text that is no date would fail when applied.
    CODTransferDate: text
      .refine(isGhnDate, "must be an ISO 8601 date")
      .nullish()
      .transform((v) => ghnIso(v)),
    Weight: wholeNumber(CALLBACK_LIMITS.maxWeight),
    ConvertedWeight: wholeNumber(CALLBACK_LIMITS.maxWeight),
    Length: wholeNumber(CALLBACK_LIMITS.maxSide),
    Width: wholeNumber(CALLBACK_LIMITS.maxSide),
    Height: wholeNumber(CALLBACK_LIMITS.maxSide),
    TotalFee: wholeNumber(CALLBACK_LIMITS.maxFee),
    // An empty breakdown comes as {}, [] or null alike.
    Fee: z.preprocess((v) => (emptyObject(v) ? null : v), z.record(z.string(), feeAmount.nullable()).nullish()),
  })
  .superRefine((body, ctx) => {
    if (holdsNul(body)) ctx.addIssue({ code: "custom", message: "must not contain a NUL character", path: [] })
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" && value.length > CALLBACK_LIMITS.maxText) {
        ctx.addIssue({ code: "custom", message: `must be at most ${CALLBACK_LIMITS.maxText} characters`, path: [key] })
      }
    }
  })
export type GhnWebhookBody = z.infer<typeof ghnWebhookSchema>

/** GHN repeats deliveries: one event is one order code, one type, one GHN time. */
export function webhookDedupeKey(body: Pick<GhnWebhookBody, "OrderCode" | "Type" | "Time">) {
  return `${body.OrderCode}|${body.Type}|${new Date(body.Time).toISOString()}`
}

/** Constant-time comparison of a provided secret with the configured one (any lengths). */
export function secretMatches(expected: string, provided: string | string[] | undefined) {
  if (typeof provided !== "string") return false
  const a = createHash("sha256").update(expected).digest()
  const b = createHash("sha256").update(provided).digest()
  return timingSafeEqual(a, b)
}

/** The most issues of a malformed body told, each field's name cut to an excerpt: the sender chose them. */
const MAX_TOLD_ISSUES = 10

/** A field of a callback as an answer names it: its path, cut to an excerpt (a sender's key may be any length). */
export const webhookFieldOf = (issue: z.core.$ZodIssue) => excerptOf(issue.path.join(".")) || "body"

/** The lines a malformed body gets back, each naming the field: the first few, then how many more. */
export function describeWebhookIssues(error: z.ZodError) {
  const lines = error.issues.slice(0, MAX_TOLD_ISSUES).map((i) => `${webhookFieldOf(i)}: ${i.message}`)
  return error.issues.length > MAX_TOLD_ISSUES ? [...lines, `and ${error.issues.length - MAX_TOLD_ISSUES} more`] : lines
}

/** One thing GHN said about an order: a webhook, a poll of Order Info, or an admin refresh. */
export type GhnShipmentEvent = {
  type: string
  time: string
  status?: string | null
  reason?: string | null
  reason_code?: string | null
  source: "webhook" | "poll" | "admin"
  total_fee?: number
  fees?: Record<string, unknown> | null
  cod_amount?: number
  /** GHN collected the COD (Order Info's is_cod_collected; a delivered callback of a COD shipment) and when. */
  cod_collected?: boolean
  cod_collect_date?: string | null
  /** GHN transferred the COD to the shop (is_cod_transferred, or a CODTransferDate) and when. */
  cod_transferred?: boolean
  cod_transfer_date?: string | null
  weight?: number
  converted_weight?: number
  /** The box GHN measured, in cm. */
  length?: number
  width?: number
  height?: number
}

/** A GHN callback body as a shipment event. */
export function eventFromWebhook(body: GhnWebhookBody): GhnShipmentEvent {
  return {
    type: body.Type,
    time: body.Time,
    status: body.Status ?? null,
    reason: body.Reason ?? null,
    reason_code: body.ReasonCode ?? null,
    source: "webhook",
    total_fee: body.TotalFee,
    fees: body.Fee ? feeBreakdown(body.Fee) : null,
    cod_amount: body.CODAmount,
    // GHN collects the COD when it delivers: a delivered callback of a COD shipment says so.
    cod_collected: body.Status === "delivered" && (body.CODAmount ?? 0) > 0,
    cod_collect_date: body.Status === "delivered" && (body.CODAmount ?? 0) > 0 ? body.Time : null,
    cod_transferred: !!body.CODTransferDate,
    cod_transfer_date: body.CODTransferDate ?? null,
    weight: body.Weight,
    converted_weight: body.ConvertedWeight,
    length: body.Length,
    width: body.Width,
    height: body.Height,
  }
}
