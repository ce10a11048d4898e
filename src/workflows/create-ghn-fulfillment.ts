import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, createOrderFulfillmentWorkflow, releaseLockStep, type CreateOrderFulfillmentWorkflowInput } from "@medusajs/medusa/core-flows"
import { orderFulfillmentLockKey } from "./ghn-order-request"

/**
 * Medusa's createOrderFulfillmentWorkflow under the order's fulfilment lock, for a store's own
 * code: the lock the admin's route is queued under (Medusa's workflow takes none, and two
 * fulfilments of one order registered at once corrupt the order's next version). The GHN order
 * itself is made by the plugin's fulfillmentCreated hook, whichever workflow runs.
 */
export const createGhnFulfillmentWorkflow = createWorkflow("create-ghn-fulfillment", (input: CreateOrderFulfillmentWorkflowInput) => {
  const key = transform({ input }, ({ input }) => orderFulfillmentLockKey(input.order_id))
  acquireLockStep({ key, timeout: 60, ttl: 120 })
  const fulfillment = createOrderFulfillmentWorkflow.runAsStep({ input })
  releaseLockStep({ key })
  return new WorkflowResponse(fulfillment)
})
