/**
 * Input validation: zod schemas checked before anything is sent, and the conversion of
 * zod issues (plus cross-field rules) into one `GhnInputError` naming field, value and limit.
 */
import { z } from "zod"
import { GHN_LIMITS } from "./constants"
import { GhnInputError, type GhnInputIssue } from "./errors"

/** Human names of operations, used in input error messages. */
export const OPERATION_LABELS: Record<string, string> = {
  "orders.create": "Create Order",
  "orders.preview": "Preview Order",
  "orders.update": "Update Order",
  "orders.info": "Order Info",
  "orders.cancel": "Cancel Order",
  "orders.deliveryAgain": "Delivery Again",
  "orders.returnOrder": "Return Order",
  "fees.calculate": "Calculate Fee",
  "fees.leadtime": "Leadtime",
  "services.available": "Get Service",
  "shops.list": "Get Shop",
  "shops.create": "Create Shop",
  "affiliate.getOtp": "Get OTP",
  "affiliate.createShopByOtp": "Create Shop by OTP",
  "affiliate.addStaffByOtp": "Add Staff to Shop by OTP",
  "tickets.create": "Create Ticket",
  "tickets.reply": "Create Feedback of Ticket",
  "tickets.get": "Get Ticket",
  "print.token": "Print Order",
  "shifts.list": "Pick Shift",
  "masterData.provinces": "Get Province",
  "masterData.districts": "Get District",
  "masterData.wards": "Get Ward",
  "masterData.newProvinces": "Get Province (new model)",
  "masterData.newWards": "Get Ward (new model)",
}

export const labelOf = (operation: string): string => OPERATION_LABELS[operation] ?? operation

const UNITS: Record<string, string> = {
  weight: " g",
  length: " cm",
  width: " cm",
  height: " cm",
  cod_amount: " VND",
  cod_value: " VND",
  cod_failed_amount: " VND",
  insurance_value: " VND",
  order_value: " VND",
  price: " VND",
}

/** `["items", 0, "quantity"]` -> `items[0].quantity` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ""
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`
    else out += out ? `.${String(key)}` : String(key)
  }
  return out || "(body)"
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined
    cur = (cur as Record<PropertyKey, unknown>)[key as string]
  }
  return cur
}

const show = (v: unknown): string => {
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v)
  if (v === undefined) return "undefined"
  try {
    const s = JSON.stringify(v)
    return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s
  } catch {
    return String(v)
  }
}

/** Internal, untyped view of a zod v4 issue. */
interface RawIssue {
  code: string
  path: PropertyKey[]
  message: string
  origin?: string
  maximum?: number | bigint
  minimum?: number | bigint
  expected?: string
  values?: unknown[]
  params?: Record<string, unknown>
  errors?: RawIssue[][]
  keys?: string[]
}

