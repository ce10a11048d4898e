import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type UpdateGhnOrderInput, updateGhnOrderStep } from "./steps/update-ghn-order"

export type { UpdateGhnOrderInput }

export const updateGhnOrderWorkflow = createWorkflow("update-ghn-order", (input: UpdateGhnOrderInput) => {
  return new WorkflowResponse(updateGhnOrderStep(input))
})
