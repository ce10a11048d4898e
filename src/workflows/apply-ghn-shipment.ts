import { transform, when, WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  cancelOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  type CreateOrderShipmentWorkflowInput,
  emitEventStep,
  markOrderFulfillmentAsDeliveredWorkflow,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import {
  GHN_COD_DELIVERED,
  GHN_SHIPMENT_EXCEPTION,
  SHOPPER_UPDATE_EVENTS,
  type GhnCodDeliveredData,
  type GhnShipmentExceptionData,
  type ShopperUpdateData,
} from "../contracts/events"
import { shopperUpdateOf } from "../lib/status/shopper-updates"
import { isBeforePickup, isPastPickup, medusaEffectOf } from "../lib/status/status"
import { acquireGhnOrderLockStep, orderLockRelease } from "./steps/acquire-ghn-order-lock"
import { applyGhnEventStep, type ApplyGhnShipmentInput, type FulfillmentRow } from "./steps/apply-ghn-event"
import { markGhnEventsProcessedStep } from "./steps/mark-ghn-events-processed"
import { recordReceiverOutcomeStep } from "./steps/record-receiver-outcome"
import { setFulfillmentGhnStatusStep } from "./steps/set-fulfillment-ghn-status"

export type { ApplyGhnShipmentInput }

/**
 * The one way anything GHN says reaches Medusa: what is pending for a parcel (its stored
 * callbacks, and what a poll or the admin's refresh just read) is applied under its Medusa order's
 * lock (one writer per order: two parcels of one order reported at the same moment never run
 * Medusa's order workflows on it at once) and the shipment's, through GHN's moves only
 * (src/lib/status/status.ts), then moves the fulfilment with Medusa's own workflows (shipped,
 * delivered, cancelled), emits the exception event and asks for the COD capture. The webhook's event, the recovery pass, polling and the admin's refresh all run it
 * (src/runners/shipments.ts); a failure is retried from PostgreSQL with back-off.
 */
export const applyGhnShipmentWorkflow = createWorkflow("apply-ghn-shipment", (input: ApplyGhnShipmentInput) => {
  // The order first, then the parcel: every path takes them in that order. A parcel's order never changes.
  const { data: parcels } = useQueryGraphStep({ entity: "ghn_shipment", fields: ["id", "order_id"], filters: { order_code: input.order_code } }).config({
    name: "ghn-shipment-order",
  })
  const orderLock = acquireGhnOrderLockStep(transform({ parcels }, ({ parcels }) => ({ order_id: (parcels[0] as { order_id?: string | null } | undefined)?.order_id })))
  const lockKey = transform({ input }, ({ input }) => `ghn-shipment:${input.order_code}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })

  const applied = applyGhnEventStep(input)

  const { data: fulfillments } = useQueryGraphStep({
    entity: "fulfillment",
    fields: ["id", "data", "shipped_at", "delivered_at", "canceled_at", "labels.id", "items.line_item_id", "items.quantity"],
    filters: { id: transform({ applied }, ({ applied }) => applied.fulfillment_id ?? "none") },
  }).config({ name: "ghn-fulfillment" })

  const plan = transform({ applied, fulfillments }, ({ applied, fulfillments }) => {
    const f = fulfillments[0] as FulfillmentRow | undefined
    const none = { ship: false, deliver: false, cancel: false, exception: false, status: false }
    if (!applied.found || !f || !applied.status) return none
    const effect = medusaEffectOf(applied.status)
    const orderFulfilment = !applied.is_return && !!applied.order_id
    const open = !f.canceled_at
    const ship = orderFulfilment && open && !f.shipped_at && (effect === "shipped" || effect === "delivered" || (effect === "exception" && isPastPickup(applied.status)))
    return {
      status: (f.data ?? {}).ghn_status !== applied.status,
      ship,
      deliver: orderFulfilment && open && effect === "delivered" && !f.delivered_at,
      cancel: orderFulfilment && open && effect === "canceled" && !f.shipped_at,
      exception: effect === "exception" && applied.status_changed,
    }
  })

  when({ plan }, ({ plan }) => plan.status).then(() => {
    setFulfillmentGhnStatusStep(
      transform({ applied }, ({ applied }) => ({ fulfillment_id: applied.fulfillment_id!, status: applied.status! }))
    )
  })

  when({ plan }, ({ plan }) => plan.ship).then(() => {
    createOrderShipmentWorkflow.runAsStep({
      input: transform({ applied, fulfillments }, ({ applied, fulfillments }) => {
        const f = fulfillments[0] as FulfillmentRow
        return {
          order_id: applied.order_id!,
          fulfillment_id: f.id,
          items: (f.items ?? []).map((i) => ({ id: i.line_item_id!, quantity: Number(i.quantity) })),
          // Passed labels replace the stored ones: keep the provider's by id (Medusa accepts
          // { id } for an existing label; its type names only new ones).
          labels: (f.labels ?? []).map((l) => ({ id: l.id })) as unknown as CreateOrderShipmentWorkflowInput["labels"],
        }
      }),
    })
  })

  when({ plan }, ({ plan }) => plan.deliver).then(() => {
    markOrderFulfillmentAsDeliveredWorkflow.runAsStep({
      input: transform({ applied }, ({ applied }) => ({ orderId: applied.order_id!, fulfillmentId: applied.fulfillment_id! })),
    })
  })

  when({ plan }, ({ plan }) => plan.cancel).then(() => {
    cancelOrderFulfillmentWorkflow.runAsStep({
      input: transform({ applied }, ({ applied }) => ({ order_id: applied.order_id!, fulfillment_id: applied.fulfillment_id! })),
    })
  })

  when({ plan }, ({ plan }) => plan.exception).then(() => {
    emitEventStep({
      eventName: GHN_SHIPMENT_EXCEPTION,
      data: transform({ applied, input }, ({ applied, input }): GhnShipmentExceptionData => ({
        order_code: input.order_code,
        status: applied.status!,
        previous_status: applied.previous_status,
        reason: applied.reason ?? null,
        reason_code: applied.reason_code ?? null,
        fulfillment_id: applied.fulfillment_id!,
        order_id: applied.order_id,
        is_return: applied.is_return,
      })),
    }).config({ name: "emit-ghn-exception" })
  })

  // What the shopper is told (shipped, out for delivery, failed delivery, delivered, returned):
  // an event per moment of an order's parcel; the notification subscriber sends it once.
  const shopperUpdate = transform({ applied, input }, ({ applied, input }) => {
    if (!applied.found || !applied.status_changed || !applied.status || applied.is_return || !applied.order_id || !applied.fulfillment_id) return null
    const update = shopperUpdateOf(applied.status, !applied.previous_status || isBeforePickup(applied.previous_status))
    if (!update) return null
    const data: ShopperUpdateData = {
      update,
      order_code: input.order_code,
      order_id: applied.order_id,
      fulfillment_id: applied.fulfillment_id,
      status: applied.status,
      reason: applied.reason ?? null,
      reason_code: applied.reason_code ?? null,
      delivery_attempts: applied.delivery_attempts ?? 0,
    }
    return { eventName: SHOPPER_UPDATE_EVENTS[update], data }
  })
  when({ shopperUpdate }, ({ shopperUpdate }) => !!shopperUpdate).then(() => {
    emitEventStep(transform({ shopperUpdate }, ({ shopperUpdate }) => shopperUpdate!)).config({ name: "emit-ghn-shopper-update" })
  })

  // The capture runs apart (its own workflow, lock and retries): a payment provider's failure
  // must never hold back a parcel's tracking.
  when({ applied }, ({ applied }) => !!applied.cod_capture_due).then(() => {
    emitEventStep({
      eventName: GHN_COD_DELIVERED,
      data: transform({ input }, ({ input }): GhnCodDeliveredData => ({ order_code: input.order_code })),
    }).config({ name: "emit-ghn-cod-delivered" })
  })

  // The receiver's history (src/lib/cod/receiver-risk.ts): an order's COD parcel delivered or returned.
  recordReceiverOutcomeStep(applied)

  markGhnEventsProcessedStep(transform({ input, applied }, ({ input, applied }) => ({ order_code: input.order_code, applied })))
  releaseLockStep({ key: lockKey })
  releaseLockStep(transform({ orderLock }, ({ orderLock }) => orderLockRelease(orderLock))).config({ name: "release-ghn-order-lock" })
  return new WorkflowResponse(applied)
})
