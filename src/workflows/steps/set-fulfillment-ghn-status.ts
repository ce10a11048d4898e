import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** Keeps GHN's status on the fulfilment's data (the provider reads it: a GHN cancel is final). */
export const setFulfillmentGhnStatusStep = createStep(
  "set-fulfillment-ghn-status",
  async ({ fulfillment_id, status }: { fulfillment_id: string; status: string }, { container }) => {
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    const fulfillment = await fulfillments.retrieveFulfillment(fulfillment_id, { select: ["id", "data"] })
    const data = (fulfillment.data ?? {}) as Record<string, unknown>
    if (data.ghn_status === status) return new StepResponse(undefined)
    await fulfillments.updateFulfillment(fulfillment_id, { data: { ...data, ghn_status: status } })
    return new StepResponse(undefined, { fulfillment_id, data })
  },
  async (undo, { container }) => {
    if (undo) await container.resolve(Modules.FULFILLMENT).updateFulfillment(undo.fulfillment_id, { data: undo.data })
  }
)
