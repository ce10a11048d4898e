/**
 * Automatic shipping (option `autoShip`), for the order.placed subscriber and the auto-ship job (a
 * runner: they only call it). A new order shipped with GHN is queued; the due pass ships the orders
 * due in one shipping run, through the same run mechanism as the admin's (src/runners/shipping-runs.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { QueryGraph } from "../lib/runtime/query-graph"
import { AUTO_SHIP_RECHECK_MS, AUTO_SHIP_STARTER, autoShipDueAt, type AutoShipOptions, type AutoShipReason } from "../lib/shipping-run/auto-ship"
import { MAX_RUN_ORDERS } from "../lib/shipping-run/shipping-run"
import { GHN_MODULE } from "../modules/ghn"
import type { AutoShipRepository, AutoShipRow } from "../modules/ghn/repositories/auto-ship"
import type { ReadyOrderRow } from "../modules/ghn/repositories/ready-to-ship"
import type GhnModuleService from "../modules/ghn/service"
import { OrdersInOtherRunError } from "../modules/ghn/errors"
import { readyOrderDetails } from "./ready-order-details"
import { queueShippingRun } from "./shipping-runs"

export type AutoShipPassResult = {
  /** The run the due orders ship in, if any were due and shippable. */
  run_id: string | null
  shipped: string[]
  /** Due orders that did not ship, and why (those with problems wait and are looked at again). */
  held_back: { order_id: string; reason: AutoShipReason }[]
}

type Logger = { warn(message: string): void }

function options(container: MedusaContainer): { ghn: GhnModuleService; autoShip: AutoShipOptions | undefined } {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  return { ghn, autoShip: ghn.options.autoShip }
}

const shipsFrom = (autoShip: AutoShipOptions, locationId: string | null) => !autoShip.locations || (!!locationId && autoShip.locations.includes(locationId))

async function readyOf(ghn: GhnModuleService, orderIds: string[]): Promise<Map<string, ReadyOrderRow>> {
  if (!orderIds.length) return new Map()
  const { rows } = await ghn.readyToShip.list({ order_ids: orderIds }, ghn.options.codPaymentProviders, { limit: orderIds.length, offset: 0 })
  return new Map(rows.map((r) => [r.id, r]))
}

/** Why an order queued is no longer ready to ship: cancelled, or anything else (fulfilled by hand, in another run). */
async function notReadyReasons(container: MedusaContainer, orderIds: string[]): Promise<Map<string, AutoShipReason>> {
  if (!orderIds.length) return new Map()
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<{ id: string; status: string }>({ entity: "order", fields: ["id", "status"], filters: { id: orderIds } })
  const status = new Map(data.map((o) => [o.id, o.status]))
  return new Map(orderIds.map((id) => [id, status.get(id) === "canceled" ? "cancelled" : "not_ready"]))
}

/** Queues a new order when the option is on and it ships with GHN (from one of `locations`); true when it was queued. */
export async function queueForAutoShip(container: MedusaContainer, orderId: string): Promise<boolean> {
  const { ghn, autoShip } = options(container)
  if (!autoShip) return false
  const order = (await readyOf(ghn, [orderId])).get(orderId)
  if (!order || !shipsFrom(autoShip, order.location_id)) return false
  return await ghn.autoShip.queue(orderId, new Date(order.created_at))
}

/** Due times of the queued orders whose time is not known yet (just queued, released, or waiting for a payment). */
async function dateQueued(container: MedusaContainer, ghn: GhnModuleService, autoShip: AutoShipOptions, store: AutoShipRepository) {
  const rows = await store.undated(MAX_RUN_ORDERS)
  if (!rows.length) return
  const ids = rows.map((r) => r.order_id)
  const [ready, paid] = await Promise.all([readyOf(ghn, ids), autoShip.when === "paid" ? store.paidAt(ids) : new Map<string, Date>()])
  const gone = await notReadyReasons(container, ids.filter((id) => !ready.has(id)))
  await store.settle(
    rows.map((row) => {
      const order = ready.get(row.order_id)
      if (!order) return { id: row.id, status: "skipped", reason: gone.get(row.order_id) ?? "not_ready" }
      if (!shipsFrom(autoShip, order.location_id)) return { id: row.id, status: "skipped", reason: "location" }
      const due = autoShipDueAt(autoShip, { queued_at: new Date(row.queued_at), cod: order.cod, paid_at: paid.get(row.order_id) ?? null })
      return { id: row.id, status: "waiting", due_at: due, reason: due ? null : "payment" }
    })
  )
}

