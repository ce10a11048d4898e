import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type SyncedGhnTicket, type SyncGhnTicketsInput, syncGhnTicketsStep } from "./steps/sync-ghn-tickets"

export type { SyncedGhnTicket, SyncGhnTicketsInput }

export const syncGhnTicketsWorkflow = createWorkflow("sync-ghn-tickets", (input: SyncGhnTicketsInput) => {
  return new WorkflowResponse(syncGhnTicketsStep(input))
})
