import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export type UpdateOrderMetadataInput = { order_id: string; metadata: Record<string, unknown> }

/** Merges keys into an order's metadata; compensation restores the previous metadata. */
export const updateOrderMetadataStep = createStep(
  "ghn-update-order-metadata",
  async ({ order_id, metadata }: UpdateOrderMetadataInput, { container }) => {
    const orders = container.resolve(Modules.ORDER)
    const order = await orders.retrieveOrder(order_id, { select: ["id", "metadata"] })
    const previous = (order.metadata ?? {}) as Record<string, unknown>
    await orders.updateOrders(order_id, { metadata: { ...previous, ...metadata } })
    return new StepResponse(undefined, { order_id, previous })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve(Modules.ORDER).updateOrders(undo.order_id, { metadata: undo.previous })
  }
)
