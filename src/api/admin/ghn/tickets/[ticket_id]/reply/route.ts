import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { replyGhnTicketWorkflow } from "../../../../../../workflows/reply-ghn-ticket"
import type { TicketAttachmentInput } from "../../../support-utils"
import type { ReplyTicketForm } from "../../../support-validators"
import { presentTicket, ticketIdOf } from "../../present"

/** Create Feedback of Ticket: the store's reply (multipart form, up to 10 `attachments`). */
export async function POST(req: MedusaRequest<ReplyTicketForm & { attachments: TicketAttachmentInput[] }>, res: MedusaResponse) {
  const ticketId = ticketIdOf(req)
  const body = req.validatedBody
  const { result } = await replyGhnTicketWorkflow(req.scope).run({
    input: { ticket_id: ticketId, description: body.description, attachments: body.attachments },
  })
  const { synced } = result
  res.status(201).json({
    entry: result.entry,
    ticket: presentTicket(synced.record, synced.ticket, (synced as { error?: string }).error),
  })
}
