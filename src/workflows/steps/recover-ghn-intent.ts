import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelGhnOrder } from "../../lib/cancel-order"
import { orphanRetryDelayMs } from "../../lib/create-intent"
import { toMedusaError, withoutHosts } from "../../lib/medusa-error"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"
import { intentGhnOrderRequest } from "../ghn-order-request"
import { createUnderLock, undoGhnOrder, withOrderLock, type CreatedGhnOrder } from "./create-ghn-order"

export type RecoverGhnIntentResult = { intent_id: string; outcome: "created" | "cancelled" | "orphan" | "unchanged"; order_code?: string | null; error?: string }

/**
 * An orphan's GHN order cancelled: its code re-sent to learn the order (GHN answers with the one it
 * made), then Cancel Order. An order made before the intent is another store's: never cancelled.
 */
async function cancelOrphan(ghn: GhnModuleService, intent: GhnIntentRow): Promise<RecoverGhnIntentResult> {
  const account = ghn.accountOf(intent.provider_id)
  const shopId = intent.shop_id ?? account.options.shopId
  let orderCode = intent.order_code
  try {
    if (!orderCode) {
      if (!intent.body) {
        // Reserved by a version that kept no body: nothing to re-send, the admin decides.
        await ghn.updateGhnCreateIntents({ id: intent.id, error: "no Create Order body kept for it: look for its code in GHN's portal and cancel the order there", next_attempt_at: null })
        return { intent_id: intent.id, outcome: "orphan", error: "no body kept" }
      }
      orderCode = (await account.client.orders.create({ ...(intent.body as object), client_order_code: intent.client_order_code }, { shopId })).order_code
      await ghn.updateGhnCreateIntents({ id: intent.id, order_code: orderCode })
    }
    const info = await account.client.orders.info(orderCode, { shopId })
    const made = info.created_date ? Date.parse(info.created_date) : NaN
    if (Number.isFinite(made) && made < new Date(intent.created_at).getTime() - 60_000) {
      await ghn.moveIntent(intent, "cancelled", { note: `GHN answered with ${orderCode}, made before this intent: not this store's order, left as it is`, error: null, next_attempt_at: null })
      return { intent_id: intent.id, outcome: "cancelled", order_code: orderCode }
    }
    const outcome = info.status === "cancel" ? { cancelled: true as const } : await cancelGhnOrder(account.client, orderCode, shopId)
    if (outcome.cancelled) {
      await ghn.moveIntent(intent, "cancelled", { error: null, next_attempt_at: null })
      return { intent_id: intent.id, outcome: "cancelled", order_code: orderCode }
    }
    // Past cancelling: only the merchant can decide now (GHN returns it, or it ships).
    const error = `GHN no longer cancels it: it is "${outcome.status}"`
    await ghn.updateGhnCreateIntents({ id: intent.id, error, attempts: intent.attempts + 1, next_attempt_at: null })
    return { intent_id: intent.id, outcome: "orphan", order_code: orderCode, error }
  } catch (failure) {
    const error = withoutHosts(toMedusaError(failure, "GHN Cancel Order").message)
    await ghn.updateGhnCreateIntents({
      id: intent.id,
      error,
      attempts: intent.attempts + 1,
      next_attempt_at: new Date(Date.now() + orphanRetryDelayMs(intent.attempts + 1)),
    })
    return { intent_id: intent.id, outcome: "orphan", order_code: orderCode, error }
  }
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
      if (intent?.status === "orphan") return result(await cancelOrphan(ghn, intent))
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
      await ghn.moveIntent(intent, "orphan", { note: "its answer never came and no fulfilment carries it" })
      return result(await cancelOrphan(ghn, { ...intent, status: "orphan" }))
    })
  },
  async (created, { container }) => undoGhnOrder(container, created)
)
