import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnFulfillmentData } from "../../contracts/fulfillment-data"
import { ghnLabel } from "../../lib/parcel/labels"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnOrderRequest } from "../utils/ghn-order-request"
import { undoOrWarn } from "../utils/undo-or-warn"
import type { ReservedGhnIntent } from "./reserve-ghn-intent"
import type { SentGhnOrder } from "./send-ghn-order"

type Label = { tracking_number: string; tracking_url: string; label_url: string }
type Previous = { fulfillment_id: string; order_code: string; data: Record<string, unknown>; labels: Label[] }

export type SetFulfillmentGhnOrderInput = { request: GhnOrderRequest; sent: SentGhnOrder; cancelled_orphans: ReservedGhnIntent["cancelled_orphans"] }

/**
 * Settle, first write: the fulfilment carries its GHN order (its data and its label). Returns the
 * data written and the fulfilment's shipping option (the shipment record's checkout quote).
 * Compensation: the fulfilment gets back its data and labels without the order, so Medusa's own
 * compensation asks GHN nothing more.
 */
export const setFulfillmentGhnOrderStep = createStep(
  "set-fulfillment-ghn-order",
  async ({ request, sent, cancelled_orphans }: SetFulfillmentGhnOrderInput, { container }) => {
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    const current = await fulfillments.retrieveFulfillment(request.fulfillment_id, { relations: ["labels"] })
    const previous: Previous = {
      fulfillment_id: request.fulfillment_id,
      order_code: sent.order_code,
      data: (current.data ?? {}) as Record<string, unknown>,
      labels: (current.labels ?? []).map((l) => ({ tracking_number: l.tracking_number, tracking_url: l.tracking_url, label_url: l.label_url })),
    }
    const data: GhnFulfillmentData = {
      ...request.data,
      ...(request.kind === "return" ? { is_return: true } : {}),
      order_code: sent.order_code,
      client_order_code: sent.client_order_code,
      shop_id: sent.shop_id,
      service_type_id: request.body.service_type_id,
      total_fee: sent.total_fee,
      fee: sent.fee,
      expected_delivery_time: sent.expected_delivery_time,
      // What GHN's order collects (Order Info), which a re-sent code's first order decides.
      cod_amount: sent.cod_amount,
      insurance_value: request.body.insurance_value,
      ...(cancelled_orphans.length ? { ghn_cancelled_orphans: cancelled_orphans } : {}),
    }
    const account = container.resolve<GhnModuleService>(GHN_MODULE).accountOf(request.provider_id)
    await fulfillments.updateFulfillment(request.fulfillment_id, { data, labels: [ghnLabel(account, sent.order_code)] })
    return new StepResponse({ data, shipping_option_id: current.shipping_option_id ?? null }, previous)
  },
  async (previous, { container }) => {
    if (!previous) return
    await undoOrWarn(container, `undoing ${previous.order_code}: restoring the fulfilment's data`, () =>
      container.resolve(Modules.FULFILLMENT).updateFulfillment(previous.fulfillment_id, { data: previous.data, labels: previous.labels })
    )
  }
)
