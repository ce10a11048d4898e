import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, createOrderFulfillmentWorkflow, releaseLockStep, type CreateOrderFulfillmentWorkflowInput } from "@medusajs/medusa/core-flows"
import { GHN_CONTEXT_KEY } from "../lib/fulfillment-context"
import { ghnOrderLockKey, prepareGhnFulfillmentStep } from "./steps/prepare-ghn-fulfillment"

/**
 * Creates an order's fulfilment as Medusa's `createOrderFulfillmentWorkflow` does, for a store's
 * own code: a GHN fulfilment needs what the plugin prepares first (COD, sender, product measures,
 * the Create Order intent in PostgreSQL), under the order's lock. Takes the same input; a
 * fulfilment of another provider passes through unchanged.
 *
 * ```ts
 * import { createGhnFulfillmentWorkflow } from "medusa-fulfillment-ghn/workflows"
 * await createGhnFulfillmentWorkflow(container).run({ input: { order_id, items: [{ id, quantity }] } })
 * ```
 */
export const createGhnFulfillmentWorkflow = createWorkflow("create-ghn-fulfillment", (input: CreateOrderFulfillmentWorkflowInput) => {
  const lockKey = transform({ input }, ({ input }) => ghnOrderLockKey(input.order_id))
  acquireLockStep({ key: lockKey, timeout: 60, ttl: 120 })
  const prepared = prepareGhnFulfillmentStep(
    transform({ input }, ({ input }) => ({
      order_id: input.order_id,
      items: (input.items ?? []).map((item) => ({ id: item.id, quantity: Number(item.quantity) })),
      location_id: input.location_id ?? null,
      shipping_option_id: input.shipping_option_id ?? null,
    }))
  )
  const fulfillment = createOrderFulfillmentWorkflow.runAsStep({
    input: transform({ input, prepared }, ({ input, prepared }) => {
      const additional = { ...(input.additional_data ?? {}) }
      delete additional[GHN_CONTEXT_KEY]
      return { ...input, additional_data: prepared ? { ...additional, [GHN_CONTEXT_KEY]: prepared.context } : additional }
    }),
  })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(fulfillment)
})
