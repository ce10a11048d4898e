import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { leaveOrderQueue } from "../../lib/runtime/order-queue"
import { isGhnProviderId } from "../../lib/runtime/provider-id"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { cancelGhnOrderInStep, createGhnOrderInStep, type CreatedGhnOrder, type GhnOrderRunInStep } from "../create-ghn-order"
import { consumeHook } from "./consume-hook"

type HookStep = { container: MedusaContainer; eventGroupId?: string }

/**
 * Where every GHN order of an order's fulfilment is made: the `fulfillmentCreated` hook of Medusa's
 * createOrderFulfillmentWorkflow, which the admin's "Create fulfilment", a claim's or exchange's
 * items and a store's own code all run. It runs after Medusa has checked the items, quantities,
 * order and location and registered the fulfilment, so GHN never gets a fulfilment Medusa
 * refuses. A hook is one step, in which Medusa composes no steps: its handler runs the
 * create-ghn-order workflow (prepare, reserve, send, settle, under the order's lock), and its
 * compensation cancels that run (GHN cancels what was made). A throw here rolls Medusa's
 * fulfilment back.
 *
 * Medusa allows one handler per hook: a store that needs fulfillmentCreated itself can call
 * `createGhnOrderInStep` / `cancelGhnOrderInStep` (medusa-fulfillment-ghn/workflows) from its own
 * handler and leave this file out of its build.
 */
consumeHook(
  "createOrderFulfillmentWorkflow",
  createOrderFulfillmentWorkflow,
  "fulfillmentCreated",
  async ({ fulfillment }: { fulfillment: unknown }, step: HookStep) => {
    const f = fulfillment as { id: string; provider_id?: string | null }
    if (!isGhnProviderId(f.provider_id)) return new StepResponse<CreatedGhnOrder | null, GhnOrderRunInStep | undefined>(null, undefined)
    const orderId = await orderOf(step.container, f.id)
    // Medusa links every order fulfilment before this hook: without the link nothing could be checked or collected.
    if (!orderId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `GHN: fulfilment ${f.id} belongs to no order; no GHN order was made`)
    try {
      // The fulfilment holds the order's lock (its place in the queue): the run re-enters it, never waits for itself.
      const run = await createGhnOrderInStep({ order_id: orderId, fulfillment_id: f.id, lock_owner: f.id }, step)
      return new StepResponse<CreatedGhnOrder | null, GhnOrderRunInStep | undefined>(run.created, run)
    } finally {
      // The order's place in the queue the provider took for this fulfilment (src/lib/runtime/order-queue.ts).
      await leaveOrderQueue(step.container.resolve(Modules.LOCKING), { order_id: orderId, owner: f.id })
    }
  },
  "no GHN order is made for a fulfilment: GHN fulfilments are refused",
  async (run: GhnOrderRunInStep | undefined, step: HookStep) => cancelGhnOrderInStep(run, step)
)

async function orderOf(container: MedusaContainer, fulfillmentId: string) {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<{ order?: { id: string } | null }>({ entity: "fulfillment", fields: ["id", "order.id"], filters: { id: fulfillmentId } })
  return data[0]?.order?.id
}
