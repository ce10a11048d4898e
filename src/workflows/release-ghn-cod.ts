import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { updateOrderMetadataStep } from "./steps/update-order-metadata"

/** A cancelled fulfilment that carried the order's COD hands it to the next GHN fulfilment. */
export const releaseGhnCodWorkflow = createWorkflow("release-ghn-cod", (input: { order_id: string; fulfillment_id: string }) => {
  const { data: orders } = useQueryGraphStep({ entity: "order", fields: ["id", "metadata"], filters: { id: input.order_id } })
  const release = transform({ orders, input }, ({ orders, input }) => (orders[0] as any)?.metadata?.ghn_cod_fulfillment_id === input.fulfillment_id)
  when({ release }, ({ release }) => release).then(() => {
    updateOrderMetadataStep(transform({ input }, ({ input }) => ({ order_id: input.order_id, metadata: { ghn_cod_fulfillment_id: null } })))
  })
  return new WorkflowResponse(release)
})
