import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnShipmentUpdatedData } from "../../lib/status/webhook"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

/**
 * Callbacks GHN sent for the order code before its shipment record existed, as the events that
 * apply them (emitted after this step). Reads only; when the read fails they wait for the
 * recovery pass, and the GHN order stands.
 */
export const listEarlyGhnCallbacksStep = createStep("list-early-ghn-callbacks", async (orderCode: string, { container }) => {
  try {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const early = await ghn.listGhnWebhookEvents({ order_code: orderCode, processed_at: null }, { select: ["id", "order_code"], order: { event_time: "ASC" } })
    return new StepResponse(early.map((e): GhnShipmentUpdatedData => ({ event_id: e.id, order_code: e.order_code })))
  } catch (error) {
    container.resolve<{ warn(m: string): void }>(ContainerRegistrationKeys.LOGGER).warn(`GHN: early callbacks of ${orderCode} wait for the recovery pass: ${(error as Error).message}`)
    return new StepResponse<GhnShipmentUpdatedData[]>([])
  }
})
