import { container as medusaContainer } from "@medusajs/framework"
import { AbstractFulfillmentProviderService, MedusaError, Modules } from "@medusajs/framework/utils"
import { joinOrderQueue, leaveOrderQueue, ORDER_QUEUE_DATA_KEY, type OrderQueueTicket } from "../../lib/runtime/order-queue"
import type {
  CalculatedShippingOptionPrice,
  CalculateShippingOptionPriceDTO,
  CreateFulfillmentResult,
  CreateShippingOptionDTO,
  FulfillmentOption,
  Logger,
  ValidateFulfillmentDataContext,
} from "@medusajs/framework/types"
import { type AddressInput, AddressResolver, type ResolvedAddress } from "../../lib/address/address-resolver"
import { callerQuoteSharesOf, ghnCacheStoreOf, ghnClientOf, ghnOutageHolds, masterDataOf, noteGhnProviderOptions, storedLocationShopOf } from "../../lib/runtime/ghn-accounts"
import { takeCallerShare } from "../../lib/runtime/store-master-data"
import { GhnClient, GHN_LIMITS, GhnNetworkError } from "../../lib/ghn"
import { checkoutPhoneOf, GHN_CONNECTION, GHN_UNAVAILABLE, ghnServiceFailureOf, GhnServiceError, shopperError, adminError, toMedusaError, withoutHosts } from "../../lib/runtime/medusa-error"
import { GhnOptions, parseGhnOptions, shopIdForLocation } from "../../lib/runtime/options"
import { GHN_FULFILLMENT_OPTIONS } from "../../lib/parcel/shipping-options"
import { assertServiceType, buildParcel, ghnItems, GhnParcel, Measured, MEASURE_KEYS } from "../../lib/parcel/parcel"
import { cancelGhnOrder } from "../../lib/parcel/cancel-order"
import { GHN_PROVIDER_IDENTIFIER } from "../../lib/runtime/provider-id"
import { cacheKey, CachingModule, CachingModuleStore, MemoryStore, SharedCache } from "../../lib/runtime/quote-cache"
import {
  fallbackMarkOf, fallbackPrice, type FallbackPrice, isGhnOutage, markFallback, OutageHolds, REFUSED_TOKEN_NOTICE_KEY, REFUSED_TOKEN_NOTICE_SECONDS,
  type RefusedTokenNotice, rememberQuote,
} from "../../lib/runtime/outage-fallback"
import { createHash } from "node:crypto"
import type { GhnFulfillmentData, GhnFulfillmentDataSoFar, GhnMethodData, GhnOptionData, GhnProviderContext, ServiceTypeId } from "../../contracts/fulfillment-data"
import { assertAddressWithinLimits } from "../../lib/checkout/field-limits"
import { GhnParty, linesFromOrderItems, linesValue, partyOf, type OrderItemLike } from "../../lib/parcel/order-body"

type InjectedDependencies = {
  logger: Logger
  caching?: CachingModule
  /** A GHN client to use instead of one built from the options (the provider's unit tests pass a fake). */
  ghnClient?: GhnClient
}

export type { GhnFulfillmentData, GhnMethodData }

const MAX_INSURANCE = GHN_LIMITS.createOrder.maxInsuranceValue

/** A shipping option's data as Medusa hands it (an untyped record), read by the contract. */
const optionDataOf = (data: Record<string, unknown> | null | undefined) => (data ?? {}) as Partial<GhnOptionData>
/** A fulfilment's data as Medusa hands it back (an untyped record), read by the contract. */
const fulfillmentDataOf = (data: Record<string, unknown> | null | undefined) => (data ?? {}) as GhnFulfillmentDataSoFar

function serviceTypeOf(data: Record<string, unknown> | undefined): ServiceTypeId {
  const optionData = optionDataOf(data)
  const type = Number(optionData.service_type_id)
  if (type === 2 || type === 5) return type
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `GHN shipping option data needs service_type_id 2 (light goods) or 5 (heavy goods), got ${JSON.stringify(optionData.service_type_id)}`
  )
}

