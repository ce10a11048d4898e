import { ContainerRegistrationKeys, generateEntityId, MedusaError, MedusaService, Modules } from "@medusajs/framework/utils"
import type { AddressResolver } from "../../lib/address/address-resolver"
import { type GhnAccount, ghnAccountsOf, ghnClientOf, masterDataOf, notedProviderCount } from "../../lib/runtime/ghn-accounts"
import { ghnProviderIdOf } from "../../lib/runtime/provider-id"
import { inFlightSettled, isScriptRun } from "../../lib/runtime/in-flight"
import { canMoveIntent, clientOrderCode, IntentMoveError, intentItems, type IntentReservation, type IntentStatus } from "../../lib/parcel/create-intent"
import { type CodFilter, type CodShipmentRow, type CodTotals, UNCOLLECTED_END_STATUSES } from "../../lib/cod/cod-report"
import { describeWebhookIssues, eventFromWebhook, ghnWebhookSchema, MAX_CALLBACK_ATTEMPTS, type GhnShipmentEvent } from "../../lib/status/webhook"
import type { GhnClient, GhnLabelSize } from "../../lib/ghn"
import { GhnOptions, parseGhnOptions, shopIdForLocation } from "../../lib/runtime/options"
import { resolveBaseUrl } from "../../lib/ghn"
import { CachingModule, CachingModuleStore, MemoryStore, SharedCache } from "../../lib/runtime/quote-cache"
import { storeGhnBudget, StoreMasterData } from "../../lib/runtime/store-master-data"
import { GhnCreateIntent } from "./models/ghn-create-intent"
import { GhnShipment } from "./models/ghn-shipment"
import { GhnTicket } from "./models/ghn-ticket"
import { GhnWebhookEvent } from "./models/ghn-webhook-event"
import { keptRefusedBody, RefusalLog } from "../../lib/status/refused-callbacks"
import { GhnRefusedCallback } from "./models/ghn-refused-callback"
import { GhnReceiverOutcome } from "./models/ghn-receiver-outcome"
import { GhnTrustedReceiver } from "./models/ghn-trusted-receiver"
import { GhnAddressChoice } from "./models/ghn-address-choice"
import { GhnShippingRun } from "./models/ghn-shipping-run"
import { GhnShippingRunOrder } from "./models/ghn-shipping-run-order"
import { GhnLocationShop } from "./models/ghn-location-shop"
import { GhnAutoShip } from "./models/ghn-auto-ship"
import { GhnReadyOrder } from "./models/ghn-ready-order"
import { type CodRiskOption, type ReceiverHistory, type ReceiverOutcome, refusesCod } from "../../lib/cod/receiver-risk"
import { isBeforePickup } from "../../lib/status/status"
import { type CodCounts, type FeeWeekCount, type InsightCounts, type InsightGroup, type ParcelGroupCount, type ReasonCount } from "../../lib/insights/insights"
import { vietnamDaySql, vietnamDayText } from "../../lib/ghn/dates"
import type { GhnIntentRow, GhnShipmentRow } from "./types"
import { NEEDS_ACTION_STATUSES } from "../../lib/status/needs-action"
import { ShippingRunStore } from "./shipping-run-store"
import { ReadyToShipStore } from "./ready-to-ship-store"

type Logger = { warn(message: string): void; info?(message: string): void }
type Knex = { raw<T>(sql: string, bindings: unknown[]): Promise<T> }

/** What an intent's move may carry, written in the move's own statement (column names, never the caller's). */
const INTENT_MOVE_FIELDS = ["order_code", "fulfillment_id", "note", "error", "attempts", "next_attempt_at"] as const
type InjectedDependencies = {
  logger?: Logger
  configModule?: unknown
  [Modules.CACHING]?: CachingModule
  [Modules.EVENT_BUS]?: EventBus
  [ContainerRegistrationKeys.PG_CONNECTION]?: Knex
}
type EventBus = { emit(message: { name: string; data: unknown }): Promise<unknown> }

export type { GhnAccount }

/** A few codes (or ids) of a list, named, and how many more (a bulk request lists up to 10,000). */
export function someOf(codes: string[], shown = 5): string {
  return codes.length > shown ? `${codes.slice(0, shown).join(", ")} and ${codes.length - shown} more` : codes.join(", ")
}

/** The once-an-hour log of refused callbacks' reasons in this process (bounded: the reasons name fields the sender chose). */
const refusalLog = new RefusalLog()

/** The COD report's columns of a parcel. */
const COD_COLUMNS = `id, order_id, order_code, status, created_at, cod_expected, cod_amount, is_cod_collected, cod_collect_date, is_cod_transferred,
  cod_transfer_date, cod_capture_status, cod_captured_amount, cod_capture_id, cod_capture_error, quoted_fee, total_fee`

/** The COD report's filter as SQL: an order's parcels (not returns), and the filter's condition. */
function codWhere(opts: { filter: CodFilter; order_id?: string }): { clause: string; binds: unknown[] } {
  const where = ["deleted_at is null", "is_return = false"]
  const binds: unknown[] = []
  if (opts.order_id) {
    where.push("order_id = ?")
    binds.push(opts.order_id)
  }
  if (opts.filter === "uncollected") {
    where.push("cod_amount > 0 and not is_cod_collected and status <> all(?)")
    binds.push([...UNCOLLECTED_END_STATUSES])
  } else if (opts.filter === "untransferred") where.push("is_cod_collected and not is_cod_transferred")
  else if (opts.filter === "differences") where.push("(cod_amount <> coalesce(cod_expected, cod_amount) or (quoted_fee is not null and total_fee <> quoted_fee))")
  return { clause: where.join(" and "), binds }
}

