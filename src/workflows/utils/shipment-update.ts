import { ghnInstant } from "../../lib/ghn/dates"
import { attemptsAfter } from "../../lib/status/needs-action"
import { GHN_STATUSES, refusedMove, type RefusedMove } from "../../lib/status/status"
import type { GhnShipmentEvent } from "../../lib/status/webhook"
import type GhnModuleService from "../../modules/ghn/service"
import { GHN_NEWS_FIELDS } from "../../modules/ghn/repositories/shipment"

const KNOWN = (status: string) => (GHN_STATUSES as readonly string[]).includes(status)

export type HistoryEntry = {
  status: string | null
  type: string
  time: string
  reason?: string | null
  reason_code?: string | null
  source: string
  /** A status GHN cannot give now (src/lib/status/status.ts refusedMove, or dated before the order): kept here only. */
  not_applied?: RefusedMove
}

/** What applying an event changes on the shipment record. */
export type ShipmentUpdate = {
  id: string
  history: { events: HistoryEntry[] }
  last_synced_at: Date
  status?: string
  status_at?: Date
  total_fee?: number
  fees?: Record<string, unknown>
  cod_amount?: number
  is_cod_collected?: boolean
  cod_collect_date?: Date
  is_cod_transferred?: boolean
  cod_transfer_date?: Date
  weight?: number
  converted_weight?: number
  status_reason?: string | null
  status_reason_code?: string | null
  delivery_attempts?: number
  box_length?: number
  box_width?: number
  box_height?: number
}

type ShipmentRow = Awaited<ReturnType<GhnModuleService["listGhnShipments"]>>[number]

/** The shipment's fields an application may change: what the apply step's compensation puts back. */
const SNAPSHOT_FIELDS = ["id", ...GHN_NEWS_FIELDS] as const
export type ShipmentSnapshot = Pick<ShipmentRow, (typeof SNAPSHOT_FIELDS)[number]>

/** The shipment as it is before an application. */
export function snapshotOf(shipment: ShipmentRow): ShipmentSnapshot {
  return Object.fromEntries(SNAPSHOT_FIELDS.map((field) => [field, shipment[field]])) as ShipmentSnapshot
}

/**
 * What applying events (oldest first in GHN time) changes on a shipment record. Each is added to
 * the history; the status moves only to a status GHN gave at a later time than the current one,
 * so repeated and out-of-order deliveries never move it backwards; fees, COD and weight come from
 * the newest event GHN sent; collection and transfer are set once.
 */
export function shipmentUpdateOf(shipment: ShipmentRow, events: GhnShipmentEvent[]): ShipmentUpdate {
  // The history is built one way: each event applied is added once, in GHN time (the callbacks
  // read above are exactly those not applied yet, so none is added twice).
  let history = (shipment.history as { events?: HistoryEntry[] } | null)?.events ?? []
  const update: ShipmentUpdate = { id: shipment.id, history: { events: history }, last_synced_at: new Date() }
  let statusAt = shipment.status_at ? new Date(shipment.status_at).getTime() : -Infinity
  // Each body carries the fees, COD and weight of its time: only the newest event GHN sent sets them.
  const latestKnown = Math.max(-Infinity, ...history.map((h) => Date.parse(h.time)))
  // GHN's moves only (src/lib/status/status.ts): a status it cannot give now, or dated before the
  // order existed, stays in the history, marked, and changes nothing else.
  const madeAt = new Date(shipment.created_at).getTime() - 10 * 60_000
  const accepted: typeof events = []
  /** The statuses the shipment takes, in order (failed delivery attempts are counted from them). */
  const reached: string[] = []
  for (const e of events) {
    const eventTime = new Date(e.time).getTime()
    // Order Info's updated_date has whole seconds where webhooks have milliseconds: what GHN
    // answers now (poll, admin refresh) counts as current within the same second.
    const isAfter = (time: number, strictly: boolean) =>
      e.source === "webhook" ? (strictly ? eventTime > time : eventTime >= time) : eventTime >= Math.floor(time / 1000) * 1000
    // A status older than the current one is history as it came (late, not wrong); a newer one must be a move GHN makes.
    const becomesStatus = !!e.status && (e.source === "admin" || isAfter(statusAt, true))
    const refused: RefusedMove | null =
      eventTime < madeAt ? "before_order" : e.status && !KNOWN(e.status) ? "unknown_status" : becomesStatus ? refusedMove(update.status ?? shipment.status, e.status!) : null
    const entry: HistoryEntry = {
      status: e.status ?? null,
      type: e.type,
      time: new Date(e.time).toISOString(),
      reason: e.reason ?? null,
      reason_code: e.reason_code ?? null,
      source: e.source,
      ...(refused ? { not_applied: refused } : {}),
    }
    if (!history.some((h) => h.type === entry.type && h.time === entry.time && h.status === entry.status)) {
      history = [...history, entry].sort((a, b) => a.time.localeCompare(b.time))
    }
    if (refused) continue
    accepted.push(e)
    // The admin's refresh is GHN's Order Info now: it always wins, so no callback time can hold a shipment back.
    if (e.status && (e.source === "admin" || isAfter(statusAt, true))) {
      // GHN's reason is the status's own: a status without one clears the last.
      if (e.status !== (update.status ?? shipment.status) || e.reason || e.reason_code) {
        update.status_reason = e.reason || null
        update.status_reason_code = e.reason_code || null
      }
      update.status = e.status
      update.status_at = new Date(eventTime)
      statusAt = eventTime
      reached.push(e.status)
    }
    if (isAfter(latestKnown, false)) {
      // Fee, weight and COD updates (update_fee, update_weight, update_cod, and every full body).
      if (e.total_fee) update.total_fee = Math.round(e.total_fee)
      if (e.fees) update.fees = e.fees
      if (e.cod_amount !== undefined && (e.type === "update_cod" || e.cod_amount > 0)) update.cod_amount = Math.round(e.cod_amount)
      if (e.weight) update.weight = Math.round(e.weight)
      if (e.converted_weight) update.converted_weight = Math.round(e.converted_weight)
      if (e.length && e.width && e.height) Object.assign(update, { box_length: Math.round(e.length), box_width: Math.round(e.width), box_height: Math.round(e.height) })
    }
  }
  // Collection and transfer happen once: whichever report says so first sets them, in any order.
  // Dates read as every GHN date: Go's zero time or "" is unset, never a transfer (a callback
  // stored before this rule may still carry one).
  for (const e of accepted) {
    const collectedOn = ghnInstant(e.cod_collect_date)
    const transferredOn = ghnInstant(e.cod_transfer_date)
    if (e.cod_collected && !shipment.is_cod_collected) {
      update.is_cod_collected = true
      if (collectedOn && !update.cod_collect_date) update.cod_collect_date = collectedOn
    }
    // A callback's transfer is its date; Order Info also says is_cod_transferred.
    const transferred = e.source === "webhook" ? !!transferredOn : !!e.cod_transferred || !!transferredOn
    if (transferred && !shipment.is_cod_transferred) {
      update.is_cod_transferred = true
      if (transferredOn && !update.cod_transfer_date) update.cod_transfer_date = transferredOn
    }
  }
  update.history = { events: history }
  const attempts = attemptsAfter(shipment.status, reached)
  if (attempts) update.delivery_attempts = (shipment.delivery_attempts ?? 0) + attempts
  return update
}
