import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { updateOrderMetadataStep } from "./steps/update-order-metadata"

export type RecordGhnCodInput = { order_id: string; cod_payment_providers: string[] }

/**
 * When an order is paid with a cash-on-delivery provider, records on the order what the
 * customer still owes (total minus what was captured): GHN collects it at delivery, on the
 * order's first GHN fulfilment.
 */
export const recordGhnCodWorkflow = createWorkflow("record-ghn-cod", (input: RecordGhnCodInput) => {
  const { data: orders } = useQueryGraphStep({
    entity: "order",
    fields: [
      "id",
      "total",
      "metadata",
      "payment_collections.captured_amount",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payments.provider_id",
    ],
    filters: { id: input.order_id },
  })
  const cod = transform({ orders, input }, ({ orders, input }) => {
    const order = orders[0] as any
    if (!order) return undefined
    const providers = new Set<string>()
    let captured = 0
    for (const collection of order.payment_collections ?? []) {
      captured += Number(collection.captured_amount ?? 0)
      for (const s of collection.payment_sessions ?? []) providers.add(s.provider_id)
      for (const p of collection.payments ?? []) providers.add(p.provider_id)
    }
    const isCod = [...providers].some((p) => input.cod_payment_providers.includes(p))
    const owed = Math.max(0, Math.round(Number(order.total ?? 0) - captured))
    return isCod && owed > 0 ? { order_id: order.id, metadata: { ghn_cod_amount: owed } } : undefined
  })
  when({ cod }, ({ cod }) => !!cod).then(() => {
    updateOrderMetadataStep(transform({ cod }, ({ cod }) => cod!))
  })
  return new WorkflowResponse(cod)
})
