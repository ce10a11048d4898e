import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnConversation } from "../../lib/ghn"
import { toMedusaError } from "../../lib/runtime/medusa-error"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import { toGhnAttachments, type GhnTicketFile } from "./create-ghn-ticket-at-ghn"
import { findGhnTicket } from "./sync-ghn-tickets"

export type ReplyGhnTicketInput = { ticket_id: number; description: string; attachments?: GhnTicketFile[] }

/** GHN's Create Feedback of Ticket (a form, multipart with files), with the ticket's shop. No undo. */
export const replyGhnTicketStep = createStep("reply-ghn-ticket", async (input: ReplyGhnTicketInput, { container }) => {
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
