import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnCreateOrderResult } from "../../lib/ghn"
import { cancelGhnOrder } from "../../lib/parcel/cancel-order"
import { orphanRetryDelayMs } from "../../lib/parcel/create-intent"
import { toMedusaError, withoutHosts } from "../../lib/runtime/medusa-error"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"
import type { GhnOrderRequest } from "../utils/ghn-order-request"
import { sendUnderIntent } from "../utils/send-under-intent"
import { undoOrWarn } from "../utils/undo-or-warn"

/** The GHN order made, under the intent whose code it was made with. */
export type SentGhnOrder = Pick<GhnCreateOrderResult, "order_code" | "total_fee" | "fee" | "expected_delivery_time"> & {
  intent_id: string
  client_order_code: string
  shop_id: number
  /** What GHN's order collects (Order Info), which a re-sent code's first order decides. */
  cod_amount: number
}
type MadeOrder = { intent_id: string; client_order_code: string; order_code: string; provider_id: string; shop_id: number }

/**
 * Send: Create Order under the reserved intent's code, confirmed by Order Info. Compensation: GHN
 * cancels the order and the intent is cancelled; if GHN does not, the intent is an orphan, retried
 * by the recovery job (while GHN fails) and shown in the admin.
 */
export const sendGhnOrderStep = createStep(
  "send-ghn-order",
  async ({ request, intent }: { request: GhnOrderRequest; intent: GhnIntentRow }, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const logger = container.resolve<{ warn(m: string): void }>(ContainerRegistrationKeys.LOGGER)
    let sent: Awaited<ReturnType<typeof sendUnderIntent>>
    try {
      sent = await sendUnderIntent(ghn, ghn.accountOf(request.provider_id), intent, request, logger)
    } catch (error) {
      throw toMedusaError(error, request.kind === "return" ? "GHN return order" : "GHN Create Order")
    }
    const { answer } = sent
    const made: MadeOrder = {
      intent_id: sent.intent.id,
      client_order_code: sent.intent.client_order_code,
      order_code: answer.order_code,
      provider_id: request.provider_id,
      shop_id: sent.intent.shop_id ?? request.shop_id,
    }
    const { order_code, total_fee, fee, expected_delivery_time } = answer
    return new StepResponse<SentGhnOrder, MadeOrder>(
      { intent_id: made.intent_id, client_order_code: made.client_order_code, shop_id: made.shop_id, order_code, total_fee, fee, expected_delivery_time, cod_amount: sent.cod },
      made
    )
  },
  async (made, { container }) => {
    if (!made) return
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    await undoOrWarn(container, `undoing ${made.order_code} (${made.client_order_code}): cancelling at GHN`, async () => {
      const [intent] = await ghn.listGhnCreateIntents({ id: made.intent_id })
      if (!intent || intent.status === "cancelled") return
      let error: string
      let retry = true
      try {
        const outcome = await cancelGhnOrder(ghn.accountOf(made.provider_id).client, made.order_code, made.shop_id)
        if (outcome.cancelled) {
          await ghn.moveIntent(intent, "cancelled", { order_code: made.order_code, note: "the fulfilment that carried it was rolled back" })
          return
        }
        // Past cancelling: only the merchant can decide now.
        error = `GHN no longer cancels it: it is "${outcome.status}"`
        retry = false
      } catch (failure) {
        error = withoutHosts(toMedusaError(failure, "GHN Cancel Order").message)
      }
      container.resolve<{ warn(m: string): void }>(ContainerRegistrationKeys.LOGGER).warn(
        `GHN: order ${made.order_code} (${made.client_order_code}) could not be cancelled after its fulfilment was rolled back: ${error}`
      )
      await ghn.moveIntent(intent, "orphan", {
        order_code: made.order_code,
        note: "the fulfilment that carried it was rolled back",
        error,
        attempts: 1,
        next_attempt_at: retry ? new Date(Date.now() + orphanRetryDelayMs(1)) : null,
      })
    })
  }
)
