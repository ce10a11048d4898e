/**
 * The building blocks of every response schema of the client: GHN's answers read by class, in
 * one place, as real GHN sends them (public SDK dumps and GHN's own examples):
 * - a field GHN may omit is optional;
 * - an Int may come as a string of digits (`total_fee: "33000"`);
 * - an empty Object may come as `{}`, `[]` or `null` (`pickup_shift`, `from_location`), a list as
 *   `null`, `[]` or `{}`;
 * - a date may be Go's zero time or "" (unset), have trimmed milliseconds or no offset
 *   (src/lib/ghn/dates.ts).
 * Unknown fields are always kept (looseObject).
 */
import { z } from "zod"
import { ghnExpectedIso, ghnIso } from "./dates"

const DIGITS = /^-?\d+(?:\.\d+)?$/

/** An Int of the spec: a number, or a number written as text. */
export const int = () => z.union([z.number(), z.string().trim().regex(DIGITS, "must be a number")]).transform(Number)

/** null, omitted or blank text: what GHN sends for a value it does not have. */
export const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "")

/** An Int GHN may omit, send as null or as "": undefined then. */
export const optInt = () => z.preprocess((v) => (blank(v) ? undefined : v), int().optional())

/** An amount that reads 0 when GHN omits it (fee parts). */
export const intOr0 = () => z.preprocess((v) => (blank(v) ? 0 : v), int())

/** A text GHN may omit or send as null; a number is read as its text. */
export const text = () => z.union([z.string(), z.number().transform(String)]).nullish()

/** A text that reads "" when GHN omits it. */
export const textOr = (fallback = "") => text().transform((v) => v ?? fallback)

/** An identifier GHN writes as a number in one answer and as text in another. */
export const idish = () => z.union([z.number(), z.string()])

/** A Bool GHN may omit (0/1 read as false/true). */
export const flag = () => z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]).nullish()

/** An empty Object as GHN sends it: `{}`, `[]`, null or omitted. */
export const emptyObject = (v: unknown) =>
  v === null || v === undefined || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0)

/** An Object of the spec: `{}`, `[]` and `null` alike mean unset (undefined); unknown fields kept. */
export const obj = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.preprocess((v) => (emptyObject(v) ? undefined : v), z.looseObject(shape).optional())

/**
 * A list of the spec: null, omitted, `{}` and `""` are []; an object holding one array (a paged
 * wrapper) is that array.
 */
export const list = <S extends z.ZodType>(item: S) =>
  z.preprocess((v) => {
    if (blank(v)) return []
    if (typeof v === "object" && !Array.isArray(v)) return Object.values(v as Record<string, unknown>).find(Array.isArray) ?? (Object.keys(v as object).length ? v : [])
    return v
  }, z.array(item))

/** A date: ISO 8601 text (UTC) or null when unset (Go's zero time, "", null, omitted) or no date. */
export const date = () => z.unknown().transform((v) => ghnIso(v))

/** An expected delivery date: as {@link date}, with both end-of-day forms on the same Vietnamese day. */
export const expectedDate = () => z.unknown().transform((v) => ghnExpectedIso(v))