function convertIssue(operation: string, raw: RawIssue, input: unknown): GhnInputIssue {
  const label = labelOf(operation)
  const field = formatPath(raw.path)
  const key = raw.path.length ? String(raw.path[raw.path.length - 1]) : ""
  const unit = UNITS[key] ?? ""
  const value = valueAt(input, raw.path)

  if (raw.code === "custom" && raw.params) {
    const p = raw.params
    return {
      field,
      value: p.value ?? value,
      limit: p.limit,
      rule: String(p.rule ?? "custom"),
      message: raw.message,
    }
  }
  if (value === undefined && (raw.code === "invalid_type" || raw.code === "invalid_value" || raw.code === "invalid_union")) {
    return { field, value, limit: "required", rule: "required", message: `${field} is required by ${label}` }
  }
  switch (raw.code) {
    case "unrecognized_keys": {
      // The client sends only what the spec names: a field it does not name is refused, named.
      const keys = raw.keys ?? []
      const named = keys.map((k) => formatPath([...raw.path, k]))
      return {
        field: named[0] ?? field,
        value: keys.length === 1 ? valueAt(input, [...raw.path, keys[0]]) : keys,
        limit: "not in the spec",
        rule: "unknown_field",
        message: `${named.join(", ")} ${named.length === 1 ? "is not a field" : "are not fields"} of ${label} in GHN's spec: nothing was sent`,
      }
    }
    case "too_big": {
      const limit = Number(raw.maximum)
      if (raw.origin === "string") {
        const len = typeof value === "string" ? charCount(value) : value
        return { field, value: len, limit, rule: "max", origin: "string", message: `${field} has ${len} characters, exceeding the ${label} maximum of ${limit} characters` }
      }
      if (raw.origin === "array") {
        const len = Array.isArray(value) ? value.length : value
        return { field, value: len, limit, rule: "max", origin: "array", message: `${field} has ${len} entries, exceeding the ${label} maximum of ${limit}` }
      }
      return { field, value, limit, rule: "max", message: `${field} = ${show(value)} exceeds the ${label} maximum of ${limit}${unit}` }
    }
    case "too_small": {
      const limit = Number(raw.minimum)
      if (raw.origin === "string") {
        const len = typeof value === "string" ? charCount(value) : value
        return { field, value: len, limit, rule: "min", origin: "string", message: `${field} has ${len} characters; ${label} requires at least ${limit}` }
      }
      if (raw.origin === "array") {
        const len = Array.isArray(value) ? value.length : value
        return { field, value: len, limit, rule: "min", origin: "array", message: `${field} has ${len} entries; ${label} requires at least ${limit}` }
      }
      return { field, value, limit, rule: "min", message: `${field} = ${show(value)} is below the ${label} minimum of ${limit}${unit}` }
    }
    case "invalid_value": {
      const values = raw.values ?? []
      return {
        field,
        value,
        limit: values,
        rule: "oneof",
        message: `${field} = ${show(value)} is not accepted by ${label}: expected one of ${values.map((v) => show(v)).join(", ")}`,
      }
    }
    case "invalid_type": {
      const expected = raw.expected === "int" ? "an integer" : `a ${raw.expected ?? "valid value"}`
      return { field, value, limit: raw.expected, rule: "type", message: `${field} = ${show(value)} must be ${expected} (${label})` }
    }
    default:
      return { field, value, limit: undefined, rule: raw.code, message: `${field} = ${show(value)} is invalid for ${label}: ${raw.message}` }
  }
}

/** A cross-field or custom rule; returns issues (empty when fine). */
export type CustomCheck = (input: unknown, operation: string) => GhnInputIssue[]

/**
 * Validates `input` against `schema` and every custom check; throws one GhnInputError listing
 * every failure (deduplicated by field) or returns the parsed body.
 */
export function validateInput<S extends z.ZodType>(
  operation: string,
  schema: S,
  input: unknown,
  checks: CustomCheck[] = [],
): z.output<S> {
  const result = schema.safeParse(input)
  const issues: GhnInputIssue[] = []
  if (!result.success) {
    for (const raw of result.error.issues as unknown as RawIssue[]) issues.push(convertIssue(operation, raw, input))
  }
  for (const check of checks) issues.push(...check(input, operation))
  if (issues.length) {
    const seen = new Set<string>()
    const unique = issues.filter((i) => {
      const k = `${i.field}|${i.rule}`
      if (seen.has(k)) return false
      seen.add(k)
      return true
    })
    throw new GhnInputError(operation, unique)
  }
  return (result as { data: z.output<S> }).data
}

// ---------------------------------------------------------------- schema builders

/** A non-negative integer, optionally capped. */
export const uint = (max?: number) => {
  const s = z.number().int().min(0)
  return max === undefined ? s : s.max(max)
}
/** A positive integer (identifiers). */
export const posInt = () => z.number().int().min(1)
/**
 * Characters as GHN counts them (Go's validator counts runes): Unicode code points, so an emoji
 * is one character, not the two UTF-16 units of String.length.
 */
