import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import { safeFileName } from "../../../lib/format/file-name"
import { GHN_LIMITS } from "../../../lib/ghn"
import { fieldRefusal, toMedusaError } from "../../../lib/runtime/medusa-error"
import { withoutTrailingSlashes } from "../../../lib/format/url"
import { type FieldProblem, type FieldRule, type FieldRuleParams, fieldProblemsOf, type IssueLike } from "../../../lib/admin-errors/field-problems"

/**
 * Helpers of the admin's support routes (tickets, settings, shops, partner onboarding, shifts):
 * GHN errors with their code, multipart uploads of ticket attachments, and form validation.
 */

/** Runs a GHN call, converting its failure with the one mapping (toMedusaError). */
export async function callGhn<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw toMedusaError(error, action)
  }
}

/** `Invalid request: Field 'x' ...`: the shape of Medusa's own validation errors. */
export function invalidField(field: string, message: string, rule: FieldRule): MedusaError {
  return fieldRefusal(`Invalid request: Field '${field}' ${message}`, [{ field, problem: "rule", rule }])
}

// ---------------------------------------------------------------------------------------------
// Ticket attachments: multipart (multer, as Medusa's /admin/uploads), checked again here.

const T = GHN_LIMITS.tickets
export const TICKET_EXTENSIONS = T.allowedExtensions as readonly string[]
export const TICKET_MAX_FILES = T.maxAttachments
export const TICKET_MAX_BYTES = T.maxAttachmentBytes

type MulterFile = { fieldname: string; originalname: string; mimetype: string; size: number; buffer: Buffer }
/** What multer reports: its own errors carry a code and the field. */
type MulterFailure = { code?: string; field?: string; message?: string }
type MulterInstance = { array(field: string, max?: number): (req: MedusaRequest, res: MedusaResponse, next: (err?: MulterFailure) => void) => void }
type Multer = ((options: Record<string, unknown>) => MulterInstance) & { memoryStorage(): unknown }
/** A request multer has read: its files, then the form's validated fields. */
type TicketFormRequest = MedusaRequest & { files?: MulterFile[]; validatedBody?: unknown }
// multer is what @medusajs/medusa's /admin/uploads uses (memory storage); it has no bundled types.
// eslint-disable-next-line @typescript-eslint/no-var-requires
const multer: Multer = require("multer")

const upload = multer({
  storage: multer.memoryStorage(),
  // Vietnamese file names arrive as UTF-8.
  defParamCharset: "utf8",
  // Hard caps that keep memory bounded; the exact rules are checked (and named) afterwards.
  limits: { fileSize: TICKET_MAX_BYTES + 1, files: TICKET_MAX_FILES + 1, fields: 20, fieldSize: 64 * 1024, parts: 40 },
})

/** Multer's refusals: the field, the English words, and the problem the admin's screens word. */
const MULTER_MESSAGES: Record<string, (field: string) => [string, string, FieldProblem]> = {
  LIMIT_FILE_SIZE: () => ["attachments", `takes files of at most ${TICKET_MAX_BYTES} bytes (2 MB) each`, { field: "attachments", problem: "too_big", origin: "file", maximum: TICKET_MAX_BYTES, inclusive: true }],
  LIMIT_FILE_COUNT: () => ["attachments", `takes at most ${TICKET_MAX_FILES} files`, { field: "attachments", problem: "too_big", origin: "array", maximum: TICKET_MAX_FILES, inclusive: true }],
  LIMIT_UNEXPECTED_FILE: (field) => [field || "attachments", "is not a file field: send files as 'attachments'", { field: "", problem: "unknown_fields", keys: [field || "attachments"] }],
  LIMIT_FIELD_VALUE: (field) => [field || "description", "is too long", { field: field || "description", problem: "too_big", origin: "string", maximum: 64 * 1024, inclusive: true }],
  LIMIT_FIELD_COUNT: () => ["(form)", "has too many fields", { field: "", problem: "invalid" }],
  LIMIT_PART_COUNT: () => ["(form)", "has too many parts", { field: "", problem: "invalid" }],
  LIMIT_FIELD_KEY: () => ["(form)", "has a field name that is too long", { field: "", problem: "invalid" }],
}

/** Multipart ticket forms: files in `attachments`, checked for count, size and extension. */
export function ticketUpload() {
  const parse = upload.array("attachments", TICKET_MAX_FILES + 1)
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    parse(req, res, (err) => {
      if (!err) return next()
      const describe = err?.code && MULTER_MESSAGES[err.code]
      if (describe) {
        const [field, message, problem] = describe(err.field ?? "")
        return next(fieldRefusal(`Invalid request: Field '${field}' ${message}`, [problem]))
      }
      return next(fieldRefusal(`Invalid request: ${err?.message ?? "unreadable multipart form"}`, [{ field: "", problem: "invalid" }]))
    })
  }
}

const extensionOf = (name: string) => {
  const i = name.lastIndexOf(".")
  return i < 0 ? "" : name.slice(i).toLowerCase()
}

