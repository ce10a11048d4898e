import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { recoverGhnIntentStep } from "./steps/recover-ghn-intent"

/** One intent the recovery job found due, completed or cancelled (see steps/recover-ghn-intent.ts). */
export const recoverGhnIntentWorkflow = createWorkflow("recover-ghn-intent", (input: { intent_id: string }) => {
  return new WorkflowResponse(recoverGhnIntentStep(input))
})