/**
 * The due pass: dates what was queued, then ships the orders due at `now` in one shipping run.
 * One that was cancelled, edited since it was queued, or is no longer ready is skipped for good (it
 * stays in Ready to ship for the merchant); one GHN would refuse (its address, its parcel) waits,
 * looked at again after AUTO_SHIP_RECHECK_MS. One pass at a time across the store's processes.
 */
export async function autoShipPass(container: MedusaContainer, now = new Date()): Promise<AutoShipPassResult> {
  const { ghn, autoShip } = options(container)
  const none: AutoShipPassResult = { run_id: null, shipped: [], held_back: [] }
  if (!autoShip) return none
  return await container.resolve(Modules.LOCKING).execute("ghn:auto-ship", () => pass(container, ghn, autoShip, now), { timeout: 30 })
}

async function pass(container: MedusaContainer, ghn: GhnModuleService, autoShip: AutoShipOptions, now: Date): Promise<AutoShipPassResult> {
  const store = ghn.autoShip
  await dateQueued(container, ghn, autoShip, store)
  const due = await store.due(now, MAX_RUN_ORDERS)
  if (!due.length) return { run_id: null, shipped: [], held_back: [] }
  const ids = due.map((r) => r.order_id)
  const [ready, edited] = await Promise.all([readyOf(ghn, ids), store.editedSinceQueued(ids)])
  const gone = await notReadyReasons(container, ids.filter((id) => !ready.has(id)))
  const heldBack: AutoShipPassResult["held_back"] = []
  const moves: Parameters<AutoShipRepository["settle"]>[0] = []
  const skip = (row: AutoShipRow, reason: AutoShipReason) => {
    heldBack.push({ order_id: row.order_id, reason })
    moves.push({ id: row.id, status: "skipped", reason })
  }
  const candidates: AutoShipRow[] = []
  for (const row of due) {
    const order = ready.get(row.order_id)
    if (!order) skip(row, gone.get(row.order_id) ?? "not_ready")
    else if (!shipsFrom(autoShip, order.location_id)) skip(row, "location")
    else if (edited.has(row.order_id)) skip(row, "edited")
    else candidates.push(row)
  }
  // What would stop GHN, read as the Ready to ship tab reads it: those wait with their problems.
  const details = new Map((await readyOrderDetails(container, candidates.map((r) => ready.get(r.order_id)!))).map((d) => [d.id, d]))
  const recheck = new Date(now.getTime() + AUTO_SHIP_RECHECK_MS)
  let ship: AutoShipRow[] = []
  for (const row of candidates) {
    if (details.get(row.order_id)?.problems.length) {
      heldBack.push({ order_id: row.order_id, reason: "problems" })
      moves.push({ id: row.id, status: "waiting", due_at: recheck, reason: "problems" })
    } else ship.push(row)
  }
  let runId: string | null = null
  for (let attempt = 0; ship.length && attempt < 2; attempt++) {
    try {
      const run = await queueShippingRun(container, {
        created_by: AUTO_SHIP_STARTER,
        pick_shift: null,
        pick_shift_title: null,
        filter: { auto_ship: true },
        orders: ship.map((row) => {
          const order = ready.get(row.order_id)!
          return { order_id: order.id, display_id: order.custom_display_id || String(order.display_id), provider_id: order.provider_id }
        }),
      })
      runId = run.id
      break
    } catch (error) {
      if (!(error instanceof OrdersInOtherRunError)) throw error
      // Taken meanwhile by a run the merchant started: theirs now.
      const taken = new Set(error.orders.map((o) => o.order_id))
      for (const row of ship.filter((r) => taken.has(r.order_id))) skip(row, "not_ready")
      ship = ship.filter((r) => !taken.has(r.order_id))
    }
  }
  if (runId) for (const row of ship) moves.push({ id: row.id, status: "shipped", run_id: runId })
  await store.settle(moves)
  if (heldBack.length) {
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`GHN: automatic shipping held back ${heldBack.length} due order(s): ${heldBack.map((h) => `${h.order_id} (${h.reason})`).join(", ")}`)
  }
  return { run_id: runId, shipped: runId ? ship.map((r) => r.order_id) : [], held_back: heldBack }
}
