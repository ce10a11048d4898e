/** Support tickets: form-encoded (or multipart) bodies only; failures carry code, message, data null. */
import { Request } from "undici"
import type { Ctx, Sandbox } from "./sandbox"
import { ok, plain } from "./errors"
import { charLength, isoSeconds } from "./text"
import type { Attachment, Conversation, Ticket } from "./types"
import { SPEC_REQUESTS as SPEC } from "./spec-requests"

const B = "/shiip/public-api/ticket"
export const TICKET_CATEGORIES = ["Tư vấn", "Khiếu nại", "Hối Giao/Lấy/Trả hàng", "Thay đổi thông tin"]
export const TICKET_STATUS: Record<number, string> = { 1: "Đang xử lý", 2: "Chờ KH phản hồi", 3: "Hoàn thành" }
export const ATTACHMENT_EXTENSIONS = [".docx", ".doc", ".xls", ".xlsx", ".pdf", ".jpg", ".jpeg", ".png", ".zip", ".pptx"]
export const MAX_ATTACHMENTS = 10
export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024
export const TICKET_ID_BASE = 3000000
const SUPPORT = { email: "cskh@ghn.vn", user_id: 9000001 }

interface FormFile {
  field: string
  name: string
  type: string
  size: number
}
interface Form {
  fields: Map<string, string>
  files: FormFile[]
}

export async function readForm(ctx: Ctx): Promise<Form> {
  const ct = String(ctx.req.headers["content-type"] ?? "").toLowerCase()
  const fields = new Map<string, string>()
  const files: FormFile[] = []
  if (ct.startsWith("multipart/form-data")) {
    let fd: Awaited<ReturnType<Request["formData"]>>
    try {
      const req = new Request("http://sandbox.invalid/", { method: "POST", headers: { "content-type": String(ctx.req.headers["content-type"]) }, body: ctx.body })
      fd = await req.formData()
    } catch {
      throw plain(400, "Invalid multipart/form-data body")
    }
    for (const [k, v] of fd.entries()) {
      if (typeof v === "string") {
        if (!fields.has(k)) fields.set(k, v)
      } else {
        const f = v as unknown as { name: string; type: string; size: number }
        files.push({ field: k, name: f.name, type: f.type, size: f.size })
      }
    }
  } else if (ct.startsWith("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(ctx.body.toString("utf8"))) if (!fields.has(k)) fields.set(k, v)
  }
  // any other body (JSON included) is ignored: every field reads as empty
  return { fields, files }
}

function line(req: string, field: string, tag: string): string {
  return `Key: '${req}.${field}' Error:Field validation for '${field}' failed on the '${tag}' tag`
}

function checkAttachments(sb: Sandbox, files: FormFile[]): Attachment[] {
  if (files.length > MAX_ATTACHMENTS) throw plain(400, `Số lượng tệp đính kèm tối đa là ${MAX_ATTACHMENTS}`)
  for (const f of files) {
    const ext = (f.name.match(/\.[^.]+$/)?.[0] ?? "").toLowerCase()
    if (!ATTACHMENT_EXTENSIONS.includes(ext)) throw plain(400, `Định dạng tệp ${f.name} không được hỗ trợ`)
    if (f.size > MAX_ATTACHMENT_BYTES) throw plain(400, `Tệp ${f.name} vượt quá dung lượng cho phép (2MB)`)
  }
  return files.map((f) => {
    const id = sb.state.counters.attachment++
    return { id, name: f.name, content_type: f.type || "application/octet-stream", size: f.size, attachment_url: `${sb.url}/_sandbox/attachments/${id}` }
  })
}

export function conversationView(c: Conversation): Record<string, unknown> {
  const out: Record<string, unknown> = { body: c.body }
  if (c.from_email) out.from_email = c.from_email
  if (c.user_id) out.user_id = c.user_id
  if (c.created_at) out.created_at = c.created_at
  if (c.updated_at) out.updated_at = c.updated_at
  if (c.attachments.length) out.attachments = c.attachments
  if (c.cc_emails.length) out.cc_emails = c.cc_emails
  if (c.bcc_emails.length) out.bcc_emails = c.bcc_emails
  if (c.private) out.private = true
  return out
}

export function ticketView(t: Ticket, includePrivate = false): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: t.id,
    type: t.type,
    order_code: t.order_code,
    description: t.description,
    status: TICKET_STATUS[t.status_id],
    status_id: t.status_id,
    created_at: t.created_at,
    updated_at: t.updated_at,
    created_by: t.created_by,
    conversations: t.conversations.filter((c) => includePrivate || !c.private).map(conversationView),
    attachments: t.attachments,
  }
  if (t.description) out.reason = t.description
  if (t.client_id) out.client_id = String(t.client_id)
  if (t.shop_id) out.shop_id = String(t.shop_id)
  return out
}

