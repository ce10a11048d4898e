import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { leaveOrderQueue } from "../../lib/runtime/order-queue"
import { isGhnProviderId } from "../../lib/runtime/provider-id"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { createGhnOrder, undoGhnOrder, type CreatedGhnOrder } from "../steps/create-ghn-order"
import { consumeHook } from "./consume-hook"

/**
 * Where every GHN order of an order's fulfilment is made: the `fulfillmentCreated` hook of Medusa's
 * createOrderFulfillmentWorkflow, which the admin's "Create fulfilment", a claim's or exchange's
 * items and a store's own code all run. It runs after Medusa has checked the items, quantities,
 * order and location and registered the fulfilment, so GHN never gets a fulfilment Medusa
 * refuses. A hook is one step: its handler is the create-ghn-order step's (validate, prepare,
 * reserve, send, settle, under the order's lock) and its compensation the step's (GHN cancels
 * what was made). A throw here rolls Medusa's fulfilment back.
 *
 * Medusa allows one handler per hook: a store that needs fulfillmentCreated itself can call
 * `createGhnOrder` / `undoGhnOrder` (medusa-fulfillment-ghn/workflows) from its own handler and
 * leave this file out of its build.
 */
consumeHook(
  "createOrderFulfillmentWorkflow",
  createOrderFulfillmentWorkflow,
  "fulfillmentCreated",
  async ({ fulfillment }: { fulfillment: unknown }, { container }: { container: MedusaContainer }) => {
    const f = fulfillment as { id: string; provider_id?: string | null }
    if (!isGhnProviderId(f.provider_id)) return new StepResponse<CreatedGhnOrder | null, CreatedGhnOrder | null>(null, null)
    const orderId = await orderOf(container, f.id)
    // Medusa links every order fulfilment before this hook: without the link nothing could be checked or collected.
    if (!orderId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `GHN: fulfilment ${f.id} belongs to no order; no GHN order was made`)
    try {
      const created = await createGhnOrder(container, { order_id: orderId, fulfillment_id: f.id })
      return new StepResponse(created, created)
    } finally {
      // The order's place in the queue the provider took for this fulfilment (src/lib/runtime/order-queue.ts).
      await leaveOrderQueue(container.resolve(Modules.LOCKING), { order_id: orderId, owner: f.id })
    }
  },
  "no GHN order is made for a fulfilment: GHN fulfilments are refused",
  async (created: CreatedGhnOrder | null, { container }: { container: MedusaContainer }) => undoGhnOrder(container, created)
)

async function orderOf(container: MedusaContainer, fulfillmentId: string) {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<{ order?: { id: string } | null }>({ entity: "fulfillment", fields: ["id", "order.id"], filters: { id: fulfillmentId } })
  return data[0]?.order?.id
}
