import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { GHN_SHIPMENT_UPDATED } from "../lib/webhook"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { updateOrderMetadataStep } from "./steps/update-order-metadata"
import { upsertGhnShipmentsStep } from "./steps/upsert-ghn-shipments"

/**
 * GHN calls the webhook as soon as it makes the order code, often before Medusa has stored the
 * fulfilment: those early events wait, flagged, until the shipment exists.
 */
const earlyGhnEventsStep = createStep("early-ghn-events", async (orderCodes: string[], { container }) => {
  if (!orderCodes.length) return new StepResponse([] as { event_id: string }[])
  const events = await container
    .resolve<GhnModuleService>(GHN_MODULE)
    .listGhnWebhookEvents({ order_code: orderCodes, processed_at: null }, { select: ["id"], order: { event_time: "ASC" } })
  return new StepResponse(events.map((e) => ({ event_id: e.id })))
})

export type RecordGhnShipmentInput = { order_id: string; fulfillment_id: string }

/**
 * After a GHN fulfilment is created: its shipment record, and, when it carries the order's COD,
 * the mark that makes later fulfilments of the order collect nothing.
 */
export const recordGhnShipmentWorkflow = createWorkflow("record-ghn-shipment", (input: RecordGhnShipmentInput) => {
  const { data: fulfillments } = useQueryGraphStep({
    entity: "fulfillment",
    fields: ["id", "provider_id", "data", "canceled_at"],
    filters: { id: input.fulfillment_id },
  })
  const { data: orders } = useQueryGraphStep({
    entity: "order",
    fields: ["id", "metadata"],
    filters: { id: input.order_id },
  }).config({ name: "ghn-order" })
  const plan = transform({ fulfillments, orders, input }, ({ fulfillments, orders, input }) => {
    const f = fulfillments[0] as any
    const order = orders[0] as any
    const isGhn = f?.provider_id === "ghn_ghn" && !!f?.data?.order_code
    return {
      records: isGhn ? [{ fulfillment_id: f.id, order_id: input.order_id, data: f.data }] : [],
      // The placement-time fallback's mark (see the provider's codFor): the first parcel with COD.
      markCod: isGhn && Number(f.data.cod_amount) > 0 && !f.canceled_at && !order?.metadata?.ghn_cod_fulfillment_id,
    }
  })
  const created = upsertGhnShipmentsStep(transform({ plan }, ({ plan }) => plan.records))
  when({ plan }, ({ plan }) => plan.markCod).then(() => {
    updateOrderMetadataStep(
      transform({ input }, ({ input }) => ({ order_id: input.order_id, metadata: { ghn_cod_fulfillment_id: input.fulfillment_id } }))
    )
  })
  const early = earlyGhnEventsStep(transform({ created }, ({ created }) => created.map((c: any) => c.order_code)))
  when({ early }, ({ early }) => early.length > 0).then(() => {
    emitEventStep({ eventName: GHN_SHIPMENT_UPDATED, data: early })
  })
  return new WorkflowResponse(created)
})
