import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { SwitchStatusResult } from "../../lib/ghn"
import { toMedusaError } from "../../lib/runtime/medusa-error"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type SwitchGhnStatusInput = {
  /** "redeliver" = GHN's Delivery Again (switch-status/storing); "return" = Return Order. */
  action: "redeliver" | "return"
  order_codes: string[]
}

export type SwitchGhnStatusResult = { order_code: string; result: boolean; message: string; reason?: string }[]

/**
 * Asks GHN to deliver again or to return orders, grouped by the GHN account and shop that own them, and
 * returns GHN's per-order results (refusals included); the caller refreshes the accepted ones
 * from Order Info (each its own apply-ghn-shipment workflow). GHN's switch-status has no undo, so this step has
 * no compensation.
 */
export const switchGhnStatusStep = createStep("switch-ghn-status", async (input: SwitchGhnStatusInput, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const results: SwitchGhnStatusResult = []
  try {
    for (const { account, shop_id: shopId, order_codes: codes } of await ghn.parcelsByAccount(input.order_codes, { live: true, act: "switch" })) {
      const answer: SwitchStatusResult[] =
        input.action === "redeliver"
          ? await account.client.orders.deliveryAgain(codes, { shopId, background: true })
          : await account.client.orders.returnOrder(codes, { shopId, background: true })
      results.push(...answer.map((r) => ({ order_code: r.order_code, result: r.result, message: r.message, reason: r.reason })))
    }
  } catch (error) {
    throw toMedusaError(error, input.action === "redeliver" ? "GHN Delivery Again" : "GHN Return Order")
  }
  return new StepResponse(results)
})
