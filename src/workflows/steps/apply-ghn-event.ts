import type { FulfillmentDataRead } from "../../contracts/fulfillment-data"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnShipmentEvent } from "../../lib/status/webhook"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import { shipmentUpdateOf, snapshotOf, type ShipmentSnapshot } from "../utils/shipment-update"

/**
 * What to apply to a shipment: every callback stored for the order and not applied yet, and
 * `event`, what GHN answered now (a poll or an admin refresh), if any.
 */
export type ApplyGhnShipmentInput = { order_code: string; event?: GhnShipmentEvent }

/** The fulfilment as the apply-ghn-shipment workflow reads it to decide. */
export type FulfillmentRow = {
  id: string
  data?: FulfillmentDataRead | null
  shipped_at?: unknown
  delivered_at?: unknown
  canceled_at?: unknown
}

/** What shipping the fulfilment in Medusa passes on: its items, and its labels (kept by id). */
export type FulfillmentShipping = {
  labels?: { id: string }[]
  items?: { line_item_id: string | null; quantity: unknown }[]
}

export type Applied = {
  found: boolean
  /** The stored callbacks this run applied (none left: a repeat of the event bus or the recovery pass). */
  applied_event_ids: string[]
  shipment_id?: string
  fulfillment_id?: string
  order_id?: string | null
  is_return?: boolean
  status?: string
  status_changed: boolean
  previous_status?: string
  /** GHN's reason for the status reached, for the exception event. */
  reason?: string | null
  reason_code?: string | null
  /** A delivered COD parcel whose COD is not captured yet: the capture on delivery is due. */
  cod_capture_due?: boolean
  /** Failed delivery attempts GHN has reported, after this application. */
  delivery_attempts?: number
  /** GHN changed the parcel's COD (the order's COD check follows). */
  cod_changed?: boolean
  /** The parcel's Medusa fulfilment, as the workflow moves it (read when something was applied). */
  fulfillment?: FulfillmentRow | null
}

/** What the workflow reads of the fulfilment to decide: its GHN data and where Medusa has it (its items and labels only when it ships it). */
const FULFILLMENT_READ = { select: ["id", "data", "shipped_at", "delivered_at", "canceled_at"] }

/**
 * Applies events to the shipment record, under the parcel's lock (its order's): the callbacks stored and
 * not applied yet (read here, under the lock, so each is applied once however often the event
 * bus or the recovery pass hands it in), oldest first in GHN time, then what GHN answered now
 * (a poll or the admin's refresh), by GHN's rules (shipmentUpdateOf). Compensation: the
 * shipment's fields as they were.
 */
export const applyGhnEventStep = createStep(
  "apply-ghn-event",
  async ({ order_code, event }: ApplyGhnShipmentInput, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const shipment = await ghn.shipmentByOrderCode(order_code)
    if (!shipment) return new StepResponse<Applied, ShipmentSnapshot | null>({ found: false, applied_event_ids: [], status_changed: false }, null)
    const pending = await ghn.parsePendingCallbacks(order_code)
    const events = [...pending.map((p) => p.event), ...(event ? [event] : [])]
    if (!events.length) return new StepResponse<Applied, ShipmentSnapshot | null>({ found: true, applied_event_ids: [], status_changed: false }, null)

    const previous = snapshotOf(shipment)
    const update = shipmentUpdateOf(shipment, events)
    const { id, ...fields } = update
    await ghn.writeShipmentFields(id, fields)
    // The fulfilment through its module (not Query: a run of this workflow per callback is the hot path).
    const [fulfillment] = shipment.fulfillment_id
      ? await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: shipment.fulfillment_id }, FULFILLMENT_READ)
      : []
    const status = update.status ?? shipment.status
    return new StepResponse<Applied, ShipmentSnapshot | null>(
      {
        found: true,
        applied_event_ids: pending.map((p) => p.id),
        shipment_id: shipment.id,
        fulfillment_id: shipment.fulfillment_id,
        order_id: shipment.order_id,
        is_return: shipment.is_return,
        status,
        status_changed: status !== shipment.status,
        previous_status: shipment.status,
        reason: [...events].reverse().find((e) => e.status === status)?.reason ?? null,
        reason_code: [...events].reverse().find((e) => e.status === status)?.reason_code ?? null,
        cod_capture_due:
          status === "delivered" && !shipment.is_return && !!shipment.order_id && (update.cod_amount ?? shipment.cod_amount) > 0 && !shipment.cod_capture_status,
        delivery_attempts: update.delivery_attempts ?? shipment.delivery_attempts ?? 0,
        cod_changed: update.cod_amount !== undefined && Number(update.cod_amount) !== Number(shipment.cod_amount),
        fulfillment: fulfillment
          ? {
              id: fulfillment.id,
              data: fulfillment.data as FulfillmentDataRead | null,
              shipped_at: fulfillment.shipped_at,
              delivered_at: fulfillment.delivered_at,
              canceled_at: fulfillment.canceled_at,
            }
          : null,
      },
      previous
    )
  },
  async (previous, { container }) => {
    if (!previous) return
    const { id, ...fields } = previous
    await container.resolve<GhnModuleService>(GHN_MODULE).writeShipmentFields(id, fields)
  }
)
