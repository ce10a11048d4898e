/**
 * Medusa's request validation (validateAndTransformBody / validateAndTransformQuery) for the
 * plugin's admin routes, with the refused fields kept as data: Medusa's error keeps its English
 * message (what an API client reads) and carries `ghn_admin` (`invalid_request` and its field
 * problems, src/lib/admin-errors/field-problems.ts), so the admin's screens read it in their
 * language (src/api/middlewares.ts, adminAnswerOf).
 */
import { validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import type { AdminError } from "../lib/admin-errors/admin-errors"
import { fieldProblemsOf, type IssueLike } from "../lib/admin-errors/field-problems"

type Schema = z.ZodType
type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

/** The refusal of `input` by `schema` as the admin reads it; undefined when the schema takes it. */
export function invalidRequestOf(schema: Schema, input: unknown): AdminError | undefined {
  // Medusa validates against the strict form of an object schema: so does this reading.
  const strict = "strict" in schema && typeof schema.strict === "function" ? (schema.strict() as Schema) : schema
  const parsed = strict.safeParse(input)
  if (parsed.success) return undefined
  const problems = fieldProblemsOf(parsed.error.issues as unknown as IssueLike[], input)
  return problems.length ? { code: "invalid_request", params: { problems } } : undefined
}

/** An error of the validator with its field problems attached, when it is the validator's refusal. */
function withFieldProblems(error: unknown, schema: Schema, input: () => unknown): unknown {
  if (!(error instanceof MedusaError) || error.type !== MedusaError.Types.INVALID_DATA || !error.message.startsWith("Invalid request")) return error
  const refusal = invalidRequestOf(schema, input())
  return refusal ? Object.assign(error, { ghn_admin: refusal }) : error
}

function keepingFieldProblems(validate: Middleware, schema: Schema, input: (req: MedusaRequest) => unknown): Middleware {
  return (req, res, next) => validate(req, res, (error?: unknown) => (error ? next(withFieldProblems(error, schema, () => input(req))) : next()))
}

/**
 * The query as Medusa's validator reads it: a single repeated value split on commas, `a.b` keys
 * one level deep (validate-query.js's normalizeQuery).
 */
function normalizedQuery(req: MedusaRequest): Record<string, unknown> {
  const query: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(req.query ?? {})) {
    const value = Array.isArray(raw) && raw.length === 1 && typeof raw[0] === "string" ? raw[0].split(",") : raw
    const [parent, child] = key.split(".")
    if (child === undefined) query[key] = value
    else query[parent] = { ...((query[parent] as object | undefined) ?? {}), [child]: value }
  }
  return query
}

/** validateAndTransformBody, its refusal worded in the admin's language. */
export const adminBody = (schema: Schema): Middleware => keepingFieldProblems(validateAndTransformBody(schema as never) as Middleware, schema, (req) => req.body)

/** validateAndTransformQuery (one record, no list config), its refusal worded in the admin's language. */
export const adminQuery = (schema: Schema): Middleware =>
  keepingFieldProblems(validateAndTransformQuery(schema as never, { defaults: [], isList: false }) as Middleware, schema, normalizedQuery)
