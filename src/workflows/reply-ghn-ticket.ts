import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { refreshRepliedTicketStep } from "./steps/refresh-replied-ghn-ticket"
import { type ReplyGhnTicketInput, replyGhnTicketStep } from "./steps/reply-ghn-ticket"

export type { ReplyGhnTicketInput }

export const replyGhnTicketWorkflow = createWorkflow("reply-ghn-ticket", (input: ReplyGhnTicketInput) => {
  const entry = replyGhnTicketStep(input)
  const synced = refreshRepliedTicketStep(input.ticket_id)
  return new WorkflowResponse({ entry, synced })
})
