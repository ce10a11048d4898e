import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { isGhnProviderId } from "../../lib/provider-id"
import type { QueryGraph } from "../../lib/query-graph"
import { recordGhnShipmentWorkflow } from "../record-ghn-shipment"

/**
 * The shipment record (and its Create Order intent settled) as part of creating the fulfilment, so it
 * exists before GHN's first webhook is applied; the order.fulfillment_created subscriber does
 * the same again as a backstop (it finds the record and stops). A failure here is logged, never
 * thrown: the GHN order exists and the fulfilment must not be rolled back for a record.
 */
createOrderFulfillmentWorkflow.hooks.fulfillmentCreated(async ({ fulfillment }, { container }) => {
  const f = fulfillment as { id: string; provider_id?: string }
  if (f.provider_id && !isGhnProviderId(f.provider_id)) return new StepResponse(undefined)
  try {
    const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph<{ order?: { id: string } | null }>({ entity: "fulfillment", fields: ["id", "order.id"], filters: { id: f.id } })
    const orderId = data[0]?.order?.id
    if (orderId) await recordGhnShipmentWorkflow(container).run({ input: { order_id: orderId, fulfillment_id: f.id } })
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`GHN: shipment record of ${f.id} deferred to the event: ${(error as Error).message}`)
  }
  return new StepResponse(undefined)
})
