/**
 * Request decoding and validation that answers like GHN's Go back end:
 * - a JSON type mismatch gives the encoding/json text
 *   ("json: cannot unmarshal string into Go struct field CreateOrderRequest.weight of type int");
 * - validation gives one line per failed field, in struct order, first failed rule only:
 *   "Key: 'CreateOrderRequest.Weight' Error:Field validation for 'Weight' failed on the 'max' tag",
 *   lines joined by "\n"; array elements are checked ("dive") as 'Request.Items[0].Name'.
 */
import { charLength } from "./text"
import { userErr, type Lang } from "./errors"

export type Kind = "int" | "string" | "bool" | "int[]" | "string[]" | "object[]" | "object"

export type Rule =
  | { tag: "required" }
  | { tag: "max" | "min" | "gt" | "gte" | "lte" | "lt"; n: number }
  | { tag: "oneof"; values: Array<string | number> }
  | { tag: "required_if" | "required_without" | "required_with"; when: (parent: Record<string, unknown>, root: Record<string, unknown>) => boolean; nonEmpty?: boolean }

export interface FieldSpec {
  json: string
  go: string
  kind: Kind
  rules?: Rule[]
  /** element fields for object[] / object */
  fields?: FieldSpec[]
  /** Go struct name of the element type, for type errors */
  elem?: string
}

export const R = {
  required: { tag: "required" } as Rule,
  max: (n: number): Rule => ({ tag: "max", n }),
  min: (n: number): Rule => ({ tag: "min", n }),
  gt: (n: number): Rule => ({ tag: "gt", n }),
  gte: (n: number): Rule => ({ tag: "gte", n }),
  lte: (n: number): Rule => ({ tag: "lte", n }),
  oneof: (...values: Array<string | number>): Rule => ({ tag: "oneof", values }),
  requiredIf: (when: (p: Record<string, unknown>, root: Record<string, unknown>) => boolean): Rule => ({ tag: "required_if", when }),
  /** required_if, an empty list counting as missing (a list the spec requires for what it holds: type 5's items, each one parcel). */
  requiredNonEmptyIf: (when: (p: Record<string, unknown>, root: Record<string, unknown>) => boolean): Rule => ({ tag: "required_if", when, nonEmpty: true }),
  requiredWithout: (when: (p: Record<string, unknown>, root: Record<string, unknown>) => boolean): Rule => ({ tag: "required_without", when }),
}

function goType(kind: Kind, elem?: string): string {
  switch (kind) {
    case "int":
      return "int"
    case "string":
      return "string"
    case "bool":
      return "bool"
    case "int[]":
      return "[]int"
    case "string[]":
      return "[]string"
    case "object[]":
      return `[]main.${elem ?? "Item"}`
    case "object":
      return `main.${elem ?? "Object"}`
  }
}

function jsonKind(v: unknown): string {
  if (v === null) return "null"
  if (Array.isArray(v)) return "array"
  if (typeof v === "object") return "object"
  if (typeof v === "number") return "number"
  return typeof v
}

/** Checks JSON types like encoding/json; returns the first error text or null. */
function typeCheck(struct: string, specs: FieldSpec[], obj: Record<string, unknown>, path: string): string | null {
  for (const f of specs) {
    const v = obj[f.json]
    if (v === undefined || v === null) continue
    const where = `Go struct field ${struct}.${path}${f.json}`
    const bad = (what: string) => `json: cannot unmarshal ${what} into ${where} of type ${goType(f.kind, f.elem)}`
    switch (f.kind) {
      case "int":
        if (typeof v !== "number") return bad(jsonKind(v))
        if (!Number.isInteger(v)) return bad(`number ${v}`)
        break
      case "string":
        if (typeof v !== "string") return bad(jsonKind(v))
        break
      case "bool":
        if (typeof v !== "boolean") return bad(jsonKind(v))
        break
      case "int[]":
      case "string[]": {
        if (!Array.isArray(v)) return bad(jsonKind(v))
        const want = f.kind === "int[]" ? "number" : "string"
        for (const e of v) {
          if (e === null) continue
          if (typeof e !== want || (want === "number" && !Number.isInteger(e))) {
            const t = want === "number" ? "int" : "string"
            const what = typeof e === "number" ? `number ${e}` : jsonKind(e)
            return `json: cannot unmarshal ${what} into ${where} of type ${t}`
          }
        }
        break
      }
      case "object[]": {
        if (!Array.isArray(v)) return bad(jsonKind(v))
        for (const e of v) {
          if (e === null) continue
          if (typeof e !== "object" || Array.isArray(e)) return `json: cannot unmarshal ${jsonKind(e)} into ${where} of type main.${f.elem ?? "Item"}`
          const err = typeCheck(struct, f.fields ?? [], e as Record<string, unknown>, `${path}${f.json}.`)
          if (err) return err
        }
        break
      }
      case "object": {
        if (typeof v !== "object" || Array.isArray(v)) return bad(jsonKind(v))
        const err = typeCheck(struct, f.fields ?? [], v as Record<string, unknown>, `${path}${f.json}.`)
        if (err) return err
        break
      }
    }
  }
  return null
}

