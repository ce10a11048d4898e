import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createGhnOrderWorkflow, type CreateGhnOrderInput } from "./create-ghn-order"
import { cancelGhnOrphanStep } from "./steps/cancel-ghn-orphan"
import { markGhnIntentCreatedStep } from "./steps/mark-ghn-intent-created"
import { planGhnIntentRecoveryStep } from "./steps/plan-ghn-intent-recovery"
import { acquireGhnOrderLockStep, orderLockRelease } from "./steps/acquire-ghn-order-lock"

export type RecoverGhnIntentResult = { intent_id: string; outcome: "created" | "cancelled" | "orphan" | "unchanged"; order_code?: string | null; error?: string }

/**
 * One intent the recovery job found due, under its order's lock (src/runners/intents.ts): a
 * pending one whose fulfilment is live and without its GHN order is completed by the one Create
 * Order path (create-ghn-order, run as a step: the lock is this workflow's), re-sending its code;
 * one whose fulfilment carries its order is created; any other is an orphan, whose GHN order is
 * cancelled, with back-off while GHN fails. A completed order is undone (GHN cancels it) when a
 * later step fails; a cancel at GHN has no undo.
 */
export const recoverGhnIntentWorkflow = createWorkflow("recover-ghn-intent", (input: { intent_id: string }) => {
  const { data: intents } = useQueryGraphStep({ entity: "ghn_create_intent", fields: ["id", "order_id"], filters: { id: input.intent_id } }).config({
    name: "ghn-intent-order",
  })
  const lock = acquireGhnOrderLockStep(transform({ intents }, ({ intents }) => ({ order_id: (intents[0] as { order_id?: string } | undefined)?.order_id })))

  const plan = planGhnIntentRecoveryStep(input)
  const created = when("recover-by-creating", { plan }, ({ plan }) => plan.action === "create").then(() =>
    createGhnOrderWorkflow.runAsStep({ input: transform({ plan }, ({ plan }): CreateGhnOrderInput => plan.input!) })
  )
  when("recover-carried", { plan }, ({ plan }) => plan.action === "carried").then(() => {
    markGhnIntentCreatedStep(transform({ input, plan }, ({ input, plan }) => ({ intent_id: input.intent_id, order_code: plan.order_code! })))
  })
  const cancelled = when("recover-by-cancelling", { plan }, ({ plan }) => plan.action === "cancel").then(() => cancelGhnOrphanStep(input.intent_id))
  releaseLockStep(transform({ lock }, ({ lock }) => orderLockRelease(lock))).config({ name: "release-ghn-order-lock" })

  return new WorkflowResponse(
    transform({ input, plan, created, cancelled }, ({ input, plan, created, cancelled }): RecoverGhnIntentResult => {
      const intent_id = input.intent_id
      if (plan.action === "create") return { intent_id, outcome: created ? "created" : "unchanged", order_code: created?.order_code }
      if (plan.action === "carried") return { intent_id, outcome: "created", order_code: plan.order_code }
      if (plan.action === "cancel" && cancelled) {
        if (cancelled.outcome === "cancelled") return { intent_id, outcome: "cancelled", order_code: cancelled.order_code }
        const error = cancelled.outcome === "refused" ? `GHN no longer cancels it: it is "${cancelled.status}"` : cancelled.error
        return { intent_id, outcome: "orphan", order_code: cancelled.order_code, error }
      }
      return { intent_id, outcome: "unchanged" }
    })
  )
})
