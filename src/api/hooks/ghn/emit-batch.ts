import type { IEventBusModuleService } from "@medusajs/framework/types"
import { GHN_SHIPMENT_UPDATED, type GhnShipmentUpdatedData } from "../../../contracts/events"

/** How long a server gathers stored callbacks before it tells the worker about them, in one emit. */
export const EMIT_BATCH_MS = 20

type Batch = { bus: IEventBusModuleService; byOrder: Map<string, GhnShipmentUpdatedData> }
let batch: Batch | null = null

/**
 * Tells the worker that a callback of `data.order_code` is stored. Under a burst, one emit per
 * callback (a round trip to the event bus each) is most of what acknowledging costs a server; the
 * worker applies every stored callback of an order in one run anyway, so one event per order code
 * every few milliseconds says the same. The stored row stays the truth: an emit that fails, or
 * a process that stops before it, is caught by the recovery pass.
 */
export function emitShipmentUpdated(bus: IEventBusModuleService, data: Required<GhnShipmentUpdatedData>) {
  if (!batch) {
    const current: Batch = { bus, byOrder: new Map() }
    batch = current
    setTimeout(() => {
      batch = null
      const messages = [...current.byOrder.values()].map((d) => ({ name: GHN_SHIPMENT_UPDATED, data: d }))
      current.bus.emit(messages).catch(() => undefined)
    }, EMIT_BATCH_MS).unref()
  }
  if (!batch.byOrder.has(data.order_code)) batch.byOrder.set(data.order_code, data)
}
