import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateOrderMetadataStep } from "../workflows/steps/update-order-metadata"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

type Event = { order_id: string; fulfillment_id: string }

const markCodWorkflow = createWorkflow("ghn-mark-cod-fulfillment", (input: { order_id: string; metadata: Record<string, unknown> }) => {
  updateOrderMetadataStep(input)
  return new WorkflowResponse(undefined)
})

/**
 * COD is collected once per order: the first GHN fulfilment that carries it is recorded on the
 * order (the provider reads it to send 0 on later fulfilments); a cancel releases it.
 */
export default async function ghnFulfillmentCod({ event, container }: SubscriberArgs<Event>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "metadata", "fulfillments.id", "fulfillments.provider_id", "fulfillments.data", "fulfillments.canceled_at"],
    filters: { id: event.data.order_id },
  })
  const order = data[0] as any
  const meta = order?.metadata ?? {}
  if (!order || !(Number(meta.ghn_cod_amount) > 0)) return
  const fulfillment = (order.fulfillments ?? []).find((f: any) => f.id === event.data.fulfillment_id)
  if (!fulfillment || fulfillment.provider_id !== "ghn_ghn") return
  const carriesCod = Number(fulfillment.data?.cod_amount) > 0
  if (event.name === "order.fulfillment_created" && carriesCod && !fulfillment.canceled_at) {
    await markCodWorkflow(container).run({ input: { order_id: order.id, metadata: { ghn_cod_fulfillment_id: fulfillment.id } } })
  } else if (event.name === "order.fulfillment_canceled" && meta.ghn_cod_fulfillment_id === fulfillment.id) {
    await markCodWorkflow(container).run({ input: { order_id: order.id, metadata: { ghn_cod_fulfillment_id: null } } })
  }
}

export const config: SubscriberConfig = {
  event: ["order.fulfillment_created", "order.fulfillment_canceled"],
  context: { subscriberId: "ghn-cod-fulfillment" },
}
