import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService, Modules } from "@medusajs/framework/utils"
import type { AddressResolver } from "../../lib/address/address-resolver"
import type { CodRiskOption } from "../../lib/cod/receiver-risk"
import type { CodFilter } from "../../lib/cod/cod-report"
import type { GhnClient, GhnLabelSize } from "../../lib/ghn"
import type { InsightGroup } from "../../lib/insights/insights"
import { clientOrderCode, intentItems, type IntentReservation, type IntentStatus } from "../../lib/parcel/create-intent"
import { ghnCacheStoreOf, ghnClientOf, masterDataOf, serveLocationShops } from "../../lib/runtime/ghn-accounts"
import { groupCommit } from "../../lib/runtime/group-commit"
import { inFlightSettled } from "../../lib/runtime/in-flight"
import { GhnOptions, parseGhnOptions, shopIdForLocation } from "../../lib/runtime/options"
import { CachingModule, SharedCache } from "../../lib/runtime/quote-cache"
import { storeGhnBudget, StoreMasterData } from "../../lib/runtime/store-master-data"
import { runLeaseSeconds } from "../../lib/shipping-run/shipping-run"
import { keptRefusedBody, RefusalLog } from "../../lib/status/refused-callbacks"
import { trackingLinksOf, type TrackingLinks } from "../../lib/status/tracking-link"
import { type GhnAccount, GhnAccounts } from "./accounts"
import { LocationShopCache } from "./location-shop-cache"
import { ghnCallStats } from "../../lib/runtime/ghn-telemetry"
import { CodRiskCheck } from "./cod-risk"
import {
  GhnAddressChoice, GhnAutoShip, GhnCreateIntent, GhnLocationShop, GhnReadyOrder, GhnReceiverOutcome, GhnRefusedCallback, GhnShipment, GhnShippingRun, GhnShippingRunOrder, GhnTicket, GhnTrustedReceiver, GhnWebhookEvent,
} from "./models"
import type {
  AlertRepository, AutoShipRepository, CallbackRepository, CodReportRepository, HandoverScanRepository, HealthRepository, InsightRepository, IntentRepository, LocationShopRepository, ReadyToShipRepository, ReceiverRepository, RefusedCallbackRepository, ShipmentRepository, ShippingRunRepository,
} from "./repositories"
import type { CallbackRefusals, CallbackToStore, RetryDelay, StoredCallback, StoredCallbackResult } from "./repositories/callback"
import type { IntentMoveFields, IntentRef } from "./repositories/intent"
import type { ReceiverOutcomeRecord } from "./repositories/receiver"
import type { ShipmentFields } from "./repositories/shipment"
import type { GhnIntentRow } from "./types"

type Logger = { warn(message: string): void; info?(message: string): void }

/** What Medusa's module container gives the service: its repositories (./repositories) among the rest. */
type InjectedDependencies = {
  logger?: Logger
  configModule?: unknown
  [Modules.CACHING]?: CachingModule
  callbackRepository: CallbackRepository
  codReportRepository: CodReportRepository
  handoverScanRepository: HandoverScanRepository
  healthRepository: HealthRepository
  alertRepository: AlertRepository
  insightRepository: InsightRepository
  intentRepository: IntentRepository
  locationShopRepository: LocationShopRepository
  autoShipRepository: AutoShipRepository
  readyToShipRepository: ReadyToShipRepository
  receiverRepository: ReceiverRepository
  refusedCallbackRepository: RefusedCallbackRepository
  shipmentRepository: ShipmentRepository
  shippingRunRepository: ShippingRunRepository
}

export type { GhnAccount }
export { someOf } from "./accounts"

/** How often a process keeps the GHN calls it counted (the Health section reads them). */
export const CALL_STATS_EVERY_MS = 10_000

/** The once-an-hour log of refused callbacks' reasons in this process (bounded: the reasons name fields the sender chose). */
const refusalLog = new RefusalLog()

/**
 * The plugin's data module, its API for routes, subscribers, jobs and workflows (the provider lives
 * in the fulfilment module's own container and cannot reach them): the models' generated methods,
 * the GHN accounts (./accounts.ts), cached address lists and a shared cache, and one method per
 * question or move, each the SQL of one concern in ./repositories (under Medusa's transaction
 * decorators: pass `sharedContext` to join a caller's transaction).
 */
