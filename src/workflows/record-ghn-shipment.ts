import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { isGhnProviderId } from "../lib/provider-id"
import { GHN_SHIPMENT_UPDATED, type GhnShipmentUpdatedData } from "../lib/webhook"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { upsertGhnShipmentsStep } from "./steps/upsert-ghn-shipments"

/**
 * GHN calls the webhook as soon as it makes the order code, often before Medusa has stored the
 * fulfilment: those early events wait, unprocessed, until the shipment exists.
 */
const earlyGhnEventsStep = createStep("early-ghn-events", async (orderCodes: string[], { container }) => {
  if (!orderCodes.length) return new StepResponse([] as GhnShipmentUpdatedData[])
  const events = await container
    .resolve<GhnModuleService>(GHN_MODULE)
    .listGhnWebhookEvents({ order_code: orderCodes, processed_at: null }, { select: ["id", "order_code"], order: { event_time: "ASC" } })
  return new StepResponse(events.map((e): GhnShipmentUpdatedData => ({ event_id: e.id, order_code: e.order_code })))
})

type IntentOutcome = { client_order_code: string; order_code: string; fulfillment_id: string; cancelled_orphans: { client_order_code: string; order_code: string }[] }

/** The fulfilment carries its Create Order intent's GHN order: the intent is settled (a no-op when it already is). */
const settleGhnCreateIntentStep = createStep("settle-ghn-create-intent", async (outcome: IntentOutcome | null, { container }) => {
  if (outcome) await container.resolve<GhnModuleService>(GHN_MODULE).settleCreateIntent(outcome)
  return new StepResponse(undefined)
})

export type RecordGhnShipmentInput = { order_id: string; fulfillment_id: string }

/** After a GHN fulfilment is created: its shipment record, and its Create Order intent settled. */
export const recordGhnShipmentWorkflow = createWorkflow("record-ghn-shipment", (input: RecordGhnShipmentInput) => {
  const { data: fulfillments } = useQueryGraphStep({
    entity: "fulfillment",
    fields: ["id", "provider_id", "shipping_option_id", "data", "canceled_at"],
    filters: { id: input.fulfillment_id },
  })
  const plan = transform({ fulfillments, input }, ({ fulfillments, input }) => {
    const f = fulfillments[0] as { id: string; provider_id?: string; shipping_option_id?: string | null; data?: Record<string, any> } | undefined
    const isGhn = !!f && isGhnProviderId(f.provider_id) && !!f.data?.order_code
    return {
      records: isGhn ? [{ fulfillment_id: f!.id, order_id: input.order_id, provider_id: f!.provider_id!, shipping_option_id: f!.shipping_option_id ?? null, data: f!.data! }] : [],
      intent:
        isGhn && f!.data!.ghn_intent_code
          ? {
              client_order_code: f!.data!.ghn_intent_code as string,
              order_code: f!.data!.order_code as string,
              fulfillment_id: f!.id,
              cancelled_orphans: (f!.data!.ghn_cancelled_orphans ?? []) as IntentOutcome["cancelled_orphans"],
            }
          : null,
    }
  })
  const created = upsertGhnShipmentsStep(transform({ plan }, ({ plan }) => plan.records))
  settleGhnCreateIntentStep(transform({ plan }, ({ plan }) => plan.intent))
  const early = earlyGhnEventsStep(transform({ created }, ({ created }) => created.map((c) => c.order_code)))
  when({ early }, ({ early }) => early.length > 0).then(() => {
    emitEventStep({ eventName: GHN_SHIPMENT_UPDATED, data: early })
  })
  return new WorkflowResponse(created)
})
