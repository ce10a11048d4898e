import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnConversation } from "../lib/ghn"
import { toMedusaError } from "../lib/medusa-error"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { toGhnAttachments, type GhnTicketFile } from "./create-ghn-ticket"
import { findGhnTicket, syncGhnTicket } from "./sync-ghn-tickets"

export type ReplyGhnTicketInput = { ticket_id: number; description: string; attachments?: GhnTicketFile[] }

/** GHN's Create Feedback of Ticket (a form, multipart with files), with the ticket's shop. No undo. */
const replyGhnTicketStep = createStep("reply-ghn-ticket", async (input: ReplyGhnTicketInput, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const record = await findGhnTicket(ghn, input.ticket_id)
  let entry: GhnConversation
  try {
    entry = await (await ghn.accountOfOrderCode(record.order_code)).client.tickets.reply(
      { ticket_id: input.ticket_id, description: input.description, attachments: toGhnAttachments(input.attachments) },
      { shopId: record.shop_id }
    )
  } catch (error) {
    throw toMedusaError(error, "GHN Create Feedback of Ticket")
  }
  return new StepResponse(entry)
})

/** GHN does not change the status in the reply's answer: read the ticket again (best effort). */
const refreshRepliedTicketStep = createStep("refresh-replied-ghn-ticket", async (ticketId: number, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const record = await findGhnTicket(ghn, ticketId)
  const synced = await syncGhnTicket(ghn, record).catch((error) => ({ record, ticket: null, error: (error as Error).message }))
  return new StepResponse(synced)
})

export const replyGhnTicketWorkflow = createWorkflow("reply-ghn-ticket", (input: ReplyGhnTicketInput) => {
  const entry = replyGhnTicketStep(input)
  const synced = refreshRepliedTicketStep(input.ticket_id)
  return new WorkflowResponse({ entry, synced })
})
