import { z } from "@medusajs/framework/zod"
import { GHN_LIMITS, REQUIRED_NOTES } from "../../../lib/ghn/constants"
import { NEEDS_ACTION_STATUSES } from "../../../lib/status/needs-action"
import { normalizeVnPhone, VN_PHONE_RULE } from "../../../lib/address/phone"
import { excerptOf } from "../../../lib/format/excerpt"
import { ADMIN_UPDATE_FIELDS } from "../../../lib/parcel/update-rules"

/** A phone field read by the plugin's one phone rule (src/lib/address/phone.ts), kept in its national form. */
export const vnPhoneField = (field: string) =>
  z.string({ error: `${field} is required` }).transform((written, ctx) => {
    const phone = normalizeVnPhone(written)
    if (phone) return phone
    ctx.addIssue({ code: "custom", message: `${field} must be ${VN_PHONE_RULE}; got ${JSON.stringify(excerptOf(written))}`, params: { rule: "phone" } })
    return z.NEVER
  })

export const LABEL_SIZE = z.enum(["A5", "80x80", "52x70"], { error: 'size must be one of "A5", "80x80", "52x70"' })

/** Medusa's messages call a wrong type inside a list "required": an order code that is not text is named as such. */
const orderCode = z
  .unknown()
  .superRefine((value, ctx) => {
    if (typeof value !== "string") {
      const got = value !== null && typeof value === "object" ? (Array.isArray(value) ? "a list" : "an object") : excerptOf(JSON.stringify(value) ?? "nothing")
      ctx.addIssue({ code: "custom", message: `order_codes must be GHN order codes (text), got ${got}`, params: { rule: "text" } })
    }
  })
  .pipe(z.string().trim().min(1, "an order code cannot be empty"))

const orderCodes = z
  .array(orderCode)
  .min(1, "order_codes needs at least one order code")
  .max(GHN_LIMITS.print.maxOrderCodes, `order_codes takes at most ${GHN_LIMITS.print.maxOrderCodes} order codes`)

export const LabelQuery = z.object({ size: LABEL_SIZE.default("A5") })
export type LabelQuery = z.infer<typeof LabelQuery>

export const LabelsBody = z.object({ order_codes: orderCodes, size: LABEL_SIZE.default("A5") })
export type LabelsBody = z.infer<typeof LabelsBody>

/** An order listed twice would be switched twice at GHN (and answered twice): refused, naming it. */
export const SwitchStatusBody = z.object({
  order_codes: orderCodes.superRefine((codes, ctx) => {
    const seen = new Set<string>()
    for (const code of codes) {
      if (seen.has(code)) {
        ctx.addIssue({ code: "custom", message: `order_codes: ${code} is listed twice`, path: [], params: { rule: "listed_twice", value: code } })
        return
      }
      seen.add(code)
    }
  }),
})
export type SwitchStatusBody = z.infer<typeof SwitchStatusBody>

export const UpdateShipmentBody = z
  .object({
    note: z.string().max(GHN_LIMITS.createOrder.maxNote, `note takes at most ${GHN_LIMITS.createOrder.maxNote} characters`).optional(),
    required_note: z.enum(REQUIRED_NOTES, { error: `required_note must be one of ${REQUIRED_NOTES.join(", ")}` }).optional(),
    to_name: z.string().trim().min(1).max(1024, "to_name takes at most 1024 characters").optional(),
    to_phone: vnPhoneField("to_phone").optional(),
    to_address: z.string().trim().min(1).max(1024, "to_address takes at most 1024 characters").optional(),
    cod_amount: z
      .number()
      .int("cod_amount must be a whole number of VND")
      .min(0, "cod_amount cannot be negative")
      .max(GHN_LIMITS.createOrder.maxCodAmount, `cod_amount takes at most ${GHN_LIMITS.createOrder.maxCodAmount} VND`)
      .optional(),
    cod_failed_amount: z
      .number()
      .int("cod_failed_amount must be a whole number of VND")
      .min(0, "cod_failed_amount cannot be negative")
      .max(GHN_LIMITS.createOrder.maxCodAmount, `cod_failed_amount takes at most ${GHN_LIMITS.createOrder.maxCodAmount} VND`)
      .optional(),
    /** When GHN picks the parcel up, Unix seconds (GHN refuses a past time with PICKUP_TIME_ERROR). */
    pickup_time: z.number().int("pickup_time must be a whole number of seconds since 1970 (Unix time)").positive("pickup_time must be a moment after 1970 (Unix seconds)").optional(),
    document_return: z.boolean().optional(),
    double_check: z.boolean().optional(),
    otp: z.string().trim().min(1).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== "otp"), {
    message: `nothing to change: give ${ADMIN_UPDATE_FIELDS.join(", ")}`,
    params: { rule: "nothing_to_change", fields: ADMIN_UPDATE_FIELDS.join(", ") },
  })
