import type { FulfillmentDataRead } from "../../contracts/fulfillment-data"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import { intentGhnOrderRequest, type CreateGhnOrderInput } from "../utils/ghn-order-request"

/**
 * What the recovery job does with one intent it found due: nothing (gone, or no longer pending nor
 * an orphan); create (its fulfilment is live and still without its GHN order: the create-ghn-order
 * workflow completes it with `input`, re-sending its code); carried (its fulfilment carries its GHN
 * order `order_code` already: the intent is created); cancel (no fulfilment carries it: its GHN
 * order is cancelled, an orphan).
 */
export type GhnIntentRecoveryPlan = { action: "none" | "create" | "carried" | "cancel"; input?: CreateGhnOrderInput; order_code?: string }

/**
 * Reads one due intent under its order's lock (read again there) and says what becomes of it
 * (reads only). A pending one whose fulfilment is live and has no GHN order yet (its process
 * stopped while it was made) is completed: an order's parcel rebuilt as it is now (COD, pick
 * shift), a return's pickup from the body it kept. One whose fulfilment is gone is an orphan.
 */
export const planGhnIntentRecoveryStep = createStep("plan-ghn-intent-recovery", async ({ intent_id }: { intent_id: string }, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const plan = (p: GhnIntentRecoveryPlan) => new StepResponse<GhnIntentRecoveryPlan>(p)
  const [intent] = await ghn.listGhnCreateIntents({ id: intent_id })
  if (intent?.status === "orphan") return plan({ action: "cancel" })
  if (intent?.status !== "pending") return plan({ action: "none" })

  const request = await intentGhnOrderRequest(container, intent)
  if (request) return plan({ action: "create", input: { order_id: intent.order_id, fulfillment_id: request.fulfillment_id, ...(request.kind === "return" ? { request } : {}) } })
  // Its fulfilment carries this order already, or is gone.
  const carrier = intent.fulfillment_id
    ? ((await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: [intent.fulfillment_id] }, { select: ["id", "canceled_at", "data"] }))[0] ?? null)
    : null
  const carried = carrier && !carrier.canceled_at ? (carrier.data as FulfillmentDataRead | null) : null
  if (carried?.order_code && carried.client_order_code === intent.client_order_code) return plan({ action: "carried", order_code: carried.order_code })
  container.resolve<{ warn(m: string): void }>(ContainerRegistrationKeys.LOGGER).warn(
    `GHN: ${intent.client_order_code}'s answer never came and no fulfilment carries it: cancelling whatever GHN made under it`
  )
  return plan({ action: "cancel" })
})
