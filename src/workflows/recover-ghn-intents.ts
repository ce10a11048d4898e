import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PENDING_GRACE_MS } from "../lib/create-intent"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { recoverGhnIntentStep, type RecoverGhnIntentResult } from "./steps/recover-ghn-intent"
import { createGhnOrderStep, type CreateGhnOrderInput } from "./steps/create-ghn-order"

/** One intent the recovery job found due, completed or cancelled (see recover-ghn-intent.ts). */
export const recoverGhnIntentWorkflow = createWorkflow("recover-ghn-intent", (input: { intent_id: string }) => {
  return new WorkflowResponse(recoverGhnIntentStep(input))
})

/** The one Create Order path as a workflow, for a store's own code (an order's fulfilment, or a prebuilt request). */
export const createGhnOrderWorkflow = createWorkflow("create-ghn-order", (input: CreateGhnOrderInput) => {
  return new WorkflowResponse(createGhnOrderStep(transform({ input }, ({ input }) => [input])))
})

/** Intents due: pending ones older than the grace a retry has to adopt them, and orphans whose next try has come. */
export async function dueGhnIntents(container: MedusaContainer, limit = 50): Promise<string[]> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const now = new Date()
  const [pending, orphans] = await Promise.all([
    ghn.listGhnCreateIntents({ status: "pending", updated_at: { $lt: new Date(now.getTime() - PENDING_GRACE_MS) } }, { select: ["id"], take: limit, order: { updated_at: "ASC" } }),
    ghn.listGhnCreateIntents({ status: "orphan", next_attempt_at: { $lte: now } }, { select: ["id"], take: limit, order: { next_attempt_at: "ASC" } }),
  ])
  return [...pending, ...orphans].map((i) => i.id)
}

/** The recovery pass over Create Order intents: each due one in its own workflow, so one failure stops no other. */
export async function recoverGhnIntents(container: MedusaContainer): Promise<RecoverGhnIntentResult[]> {
  const results: RecoverGhnIntentResult[] = []
  for (const intent_id of await dueGhnIntents(container)) {
    try {
      const { result } = await recoverGhnIntentWorkflow(container).run({ input: { intent_id } })
      results.push(result)
    } catch (error) {
      results.push({ intent_id, outcome: "unchanged", error: (error as Error).message })
    }
  }
  return results
}