function isZero(v: unknown, kind: Kind): boolean {
  if (v === undefined || v === null) return true
  if (kind === "int") return v === 0
  if (kind === "string") return v === ""
  if (kind === "bool") return v === false
  return false // a present array or object (even empty) is not nil
}

function measure(v: unknown, kind: Kind): number {
  if (kind === "string") return charLength(v as string)
  if (kind === "int") return v as number
  if (Array.isArray(v)) return v.length
  return 0
}

function failedRule(f: FieldSpec, v: unknown, parent: Record<string, unknown>, root: Record<string, unknown>): string | null {
  const rules = f.rules ?? []
  const zero = isZero(v, f.kind)
  for (const r of rules) {
    if (r.tag === "required" && zero) return "required"
    // Spec: "A missing required field fails on the 'required' rule", also when the requirement is conditional.
    if ((r.tag === "required_if" || r.tag === "required_without" || r.tag === "required_with") && (zero || (r.nonEmpty && Array.isArray(v) && v.length === 0)) && r.when(parent, root)) return "required"
  }
  // A value sent as 0 or "" is there: a minimum the spec states still applies ("Minimum 1").
  if (zero && v !== undefined && v !== null) for (const r of rules) if (r.tag === "min" && measure(v, f.kind) < r.n) return "min"
  if (zero) return null // omitempty for the other rules
  for (const r of rules) {
    switch (r.tag) {
      case "max":
        if (measure(v, f.kind) > r.n) return `max`
        break
      case "min":
        if (measure(v, f.kind) < r.n) return `min`
        break
      case "gt":
        if (!(measure(v, f.kind) > r.n)) return "gt"
        break
      case "gte":
        if (!(measure(v, f.kind) >= r.n)) return "gte"
        break
      case "lt":
        if (!(measure(v, f.kind) < r.n)) return "lt"
        break
      case "lte":
        if (!(measure(v, f.kind) <= r.n)) return "lte"
        break
      case "oneof":
        if (!r.values.some((x) => x === v)) return "oneof"
        break
      default:
        break
    }
  }
  return null
}

function validateFields(specs: FieldSpec[], obj: Record<string, unknown>, root: Record<string, unknown>, ns: string, lines: string[]): void {
  for (const f of specs) {
    const v = obj[f.json]
    const tag = failedRule(f, v, obj, root)
    if (tag) {
      lines.push(`Key: '${ns}.${f.go}' Error:Field validation for '${f.go}' failed on the '${tag}' tag`)
      continue
    }
    if (f.kind === "object[]" && Array.isArray(v) && f.fields) {
      v.forEach((e, i) => {
        if (e && typeof e === "object") validateFields(f.fields!, e as Record<string, unknown>, root, `${ns}.${f.go}[${i}]`, lines)
      })
    } else if (f.kind === "object" && v && typeof v === "object" && f.fields) {
      validateFields(f.fields, v as Record<string, unknown>, root, `${ns}.${f.go}`, lines)
    }
  }
}

/** Validation lines only (no type check), for callers that build the object themselves. */
export function validationLines(struct: string, specs: FieldSpec[], obj: Record<string, unknown>): string[] {
  const lines: string[] = []
  validateFields(specs, obj, obj, struct, lines)
  return lines
}

/**
 * Decodes and validates; throws the USER_ERR_COMMON ApiError on failure, returns the object.
 */
export function decode(struct: string, specs: FieldSpec[], body: unknown, lang: Lang = "vi"): Record<string, unknown> {
  if (body === undefined || body === null) body = {}
  if (typeof body !== "object" || Array.isArray(body)) {
    throw userErr(`json: cannot unmarshal ${jsonKind(body)} into Go value of type main.${struct}`, lang)
  }
  const obj = body as Record<string, unknown>
  const typeErr = typeCheck(struct, specs, obj, "")
  if (typeErr) throw userErr(typeErr, lang)
  const lines = validationLines(struct, specs, obj)
  if (lines.length) throw userErr(lines.join("\n"), lang)
  return obj
}

/** Parses a JSON body like Go's decoder would fail on it. */
export function parseJsonBody(buf: Buffer, lang: Lang = "vi"): unknown {
  const text = buf.toString("utf8")
  if (text.trim() === "") return {}
  try {
    return JSON.parse(text)
  } catch {
    const first = text.trim()[0] ?? ""
    throw userErr(`invalid character '${first}' looking for beginning of value`, lang)
  }
}

// helpers to read decoded values
export const int = (o: Record<string, unknown>, k: string, d = 0): number => (typeof o[k] === "number" ? (o[k] as number) : d)
export const str = (o: Record<string, unknown>, k: string, d = ""): string => (typeof o[k] === "string" ? (o[k] as string) : d)
export const bool = (o: Record<string, unknown>, k: string, d = false): boolean => (typeof o[k] === "boolean" ? (o[k] as boolean) : d)
export const has = (o: Record<string, unknown>, k: string): boolean => o[k] !== undefined && o[k] !== null
