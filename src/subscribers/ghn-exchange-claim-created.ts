import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { createGhnReturnOrderWorkflow } from "../workflows/create-ghn-return-order"

type ChangeCreated = { order_id: string; exchange_id?: string; claim_id?: string }

/** An exchange or claim whose returned items go back by a GHN return option books GHN's pickup. */
export default async function ghnExchangeOrClaimCreated({ event, container }: SubscriberArgs<ChangeCreated>) {
  const [entity, id] = event.data.exchange_id ? ["order_exchange", event.data.exchange_id] : ["order_claim", event.data.claim_id]
  if (!id) return
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({ entity, fields: ["id", "return_id"], filters: { id } })
  const returnId = (data[0] as { return_id?: string | null } | undefined)?.return_id
  if (returnId) await createGhnReturnOrderWorkflow(container).run({ input: { return_id: returnId } })
}

export const config: SubscriberConfig = {
  event: [OrderWorkflowEvents.EXCHANGE_CREATED, OrderWorkflowEvents.CLAIM_CREATED],
  context: { subscriberId: "ghn-create-exchange-claim-return-order" },
}
