import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"
import type { GhnOrderRequest } from "../utils/ghn-order-request"
import { cancelOrphans, sortPendingIntents } from "../utils/pending-intents"

export type ReservedGhnIntent = {
  intent: GhnIntentRow
  /** Orders of earlier unanswered tries with other items, cancelled at GHN before this one (kept on the fulfilment's data). */
  cancelled_orphans: { client_order_code: string; order_code: string }[]
}

/**
 * Reserve: the intent, with the body about to be sent, in PostgreSQL before GHN is called. An
 * earlier unanswered intent of the same shipment is adopted (its code re-sent, GHN answers with
 * the order it made then); an orphan's GHN order is cancelled first, and one GHN will not cancel
 * stops the shipment here. No compensation, on purpose: the intent is the record of what GHN may
 * hold, which a retry adopts and the recovery job completes or cancels; the send step and its
 * compensation move it to where it ends.
 */
export const reserveGhnIntentStep = createStep("reserve-ghn-intent", async (request: GhnOrderRequest, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const { adopted, orphans } = await sortPendingIntents(container, ghn, request)
  const cancelled_orphans = await cancelOrphans(ghn, orphans, request.body)
  const carried = { fulfillment_id: request.fulfillment_id, body: request.body, cod_amount: request.body.cod_amount }
  if (adopted) {
    await ghn.updateGhnCreateIntents({ id: adopted.id, ...carried })
    return new StepResponse<ReservedGhnIntent>({ intent: { ...adopted, ...carried }, cancelled_orphans })
  }
  const intent = await ghn.reserveIntent({ ...request, cod_amount: request.body.cod_amount, body: request.body })
  return new StepResponse<ReservedGhnIntent>({ intent, cancelled_orphans })
})
