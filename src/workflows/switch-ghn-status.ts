import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type SwitchGhnStatusInput, type SwitchGhnStatusResult, switchGhnStatusStep } from "./steps/switch-ghn-status"

export type { SwitchGhnStatusInput, SwitchGhnStatusResult }

export const switchGhnStatusWorkflow = createWorkflow("switch-ghn-status", (input: SwitchGhnStatusInput) => {
  return new WorkflowResponse(switchGhnStatusStep(input))
})