export const charCount = (text: string): number => {
  let n = 0
  for (const _ of text) n++
  return n
}

/** A string of at most `max` characters (code points). */
const maxChars = <S extends z.ZodString>(schema: S, max: number): S =>
  schema.check((ctx) => {
    if (charCount(ctx.value) > max) {
      ctx.issues.push({ code: "too_big", maximum: max, origin: "string", inclusive: true, input: ctx.value, message: `at most ${max} characters` })
    }
  }) as S

/** A string with an optional maximum length (in characters, as GHN counts them). */
export const str = (max?: number) => (max === undefined ? z.string() : maxChars(z.string(), max))
/** A non-empty string with an optional maximum length (in characters, as GHN counts them). */
export const reqStr = (max?: number) => (max === undefined ? z.string().min(1) : maxChars(z.string().min(1), max))

/** Builds a custom issue. */
export function issue(field: string, value: unknown, limit: unknown, rule: string, message: string): GhnInputIssue {
  return { field, value, limit, rule, message }
}

/**
 * The spec's service-type boundary: service_type_id 2 is for goods under 20,000 g (5 is for
 * heavier or multi-parcel goods). Checked before sending, so GHN never prices or books light goods
 * that are not light.
 */
/** The total weight a body declares: its `weight`, else its items' (each item's weight times its quantity); `field` says which. */
function declaredWeight(input: Record<string, unknown>): { weight: number; field: "weight" | "items" } {
  if (typeof input.weight === "number" && input.weight > 0) return { weight: input.weight, field: "weight" }
  const items = Array.isArray(input.items) ? input.items.filter(isRecord) : []
  return { weight: items.reduce((sum: number, item) => sum + (typeof item.weight === "number" ? item.weight * (typeof item.quantity === "number" ? item.quantity : 1) : 0), 0), field: "items" }
}

/**
 * The service type a Create Order or Calculate Fee body means: the one it sends, else the spec's
 * boundary on its declared weight ("2 = under 20 kg; 5 = 20 kg or more"), the type GHN (and the
 * sandbox) then applies. Undefined for a type that is no type (the schema refuses it).
 */
export function meantServiceType(input: Record<string, unknown>): 2 | 5 | undefined {
  if (input.service_type_id === 2 || input.service_type_id === 5) return input.service_type_id
  if (input.service_type_id !== undefined && input.service_type_id !== null) return undefined
  return declaredWeight(input).weight >= GHN_LIMITS.createOrder.heavyGoodsWeight ? 5 : 2
}

export function serviceTypeBoundaryIssues(input: Record<string, unknown>, label: string): GhnInputIssue[] {
  const limit = GHN_LIMITS.createOrder.heavyGoodsWeight
  const items = Array.isArray(input.items) ? input.items.filter(isRecord) : []
  const { weight, field } = declaredWeight(input)
  if (weight <= 0) return []
  if (input.service_type_id === 2 && weight >= limit) {
    return [issue(field, weight, limit - 1, "max", `${field === "weight" ? "weight" : "the items' total weight"} = ${weight} g is over what ${label} takes for service_type_id 2 (light goods, under ${limit} g): use service_type_id 5`)]
  }
  // Heavy goods (5): 20 kg or more, or several parcels. Spec, Calculate Fee rule 1: each item is one
  // parcel, whatever its quantity (a quantity of 2 is one parcel holding two units).
  if (input.service_type_id === 5 && weight < limit && items.length < 2) {
    return [
      issue(
        "service_type_id",
        5,
        limit,
        "min",
        `service_type_id 5 (heavy goods) takes ${limit} g or more, or several parcels (items): a single parcel of ${weight} g is light goods (service_type_id 2) for ${label}`
      ),
    ]
  }
  return []
}

/** A required number the way GHN's validator reads it: absent, null and 0 are all missing. */
export const missingNumber = (v: unknown): boolean => v === undefined || v === null || v === 0

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v)
