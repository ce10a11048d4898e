import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createGhnTicketWorkflow } from "../../../../workflows/create-ghn-ticket"
import { syncGhnTicketsWorkflow } from "../../../../workflows/sync-ghn-tickets"
import { ghnModule } from "../../../utils"
import type { CreateTicketForm, TicketsQuery } from "../support-validators"
import type { TicketAttachmentInput } from "../support-utils"
import { presentTicket } from "./present"

/**
 * The GHN tickets opened from this store (GHN has no list API: these are the records kept when
 * they were created), filtered by order, order code and status, newest first. `refresh=true`
 * asks GHN first for the status of the open ones on the page.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, TicketsQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as TicketsQuery
  const ghn = ghnModule(req)
  const filters: Record<string, unknown> = {}
  if (q.order_id) filters.order_id = q.order_id
  if (q.order_code) filters.order_code = Array.isArray(q.order_code) ? q.order_code : q.order_code.split(",").filter(Boolean)
  if (q.status_id) filters.status_id = q.status_id
  const list = () => ghn.listAndCountGhnTickets(filters, { take: q.limit, skip: q.offset, order: { created_at: "DESC" } })
  let [tickets, count] = await list()
  const errors = new Map<number, string>()
  if (q.refresh === "true") {
    // GHN's ticket API is a support backend: at most 20 Get Ticket calls per list.
    const open = tickets.filter((t) => t.status_id !== 3).map((t) => t.ticket_id).slice(0, 20)
    if (open.length) {
      const { result } = await syncGhnTicketsWorkflow(req.scope).run({ input: { ticket_ids: open, tolerant: true } })
      for (const r of result) if (r.error) errors.set(r.record.ticket_id, r.error)
      ;[tickets, count] = await list()
    }
  }
  res.json({
    tickets: tickets.map((t) => presentTicket(t, null, errors.get(t.ticket_id))),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}

/**
 * Create Ticket: multipart form (order_code, category, description, up to 10 `attachments`),
 * sent on to GHN as a form. The order code must be one of this store's GHN shipments.
 */
export async function POST(req: AuthenticatedMedusaRequest<CreateTicketForm & { attachments: TicketAttachmentInput[] }>, res: MedusaResponse) {
  const body = req.validatedBody
  const { result } = await createGhnTicketWorkflow(req.scope).run({
    input: {
      order_code: body.order_code,
      category: body.category,
      description: body.description,
      attachments: body.attachments,
      created_by: req.auth_context?.actor_id ?? null,
    },
  })
  res.status(201).json({ ticket: presentTicket(result.record, result.ticket) })
}
