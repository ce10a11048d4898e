import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createOrderFulfillmentWorkflow, type CreateOrderFulfillmentWorkflowInput } from "@medusajs/medusa/core-flows"

/**
 * Medusa's createOrderFulfillmentWorkflow, under the name earlier versions of the plugin asked a
 * store's code to use: Medusa's own workflow now makes the GHN order (the plugin's
 * fulfillmentCreated hook) and queues fulfilments of one order (the GHN provider): call either.
 */
export const createGhnFulfillmentWorkflow = createWorkflow("create-ghn-fulfillment", (input: CreateOrderFulfillmentWorkflowInput) => {
  return new WorkflowResponse(createOrderFulfillmentWorkflow.runAsStep({ input }))
})