/** A cart item as Medusa's checkout context hands it: its variant's and product's measures. */
type CartItemMeasures = { variant_id?: string | null; variant?: (Measured & { id?: string }) | null; product?: Measured | null }

/** A dependency the container may not hold (Medusa's container throws on a key it was not given). */
function optional<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

/** The keys of an object whose values are set (so a null does not hide a fallback). */
function definedOnly<T extends object>(value: T | undefined | null): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>
}


/** A GHN label of a fulfilment: one per paper size, a URL with a fresh print token. */
export type GhnLabelDocument = { type: "label"; size: "A5" | "80x80" | "52x70"; order_code: string; url: string }

/** The labels as Medusa's abstract provider declares documents (`never[]`, `void` for retrieveDocuments); the value is the labels. */
const asDeclared = <T>(labels: GhnLabelDocument[]) => labels as unknown as T

class GhnFulfillmentProviderService extends AbstractFulfillmentProviderService {
  static identifier = GHN_PROVIDER_IDENTIFIER

  protected readonly options: GhnOptions
  protected readonly logger: Logger
  readonly client: GhnClient
  protected readonly addresses: AddressResolver
  protected readonly cache: SharedCache

  static validateOptions(options: Record<string, unknown>): void {
    try {
      parseGhnOptions(options)
    } catch (error) {
      throw toMedusaError(error)
    }
    // Medusa runs this once per registration, at load: the data module learns the store's GHN accounts from it.
    noteGhnProviderOptions(options)
  }

  constructor(container: InjectedDependencies, options: Record<string, unknown>) {
    super()
    this.options = parseGhnOptions(options)
    const { logger } = container
    this.logger = logger
    // Medusa's container throws on a key it was not given: the fake client is the tests' only.
    const fake = optional(() => container.ghnClient)
    this.client = fake ?? ghnClientOf(this.options, logger)
    // The composition root's master-data cache, outage holds and cache store (src/lib/runtime/ghn-accounts.ts), shared
    // with the GHN module; a fake client gets its own of each.
    this.addresses = fake ? new AddressResolver(fake.masterData) : masterDataOf(this.options, this.client)
    this.holds = fake ? new OutageHolds() : ghnOutageHolds()
    // Medusa's caching module when the store registers one (shared by its instances through Redis).
    const caching = container.caching
    const store = fake ? (caching ? new CachingModuleStore(caching, "ghn:", (message) => logger.warn(message)) : new MemoryStore()) : ghnCacheStoreOf(caching, logger)
    this.cache = new SharedCache(store, this.options.quoteCacheTtlSeconds)
  }

  private lastFallbackWarning = 0
  private lastRefusedTokenNotice = 0
  /** The outage holds of the process's GHN accounts (shared by every registration of an account). */
  private readonly holds: OutageHolds
  /** The GHN account this registration quotes with (environment and token): what an outage's hold is kept by. */
  private get accountKey() {
    return `${this.options.environment}|${createHash("sha256").update(this.options.token).digest("hex").slice(0, 16)}`
  }
  /** A quote's GHN call, paid from the storefront caller's share of the account (none outside a storefront request). */
  private payQuoteCall() {
    takeCallerShare(callerQuoteSharesOf(this.accountKey, this.options.ghnRequestsPerSecond), "shipping quotes")
  }
  /** An outage's fallback quotes, told at most once a minute (an outage quotes many carts). */
  private warnFallback(message: string) {
    if (Date.now() - this.lastFallbackWarning < 60_000) return
    this.lastFallbackWarning = Date.now()
    this.logger.warn(message)
  }

  /**
   * GHN refused the store's token (401/403) at quote time, a fallback on or not: logged and kept
   * (24 h, in the GHN cache the module reads: Medusa's caching module when registered, else the
   * composition root's) for the notice on the admin's GHN page, at most once a minute.
   */
  private async noteRefusedToken(message: string, code: string | undefined, shopId: number) {
    if (Date.now() - this.lastRefusedTokenNotice < 60_000) return
    this.lastRefusedTokenNotice = Date.now()
    const text = withoutHosts(message)
    this.logger.error(`GHN refused the store's token at checkout (shop ${shopId}): ${text}`)
    const notice: RefusedTokenNotice = { at: new Date(Date.now()).toISOString(), shop_id: shopId, code: code ?? null, message: text }
    await this.cache.store.set(REFUSED_TOKEN_NOTICE_KEY, JSON.stringify(notice), REFUSED_TOKEN_NOTICE_SECONDS).catch(() => undefined)
  }