/** What the recovery pass is asked through, so a worker applies what a server stored. */
export const GHN_EVENTS_RECOVER = "ghn.events.recover"

/**
 * The plugin's data module: GHN shipments, webhook events, Create Order intents and support
 * tickets, plus the GHN accounts (one per registration of the provider, so every call about a
 * fulfilment uses its own provider's token and shop), cached address lists and a shared cache for
 * routes, subscribers, jobs and workflows (the provider lives in the fulfilment module's own
 * container and cannot reach them).
 */
export default class GhnModuleService extends MedusaService({
  GhnShipment,
  GhnWebhookEvent,
  GhnTicket,
  GhnCreateIntent,
  GhnRefusedCallback,
  GhnReceiverOutcome,
  GhnTrustedReceiver,
  GhnAddressChoice,
  GhnShippingRun,
  GhnShippingRunOrder,
  GhnLocationShop,
  GhnAutoShip,
  GhnReadyOrder,
}) {
  /** The plugin's own options: the default account (settings, onboarding, address lists). */
  readonly options: GhnOptions
  readonly client: GhnClient
  /** GHN's address lists, cached for a day: for storefront address forms and name matching. */
  readonly addresses: AddressResolver
  /** The address lists as the storefront's routes read them: ids checked first, GHN calls paid from the storefront's budget. */
  readonly storeAddresses: StoreMasterData
  /** GHN answers that are the same for the same input (lead times), in Medusa's caching module when configured. */
  readonly cache: SharedCache
  /** Shipping runs: their orders' states and moves (src/modules/ghn/shipping-run-store.ts). */
  readonly shippingRuns: ShippingRunStore
  /** Orders ready to ship (src/modules/ghn/ready-to-ship-store.ts). */
  readonly readyToShip: ReadyToShipStore
  /** The store's registrations of the provider, read from the composition root (src/lib/runtime/ghn-accounts.ts) once they are all loaded. */
  private known?: { noted: number; accounts: Map<string, GhnAccount> }
  private readonly configModule?: unknown
  private readonly eventBus?: EventBus
  private readonly pg: Knex
  private readonly logger?: Logger

  constructor(container: InjectedDependencies, options: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options = parseGhnOptions(options)
    this.client = ghnClientOf(this.options, container.logger)
    this.addresses = masterDataOf(this.options, this.client)
    this.storeAddresses = new StoreMasterData(this.addresses, storeGhnBudget())
    const caching = container[Modules.CACHING]
    this.cache = new SharedCache(
      caching ? new CachingModuleStore(caching, "ghn:", (message) => container.logger?.warn(message)) : new MemoryStore(),
      this.options.quoteCacheTtlSeconds
    )
    this.configModule = container.configModule
    this.eventBus = container[Modules.EVENT_BUS]
    this.logger = container.logger
    this.pg = container[ContainerRegistrationKeys.PG_CONNECTION]!
    this.shippingRuns = new ShippingRunStore(this.pg)
    this.readyToShip = new ReadyToShipStore(this.pg)
  }

  __hooks = {
    // Events a stopped process stored but never applied: the worker's recovery pass applies them now.
    onApplicationStart: async () => {
      // A `medusa exec` script (the demo's seed) runs no recovery: it may exit halfway through one.
      if (isScriptRun()) return
      await this.eventBus?.emit({ name: GHN_EVENTS_RECOVER, data: { reason: "start" } }).catch(() => undefined)
    },
    // A graceful stop lets a running COD capture reach its record (Medusa's capture, then the parcel's).
    onApplicationPrepareShutdown: async () => {
      const left = await inFlightSettled(15_000)
      if (left) this.logger?.warn(`GHN: stopping with ${left} COD captures still running; the next pass completes them`)
    },
  }

  /**
   * The provider's registrations by provider id. The fulfilment module may load after this one:
   * read when first needed, and again if a registration was noted since.
   */
  private get accounts(): Map<string, GhnAccount> {
    const noted = notedProviderCount()
    if (this.known?.noted !== noted) {
      const accounts = ghnAccountsOf(this.configModule, Modules.FULFILLMENT, ghnProviderIdOf, this.logger)
      this.known = { noted, accounts: new Map(accounts.map((a) => [a.provider_id!, a])) }
    }
    return this.known.accounts
  }

  /** Every registration of the GHN provider in the store (the plugin's own options when none is found). */
  get providerAccounts(): GhnAccount[] {
    return this.accounts.size ? [...this.accounts.values()] : [this.defaultAccount]
  }

  private get defaultAccount(): GhnAccount {
    return { provider_id: null, options: this.options, client: this.client }
  }

  /** The account of a GHN provider id (a fulfilment's, a shipment's); the plugin's options for none or an unknown one. */
  accountOf(providerId: string | null | undefined): GhnAccount {
    return (providerId && this.accounts.get(providerId)) || this.defaultAccount
  }

  /**
   * The stock location -> GHN shop map chosen in the admin. It is the plugin's own account's (the
   * shops Settings -> GHN lists): it applies to a registration with that token and environment only,
   * another GHN account keeps its own option `locationShops`.
   */
  async storedLocationShops(options: GhnOptions = this.options): Promise<Record<string, number>> {
    if (options.token !== this.options.token || resolveBaseUrl(options) !== resolveBaseUrl(this.options)) return {}
    const rows = await this.listGhnLocationShops({}, { select: ["location_id", "shop_id"] })
    return Object.fromEntries(rows.map((r) => [r.location_id, r.shop_id]))
  }

  /**
   * The GHN shop a stock location ships from for an account: the map stored from the admin, else
   * the option `locationShops`, else the default shop. Read when a fulfilment or a quote is made,
   * so a change applies from the next one on.
   */
  async shopIdForLocation(options: GhnOptions, locationId: string | null | undefined): Promise<number> {
    const stored = locationId ? (await this.storedLocationShops(options))[locationId] : undefined
    return stored ?? shopIdForLocation(options, locationId)
  }

  /** Sets (a shop id) or clears (null: back to the option `locationShops`) the shop of stock locations. */
  async setLocationShops(entries: { location_id: string; shop_id: number | null }[]) {
    const ids = entries.map((e) => e.location_id)
    const existing = ids.length ? await this.listGhnLocationShops({ location_id: ids }, { select: ["id", "location_id"] }) : []
    const idOf = new Map(existing.map((r) => [r.location_id, r.id]))
    const cleared = entries.filter((e) => e.shop_id === null && idOf.has(e.location_id)).map((e) => idOf.get(e.location_id)!)
    const updated = entries.filter((e) => e.shop_id !== null && idOf.has(e.location_id)).map((e) => ({ id: idOf.get(e.location_id)!, shop_id: e.shop_id! }))
    const created = entries.filter((e) => e.shop_id !== null && !idOf.has(e.location_id)).map((e) => ({ location_id: e.location_id, shop_id: e.shop_id! }))
    if (cleared.length) await this.deleteGhnLocationShops(cleared)
    if (updated.length) await this.updateGhnLocationShops(updated)
    if (created.length) await this.createGhnLocationShops(created)
  }

  /** Every webhook secret of the store's GHN accounts (each GHN account calls back with its own). */
  get webhookSecrets(): { header: string; secret: string }[] {
    const all = [this.options, ...[...this.accounts.values()].map((a) => a.options)]
    const seen = new Set<string>()
    return all
      .filter((o) => !!o.webhookSecret)
      .map((o) => ({ header: o.webhookHeader.toLowerCase(), secret: o.webhookSecret! }))
      .filter((s) => !seen.has(`${s.header}\n${s.secret}`) && !!seen.add(`${s.header}\n${s.secret}`))
  }

  /**
   * The webhook secret that authenticates the callbacks of a parcel: its own account's (a secret of
   * another account of the store is not enough), or null when the parcel is not the store's (an
   * unknown order code). One indexed read.
   */
  async webhookSecretOfParcel(orderCode: string): Promise<{ header: string; secret: string | undefined } | null> {
    const { rows } = await this.pg.raw<{ rows: { provider_id: string | null }[] }>(
      "select provider_id from ghn_shipment where order_code = ? and deleted_at is null limit 1",
      [orderCode]
    )
    if (!rows.length) return null
    const { webhookHeader, webhookSecret } = this.accountOf(rows[0].provider_id).options
    return { header: webhookHeader.toLowerCase(), secret: webhookSecret }
  }

  /**
   * The COD report's parcels (an order's, not returns), newest first, with the count and totals
   * of the whole filter: `uncollected` COD on the way, `untransferred` collected but not paid to
   * the shop, `differences` GHN's COD or fee other than the store's.
   */
  async codReport(opts: { filter: CodFilter; order_id?: string; limit: number; offset: number }): Promise<{ rows: CodShipmentRow[]; count: number; totals: CodTotals }> {
    const { clause, binds } = codWhere(opts)
    const [{ rows }, { rows: sums }] = await Promise.all([
      this.pg.raw<{ rows: CodShipmentRow[] }>(
        `select ${COD_COLUMNS} from ghn_shipment where ${clause} order by created_at desc, id limit ? offset ?`,
        [...binds, opts.limit, opts.offset]
      ),
      this.pg.raw<{ rows: Record<keyof CodTotals, string | number | null>[] }>(
        `select count(*) as parcels, sum(coalesce(cod_expected, cod_amount)) as expected, sum(cod_amount) as ghn,
                sum(case when is_cod_collected then cod_amount else 0 end) as collected,
                sum(case when is_cod_transferred then cod_amount else 0 end) as transferred,
                sum(cod_captured_amount) as captured, sum(coalesce(quoted_fee, 0)) as quoted_fee,
                sum(case when quoted_fee is not null then total_fee else 0 end) as total_fee
           from ghn_shipment where ${clause}`,
        binds
      ),
    ])
    const t = sums[0]
    const totals = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Number(v ?? 0)])) as CodTotals
    return { rows, count: totals.parcels, totals }
  }

  /**
   * The COD report's parcels a page at a time, newest first, after `after` (keyset: no offset to
   * skip over), for the CSV of every parcel: the export never holds more than one page.
   */
  async codReportPage(opts: { filter: CodFilter; order_id?: string; after?: { created_at: Date | string; id: string }; limit: number }): Promise<CodShipmentRow[]> {
    const { clause, binds } = codWhere(opts)
    const keyset = opts.after ? " and (created_at, id) < (?, ?)" : ""
    const { rows } = await this.pg.raw<{ rows: CodShipmentRow[] }>(
      `select ${COD_COLUMNS} from ghn_shipment where ${clause}${keyset} order by created_at desc, id desc limit ?`,
      [...binds, ...(opts.after ? [new Date(opts.after.created_at), opts.after.id] : []), opts.limit]
    )
    return rows
  }

  /**
   * The "Needs action" queue: the parcels in `statuses` (of one order, when asked), the longest
   * waiting first, and how many wait in each of the queue's statuses; both read on the
   * (status, status_at) index, never the whole table.
   */
  async needsAction(opts: { statuses: readonly string[]; order_id?: string; limit: number; offset: number }): Promise<{ rows: GhnShipmentRow[]; counts: Record<string, number> }> {
    const rows = await this.listGhnShipments(
      { status: [...opts.statuses], ...(opts.order_id ? { order_id: opts.order_id } : {}) },
      { take: opts.limit, skip: opts.offset, order: { status_at: "ASC", id: "ASC" } }
    )
    const { rows: counted } = await this.pg.raw<{ rows: { status: string; n: number }[] }>(
      `select status, count(*)::int as n from ghn_shipment where deleted_at is null and status = any(?)${opts.order_id ? " and order_id = ?" : ""} group by status`,
      [[...NEEDS_ACTION_STATUSES], ...(opts.order_id ? [opts.order_id] : [])]
    )
    return { rows, counts: Object.fromEntries(NEEDS_ACTION_STATUSES.map((status) => [status, counted.find((c) => c.status === status)?.n ?? 0])) }
  }

  /**
   * Parcels of the last `days` days that GHN has measured and the store sent measures for (orders'
   * parcels only), newest first, at most `limit`: the re-weighing report's input.
   */
  async measuredParcels(days: number, limit = 20_000) {
    const { rows } = await this.pg.raw<{
      rows: {
        id: string
        order_id: string | null
        fulfillment_id: string
        order_code: string
        sent_weight: number
        sent_length: number | null
        sent_width: number | null
        sent_height: number | null
        sent_fee: number | null
        weight: number | null
        converted_weight: number | null
        box_length: number | null
        box_width: number | null
        box_height: number | null
        total_fee: number
      }[]
    }>(
      `select id, order_id, fulfillment_id, order_code, sent_weight, sent_length, sent_width, sent_height, sent_fee,
              weight, converted_weight, box_length, box_width, box_height, total_fee
         from ghn_shipment
        where deleted_at is null and not is_return and sent_weight is not null and (weight is not null or box_length is not null)
          and created_at > now() - make_interval(days => ?::int)
        order by created_at desc limit ?`,
      [days, limit]
    )
    return rows
  }

  /**
   * The Insights tab's counts: the orders' parcels (not returns) created in [from, to) (Vietnamese
   * midnights) from one stock location or all, grouped by period (Vietnamese day or the Monday of
   * its week), province, status, failed attempt, refusal and days late; GHN's failed-delivery
   * reasons; COD collected and transferred in the range and awaiting transfer now by age; fees by
   * week. Read from the rollup PostgreSQL keeps on every write of a parcel (./insight-rollup.ts):
   * rows per day × location × province × outcome, never per parcel.
   */
  async insightCounts(opts: { from: Date; to: Date; location_id?: string | null; group: InsightGroup }): Promise<InsightCounts> {
    const location = opts.location_id ? " and location_id = ?" : ""
    const locationBind = opts.location_id ? [opts.location_id] : []
    const range = `day >= ?::date and day < ?::date${location}`
    const rangeBinds = [vietnamDayText(opts.from), vietnamDayText(opts.to), ...locationBind]
    const mondayOf = (day: string) => `(${day} - (extract(isodow from ${day})::int - 1))`
    const period = opts.group === "week" ? mondayOf("day") : "day"
    const [groups, reasons, codDays, held, fees] = await Promise.all([
      this.pg.raw<{ rows: ParcelGroupCount[] }>(
        `select ${period}::text as period, nullif(province, '') as province, status, failed_attempts, refused,
                nullif(days_late, -1) as days_late, sum(parcels)::int as parcels
           from ghn_insight_day where ${range}
          group by 1, 2, 3, 4, 5, 6 having sum(parcels) <> 0`,
        rangeBinds
      ),
      this.pg.raw<{ rows: ReasonCount[] }>(
        `select nullif(reason_code, '') as reason_code, nullif(max(reason), '') as reason, sum(failures)::int as count
           from ghn_insight_reason_day where ${range}
          group by reason_code having sum(failures) <> 0`,
        rangeBinds
      ),
      this.pg.raw<{ rows: { kind: string; parcels: number; amount: string }[] }>(
        `select kind, sum(parcels)::int as parcels, sum(amount) as amount from ghn_insight_cod_day
          where kind in ('collected', 'transferred') and ${range} group by kind`,
        rangeBinds
      ),
      // What GHN holds now, by the day it collected it; 15 days and more in one.
      this.pg.raw<{ rows: { age_days: number; parcels: number; amount: string }[] }>(
        `select least(${vietnamDaySql("now()")} - day, 15) as age_days, sum(parcels)::int as parcels, sum(amount) as amount
           from ghn_insight_cod_day where kind = 'awaiting'${location}
          group by 1 having sum(parcels) <> 0`,
        locationBind
      ),
      this.pg.raw<{ rows: Record<keyof FeeWeekCount, string | number>[] }>(
        `select ${mondayOf("day")}::text as week, sum(parcels)::int as parcels, sum(quoted) as quoted, sum(billed) as billed,
                sum(reweigh_surcharge) as reweigh_surcharge, sum(return_fees) as return_fees
           from ghn_insight_day where ${range} group by 1 having sum(parcels) <> 0 order by 1`,
        rangeBinds
      ),
    ])
    const collected = codDays.rows.find((r) => r.kind === "collected")
    const transferred = codDays.rows.find((r) => r.kind === "transferred")
    const amount = (r: { parcels: number; amount: string } | undefined) => ({ parcels: r?.parcels ?? 0, amount: Number(r?.amount ?? 0) })
    const cod: CodCounts = {
      collected: amount(collected),
      transferred: amount(transferred),
      awaiting: held.rows.map((r) => ({ age_days: Number(r.age_days), parcels: r.parcels, amount: Number(r.amount) })),
    }
    return {
      groups: groups.rows.map((g) => ({ ...g, failed_attempts: Number(g.failed_attempts), days_late: g.days_late === null ? null : Number(g.days_late) })),
      reasons: reasons.rows,
      cod,
      fees: fees.rows.map((w) => ({
        week: String(w.week),
        parcels: Number(w.parcels),
        quoted: Number(w.quoted),
        billed: Number(w.billed),
        reweigh_surcharge: Number(w.reweigh_surcharge),
        return_fees: Number(w.return_fees),
      })),
    }
  }

  /** When the store last heard from GHN's webhook (a callback stored, or one refused with the right secret), on the received_at indexes. */
  async lastCallbackReceivedAt(): Promise<Date | null> {
    const { rows } = await this.pg.raw<{ rows: { at: Date | null }[] }>(
      `select greatest((select max(received_at) from ghn_webhook_event where deleted_at is null),
                       (select max(received_at) from ghn_refused_callback where deleted_at is null)) as at`,
      []
    )
    return rows[0]?.at ? new Date(rows[0].at) : null
  }

  /** A COD parcel's end for its receiver, once per parcel (a repeat keeps the first): the row's id, or null for a repeat. */
  async recordReceiverOutcome(row: {
    phone: string
    order_code: string
    order_id: string | null
    outcome: ReceiverOutcome
    cod_amount: number
    failed_attempts: number
    at: Date
  }): Promise<string | null> {
    const { rows } = await this.pg.raw<{ rows: { id: string }[] }>(
      `insert into ghn_receiver_outcome (id, phone, order_code, order_id, outcome, cod_amount, failed_attempts, at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, now(), now()) on conflict do nothing returning id`,
      [generateEntityId(undefined, "ghnrcv"), row.phone, row.order_code, row.order_id, row.outcome, row.cod_amount, row.failed_attempts, row.at]
    )
    return rows[0]?.id ?? null
  }

  /**
   * Receivers' histories by phone (normalised): COD parcels delivered, returned and refused, the
   * failed attempts, whether an admin trusts them, and the returned or refused ones of the last
   * `codRisk.days` days. One grouped read on the (phone, at) index.
   */
  async receiverHistories(phones: string[], codRisk?: CodRiskOption): Promise<Map<string, ReceiverHistory>> {
    const out = new Map<string, ReceiverHistory>()
    if (!phones.length) return out
    const days = codRisk?.days ?? null
    const { rows } = await this.pg.raw<{ rows: { phone: string; delivered: number; returned: number; refused: number; failed_attempts: number; recent_returns: number }[] }>(
      `select phone,
              count(*) filter (where outcome = 'delivered')::int as delivered,
              count(*) filter (where outcome = 'returned')::int as returned,
              count(*) filter (where outcome = 'refused')::int as refused,
              coalesce(sum(failed_attempts), 0)::int as failed_attempts,
              count(*) filter (where outcome <> 'delivered' and (?::int is null or at > now() - make_interval(days => ?::int)))::int as recent_returns
         from ghn_receiver_outcome where phone = any(?) and deleted_at is null group by phone`,
      [days, days, phones]
    )
    const trusted = new Set((await this.listGhnTrustedReceivers({ phone: phones }, { select: ["phone"] })).map((t) => t.phone))
    for (const phone of phones) {
      const r = rows.find((x) => x.phone === phone)
      out.set(phone, {
        phone,
        delivered: r?.delivered ?? 0,
        returned: r?.returned ?? 0,
        refused: r?.refused ?? 0,
        failed_attempts: r?.failed_attempts ?? 0,
        recent_returns: r?.recent_returns ?? 0,
        trusted: trusted.has(phone),
        days,
      })
    }
    return out
  }

  /** A receiver's parcels, newest first (the admin's CSV export). */
  async receiverOutcomes(phone: string) {
    return await this.listGhnReceiverOutcomes({ phone }, { order: { at: "DESC" }, take: 10_000 })
  }

  /**
   * The codRisk check for one receiver (a phone in its national form, by the one phone rule), as
   * checkout, the fulfilment and a phone change all run it: their history and whether the option
   * refuses them cash on delivery (never a trusted one). No phone, or no option: not refused.
   */
  async receiverCodRisk(phone: string | null, codRisk: CodRiskOption | undefined): Promise<{ history: ReceiverHistory | null; refused: boolean }> {
    const history = phone && codRisk ? ((await this.receiverHistories([phone], codRisk)).get(phone) ?? null) : null
    return { history, refused: refusesCod(history, codRisk) }
  }

  /**
   * codRisk run again for an order's parcels (or one parcel, by its GHN order code) after its
   * receiver's phone changed: each COD parcel GHN has not picked up yet (of an account with the
   * option) records the outcome for the new phone (`cod_risk`), refused or not. The parcels that
   * would be refused at checkout now.
   */
  async recheckCodRisk(parcelsOf: { order_id: string } | { order_code: string }, phone: string | null): Promise<{ order_code: string; refused: boolean }[]> {
    const parcels = (await this.listGhnShipments({ ...parcelsOf, is_return: false }, { select: ["id", "order_code", "provider_id", "status", "cod_amount", "cod_risk"] }))
      .filter((p) => isBeforePickup(p.status) && p.cod_amount > 0)
    const out: { order_code: string; refused: boolean }[] = []
    for (const parcel of parcels) {
      const codRisk = this.accountOf(parcel.provider_id).options.codRisk
      if (!codRisk) continue
      const { history, refused } = await this.receiverCodRisk(phone, codRisk)
      const previous = parcel.cod_risk as { phone?: string | null; refused?: boolean } | null
      if (previous?.phone === phone && previous?.refused === refused) continue
      await this.updateGhnShipments({
        id: parcel.id,
        cod_risk: { phone, refused, recent_returns: history?.recent_returns ?? 0, days: codRisk.days, max_returned: codRisk.maxReturned, trusted: history?.trusted ?? false, checked_at: new Date().toISOString() },
      })
      out.push({ order_code: parcel.order_code, refused })
    }
    return out
  }

  /** Forgets a receiver: their parcels' outcomes and the trust (a shopper's data, the shop's duty). */
  async clearReceiver(phone: string): Promise<{ outcomes: number; trusted: boolean }> {
    const { rows } = await this.pg.raw<{ rows: { id: string }[] }>("delete from ghn_receiver_outcome where phone = ? returning id", [phone])
    const { rows: trust } = await this.pg.raw<{ rows: { id: string }[] }>("delete from ghn_trusted_receiver where phone = ? returning id", [phone])
    return { outcomes: rows.length, trusted: trust.length > 0 }
  }

  async storeCallback(row: {
    dedupe_key: string
    order_code: string
    type: string
    status: string | null
    event_time: Date
    /** The callback parsed, once (the webhook's eventFromWebhook): what the shipment applies. */
    event: GhnShipmentEvent
    raw_body: string
  }): Promise<{ id: string; duplicate: boolean; known: boolean; processed: boolean }> {
    const id = generateEntityId(undefined, "ghnevt")
    const { rows } = await this.pg.raw<{ rows: { inserted: string | null; known: boolean; existing: string | null; processed: boolean | null }[] }>(
      `with known as (select exists(select 1 from ghn_shipment where order_code = ? and deleted_at is null) as k),
            ins as (
              insert into ghn_webhook_event (id, dedupe_key, order_code, type, status, event_time, event, raw_body, received_at, unknown_order)
              select ?, ?, ?, ?, ?, ?, ?::jsonb, ?, now(), not k from known
              on conflict do nothing
              returning id)
       select (select id from ins) as inserted, (select k from known) as known,
              e.id as existing, e.processed_at is not null as processed
         from (select 1) one
         left join ghn_webhook_event e on e.dedupe_key = ? and e.deleted_at is null and not exists (select 1 from ins)`,
      [row.order_code, id, row.dedupe_key, row.order_code, row.type, row.status, row.event_time, JSON.stringify(row.event), row.raw_body, row.dedupe_key]
    )
    const r = rows[0]
    if (r.inserted) return { id: r.inserted, duplicate: false, known: r.known, processed: false }
    // The other delivery's transaction may not be visible yet: it is a repeat all the same.
    return { id: r.existing ?? "", duplicate: true, known: r.known, processed: r.processed ?? true }
  }

  /**
   * The callbacks of an order code stored and not applied yet, oldest first in GHN time (read under
   * the shipment's lock), as the webhook parsed them. One stored before callbacks were kept parsed
   * is parsed here, once, and kept so.
   */
  async pendingCallbacksOf(orderCode: string): Promise<{ id: string; event: GhnShipmentEvent }[]> {
    const { rows } = await this.pg.raw<{ rows: { id: string; event: GhnShipmentEvent | null; body: unknown }[] }>(
      `select id, event, case when event is null then body end as body from ghn_webhook_event
        where order_code = ? and processed_at is null and deleted_at is null order by event_time, received_at`,
      [orderCode]
    )
    const pending: { id: string; event: GhnShipmentEvent }[] = []
    for (const row of rows) {
      if (row.event) {
        pending.push({ id: row.id, event: row.event })
        continue
      }
      const parsed = ghnWebhookSchema.safeParse(row.body)
      if (parsed.success) {
        const event = eventFromWebhook(parsed.data)
        await this.pg.raw("update ghn_webhook_event set event = ?::jsonb, body = null where id = ?", [JSON.stringify(event), row.id])
        pending.push({ id: row.id, event })
        continue
      }
      // Stored before the webhook checked what it stores: set aside with its reason, for the admin.
      await this.updateGhnWebhookEvents({
        id: row.id,
        attempts: MAX_CALLBACK_ATTEMPTS,
        next_attempt_at: null,
        error: `not a callback GHN can send: ${describeWebhookIssues(parsed.error).join("; ")}`,
      })
    }
    return pending
  }

  /**
   * Deletes callbacks applied more than `days` days ago, `batch` rows per statement (on the
   * processed_at index; no statement holds its locks long), at most `maxBatches` statements a run.
   * Callbacks not applied (failed, set aside, waiting for their shipment) are never deleted here;
   * the shipment's history keeps every callback applied.
   */
  async pruneAppliedCallbacks(opts: { days: number; batch?: number; maxBatches?: number; pauseMs?: number }): Promise<number> {
    // Applied callbacks first, each batch ordered on the processed_at index; then callbacks of order
    // codes the store never had (never applied, received before the retention), few and read on
    // the received_at index once the applied ones of that age are gone.
    const statements = [
      `delete from ghn_webhook_event where id in (
         select id from ghn_webhook_event where deleted_at is null and processed_at < now() - make_interval(days => ?::int)
          order by processed_at limit ?
       ) returning id`,
      `delete from ghn_webhook_event where id in (
         select id from ghn_webhook_event where deleted_at is null and received_at < now() - make_interval(days => ?::int)
            and processed_at is null and unknown_order
          order by received_at limit ?
       ) returning id`,
    ]
    const batch = opts.batch ?? 1000
    let deleted = 0
    let batches = 0
    for (const statement of statements) {
      while (batches < (opts.maxBatches ?? 50)) {
        batches++
        const { rows } = await this.pg.raw<{ rows: { id: string }[] }>(statement, [opts.days, batch])
        deleted += rows.length
        if (rows.length < batch) break
        // A breath between statements: the webhook's inserts and the recovery pass go first.
        await new Promise((resolve) => setTimeout(resolve, opts.pauseMs ?? 100))
      }
    }
    return deleted
  }

  async markCallbacksApplied(ids: string[]) {
    await this.pg.raw(
      "update ghn_webhook_event set processed_at = now(), unknown_order = false, error = null, next_attempt_at = null, updated_at = now() where id = any(?)",
      [ids]
    )
  }

  /** Callbacks marked applied by a workflow that then failed: pending again. */
  async markCallbacksPending(ids: string[]) {
    await this.pg.raw("update ghn_webhook_event set processed_at = null, updated_at = now() where id = any(?)", [ids])
  }

  /** An order code with no shipment (yet): its callbacks wait for it (GHN calls before Medusa has stored the fulfilment). */
  async markCallbacksWaiting(orderCode: string) {
    await this.pg.raw("update ghn_webhook_event set unknown_order = true, updated_at = now() where order_code = ? and processed_at is null", [orderCode])
  }

  /** Applying an order code's callbacks failed: each counts a try, waits `delayMs`, and keeps the reason for the admin. */
  async markCallbacksFailed(orderCode: string, error: string, delayMs: (attempts: number) => number | null) {
    const { rows } = await this.pg.raw<{ rows: { id: string; attempts: number }[] }>(
      "select id, attempts from ghn_webhook_event where order_code = ? and processed_at is null and deleted_at is null",
      [orderCode]
    )
    for (const row of rows) {
      const attempts = row.attempts + 1
      const delay = delayMs(attempts)
      await this.updateGhnWebhookEvents({ id: row.id, attempts, error, next_attempt_at: delay === null ? null : new Date(Date.now() + delay) })
    }
  }

  /**
   * Callbacks of these order codes that failed to apply (still retried, or given up after every
   * try): how many, and the last reason, for the admin.
   */
  async failedCallbacksOf(orderCodes: string[]): Promise<Map<string, { count: number; error: string }>> {
    const failed = orderCodes.length
      ? await this.listGhnWebhookEvents(
          { order_code: orderCodes, processed_at: null, error: { $ne: null } } as Parameters<GhnModuleService["listGhnWebhookEvents"]>[0],
          { select: ["order_code", "error", "received_at"], order: { received_at: "ASC" } }
        )
      : []
    const byCode = new Map<string, { count: number; error: string }>()
    for (const e of failed) byCode.set(e.order_code, { count: (byCode.get(e.order_code)?.count ?? 0) + 1, error: e.error ?? "" })
    return byCode
  }

  /** The account of the shipment with this GHN order code (the plugin's options for an unknown code). */
  async accountOfOrderCode(orderCode: string): Promise<GhnAccount> {
    const [shipment] = await this.listGhnShipments({ order_code: orderCode }, { select: ["provider_id"] })
    return this.accountOf(shipment?.provider_id)
  }

  /**
   * The store's own shipments with these GHN order codes, grouped by the GHN account and shop that
   * made them. A code of another GHN order (one made in GHN's app on the same account) is refused,
   * naming it, before anything is sent to GHN; so is a parcel GHN cancelled, when `live` is asked.
   */
  async accountsOf(orderCodes: string[], opts: { live?: boolean; action?: string } = {}): Promise<{ account: GhnAccount; shop_id: number; order_codes: string[] }[]> {
    const shipments = await this.listGhnShipments({ order_code: orderCodes }, { select: ["order_code", "shop_id", "provider_id", "status"] })
    const byCode = new Map(shipments.map((s) => [s.order_code, s]))
    const unknown = orderCodes.filter((code) => !byCode.has(code))
    if (unknown.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `order_codes: ${someOf(unknown)} ${unknown.length === 1 ? "is not a GHN order" : "are not GHN orders"} of this store; nothing was sent to GHN`
      )
    }
    const cancelled = opts.live ? orderCodes.filter((code) => byCode.get(code)!.status === "cancel") : []
    if (cancelled.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `order_codes: GHN cancelled ${someOf(cancelled)}: ${opts.action ?? "there is nothing to act on"}; nothing was sent to GHN`
      )
    }
    const groups = new Map<string, { account: GhnAccount; shop_id: number; order_codes: string[] }>()
    for (const code of orderCodes) {
      const shipment = byCode.get(code)!
      const account = this.accountOf(shipment.provider_id)
      const key = `${account.provider_id}|${shipment.shop_id}`
      const group = groups.get(key) ?? { account, shop_id: shipment.shop_id, order_codes: [] }
      group.order_codes.push(code)
      groups.set(key, group)
    }
    return [...groups.values()]
  }

  /**
   * Label pages for the store's own live parcels, one per GHN account and shop, each with a freshly
   * minted print token (tokens expire after about 30 minutes, so no label URL is ever stored).
   */
  async labelUrls(orderCodes: string[], size: GhnLabelSize) {
    const labels: { shop_id: number; order_codes: string[]; url: string }[] = []
    for (const { account, shop_id, order_codes } of await this.accountsOf(orderCodes, { live: true, action: "a cancelled parcel has no label to print" })) {
      const token = await account.client.print.token({ order_codes }, { shopId: shop_id })
      labels.push({ shop_id, order_codes, url: account.client.print.labelUrl(token, size) })
    }
    return labels
  }

  /**
   * A new Create Order intent for a fulfilment (run under the order's lock): the next sequence of
   * the order's parcels (or returns) and its readable code, with the body about to be sent.
   */
  async reserveIntent(input: IntentReservation & { cod_amount: number }): Promise<GhnIntentRow> {
    const { rows } = await this.pg.raw<{ rows: { last: number | null }[] }>(
      "select max(sequence) as last from ghn_create_intent where order_id = ? and kind = ?",
      [input.order_id, input.kind]
    )
    const sequence = Number(rows[0]?.last ?? 0) + 1
    const prefix = this.accountOf(input.provider_id).options.clientOrderCodePrefix
    return await this.createGhnCreateIntents({
      client_order_code: clientOrderCode({ prefix, orderNumber: input.order_number, kind: input.kind, sequence }),
      kind: input.kind,
      sequence,
      provider_id: input.provider_id,
      order_id: input.order_id,
      fulfillment_id: input.fulfillment_id,
      location_id: input.location_id,
      shop_id: input.shop_id,
      items: { lines: intentItems(input.items) },
      cod_amount: input.cod_amount,
      body: input.body,
      status: "pending",
    })
  }

  /**
   * Moves an intent along its state machine (src/lib/parcel/create-intent.ts): a compare-and-set on the
   * status the caller read, so two processes never both move it (the loser gets IntentMoveError).
   * An intent that reaches an end keeps no body: the receiver's data is not kept longer than needed.
   */
  async moveIntent(
    intent: Pick<GhnIntentRow, "id" | "client_order_code" | "status">,
    to: IntentStatus,
    fields: Partial<Pick<GhnIntentRow, "order_code" | "fulfillment_id" | "note" | "error" | "attempts" | "next_attempt_at">> = {}
  ): Promise<void> {
    if (!canMoveIntent(intent.status as IntentStatus, to)) throw new IntentMoveError(intent.client_order_code, intent.status, to)
    // The status and what it carries (GHN's order code above all) in ONE statement: a crash can
    // never leave an intent `created` without the code of the order GHN holds.
    const carried = INTENT_MOVE_FIELDS.filter((column) => fields[column] !== undefined)
    const { rows } = await this.pg.raw<{ rows: { id: string }[] }>(
      `update ghn_create_intent set status = ?, updated_at = now()${to === "orphan" || to === "pending" ? "" : ", body = null"}${carried
        .map((column) => `, ${column} = ?`)
        .join("")} where id = ? and status = ? and deleted_at is null returning id`,
      [to, ...carried.map((column) => fields[column]), intent.id, intent.status]
    )
    if (!rows.length) {
      const [now] = await this.listGhnCreateIntents({ id: intent.id }, { select: ["status"] })
      throw new IntentMoveError(intent.client_order_code, now?.status ?? "gone", to)
    }
  }

  /** The intents of these orders that GHN holds an order for that must still be cancelled, for the admin. */
  async orphanIntentsOf(orderIds: string[]) {
    if (!orderIds.length) return []
    return await this.listGhnCreateIntents(
      { order_id: orderIds, status: "orphan" },
      { select: ["id", "order_id", "client_order_code", "order_code", "note", "error", "attempts", "next_attempt_at"], order: { created_at: "ASC" } }
    )
  }

  /**
   * A callback with the right secret that was refused: kept (its body's secrets masked, 2 KB at
   * most, masked before cut) for the admin, and those older than 7 days dropped. Logged once an
   * hour per reason, at most 50 reasons told apart (src/lib/status/refused-callbacks.ts).
   */
  async recordRefusedCallback(input: { reason: string; detail: string; body: string }) {
    const body = keptRefusedBody(input.body, this.webhookSecrets.map((s) => s.secret))
    await this.pg.raw(
      "insert into ghn_refused_callback (id, reason, detail, body, received_at, created_at, updated_at) values (?, ?, ?, ?, now(), now(), now())",
      [generateEntityId(undefined, "ghnref"), input.reason.slice(0, 1000), input.detail.slice(0, 1000), body]
    )
    await this.pg.raw("delete from ghn_refused_callback where received_at < now() - interval '7 days'", [])
    const logged = refusalLog.note(input.reason)
    if (logged) {
      const what = logged.reason === input.reason ? `(${input.reason}): ${input.detail}` : `(one of many reasons, here ${input.reason.slice(0, 200)}): ${input.detail}`
      const since = logged.count > 1 ? ` (${logged.count} such refusals in the last hour)` : ""
      this.logger?.warn(`GHN: a callback with the right secret was refused ${what}${since}. GHN does not send it again; see Settings -> GHN -> Webhook`)
    }
  }

  /** Refused callbacks of the last 24 hours: how many, and per reason its count, last time and last samples. */
  async refusedCallbacks(): Promise<{ count: number; reasons: { reason: string; count: number; last_at: Date; samples: { received_at: Date; detail: string; body: string }[] }[] }> {
    const { rows } = await this.pg.raw<{ rows: { reason: string; count: string; last_at: Date }[] }>(
      "select reason, count(*) as count, max(received_at) as last_at from ghn_refused_callback where received_at > now() - interval '24 hours' and deleted_at is null group by reason order by max(received_at) desc",
      []
    )
    const reasons = await Promise.all(
      rows.map(async (r) => {
        const { rows: samples } = await this.pg.raw<{ rows: { received_at: Date; detail: string; body: string }[] }>(
          "select received_at, detail, body from ghn_refused_callback where reason = ? and deleted_at is null order by received_at desc limit 3",
          [r.reason]
        )
        return { reason: r.reason, count: Number(r.count), last_at: r.last_at, samples }
      })
    )
    return { count: reasons.reduce((n, r) => n + r.count, 0), reasons }
  }
}