export type UpdateShipmentBody = z.infer<typeof UpdateShipmentBody>

export const ShipmentsQuery = z.object({
  status: z.union([z.string(), z.array(z.string())]).optional(),
  // A search names an order code, a number or a receiver: long enough for any, bounded before it is read.
  q: z.string().max(100, "q must be at most 100 characters").trim().optional(),
  has_cod: z.enum(["true", "false"]).optional(),
  created_from: z.coerce.date().optional(),
  created_to: z.coerce.date().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ShipmentsQuery = z.infer<typeof ShipmentsQuery>

/** `status`: one or more of the queue's statuses (comma-separated or repeated); none = all of them. */
export const NeedsActionQuery = z.object({
  status: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [...NEEDS_ACTION_STATUSES] : (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean)))
    .superRefine((statuses, ctx) => {
      const other = statuses.filter((s) => !(NEEDS_ACTION_STATUSES as readonly string[]).includes(s))
      if (other.length) {
        const allowed = NEEDS_ACTION_STATUSES.join(", ")
        ctx.addIssue({ code: "custom", message: `status: ${other.join(", ")} is not a status of the queue (${allowed})`, params: { rule: "not_allowed", values: other.join(", "), allowed } })
      }
    }),
  order_id: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})
export type NeedsActionQuery = z.infer<typeof NeedsActionQuery>

export const CodReportQuery = z.object({
  filter: z.enum(["all", "uncollected", "untransferred", "differences"]).default("all"),
  order_id: z.string().trim().min(1).optional(),
  format: z.enum(["json", "csv"]).default("json"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})
export type CodReportQuery = z.infer<typeof CodReportQuery>

export const TrustReceiverBody = z.object({ trusted: z.boolean({ error: "trusted must be true or false" }) }).strict()
export type TrustReceiverBody = z.infer<typeof TrustReceiverBody>

export const ReweighQuery = z.object({
  days: z.coerce.number().int().min(1, "days must be at least 1").max(365, "days takes at most 365").default(90),
  format: z.enum(["json", "csv"]).default("json"),
})
export type ReweighQuery = z.infer<typeof ReweighQuery>

/** A variant's measures in the catalogue's units (weightUnit, dimensionUnit): the ones given change. */
const measure = (field: string, max: number) =>
  z.number({ error: `${field} must be a number` }).positive(`${field} must be more than 0`).max(max, `${field} takes at most ${max}`).optional()
export const ApplyMeasuresBody = z
  .object({ weight: measure("weight", 1_000_000), length: measure("length", 100_000), width: measure("width", 100_000), height: measure("height", 100_000) })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: "nothing to change: give weight, length, width or height",
    params: { rule: "nothing_to_change", fields: "weight, length, width, height" },
  })
export type ApplyMeasuresBody = z.infer<typeof ApplyMeasuresBody>

export const AddressChoicesQuery = z.object({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(200, "limit takes at most 200").default(50),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").default(0),
})
export type AddressChoicesQuery = z.infer<typeof AddressChoicesQuery>

/** The longest range the Insights tab reads at once (a year and a day, for a leap year's). */
export const INSIGHTS_MAX_DAYS = 366

/** A Vietnamese calendar day, `YYYY-MM-DD`, that exists. */
const calendarDay = (field: string) =>
  z
    .string()
    .trim()
    .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, {
      message: `${field} must be a calendar day written YYYY-MM-DD`,
      params: { rule: "calendar_day" },
    })
    .optional()

export const InsightsQuery = z
  .object({
    from: calendarDay("from"),
    to: calendarDay("to"),
    location_id: z.string().trim().min(1).optional(),
    group: z.enum(["day", "week"], { error: 'group must be "day" or "week"' }).default("day"),
    format: z.enum(["json", "csv"], { error: 'format must be "json" or "csv"' }).default("json"),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: `to (${q.to}) must not be before from (${q.from})`, params: { rule: "range_reversed", from: q.from, to: q.to } })
    else if (days > INSIGHTS_MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `the range from ${q.from} to ${q.to} spans ${days} days; at most ${INSIGHTS_MAX_DAYS}`, params: { rule: "range_too_long", days, max: INSIGHTS_MAX_DAYS } })
    }
  })
export type InsightsQuery = z.infer<typeof InsightsQuery>
