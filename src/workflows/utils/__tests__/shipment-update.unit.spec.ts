import type { GhnShipmentEvent } from "../../../lib/status/webhook"
import { shipmentUpdateOf, snapshotOf, type ShipmentSnapshot } from "../shipment-update"

type Shipment = Parameters<typeof shipmentUpdateOf>[0]

const shipment = (over: Partial<Shipment> = {}) =>
  ({
    id: "ship_1",
    status: "ready_to_pick",
    status_at: new Date("2026-11-20T08:00:00Z"),
    created_at: new Date("2026-11-20T07:00:00Z"),
    history: { events: [] },
    total_fee: 30000,
    cod_amount: 500000,
    is_cod_collected: false,
    is_cod_transferred: false,
    delivery_attempts: 0,
    ...over,
  }) as Shipment

const callback = (status: string, time: string, over: Partial<GhnShipmentEvent> = {}): GhnShipmentEvent => ({ type: "switch_status", status, time, source: "webhook", ...over })

describe("shipmentUpdateOf: what applying GHN's events changes on a shipment", () => {
  it("moves the status only forward in GHN time, and keeps a late report in the history as it came", () => {
    const update = shipmentUpdateOf(shipment(), [callback("delivering", "2026-11-20T10:00:00.000Z"), callback("picked", "2026-11-20T09:00:00.000Z")])
    expect(update).toMatchObject({ status: "delivering", status_at: new Date("2026-11-20T10:00:00.000Z") })
    expect(update.history.events.map((e) => [e.status, e.not_applied])).toEqual([
      ["picked", undefined],
      ["delivering", undefined],
    ])
  })

  it("marks a move GHN cannot make, and one dated before the order, without applying either", () => {
    const delivered = shipment({ status: "delivered", status_at: new Date("2026-11-20T12:00:00Z") })
    const update = shipmentUpdateOf(delivered, [callback("cancel", "2026-11-20T13:00:00.000Z"), callback("picking", "2026-11-19T13:00:00.000Z")])
    expect(update.status).toBeUndefined()
    expect(update.history.events.map((e) => [e.status, e.not_applied])).toEqual([
      ["picking", "before_order"],
      ["cancel", "after_final"],
    ])
  })

  it("takes fees and COD from the newest event only, and sets the collection once", () => {
    const known = shipment({ history: { events: [{ status: "picked", type: "switch_status", time: "2026-11-20T11:00:00.000Z", source: "webhook" }] } })
    const update = shipmentUpdateOf(known, [
      callback("delivered", "2026-11-20T12:00:00.000Z", { total_fee: 41000, cod_collected: true, cod_collect_date: "2026-11-20T12:00:00Z" }),
      { type: "update_fee", status: null, time: "2026-11-20T10:00:00.000Z", source: "webhook", total_fee: 99000 } as GhnShipmentEvent,
    ])
    expect(update).toMatchObject({ total_fee: 41000, is_cod_collected: true, cod_collect_date: new Date("2026-11-20T12:00:00Z") })
  })
})

describe("snapshotOf", () => {
  it("keeps every field an application may change, and nothing else", () => {
    const snapshot: ShipmentSnapshot = snapshotOf(shipment({ fulfillment_id: "ful_1" } as Partial<Shipment>))
    expect(snapshot).toMatchObject({ id: "ship_1", status: "ready_to_pick", total_fee: 30000, cod_amount: 500000 })
    expect(snapshot).not.toHaveProperty("fulfillment_id")
    expect(snapshot).not.toHaveProperty("created_at")
  })
})
