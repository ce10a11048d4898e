import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type MarkGhnIntentCreatedInput = { intent_id: string; order_code: string; fulfillment_id?: string }

/**
 * Settle, last write: the intent is created, with the GHN order code its fulfilment carries (also
 * the recovery job's move for an intent whose fulfilment carries its order already). No
 * compensation of its own: a GHN order undone later moves its intent on (the send step's
 * compensation cancels it, or leaves an orphan).
 */
export const markGhnIntentCreatedStep = createStep("mark-ghn-intent-created", async ({ intent_id, order_code, fulfillment_id }: MarkGhnIntentCreatedInput, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [intent] = await ghn.listGhnCreateIntents({ id: intent_id }, { select: ["id", "client_order_code", "status"] })
  await ghn.moveIntent(intent, "created", { order_code, ...(fulfillment_id ? { fulfillment_id } : {}), error: null })
  return new StepResponse(intent_id)
})
