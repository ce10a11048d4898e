import { transform, when, WorkflowResponse, createWorkflow } from "@medusajs/framework/workflows-sdk"
import {
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
import { applyGhnEventStep, type ApplyGhnShipmentInput, type FulfillmentShipping } from "./steps/apply-ghn-event"
import { markGhnEventsProcessedStep } from "./steps/mark-ghn-events-processed"
import { recordReceiverOutcomeStep } from "./steps/record-receiver-outcome"
import { setFulfillmentGhnStatusStep } from "./steps/set-fulfillment-ghn-status"

export type { ApplyGhnShipmentInput }

/**
 * The one way anything GHN says reaches Medusa: what is pending for a parcel (its stored
 * callbacks, and what a poll or the admin's refresh just read) is applied under its Medusa order's
 * lock (one writer per order: two parcels of one order reported at the same moment never run
 * Medusa's order workflows on it at once; a parcel of no order holds its own), through GHN's moves
 * only (src/lib/status/status.ts), then moves the fulfilment with Medusa's own workflows (shipped,
 * delivered, cancelled), emits the exception event and asks for the COD capture. The webhook's
 * event, the recovery pass, polling and the admin's refresh all run it (src/runners/shipments.ts);
 * a failure is retried from PostgreSQL with back-off. Its steps are few on purpose: it runs once
 * per callback (or burst of them), and each step and each Query read costs the worker CPU the
 * webhook's server shares on a small machine (bench/README.md, issue 42).
 */
export const applyGhnShipmentWorkflow = createWorkflow("apply-ghn-shipment", (input: ApplyGhnShipmentInput) => {
  // The parcel's order's lock (one writer per order; a parcel of no order locks itself): its order is
  // read inside the step, and a parcel's order never changes.
  const orderLock = acquireGhnOrderLockStep(transform({ input }, ({ input }) => ({ order_code: input.order_code })))

  const applied = applyGhnEventStep(input)

  const plan = transform({ applied }, ({ applied }) => {
    const f = applied.fulfillment
    const none = { ship: false, deliver: false, cancel: false, exception: false, status: false }
    if (!applied.found || !f || !applied.status) return none
    const effect = medusaEffectOf(applied.status)
    const orderFulfilment = !applied.is_return && !!applied.order_id
    const open = !f.canceled_at
    const ship = orderFulfilment && open && !f.shipped_at && (effect === "shipped" || effect === "delivered" || (effect === "exception" && isPastPickup(applied.status)))
    return {
      // The fulfilment's data follows GHN's status where Medusa's view of it changes (picked up,
      // delivered, cancelled, on its way back): a move in transit (storing, sorting, delivering)
      // would be a fulfilment update per callback for nothing Medusa reads. The parcel's every
      // status is on its GHN shipment record.
      status: medusaEffectOf((f.data ?? {}).ghn_status ?? "ready_to_pick") !== effect,
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
    // Read only here: most applications (a move in transit) ship nothing.
    const { data: shipping } = useQueryGraphStep({
      entity: "fulfillment",
      fields: ["id", "labels.id", "items.line_item_id", "items.quantity"],
      filters: transform({ applied }, ({ applied }) => ({ id: applied.fulfillment_id! })),
    }).config({ name: "ghn-fulfillment-shipping" })
    createOrderShipmentWorkflow.runAsStep({
      input: transform({ applied, shipping }, ({ applied, shipping }) => {
        const f = shipping[0] as FulfillmentShipping
        return {
          order_id: applied.order_id!,
          fulfillment_id: applied.fulfillment_id!,
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
  releaseLockStep(transform({ orderLock }, ({ orderLock }) => orderLockRelease(orderLock))).config({ name: "release-ghn-order-lock" })
  return new WorkflowResponse(applied)
})
