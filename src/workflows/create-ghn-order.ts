import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createGhnOrderStep, type CreateGhnOrderInput } from "./steps/create-ghn-order"

/** The one Create Order path as a workflow, for a store's own code (an order's fulfilment, or a prebuilt request). */
export const createGhnOrderWorkflow = createWorkflow("create-ghn-order", (input: CreateGhnOrderInput) => {
  return new WorkflowResponse(createGhnOrderStep(transform({ input }, ({ input }) => [input])))
})
