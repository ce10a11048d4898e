import type { FulfillmentDataRead } from "../../contracts/fulfillment-data"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { outboundGhnOrderRequest, type CreateGhnOrderInput, type GhnOrderRequest } from "../utils/ghn-order-request"

/** Whatever was read before the lock, the fulfilment must still be live and without its GHN order. */
async function stillWaiting(container: MedusaContainer, fulfillmentId: string) {
  const [f] = await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: [fulfillmentId] }, { select: ["id", "canceled_at", "data"] })
  return !!f && !f.canceled_at && !(f.data as FulfillmentDataRead | null)?.order_code
}

/**
 * Validate and prepare, under the order's lock (reads only): an order's parcel is built from its
 * fulfilment as it is now (nothing GHN is asked for that Medusa refuses; the parcel, the parties,
 * the COD rule and the codRisk check, before any GHN call); a request that comes built (a return's
 * pickup, an intent's retry) goes on while its fulfilment still waits for its GHN order. Null:
 * nothing to make.
 */
export const prepareGhnOrderStep = createStep("prepare-ghn-order", async (input: CreateGhnOrderInput, { container }) => {
  if (input.request) return new StepResponse<GhnOrderRequest | null>((await stillWaiting(container, input.fulfillment_id)) ? input.request : null)
  return new StepResponse(await outboundGhnOrderRequest(container, input.fulfillment_id))
})