export function supportMove(sb: Sandbox, t: Ticket, statusId: number, reply?: string, privateNote?: string): void {
  const now = isoSeconds(sb.now())
  const add = (body: string, priv: boolean) =>
    t.conversations.push({
      id: sb.state.counters.conversation++, body, from_email: SUPPORT.email, user_id: SUPPORT.user_id, created_at: now, updated_at: now,
      attachments: [], cc_emails: [], bcc_emails: [], private: priv, incoming: false,
    })
  if (privateNote) add(privateNote, true)
  if (reply) add(reply, false)
  t.status_id = statusId
  t.updated_at = now
  sb.markDirty()
}

export function registerTicketRoutes(sb: Sandbox): void {
  sb.readForm = readForm
  sb.api("POST", `${B}/create`, SPEC.createTicket, async (ctx) => {
    const acc = sb.auth(ctx)
    sb.ticketShop(ctx, acc)
    const form = await readForm(ctx)
    const orderCode = (form.fields.get("order_code") ?? "").trim()
    const category = (form.fields.get("category") ?? "").normalize("NFC").trim()
    const description = form.fields.get("description") ?? ""
    const lines: string[] = []
    if (!orderCode) lines.push(line("CreateTicketRequest", "OrderCode", "required"))
    else if (charLength(orderCode) > 32) lines.push(line("CreateTicketRequest", "OrderCode", "max"))
    if (!category) lines.push(line("CreateTicketRequest", "Category", "required"))
    else if (!TICKET_CATEGORIES.includes(category)) lines.push(line("CreateTicketRequest", "Category", "oneof"))
    if (!description) lines.push(line("CreateTicketRequest", "Description", "required"))
    else if (charLength(description) > 2000) lines.push(line("CreateTicketRequest", "Description", "max"))
    if (lines.length) throw plain(400, lines.join("\n"))
    const attachments = checkAttachments(sb, form.files)
    const order = sb.orderByCode.get(orderCode)
    if (!order) throw plain(404, "Đơn hàng không tồn tại")
    const oShop = sb.shopById.get(order.shop_id)
    if (!oShop || !sb.isMember(acc, oShop)) throw plain(403, "Đơn hàng không thuộc cửa hàng của bạn")
    const now = isoSeconds(sb.now())
    const t: Ticket = {
      id: TICKET_ID_BASE + sb.state.counters.ticket++,
      type: category,
      order_code: orderCode,
      description,
      status_id: 1,
      client_id: oShop.client_id,
      shop_id: oShop._id,
      created_at: now,
      updated_at: now,
      created_by: acc.client_id,
      conversations: [],
      attachments,
    }
    sb.state.tickets.push(t)
    sb.markDirty()
    return ok({ ...ticketView(t), title: `${orderCode} - ${category}` })
  })

  sb.api("POST", `${B}/reply`, SPEC.replyTicket, async (ctx) => {
    const acc = sb.auth(ctx)
    const shop = sb.ticketShop(ctx, acc)
    if (!sb.can(acc, shop, "ticket")) throw plain(403, "Tài khoản không có quyền quản lý ticket")
    const form = await readForm(ctx)
    const rawId = (form.fields.get("ticket_id") ?? "").trim()
    const ticketId = /^\d+$/.test(rawId) ? Number(rawId) : 0
    const description = form.fields.get("description") ?? ""
    const lines: string[] = []
    if (!ticketId) lines.push(line("ReplyTicketRequest", "TicketID", "required"))
    if (!description) lines.push(line("ReplyTicketRequest", "Description", "required"))
    else if (charLength(description) > 2000) lines.push(line("ReplyTicketRequest", "Description", "max"))
    if (lines.length) throw plain(400, lines.join("\n"))
    const attachments = checkAttachments(sb, form.files)
    const t = sb.state.tickets.find((x) => x.id === ticketId)
    if (!t) throw plain(404, "Ticket không tồn tại")
    if (t.client_id !== shop.client_id) throw plain(403, "Ticket không thuộc cửa hàng")
    const now = isoSeconds(sb.now())
    const c: Conversation = {
      id: sb.state.counters.conversation++, body: description, from_email: acc.email, user_id: 0, created_at: now, updated_at: now,
      attachments, cc_emails: [], bcc_emails: [], private: false, incoming: true,
    }
    t.conversations.push(c)
    t.updated_at = now
    // The spec: a reply leaves the status unchanged (moves between 1, 2 and 3 are the support side's).
    sb.markDirty()
    return ok(conversationView({ ...c, created_at: "", updated_at: "" }))
  })

  sb.api("GET", `${B}/detail`, SPEC.getTicket, (ctx) => {
    const acc = sb.auth(ctx)
    const shop = sb.ticketShop(ctx, acc)
    if (!sb.can(acc, shop, "ticket")) throw plain(403, "Tài khoản không có quyền quản lý ticket")
    const raw = (ctx.query.get("ticket_id") ?? "").trim()
    const id = /^\d+$/.test(raw) ? Number(raw) : 0
    if (!id) throw plain(400, line("GetTicketRequest", "TicketID", "required"))
    const t = sb.state.tickets.find((x) => x.id === id)
    if (!t) throw plain(404, "Ticket không tồn tại")
    if (t.client_id !== shop.client_id) throw plain(403, "Ticket không thuộc cửa hàng")
    return ok(ticketView(t))
  })
}
