import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"
import { intentGhnOrderRequest } from "../utils/ghn-order-request"
import { cancelOrphan, createUnderLock, undoGhnOrder, withOrderLock, type CreatedGhnOrder } from "./create-ghn-order"

export type RecoverGhnIntentResult = { intent_id: string; outcome: "created" | "cancelled" | "orphan" | "unchanged"; order_code?: string | null; error?: string }

/** The recovery pass's view of cancelOrphan's outcome. */
async function recoverOrphan(ghn: GhnModuleService, intent: GhnIntentRow): Promise<RecoverGhnIntentResult> {
  const result = await cancelOrphan(ghn, intent)
  if (result.outcome === "cancelled") return { intent_id: intent.id, outcome: "cancelled", order_code: result.order_code }
  const error = result.outcome === "refused" ? `GHN no longer cancels it: it is "${result.status}"` : result.error
  return { intent_id: intent.id, outcome: "orphan", order_code: result.order_code, error }
}

type Result = StepResponse<RecoverGhnIntentResult, CreatedGhnOrder | null>
const result = (r: RecoverGhnIntentResult, created: CreatedGhnOrder | null = null): Result => new StepResponse(r, created)

/**
 * One intent the recovery job found due, under its order's lock (read again there). A pending one
 * whose fulfilment is live and has no GHN order yet (its process stopped while it was made) is
 * completed through the one Create Order path, re-sending its code: an order's parcel rebuilt as
 * it is now (COD, pick shift), a return's pickup from the body it kept. One whose fulfilment is
 * gone is an orphan. An orphan's GHN order is cancelled, with back-off while GHN fails.
 * Compensation: a completed order is undone (GHN cancels it); a cancel at GHN has no undo.
 */
export const recoverGhnIntentStep = createStep(
  "recover-ghn-intent",
  async (input: { intent_id: string }, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [first] = await ghn.listGhnCreateIntents({ id: input.intent_id }, { select: ["id", "order_id"] })
    if (!first) return result({ intent_id: input.intent_id, outcome: "unchanged" })
    return await withOrderLock(container, first.order_id, async () => {
      const [intent] = await ghn.listGhnCreateIntents({ id: input.intent_id })
      if (intent?.status === "orphan") return result(await recoverOrphan(ghn, intent))
      if (intent?.status !== "pending") return result({ intent_id: input.intent_id, outcome: "unchanged" })

      const request = await intentGhnOrderRequest(container, intent)
      if (request) {
        const created = await createUnderLock(container, { order_id: intent.order_id, fulfillment_id: request.fulfillment_id, ...(request.kind === "return" ? { request } : {}) })
        return result({ intent_id: intent.id, outcome: created ? "created" : "unchanged", order_code: created?.order_code }, created)
      }
      // Its fulfilment carries this order already, or is gone.
      const carrier = intent.fulfillment_id
        ? ((await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: [intent.fulfillment_id] }, { select: ["id", "canceled_at", "data"] }))[0] ?? null)
        : null
      const carried = carrier && !carrier.canceled_at ? (carrier.data as { order_code?: string; client_order_code?: string } | null) : null
      if (carried?.order_code && carried.client_order_code === intent.client_order_code) {
        await ghn.moveIntent(intent, "created", { order_code: carried.order_code })
        return result({ intent_id: intent.id, outcome: "created", order_code: carried.order_code })
      }
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`GHN: ${intent.client_order_code}'s answer never came and no fulfilment carries it: cancelling whatever GHN made under it`)
      return result(await recoverOrphan(ghn, intent))
    })
  },
  async (created, { container }) => undoGhnOrder(container, created)
)
