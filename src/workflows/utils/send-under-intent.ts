import { MedusaError } from "@medusajs/framework/utils"
import { GhnError, type GhnCreateOrderResult } from "../../lib/ghn"
import { cancelGhnOrder } from "../../lib/parcel/cancel-order"
import { withoutHosts } from "../../lib/runtime/medusa-error"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnAccount } from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"
import type { GhnOrderRequest } from "./ghn-order-request"
import { madeBefore } from "./orphan-intents"

/** Codes stepped over in one call (each one GHN answered with an order of the past). */
const MAX_CODE_TRIES = 5

/** A failure after which GHN may or may not have made the order (network, timeout, 5xx, 429). */
const uncertain = (error: unknown) => error instanceof GhnError && error.retryable

/**
 * Create Order under the intent's code (its GHN order code kept at once), then Order Info to make
 * sure the order GHN answered with is this intent's and as asked: an order made before the intent
 * existed (the code was used before on this shop) is another's and is left alone; one cancelled
 * since (GHN's portal), or collecting another COD than this parcel now owes (an earlier try's,
 * before the customer paid), is closed; each time the order's next code is reserved and sent.
 */
export async function sendUnderIntent(ghn: GhnModuleService, account: GhnAccount, first: GhnIntentRow, request: GhnOrderRequest, logger: { warn(m: string): void }) {
  let intent = first
  for (let tries = 1; ; tries++) {
    const shopId = intent.shop_id ?? request.shop_id
    let answer: GhnCreateOrderResult
    try {
      answer = await account.client.orders.create({ ...request.body, client_order_code: intent.client_order_code }, { shopId })
    } catch (error) {
      // A sure refusal leaves no order at GHN; an uncertain one stays pending, for a retry to adopt.
      if (uncertain(error)) await ghn.updateGhnCreateIntents({ id: intent.id, error: withoutHosts((error as Error).message) })
      else await ghn.moveIntent(intent, "abandoned", { note: `GHN refused it: ${withoutHosts((error as Error).message)}` })
      throw error
    }
    await ghn.updateGhnCreateIntents({ id: intent.id, order_code: answer.order_code })
    let info: Awaited<ReturnType<GhnAccount["client"]["orders"]["info"]>>
    try {
      info = await account.client.orders.info(answer.order_code, { shopId })
    } catch (error) {
      // GHN made the order: it is this fulfilment's. Not confirmed, so say so (polling reads it later).
      logger.warn(`GHN: ${answer.order_code} (${intent.client_order_code}) made, not confirmed by Order Info: ${withoutHosts((error as Error).message)}`)
      return { intent, answer, cod: request.body.cod_amount }
    }
    const stale = madeBefore(info, intent)
    const cod = Number(info.cod_amount ?? request.body.cod_amount)
    const codChanged = !stale && info.status !== "cancel" && cod !== request.body.cod_amount
    if (info.status !== "cancel" && !stale && !codChanged) return { intent, answer, cod }
    if (stale) {
      logger.warn(`GHN: ${intent.client_order_code} was answered with ${answer.order_code}, made ${info.created_date}: the code was used before on shop ${shopId}; set clientOrderCodePrefix if another store ships from it`)
      await ghn.moveIntent(intent, "abandoned", { note: `GHN answered with ${answer.order_code}, made ${info.created_date}, before this intent: the code was used before on this shop` })
    } else if (codChanged) {
      // An earlier try's order, made before the customer's payment changed what this parcel collects.
      const outcome = await cancelGhnOrder(account.client, answer.order_code, shopId)
      if (!outcome.cancelled) {
        await ghn.moveIntent(intent, "orphan", { error: `collects ${cod} VND where the parcel now owes ${request.body.cod_amount}; GHN no longer cancels it ("${outcome.status}")`, next_attempt_at: null })
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `GHN order ${answer.order_code}, made by an earlier try of this shipment, collects ${cod} VND where the parcel now owes ${request.body.cod_amount} VND, and is "${outcome.status}": have GHN cancel it or change its COD, then try again`
        )
      }
      await ghn.moveIntent(intent, "cancelled", { note: `collected ${cod} VND, made before the parcel's COD became ${request.body.cod_amount} VND` })
    } else {
      await ghn.moveIntent(intent, "cancelled", { note: "its GHN order was cancelled (in GHN's portal) before a fulfilment carried it" })
    }
    if (tries >= MAX_CODE_TRIES) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `GHN answered ${tries} client order codes of order #${request.order_number} with orders made before: set the provider option clientOrderCodePrefix (the shop is shared, or the store was reinstalled); nothing new was made`
      )
    }
    intent = await ghn.reserveIntent({ ...request, cod_amount: request.body.cod_amount, body: request.body })
  }
}
