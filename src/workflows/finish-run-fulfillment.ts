import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createRemoteLinkStep, registerOrderFulfillmentStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { acquireGhnOrderLockStep, orderLockRelease } from "./steps/acquire-ghn-order-lock"

export type FinishRunFulfillmentInput = {
  order_id: string
  fulfillment_id: string
  created_by?: string | null
  /** The order's lines Medusa had not registered as shipped by this fulfilment yet (empty: registered). */
  register: { id: string; quantity: number }[]
  /** The fulfilment is not linked to its order yet. */
  link: boolean
}

/**
 * A fulfilment a shipping run made whose worker stopped inside Medusa's createOrderFulfillmentWorkflow
 * (a restart, a SIGKILL: no compensation ran) between its two parallel writes: the order's
 * registration of the fulfilment and its link to the order, each made here only where Medusa had not
 * made it, with Medusa's own steps (and their compensations). Its GHN order is made after, through
 * the one Create Order path. Under the order's lock: registering writes the order.
 */
export const finishRunFulfillmentWorkflow = createWorkflow("finish-ghn-run-fulfillment", (input: FinishRunFulfillmentInput) => {
  const lock = acquireGhnOrderLockStep(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
  when("register-run-fulfillment", input, (i) => i.register.length > 0).then(() => {
    registerOrderFulfillmentStep(
      transform({ input }, ({ input }) => ({
        order_id: input.order_id,
        reference: Modules.FULFILLMENT,
        reference_id: input.fulfillment_id,
        ...(input.created_by ? { created_by: input.created_by } : {}),
        items: input.register,
      }))
    )
  })
  when("link-run-fulfillment", input, (i) => i.link).then(() => {
    createRemoteLinkStep(
      transform({ input }, ({ input }) => [{ [Modules.ORDER]: { order_id: input.order_id }, [Modules.FULFILLMENT]: { fulfillment_id: input.fulfillment_id } }])
    )
  })
  releaseLockStep(transform({ lock }, ({ lock }) => orderLockRelease(lock))).config({ name: "release-ghn-order-lock" })
  return new WorkflowResponse(input.fulfillment_id)
})