export default class GhnModuleService extends MedusaService({
  GhnShipment, GhnWebhookEvent, GhnTicket, GhnCreateIntent, GhnRefusedCallback, GhnReceiverOutcome, GhnTrustedReceiver, GhnAddressChoice, GhnShippingRun, GhnShippingRunOrder, GhnLocationShop, GhnAutoShip, GhnReadyOrder,
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
  /** The signed tracking links of shopper notifications (keyed from Medusa's JWT secret; undefined without one). */
  readonly trackingLinks: TrackingLinks | undefined
  /** Shipping runs: their orders' states and moves (./repositories/shipping-run.ts). */
  readonly shippingRuns: ShippingRunRepository
  /** Shipping runs' door checks of their parcels (./repositories/handover-scan.ts). */
  readonly handoverScans: HandoverScanRepository
  /** The automatic shipping queue (option `autoShip`, ./repositories/auto-ship.ts). */
  readonly autoShip: AutoShipRepository
  /** Orders ready to ship (./repositories/ready-to-ship.ts). */
  readonly readyToShip: ReadyToShipRepository
  protected readonly accounts_: GhnAccounts
  protected readonly codRisk_: CodRiskCheck
  protected readonly callbackRepository_: CallbackRepository
  /** The webhook's stores, gathered: the callbacks that arrive while one store statement runs go in the next, together. */
  protected readonly storeCallbackGathered_: (callback: CallbackToStore) => Promise<StoredCallbackResult>
  protected readonly codReportRepository_: CodReportRepository
  protected readonly insightRepository_: InsightRepository
  protected readonly intentRepository_: IntentRepository
  protected readonly locationShopRepository_: LocationShopRepository
  /** The location -> shop map as quotes read it (./location-shop-cache.ts); fulfilments read the table. */
  protected readonly locationShopCache_: LocationShopCache
  protected readonly receiverRepository_: ReceiverRepository
  protected readonly refusedCallbackRepository_: RefusedCallbackRepository
  protected readonly healthRepository_: HealthRepository
  /** The alerts' incidents (./repositories/alert.ts): opened and cleared once each, whatever the instances. */
  readonly alerts: AlertRepository
  protected readonly shipmentRepository_: ShipmentRepository
  private readonly logger?: Logger

  constructor(container: InjectedDependencies, options: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options = parseGhnOptions(options)
    this.client = ghnClientOf(this.options, container.logger)
    this.addresses = masterDataOf(this.options, this.client)
    this.storeAddresses = new StoreMasterData(this.addresses, storeGhnBudget())
    // The store the provider's caches use too (src/lib/runtime/ghn-accounts.ts): its refused-token notice is read here.
    this.cache = new SharedCache(ghnCacheStoreOf(container[Modules.CACHING], container.logger), this.options.quoteCacheTtlSeconds)
    this.trackingLinks = trackingLinksOf((container.configModule as { projectConfig?: { http?: { jwtSecret?: string } } } | undefined)?.projectConfig?.http?.jwtSecret)
    this.accounts_ = new GhnAccounts({ provider_id: null, options: this.options, client: this.client }, container.configModule, container.logger)
    this.logger = container.logger
    this.shippingRuns = container.shippingRunRepository
    // The locks' expiry and the runs' lease, from the options (src/lib/runtime/order-lock.ts).
    this.shippingRuns.leaseSeconds = runLeaseSeconds(this.options.orderLockSeconds)
    this.handoverScans = container.handoverScanRepository
    this.readyToShip = container.readyToShipRepository
    this.autoShip = container.autoShipRepository
    this.callbackRepository_ = container.callbackRepository
    this.storeCallbackGathered_ = groupCommit((callbacks) => this.callbackRepository_.store(callbacks))
    this.codReportRepository_ = container.codReportRepository
    this.insightRepository_ = container.insightRepository
    this.intentRepository_ = container.intentRepository
    this.locationShopRepository_ = container.locationShopRepository
    this.locationShopCache_ = new LocationShopCache(this.cache.store, () => this.locationShopRepository_.all())
    this.receiverRepository_ = container.receiverRepository
    this.refusedCallbackRepository_ = container.refusedCallbackRepository
    this.shipmentRepository_ = container.shipmentRepository
    this.codRisk_ = new CodRiskCheck(this.accounts_, container.receiverRepository, container.shipmentRepository)
    this.healthRepository_ = container.healthRepository
    this.alerts = container.alertRepository
    // The provider's quotes read the stock location -> shop map chosen in the admin through the composition root.
    serveLocationShops((account, locationId) => this.shopIdForLocation(account, locationId, { quote: true }))
  }

  private callStatsTimer_?: ReturnType<typeof setInterval>

  __hooks = {
    // The GHN calls this process counts are kept every few seconds while it runs (the Health section).
    onApplicationStart: async () => {
      let ticks = 0
      this.callStatsTimer_ ??= setInterval(() => void this.keepCallStats({ prune: ++ticks % 360 === 0 }), CALL_STATS_EVERY_MS)
      this.callStatsTimer_.unref?.()
    },
    // A graceful stop lets a running COD capture reach its record (Medusa's capture, then the parcel's), and keeps the last calls counted.
    onApplicationPrepareShutdown: async () => {
      if (this.callStatsTimer_) clearInterval(this.callStatsTimer_)
      this.callStatsTimer_ = undefined
      const left = await inFlightSettled(15_000)
      if (left) this.logger?.warn(`GHN: stopping with ${left} COD captures still running; the next pass completes them`)
      await this.keepCallStats()
    },
  }

  // GHN accounts (./accounts.ts) and the parcels each one made.
  get providerAccounts(): GhnAccount[] { return this.accounts_.all }
  accountOf(providerId: string | null | undefined): GhnAccount { return this.accounts_.of(providerId) }
  get webhookSecrets(): { header: string; secret: string }[] { return this.accounts_.webhookSecrets }
  /** The account of the parcel with this GHN order code (the plugin's options for an unknown code). */
  async accountOfOrderCode(orderCode: string, sharedContext?: Context): Promise<GhnAccount> {
    return this.accountOf((await this.shipmentRepository_.parcelAccount(orderCode, sharedContext))?.provider_id)
  }
  /** The store's own parcels with these codes by account and shop; an unknown code, or a cancelled one when `live`, is refused before GHN is called. */
  async parcelsByAccount(orderCodes: string[], opts: { live?: boolean; act?: "print" | "switch" } = {}, sharedContext?: Context) {
    return this.accounts_.groupParcels(orderCodes, await this.shipmentRepository_.parcelAccounts(orderCodes, sharedContext), opts)
  }
  /** The store's accounts a callback's headers do not authenticate (each calls back with its own secret): what storeCallback refuses by the parcel's account. */
  webhookRefusals(carries: (header: string, secret: string) => boolean): CallbackRefusals { return this.accounts_.webhookRefusals(carries) }
  /** Label pages for the store's own live parcels, one per account and shop, each with a freshly minted print token (no label URL is stored: tokens expire). */
  async labelUrls(orderCodes: string[], size: GhnLabelSize) {
    const labels: { shop_id: number; order_codes: string[]; url: string }[] = []
    for (const { account, shop_id, order_codes } of await this.parcelsByAccount(orderCodes, { live: true, act: "print" })) {
      const token = await account.client.print.token({ order_codes }, { shopId: shop_id })
      labels.push({ shop_id, order_codes, url: account.client.print.labelUrl(token, size) })
    }
    return labels
  }

  // The stock location -> GHN shop map chosen in the admin: the plugin's own account's (another keeps its option `locationShops`).
  async storedLocationShops(options: GhnOptions = this.options, use: { quote?: boolean } = {}, sharedContext?: Context): Promise<Record<string, number>> {
    if (!this.accounts_.isOwn(options)) return {}
    return use.quote ? await this.locationShopCache_.get() : await this.locationShopRepository_.all(sharedContext)
  }
  /**
   * A location's GHN shop for an account: the admin's map, else the option `locationShops`, else the default shop. A
   * fulfilment reads the table, so a change applies to the next one; a quote (`use.quote`) reads it cached.
   */
  async shopIdForLocation(options: GhnOptions, locationId: string | null | undefined, use: { quote?: boolean } = {}, sharedContext?: Context): Promise<number> {
    const stored = locationId ? (await this.storedLocationShops(options, use, sharedContext))[locationId] : undefined
    return stored ?? shopIdForLocation(options, locationId)
  }
  async setLocationShops(entries: { location_id: string; shop_id: number | null }[], sharedContext?: Context) {
    try {
      return await this.locationShopRepository_.set(entries, sharedContext)
    } finally {
      // Even a change stopped halfway: quotes read the table again.
      await this.locationShopCache_.invalidate()
    }
  }

  // Create Order intents (./repositories/intent.ts; their state machine in src/lib/parcel/create-intent.ts).
  /** A new intent for a fulfilment (under the order's lock): the order's next sequence and its readable code, with the body about to be sent. */
  @InjectTransactionManager()
  async reserveIntent(input: IntentReservation & { cod_amount: number }, @MedusaContext() sharedContext: Context = {}): Promise<GhnIntentRow> {
    const sequence = await this.intentRepository_.nextSequence(input.order_id, input.kind, sharedContext)
    const prefix = this.accountOf(input.provider_id).options.clientOrderCodePrefix
    const { order_id, kind, provider_id, fulfillment_id, location_id, shop_id, cod_amount, body } = input
    const client_order_code = clientOrderCode({ prefix, orderNumber: input.order_number, kind, sequence })
    const intent = { client_order_code, kind, sequence, provider_id, order_id, fulfillment_id, location_id, shop_id, cod_amount, body }
    return await this.createGhnCreateIntents({ ...intent, items: { lines: intentItems(input.items) }, status: "pending" }, sharedContext)
  }
  moveIntent(intent: IntentRef, to: IntentStatus, fields?: IntentMoveFields, sharedContext?: Context) { return this.intentRepository_.move(intent, to, fields, sharedContext) }
  orphanIntentsOf(orderIds: string[], sharedContext?: Context) { return this.intentRepository_.orphansOf(orderIds, sharedContext) }

  // GHN's callbacks (./repositories/callback.ts, ./repositories/refused-callback.ts).
  /**
   * Stores a callback once; refused (nothing stored) when its parcel's account is one of `refusals`.
   * Outside a transaction the callbacks a burst brings at once share one statement (a group commit:
   * one round trip and one commit for many, and none waits when they are rare).
   */
  async storeCallback(row: StoredCallback, refusals?: CallbackRefusals, sharedContext?: Context): Promise<StoredCallbackResult> {
    if (sharedContext?.transactionManager) return (await this.callbackRepository_.store([{ row, refusals }], sharedContext))[0]
    return await this.storeCallbackGathered_({ row, refusals })
  }
  parsePendingCallbacks(orderCode: string, sharedContext?: Context) { return this.callbackRepository_.parsePending(orderCode, sharedContext) }
  markCallbacksApplied(ids: string[], sharedContext?: Context) { return this.callbackRepository_.markApplied(ids, sharedContext) }
  markCallbacksPending(ids: string[], sharedContext?: Context) { return this.callbackRepository_.markPending(ids, sharedContext) }
  markCallbacksWaiting(orderCode: string, sharedContext?: Context) { return this.callbackRepository_.markWaiting(orderCode, sharedContext) }
  markCallbacksFailed(orderCode: string, error: string, delayMs: RetryDelay, sharedContext?: Context) { return this.callbackRepository_.markFailed(orderCode, error, delayMs, sharedContext) }
  failedCallbacksOf(orderCodes: string[], sharedContext?: Context) { return this.callbackRepository_.failedOf(orderCodes, sharedContext) }
  pruneAppliedCallbacks(opts: { days: number; batch?: number; maxBatches?: number; pauseMs?: number }) { return this.callbackRepository_.prune(opts) }
  lastCallbackReceivedAt(sharedContext?: Context) { return this.callbackRepository_.lastReceivedAt(sharedContext) }
  refusedCallbacks(sharedContext?: Context) { return this.refusedCallbackRepository_.recent(sharedContext) }

  // Health (./repositories/health.ts): the Health section's figures and the GHN calls counted in memory.
  healthFigures(sharedContext?: Context) { return this.healthRepository_.figures(sharedContext) }
  parcelsInTransit(sharedContext?: Context) { return this.healthRepository_.inTransit(sharedContext) }
  /** Keeps the GHN calls this process counted since last time (one statement), and once an hour drops those past two days. */
  async keepCallStats(opts: { prune?: boolean } = {}): Promise<void> {
    const buckets = ghnCallStats.drain()
    try {
      await this.healthRepository_.recordCalls(buckets)
      if (opts.prune) await this.healthRepository_.pruneCalls()
    } catch (error) {
      this.logger?.warn(`GHN: ${buckets.length} minutes of GHN call counts were not kept: ${(error as Error).message}`)
    }
  }
  /** Keeps a callback with the right secret that was refused (secrets masked, 2 KB at most) and logs it once an hour per reason (src/lib/status/refused-callbacks.ts). */
  async recordRefusedCallback(input: { reason: string; detail: string; body: string }, sharedContext?: Context): Promise<void> {
    await this.refusedCallbackRepository_.record({ ...input, body: keptRefusedBody(input.body, this.webhookSecrets.map((s) => s.secret)) }, sharedContext)
    const logged = refusalLog.note(input.reason)
    if (!logged) return
    const what = logged.reason === input.reason ? `(${input.reason}): ${input.detail}` : `(one of many reasons, here ${input.reason.slice(0, 200)}): ${input.detail}`
    const since = logged.count > 1 ? ` (${logged.count} such refusals in the last hour)` : ""
    this.logger?.warn(`GHN: a callback with the right secret was refused ${what}${since}. GHN does not send it again; see Settings -> GHN -> Webhook`)
  }

  // Parcels: the admin's queues and reports (./repositories/shipment.ts, cod-report.ts, insight.ts).
  /** The "Needs action" queue: parcels in `statuses` (of one order, when asked), the longest waiting first, and the count of each status. */
  @InjectManager()
  async needsAction(opts: { statuses: readonly string[]; order_id?: string; limit: number; offset: number }, @MedusaContext() sharedContext: Context = {}) {
    const filter = { status: [...opts.statuses], ...(opts.order_id ? { order_id: opts.order_id } : {}) }
    const rows = await this.listGhnShipments(filter, { take: opts.limit, skip: opts.offset, order: { status_at: "ASC", id: "ASC" } }, sharedContext)
    return { rows, counts: await this.shipmentRepository_.needsActionCounts(opts.order_id, sharedContext) }
  }
  measuredParcels(days: number, limit = 20_000, sharedContext?: Context) { return this.shipmentRepository_.measured(days, limit, sharedContext) }
  /** The parcel of a GHN order code, read without the ORM (the status webhook's application). */
  async shipmentByOrderCode(orderCode: string, sharedContext?: Context) {
    return await this.shipmentRepository_.byOrderCode<Awaited<ReturnType<GhnModuleService["listGhnShipments"]>>[number]>(orderCode, sharedContext)
  }
  /** The Medusa order of a GHN parcel (null: none owns it; undefined: not the store's parcel). */
  async shipmentOrderId(orderCode: string, sharedContext?: Context) {
    return (await this.shipmentRepository_.parcelOrder(orderCode, sharedContext))?.order_id
  }
  /** What GHN's news changes on a parcel, in one statement (the status webhook's application). */
  writeShipmentFields(id: string, fields: ShipmentFields, sharedContext?: Context) { return this.shipmentRepository_.writeFields(id, fields, sharedContext) }
  codReport(opts: { filter: CodFilter; order_id?: string; limit: number; offset: number }, sharedContext?: Context) { return this.codReportRepository_.report(opts, sharedContext) }
  codReportPage(opts: Parameters<CodReportRepository["page"]>[0], sharedContext?: Context) { return this.codReportRepository_.page(opts, sharedContext) }
  /** These orders' parcels (not returns) with their COD and status: the COD tab's order check. */
  codOrderParcels(orderIds: string[], sharedContext?: Context) { return this.codReportRepository_.orderParcels(orderIds, sharedContext) }
  /** Orders with GHN parcels and no COD check, after `after` in id order (the check's backfill). */
  ordersWithoutCodCheck(after: string, limit: number, sharedContext?: Context) { return this.codReportRepository_.ordersWithoutCheck(after, limit, sharedContext) }
  /** Keeps these orders' COD checks, read by the COD tab's `differences` filter. */
  saveOrderCodChecks(checks: Parameters<CodReportRepository["saveOrderChecks"]>[0], sharedContext?: Context) { return this.codReportRepository_.saveOrderChecks(checks, sharedContext) }
  insightCounts(opts: { from: Date; to: Date; location_id?: string | null; group: InsightGroup }, sharedContext?: Context) { return this.insightRepository_.counts(opts, sharedContext) }

  // Receivers (./repositories/receiver.ts) and the option codRisk (./cod-risk.ts).
  recordReceiverOutcome(row: ReceiverOutcomeRecord, sharedContext?: Context) { return this.receiverRepository_.recordOutcome(row, sharedContext) }
  receiverHistories(phones: string[], codRisk?: CodRiskOption, sharedContext?: Context) { return this.receiverRepository_.histories(phones, codRisk, sharedContext) }
  receiverOutcomes(phone: string, sharedContext?: Context) { return this.receiverRepository_.outcomes(phone, sharedContext) }
  clearReceiver(phone: string, sharedContext?: Context) { return this.receiverRepository_.forget(phone, sharedContext) }
  receiverCodRisk(phone: string | null, codRisk: CodRiskOption | undefined, sharedContext?: Context) { return this.codRisk_.ofReceiver(phone, codRisk, sharedContext) }
  recheckCodRisk(parcelsOf: { order_id: string } | { order_code: string }, phone: string | null, sharedContext?: Context) { return this.codRisk_.recheck(parcelsOf, phone, sharedContext) }
}
