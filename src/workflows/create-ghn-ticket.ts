import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type CreateGhnTicketInput, createGhnTicketAtGhnStep, type GhnTicketFile, toGhnAttachments } from "./steps/create-ghn-ticket-at-ghn"
import { recordGhnTicketStep } from "./steps/record-ghn-ticket"

export { toGhnAttachments, type CreateGhnTicketInput, type GhnTicketFile }

export const createGhnTicketWorkflow = createWorkflow("create-ghn-ticket", (input: CreateGhnTicketInput) => {
  const created = createGhnTicketAtGhnStep(input)
  const record = recordGhnTicketStep({ created, input })
  return new WorkflowResponse({ record, ticket: created.ticket })
})
