import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnFulfillmentData } from "../../contracts/fulfillment-data"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnOrderRequest } from "../utils/ghn-order-request"
import { recordGhnShipments } from "../utils/ghn-shipment-record"
import { undoOrWarn } from "../utils/undo-or-warn"

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : undefined)

export type RecordGhnShipmentInput = { request: GhnOrderRequest; data: GhnFulfillmentData; shipping_option_id: string | null }

/**
 * Settle, second write: the shipment record of the GHN order (what tracking, the COD report, the
 * re-weighing report and insights read). Returns the ids it made. Compensation: they are deleted.
 */
export const recordGhnShipmentStep = createStep(
  "record-ghn-shipment",
  async ({ request, data, shipping_option_id }: RecordGhnShipmentInput, { container }) => {
    const records = await recordGhnShipments(container, [
      {
        fulfillment_id: request.fulfillment_id,
        order_id: request.order_id,
        provider_id: request.provider_id,
        is_return: request.kind === "return",
        location_id: request.location_id,
        to_province: (request.body as Record<string, unknown>).to_province_name as string | undefined,
        // Its shipping method's amount is the checkout's quote the fee is reconciled with.
        shipping_option_id,
        sent: { weight: num(request.body.weight), length: num(request.body.length), width: num(request.body.width), height: num(request.body.height) },
        data,
      },
    ])
    const ids = records.map((r) => r.id)
    return new StepResponse(ids, { ids, order_code: data.order_code })
  },
  async (made, { container }) => {
    if (!made?.ids.length) return
    await undoOrWarn(container, `undoing ${made.order_code}: removing the shipment record`, () => container.resolve<GhnModuleService>(GHN_MODULE).deleteGhnShipments(made.ids))
  }
)