export type TicketAttachmentInput = { filename: string; content_base64: string; content_type?: string }

/** The uploaded files, checked as GHN checks them (count, 2 MB each, extensions, no .csv). */
export function checkedAttachments(files: MulterFile[] | undefined): TicketAttachmentInput[] {
  const list = (files ?? []).filter((f) => f.fieldname === "attachments")
  if (list.length > TICKET_MAX_FILES) {
    throw invalidField("attachments", `takes at most ${TICKET_MAX_FILES} files, got ${list.length}`, { rule: "attachment", name: "", issue: "too_many", limit: String(TICKET_MAX_FILES) })
  }
  const allowed = TICKET_EXTENSIONS.join(" ")
  return list.map((file, i) => {
    // Checked and forwarded under its safe base name: "../../etc/passwd.png" is "passwd.png".
    const name = safeFileName(file.originalname || "")
    const ext = extensionOf(name)
    const field = `attachments[${i}]`
    const refused = (issue: FieldRuleParams["attachment"]["issue"], message: string, limit = allowed) => invalidField(field, message, { rule: "attachment", name, issue, limit })
    if (!name.trim()) throw refused("no_name", "needs a file name")
    if (ext === ".csv") throw refused("csv", `("${name}"): .csv files are refused by GHN; allowed: ${allowed}`)
    if (!TICKET_EXTENSIONS.includes(ext)) throw refused("extension", `("${name}") has extension "${ext || "(none)"}"; allowed: ${allowed}`)
    if (file.size > TICKET_MAX_BYTES) throw refused("too_large", `("${name}") is ${file.size} bytes; GHN takes at most ${TICKET_MAX_BYTES} bytes (2 MB)`, String(TICKET_MAX_BYTES))
    if (file.size === 0) throw refused("empty", `("${name}") is empty`)
    return { filename: name, content_base64: file.buffer.toString("base64"), content_type: file.mimetype || undefined }
  })
}

/**
 * Zod issues as one `Invalid request: Field 'x' ...` line per field (first issue of each), with
 * the field problems the admin's screens word in their language (`input`: what was parsed).
 */
export function zodFieldError(error: z.ZodError, input?: unknown): MedusaError {
  const seen = new Set<string>()
  const parts: string[] = []
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "(body)"
    if (seen.has(field)) continue
    seen.add(field)
    parts.push(`Field '${field}': ${issue.message}`)
  }
  return fieldRefusal(`Invalid request: ${parts.join("; ")}`, fieldProblemsOf(error.issues as unknown as IssueLike[], input))
}

/**
 * Validates a ticket form (multipart fields are strings; JSON works too) and its files; sets
 * req.validatedBody = { ...fields, attachments }.
 */
export function validateTicketForm(schema: z.ZodType) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    try {
      const parsed = schema.safeParse(req.body ?? {})
      if (!parsed.success) throw zodFieldError(parsed.error, req.body ?? {})
      const form = req as TicketFormRequest
      form.validatedBody = { ...(parsed.data as object), attachments: checkedAttachments(form.files) }
      next()
    } catch (error) {
      next(error)
    }
  }
}

/**
 * The store's public backend URL as the store configured it: the plugin option `backendUrl`,
 * MEDUSA_BACKEND_URL, else Medusa's `admin.backendUrl` (its default "/" is no URL); undefined when
 * none is set. Never built from the request: a caller chooses its Host header.
 */
export function configuredBackendUrl(req: MedusaRequest, optionUrl?: string): string | undefined {
  const fromConfig = (() => {
    try {
      const config = req.scope.resolve("configModule") as { admin?: { backendUrl?: string } }
      return config?.admin?.backendUrl
    } catch {
      return undefined
    }
  })()
  const candidates = [optionUrl, process.env.MEDUSA_BACKEND_URL, fromConfig]
  for (const c of candidates) if (c && /^https?:\/\//i.test(c)) return withoutTrailingSlashes(c)
  return undefined
}

/**
 * The store's public backend URL to SHOW (Settings -> GHN's webhook to register): the configured
 * one, else this request's host. Never called: what the server requests is configuredBackendUrl's.
 */
export function shownBackendUrl(req: MedusaRequest, optionUrl?: string): { url: string; configured: boolean } {
  const configured = configuredBackendUrl(req, optionUrl)
  if (configured) return { url: configured, configured: true }
  const proto = String(req.headers["x-forwarded-proto"] ?? req.protocol ?? "http").split(",")[0].trim() || "http"
  return { url: `${proto}://${req.get("host")}`, configured: false }
}

/** A secret shown as its first and last two characters. */
export function maskSecret(secret: string | undefined): string | null {
  if (!secret) return null
  if (secret.length <= 6) return "•".repeat(secret.length)
  return `${secret.slice(0, 2)}${"•".repeat(Math.min(12, secret.length - 4))}${secret.slice(-2)}`
}