  /** GHN fee calls made (cache misses) since start; read by benchmarks. */
  get feeCalls() {
    return this.cache.misses
  }

  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return GHN_FULFILLMENT_OPTIONS
  }

  async validateOption(data: Record<string, unknown>): Promise<boolean> {
    serviceTypeOf(data)
    return true
  }

  async canCalculate(data: CreateShippingOptionDTO): Promise<boolean> {
    serviceTypeOf((data.data ?? {}) as Record<string, unknown>)
    return true
  }

  async validateFulfillmentData(
    optionData: Record<string, unknown>,
    data: Record<string, unknown>,
    context: ValidateFulfillmentDataContext
  ): Promise<GhnMethodData> {
    const service_type_id = serviceTypeOf(optionData)
    const is_return = Boolean(optionDataOf(optionData).is_return)
    try {
      // Every field of the shopper's address bounded before the phone rule or the resolver reads one.
      assertAddressWithinLimits(context.shipping_address)
      // Only what the plugin computes: `data` comes from the storefront and is not trusted.
      void data
      const result: GhnMethodData = { service_type_id, is_return }
      // The receiver's phone by the one phone rule: one GHN would refuse is refused now, not at fulfilment.
      if (!is_return) checkoutPhoneOf((context.shipping_address as { phone?: string | null } | undefined)?.phone)
      if (context.shipping_address) result.ghn_to = await this.resolve(context.shipping_address as AddressInput, "shipping address")
      const location = context.from_location as { id?: string; name?: string; address?: AddressInput & { phone?: string } } | undefined
      const fromAddress = location?.address ? await this.resolveOptional(location.address) : undefined
      if (location?.id && location.address && fromAddress) {
        result.ghn_from = { location_id: location.id, ...partyOf(location.address, fromAddress, location.name ?? "") }
      }
      result.ghn_measures = this.measuresOf((context.items ?? []) as unknown as CartItemMeasures[])
      // Medusa prices the method just before this: a price GHN could not give is marked on it.
      const cartId = (context as { id?: string }).id
      const fallback = this.options.outageFallback && cartId ? await fallbackMarkOf(this.cache.store, cartId, service_type_id) : undefined
      if (fallback) result.ghn_price_fallback = fallback
      return result
    } catch (error) {
      throw toMedusaError(error)
    }
  }

  async calculatePrice(
    optionData: CalculateShippingOptionPriceDTO["optionData"],
    data: CalculateShippingOptionPriceDTO["data"],
    context: CalculateShippingOptionPriceDTO["context"]
  ): Promise<CalculatedShippingOptionPrice> {
    const service_type_id = serviceTypeOf(optionData)
    const isReturn = Boolean(optionDataOf(optionData).is_return) || !!context.return_id
    const currency = context.currency_code as string | undefined
    if ((!isReturn || currency) && String(currency ?? "").toLowerCase() !== "vnd") {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `GHN quotes in VND: the cart's currency is ${String(currency ?? "unknown").toUpperCase()}; use a region in VND for GHN shipping options`
      )
    }
    // Set by the plugin's pricing-context hook where Medusa leaves them out (returns).
    const shippingAddress = ((context as GhnProviderContext).ghn_order_address ?? context.shipping_address) as AddressInput | undefined
    // Every field of the shopper's address bounded before the resolver reads one (a quote runs on every cart change).
    try {
      assertAddressWithinLimits(shippingAddress)
    } catch (error) {
      throw toMedusaError(error)
    }
    if (!shippingAddress?.country_code && !shippingAddress?.province && !shippingAddress?.city) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "GHN needs the cart's shipping address to quote a fee")
    }
    // One deadline for the whole quote, across GHN calls and the client's retries.
    const deadline = AbortSignal.timeout(this.options.quoteTimeoutMs)
    const fallbackOptions = this.options.outageFallback
    const cartId = isReturn ? undefined : (context as { id?: string }).id
    let feeKey: string | undefined
    let weightGrams = 0
    let shopId = this.options.shopId
    try {
      const lines = this.quotedLines(context, isReturn)
      // Medusa re-prices the method when the items are added.
      if (!lines) return { calculated_amount: 0, is_calculated_price_tax_inclusive: true }
      const parcel = buildParcel(lines, this.options)
      weightGrams = parcel.weight
      assertServiceType(parcel, service_type_id)
      const customer = await this.resolve(shippingAddress, isReturn ? "customer's address" : "shipping address")
      const location = context.from_location as { id?: string; name?: string; address?: AddressInput } | undefined
      shopId = await this.shopIdForLocation(location?.id)
      const warehouse = location?.address ? await this.resolveOptional(location.address) : undefined
      if (isReturn && !warehouse) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `GHN return quote: the stock location ${location?.name ?? location?.id ?? ""} has no address GHN can resolve`.replace("  ", " ")
        )
      }
      const [origin, destination] = isReturn ? [customer, warehouse!] : [warehouse, customer]
      // The receiver pays GHN at delivery (payment_type_id 2): the store charges nothing for it.
      if (this.options.paymentTypeId === 2 && !isReturn) {
        await this.assertRouteServed(shopId, origin?.district_id, destination, service_type_id, deadline)
        return { calculated_amount: 0, is_calculated_price_tax_inclusive: true }
      }
      const value = linesValue(lines)
      const body = {
        service_type_id,
        to_district_id: destination.district_id,
        to_ward_code: destination.ward_code,
        ...(origin ? { from_district_id: origin.district_id, from_ward_code: origin.ward_code } : {}),
        ...this.parcelFields(parcel, service_type_id),
        insurance_value: isReturn ? 0 : this.insuranceFor(value),
        cod_value: !isReturn && this.options.quoteWithCod ? Math.min(value, GHN_LIMITS.calculateFee.maxCodValue) : 0,
      }
      // A route not seen before: Get Service and Calculate Fee at once, one GHN round trip of wall time.
      // An unserved route is the clearer answer: it wins over whatever Calculate Fee said.
      const key = (feeKey = cacheKey("fee", { shopId, body }))
      // GHN was down a moment ago for this account: the fallback answers at once, without asking
      // GHN again (but for a probe now and then, which sees GHN back or a refused token).
      if (fallbackOptions && this.holds.skipsGhn(this.accountKey)) {
        const fallback = await fallbackPrice(this.cache.store, fallbackOptions, key, service_type_id, weightGrams)
        if (fallback) return await this.fallbackQuote(fallback, cartId, service_type_id)
      }
      const [served, quote] = await Promise.allSettled([
        this.assertRouteServed(shopId, origin?.district_id, destination, service_type_id, deadline),
        this.cache.getOrLoad(key, async () => {
          this.payQuoteCall()
          const fee = await this.client.fees.calculate(body, { shopId, signal: deadline })
          // GHN's own fee for this route and parcel: what an outage falls back to.
          if (fallbackOptions) await rememberQuote(this.cache.store, key, fee.total, fallbackOptions)
          return fee
        }),
        // The cart's mark of an earlier fallback quote goes while GHN is asked (set again below if GHN fails).
        fallbackOptions && cartId ? markFallback(this.cache.store, cartId, service_type_id, undefined) : undefined,
      ])
      if (served.status === "rejected") throw served.reason
      if (quote.status === "rejected") throw quote.reason
      if (fallbackOptions) this.holds.release(this.accountKey)
      return { calculated_amount: quote.value.total, is_calculated_price_tax_inclusive: true }
    } catch (error) {
      const failure =
        deadline.aborted && error instanceof GhnNetworkError
          ? new GhnServiceError(GHN_UNAVAILABLE, `GHN fee quote: GHN did not answer within ${this.options.quoteTimeoutMs} ms`, "TIMEOUT")
          : toMedusaError(error, "GHN fee quote")
      const refused = ghnServiceFailureOf(failure)
      if (refused?.kind === GHN_CONNECTION) {
        // GHN answers, the token is refused: never masked by the fallback, and the admin is told.
        if (fallbackOptions) this.holds.release(this.accountKey)
        await this.noteRefusedToken(refused.message, refused.code, shopId)
      }
      if (!fallbackOptions || !isGhnOutage(failure)) throw failure
      const fallback = await fallbackPrice(this.cache.store, fallbackOptions, feeKey, service_type_id, weightGrams)
      if (!fallback) throw failure
      // For a while this account's quotes skip GHN: a checkout is not held up by GHN's retries and
      // deadline on every quote, and GHN is not pressed while it recovers.
      this.holds.hold(this.accountKey, fallbackOptions.holdSeconds)
      this.warnFallback(`GHN fee quote: ${failure.message}; checkout priced from GHN's last quotes or the flat amounts`)
      return await this.fallbackQuote(fallback, cartId, service_type_id)
    }
  }

  /** A quote priced while GHN is down: marked for the shipping method's data. */
  private async fallbackQuote(fallback: FallbackPrice, cartId: string | undefined, serviceTypeId: number): Promise<CalculatedShippingOptionPrice> {
    if (cartId) await markFallback(this.cache.store, cartId, serviceTypeId, fallback)
    return { calculated_amount: fallback.amount, is_calculated_price_tax_inclusive: true }
  }

  /**
   * Medusa creates the fulfilment row here, before it has checked the quantities, the order's
   * state and the stock, and registered the fulfilment on the order: nothing is sent to GHN yet.
   * The GHN order is made once Medusa has accepted the fulfilment, in the plugin's
   * fulfillmentCreated hook (src/workflows/hooks/ghn-fulfillment-created.ts), which writes the GHN
   * order and its label onto this fulfilment. Here the fulfilment takes its order's place in the
   * queue (src/lib/runtime/order-queue.ts), so Medusa registers one fulfilment of an order at a time.
   */
  async createFulfillment(
    data: Record<string, unknown>,
    _items?: unknown,
    order?: { id?: string } | null,
    fulfillment?: { id?: string } | null
  ): Promise<CreateFulfillmentResult> {
    const locking = this.locking()
    if (!locking || !order?.id || !fulfillment?.id) return { data: { ...data }, labels: [] }
    const ticket: OrderQueueTicket = { order_id: order.id, owner: fulfillment.id }
    try {
      await joinOrderQueue(locking, ticket, this.options.orderLockSeconds)
    } catch (error) {
      throw new MedusaError(MedusaError.Types.CONFLICT, (error as Error).message)
    }
    const queued: GhnFulfillmentDataSoFar = { ...fulfillmentDataOf(data), [ORDER_QUEUE_DATA_KEY]: ticket }
    return { data: queued, labels: [] }
  }

  /**
   * The shop a quote is asked for: the map stored from the admin (the GHN module answers it through
   * the composition root, from its cache for quotes), else the option `locationShops`, else the default shop.
   */
  protected async shopIdForLocation(locationId: string | undefined) {
    return (await storedLocationShopOf(this.options, locationId)) ?? shopIdForLocation(this.options, locationId)
  }

  /**
   * Medusa's locking module, from the application's container: the one thing the provider takes
   * from it. The order's queue must be joined before Medusa registers the fulfilment on the order,
   * and in Medusa 2.21 nothing of a plugin's runs there but this provider's createFulfillment:
   * createOrderFulfillmentWorkflow's one hook, fulfillmentCreated, comes after the registration,
   * and neither it nor createFulfillmentWorkflow (its step that calls the provider) has a hook
   * before. The provider's own container holds only what the fulfilment module passes (logger,
   * configModule, manager, event bus, caching), never the locking module (docs/reference.md,
   * "One fulfilment of an order at a time").
   */
  protected locking() {
    return optional(() => medusaContainer.resolve(Modules.LOCKING)) ?? undefined
  }

  async cancelFulfillment(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const ghn = fulfillmentDataOf(data)
    // A fulfilment Medusa refused after it joined its order's queue (its compensation calls this) gives its place back.
    const locking = this.locking()
    if (locking) await leaveOrderQueue(locking, ghn[ORDER_QUEUE_DATA_KEY])
    const orderCode = ghn.order_code
    if (!orderCode) return data // no GHN order was made (refused before GHN, or a return awaiting its reverse order)
    // GHN cancelled it itself (status webhook): nothing to ask GHN.
    if (ghn.ghn_status === "cancel") return { ...ghn, ghn_cancelled: true }
    const shopId = Number(ghn.shop_id) || this.options.shopId
    try {
      const outcome = await cancelGhnOrder(this.client, orderCode, shopId)
      if (outcome.cancelled) return { ...ghn, ghn_cancelled: true }
      throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "cancel_refused", params: { order_code: orderCode, status: String(outcome.status), ghn_text: outcome.message ?? "" } })
    } catch (error) {
      throw toMedusaError(error, "GHN Cancel Order")
    }
  }

  async createReturnFulfillment(fulfillment: Record<string, unknown>): Promise<CreateFulfillmentResult> {
    // The customer's address and the items' weights are not passed to providers on returns:
    // the reverse GHN order is created by the plugin's return workflow, which fills this in.
    const option = (fulfillment.shipping_option ?? {}) as { data?: Record<string, unknown> }
    const data: GhnFulfillmentDataSoFar = { ...fulfillmentDataOf(fulfillment.data as Record<string, unknown> | null), service_type_id: serviceTypeOf(option.data), is_return: true }
    return { data, labels: [] }
  }

  // Medusa's abstract class types documents as `never[]` (its IFulfillmentProvider interface as
  // `any`): the GHN labels are typed here and handed over through that one declared type.
  async getFulfillmentDocuments(data: Record<string, unknown>): Promise<never[]> {
    return asDeclared<never[]>(await this.labelDocuments(data))
  }

  async getShipmentDocuments(data: Record<string, unknown>): Promise<never[]> {
    return asDeclared<never[]>(await this.labelDocuments(data))
  }

  async getReturnDocuments(data: Record<string, unknown>): Promise<never[]> {
    return asDeclared<never[]>(await this.labelDocuments(data))
  }

  async retrieveDocuments(data: Record<string, unknown>, documentType: string): Promise<void> {
    void documentType
    return asDeclared<void>(await this.labelDocuments(data))
  }

  /** One label per paper size, each a fresh print token (tokens expire after ~30 minutes). */
  protected async labelDocuments(data: Record<string, unknown>): Promise<GhnLabelDocument[]> {
    const { order_code: orderCode, shop_id: shopId } = fulfillmentDataOf(data)
    if (!orderCode) return []
    try {
      const token = await this.client.print.token({ order_codes: [orderCode] }, { shopId: Number(shopId) || this.options.shopId })
      return (["A5", "80x80", "52x70"] as const).map((size) => ({
        type: "label" as const,
        size,
        order_code: orderCode,
        url: this.client.print.labelUrl(token, size),
      }))
    } catch (error) {
      throw toMedusaError(error, "GHN Print Order")
    }
  }

  /**
   * What the quote carries. A cart: all its items, with the product measures the plugin's
   * checkout hook adds. An order (returns, exchanges, claims, edits): the lines Medusa names
   * (`return_items`, `exchange_items`, `claim_items`), else all the order's items, looked up in
   * the order's lines that the plugin's order hook adds.
   */
  protected quotedLines(context: CalculateShippingOptionPriceDTO["context"], isReturn: boolean) {
    const orderItems = (context as GhnProviderContext).ghn_order_items
    const productMeasures = (context as GhnProviderContext).ghn_product_measures ?? {}
    const pool: (OrderItemLike & { quantity: unknown })[] =
      orderItems ??
      ((context.items ?? []) as unknown as (OrderItemLike & { quantity: unknown })[]).map((item) =>
        productMeasures[item.id] ? { ...item, product: { ...productMeasures[item.id], ...definedOnly(item.product) } } : item
      )
    type Named = { id: string; quantity: unknown }[] | undefined
    const named = isReturn
      ? (context.return_items as Named)
      : ((context.exchange_items ?? context.claim_items) as Named)
    // A method chosen before its items (an exchange's delivery, say) carries nothing yet.
    if (named && !named.length) return undefined
    const shipped = named
      ? named.map((item) => ({ line_item_id: item.id, quantity: item.quantity }))
      : pool.map((item) => ({ line_item_id: item.id, quantity: item.quantity }))
    const unknown = shipped.find((item) => !pool.some((line) => line.id === item.line_item_id))
    if (unknown) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `GHN fee quote: the line item ${unknown.line_item_id} is not one of the order's items`)
    }
    return linesFromOrderItems(shipped, pool)
  }

  protected async resolve(address: AddressInput, what: string): Promise<ResolvedAddress> {
    try {
      return await this.addresses.resolve(address)
    } catch (error) {
      // The one mapping keeps the resolution's code and candidates for the storefront.
      if (error instanceof Error && error.name === "AddressResolutionError") throw toMedusaError(error, `GHN cannot deliver to the ${what}`)
      throw error
    }
  }

  protected async resolveOptional(address: AddressInput): Promise<ResolvedAddress | undefined> {
    try {
      return await this.addresses.resolve(address)
    } catch (error) {
      // An unmapped stock location falls back to the GHN shop's own pickup address.
      this.logger.warn(`GHN: stock location address not resolved, quoting from the shop address: ${(error as Error).message}`)
      return undefined
    }
  }

  /** GHN must serve the route with the option's service type (Get Service, cached per route). */
  protected async assertRouteServed(shopId: number, fromDistrict: number | undefined, to: ResolvedAddress, type: ServiceTypeId, signal?: AbortSignal) {
    if (!fromDistrict) return // unknown origin: Calculate Fee itself reports an unserved route
    const services = await this.cache.getOrLoad(
      cacheKey("services", { shopId, fromDistrict, to: to.district_id }),
      () => {
        this.payQuoteCall()
        return this.client.services.available({ shop_id: shopId, from_district: fromDistrict, to_district: to.district_id }, { shopId, signal })
      },
      Math.min(this.options.quoteCacheTtlSeconds, 3600)
    )
    if (!services.some((s) => s.service_type_id === type)) {
      const kind = type === 2 ? "light goods (service type 2)" : "heavy goods (service type 5)"
      const area = to.district_name || to.province_name
      const offered = services.map((s) => s.short_name)
      throw shopperError(
        MedusaError.Types.INVALID_DATA,
        `GHN has no ${kind} service to ${to.ward_name}, ${area}${offered.length ? `; it offers ${offered.join(", ")}` : ""}`,
        { code: "no_ghn_service", params: { service_type_id: type, ward: to.ward_name, area, offered } }
      )
    }
  }

  /** Each variant's measures with the product's as fallback, as the cart saw them. */
  protected measuresOf(items: CartItemMeasures[]): Record<string, Measured> {
    const measures: Record<string, Measured> = {}
    for (const item of items) {
      const variantId = item.variant_id ?? item.variant?.id
      if (!variantId) continue
      const product: Measured = item.product ?? {}
      const variant: Measured = item.variant ?? {}
      measures[variantId] = Object.fromEntries(MEASURE_KEYS.map((key) => [key, variant[key] ?? product[key] ?? null]))
    }
    return measures
  }

  protected parcelFields(parcel: GhnParcel, serviceTypeId: ServiceTypeId) {
    const base = { weight: parcel.weight, length: parcel.length, width: parcel.width, height: parcel.height }
    if (serviceTypeId !== 5 && !parcel.items.length) return base
    // Calculate Fee's items carry no price in the spec (Create Order's do): send none.
    return { ...base, items: ghnItems(parcel, serviceTypeId).map(({ price: _price, ...item }) => item) }
  }

  protected insuranceFor(value: number) {
    return this.options.insurance === "items_value" ? Math.min(value, MAX_INSURANCE) : 0
  }


}

export default GhnFulfillmentProviderService
