/**
 * Tickets: Create Ticket, Create Feedback of Ticket (reply), Get Ticket.
 * Create and reply are sent as multipart/form-data when there are files and as
 * application/x-www-form-urlencoded otherwise: never JSON (GHN silently ignores a JSON body).
 */
import { z } from "zod"
import { GHN_LIMITS, GHN_PATHS, TICKET_CATEGORIES } from "./constants"
import type { GhnInputIssue } from "./errors"
import type { FormFile, GhnCallOptions, Transport } from "./transport"
import { date, flag, int, list, optInt, text } from "./response"
import { isRecord, issue, labelOf, reqStr, validateInput, type CustomCheck } from "./validation"

const T = GHN_LIMITS.tickets

export interface GhnTicketAttachment {
  /** File name; its extension must be one of GHN_LIMITS.tickets.allowedExtensions (.csv is refused). */
  filename: string
  /** File bytes, at most 2 MB (2 * 1024 * 1024). */
  content: Uint8Array
  /** Defaults from the extension, else application/octet-stream. */
  contentType?: string
}

const attachmentsField = z.array(z.unknown()).max(T.maxAttachments).optional()

export const createTicketBodySchema = z.strictObject({
  order_code: reqStr(T.maxOrderCode),
  category: z.enum(TICKET_CATEGORIES),
  description: reqStr(T.maxDescription),
  attachments: attachmentsField,
})
export type GhnCreateTicketBody = Omit<z.input<typeof createTicketBodySchema>, "attachments"> & { attachments?: GhnTicketAttachment[] }

export const replyTicketBodySchema = z.strictObject({
  ticket_id: z.number().int().min(1),
  description: reqStr(T.maxDescription),
  attachments: attachmentsField,
})
export type GhnReplyTicketBody = Omit<z.input<typeof replyTicketBodySchema>, "attachments"> & { attachments?: GhnTicketAttachment[] }

const MIME: Record<string, string> = {
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".doc": "application/msword",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".pdf": "application/pdf",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".zip": "application/zip",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
}

const extensionOf = (name: string): string => {
  const i = name.lastIndexOf(".")
  return i < 0 ? "" : name.slice(i).toLowerCase()
}

/** Each attachment: a file name with an allowed extension and at most 2 MB of bytes. */
export const attachmentChecks: CustomCheck[] = [
  (input, operation) => {
    if (!isRecord(input) || !Array.isArray(input.attachments)) return []
    const label = labelOf(operation)
    const out: GhnInputIssue[] = []
    input.attachments.forEach((a, i) => {
      const field = `attachments[${i}]`
      if (!isRecord(a) || typeof a.filename !== "string" || a.filename.trim() === "") {
        out.push(issue(`${field}.filename`, isRecord(a) ? a.filename : a, "required", "required", `${field}.filename is required by ${label}`))
        return
      }
      const ext = extensionOf(a.filename)
      if (ext === ".csv") {
        out.push(issue(field, a.filename, T.allowedExtensions, "extension", `${field} = "${a.filename}": .csv files are refused by GHN (${label}); allowed: ${T.allowedExtensions.join(" ")}`))
      } else if (!(T.allowedExtensions as readonly string[]).includes(ext)) {
        out.push(issue(field, a.filename, T.allowedExtensions, "extension", `${field} = "${a.filename}" has extension "${ext || "(none)"}", not allowed by ${label}; allowed: ${T.allowedExtensions.join(" ")}`))
      }
      if (!(a.content instanceof Uint8Array)) {
        out.push(issue(`${field}.content`, typeof a.content, "Uint8Array", "type", `${field}.content must be a Uint8Array or Buffer (${label})`))
      } else if (a.content.byteLength > T.maxAttachmentBytes) {
        out.push(
          issue(field, a.content.byteLength, T.maxAttachmentBytes, "max", `${field} ("${a.filename}") is ${a.content.byteLength} bytes, exceeding the ${label} maximum of ${T.maxAttachmentBytes} bytes (2 MB)`),
        )
      }
    })
    return out
  },
]

const toFiles = (attachments: GhnTicketAttachment[] | undefined): FormFile[] =>
  (attachments ?? []).map((a) => ({
    filename: a.filename,
    content: a.content,
    contentType: a.contentType ?? MIME[extensionOf(a.filename)] ?? "application/octet-stream",
  }))

const s = text
const idish = () => text()

export const conversationSchema = z.looseObject({
  body: s(),
  from_email: s(),
  user_id: optInt(),
  created_at: date(),
  updated_at: date(),
  attachments: list(z.unknown()),
  cc_emails: list(z.string()),
  bcc_emails: list(z.string()),
  private: flag(),
})
export type GhnConversation = z.output<typeof conversationSchema>

export const ticketSchema = z.looseObject({
  id: int(),
  type: s(),
  reason: s(),
  order_code: s(),
  description: s(),
  status: s(),
  status_id: optInt(),
  client_id: idish(),
  shop_id: idish(),
  created_at: date(),
  updated_at: date(),
  created_by: optInt(),
  conversations: list(conversationSchema),
  attachments: list(z.unknown()),
})
export type GhnTicket = z.output<typeof ticketSchema>

export function createTicketsApi(t: Transport) {
  return {
    /** Create Ticket (form). Not idempotent: never retried. */
    async create(body: GhnCreateTicketBody, call?: GhnCallOptions): Promise<GhnTicket> {
      const v = validateInput("tickets.create", createTicketBodySchema, body, attachmentChecks)
      return t.request({
        operation: "tickets.create",
        method: "POST",
        path: GHN_PATHS.ticketCreate,
        form: {
          fields: { order_code: v.order_code, category: v.category, description: v.description },
          files: toFiles(body.attachments),
        },
        shopId: "optional",
        retry: "never",
        data: ticketSchema,
        call,
      })
    },

    /** Create Feedback of Ticket (form): a customer reply. Never retried. */
    async reply(body: GhnReplyTicketBody, call?: GhnCallOptions): Promise<GhnConversation> {
      const v = validateInput("tickets.reply", replyTicketBodySchema, body, attachmentChecks)
      return t.request({
        operation: "tickets.reply",
        method: "POST",
        path: GHN_PATHS.ticketReply,
        form: {
          fields: { ticket_id: String(v.ticket_id), description: v.description },
          files: toFiles(body.attachments),
        },
        shopId: "optional",
        retry: "never",
        data: conversationSchema,
        call,
      })
    },

    /** Get Ticket (GET ?ticket_id=). Retried on transient failures; a 404 is retried exactly once. */
    async get(ticket_id: number, call?: GhnCallOptions): Promise<GhnTicket> {
      validateInput("tickets.get", z.strictObject({ ticket_id: z.number().int().min(1) }), { ticket_id })
      return t.request({
        operation: "tickets.get",
        method: "GET",
        path: GHN_PATHS.ticketDetail,
        query: { ticket_id },
        shopId: "optional",
        retry: "safe+404once",
        data: ticketSchema,
        call,
      })
    },
  }
}
export type GhnTicketsApi = ReturnType<typeof createTicketsApi>
