import { AddressResolver } from "../address/address-resolver"
import type { GhnClient } from "../ghn"
import { ghnClientFor, type GhnOptions, parseGhnOptions } from "./options"
import { CallerShares } from "./caller-shares"
import { ghnCallObserver } from "./ghn-telemetry"
import { OutageHolds } from "./outage-fallback"
import { type CacheStore, CachingModule, CachingModuleStore, MemoryStore } from "./quote-cache"

/** A GHN account: a registration of the provider (token, shop, environment) and its client. */
export type GhnAccount = { provider_id: string | null; options: GhnOptions; client: GhnClient }

type Logger = { warn(message: string): void }

/** How a stock location's GHN shop is found for an account: the GHN module's answer (the map set in the admin). */
export type LocationShopReader = (options: GhnOptions, locationId: string | null | undefined) => Promise<number>

/**
 * The plugin's one composition root: what the fulfilment provider and the GHN module share in a
 * Medusa process. Medusa gives them no common container: the provider lives in the fulfilment
 * module's container (logger, configModule, manager, event bus, caching, nothing of the plugin's),
 * the GHN module in its own, and the provider's validateOptions, the one call Medusa makes for
 * each registration at load, gets no container at all. So both take this root from this file's
 * scope, the one place it is built (docs/reference.md, "One composition root"). A store loads the
 * plugin once (the provider by `medusa-fulfillment-ghn/providers/ghn`, the module from the same
 * package), so there is one root per Medusa process.
 */
class GhnRoot {
  /** One client per distinct set of options: one rate limit and request budget per account. */
  readonly clients = new Map<string, GhnClient>()
  /** GHN's address lists, one cache per GHN environment (the same for every account and shop of it). */
  readonly masterData = new Map<string, AddressResolver>()
  /** The option sets Medusa validated for a registration of the provider (validateOptions, at load). */
  readonly providerOptions = new Set<string>()
  /** Each storefront caller's share of an account's checkout quotes, by GHN account (callerQuoteSharesOf). */
  readonly quoteShares = new Map<string, CallerShares>()
  /** Quotes that skip GHN for a while after an outage, by GHN account (src/lib/runtime/outage-fallback.ts). */
  readonly outageHolds = new OutageHolds()
  /**
   * The GHN caches' store when the store registers no caching module: one for the provider and the
   * module, as Medusa's caching module is one for both (what the provider keeps, a refused token's
   * notice or a checkout's fallback mark, the module reads). The two stores it replaces held 5,000 entries each.
   */
  readonly memoryCache = new MemoryStore(10_000)
  /** Set by the GHN module when it is built: the stock location -> shop map chosen in the admin. */
  locationShops?: LocationShopReader
}

const root = new GhnRoot()

/** The same JSON for the same options whatever their keys' order. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v
  )
}

/** The client for these options: built once per process, shared by the provider, the module and every route. */
export function ghnClientOf(options: GhnOptions, logger?: Logger): GhnClient {
  const key = fingerprint(options)
  let client = root.clients.get(key)
  if (!client) {
    // Each call traced, measured and counted for the Health section, by the account's shop.
    client = ghnClientFor(options, logger, { onCall: ghnCallObserver(String(options.shopId)) })
    root.clients.set(key, client)
  }
  return client
}

/**
 * GHN's address lists, cached for a day, one cache per GHN environment in the process (master data
 * is the same for every account and shop of an environment). `client` fetches them on a miss.
 */
export function masterDataOf(options: GhnOptions, client: GhnClient): AddressResolver {
  let resolver = root.masterData.get(options.environment)
  if (!resolver) {
    resolver = new AddressResolver(client.masterData)
    root.masterData.set(options.environment, resolver)
  }
  return resolver
}

/**
 * The share of an account's GHN calls one storefront caller (an address, IPv6 by /64) may make
 * happen through checkout quotes (Calculate Fee, Get Service not cached): this fraction of its
 * `ghnRequestsPerSecond`, and `CALLER_QUOTE_BURST_SECONDS` of that at once. Quotes never wait for
 * the account's budget and come first: without a share, one caller's flood of new routes and
 * parcels would hold the account's budget in debt and starve polling, refreshes and shipping runs.
 */
export const CALLER_QUOTE_SHARE = 0.1
export const CALLER_QUOTE_BURST_SECONDS = 10

/** Each caller's share of the account's quotes, one per account in the process (every registration of it shares it). */
export function callerQuoteSharesOf(accountKey: string, requestsPerSecond: number): CallerShares {
  let shares = root.quoteShares.get(accountKey)
  if (!shares) {
    const perSecond = requestsPerSecond * CALLER_QUOTE_SHARE
    shares = new CallerShares(perSecond, Math.max(1, Math.round(perSecond * CALLER_QUOTE_BURST_SECONDS)))
    root.quoteShares.set(accountKey, shares)
  }
  return shares
}

/** The process's outage holds, shared by every registration of an account. */
export function ghnOutageHolds(): OutageHolds {
  return root.outageHolds
}

/**
 * The store behind the GHN caches of the provider and the module: Medusa's caching module when the
 * store registers one (with its Redis provider, shared by every instance), else the root's memory.
 */
export function ghnCacheStoreOf(caching: CachingModule | undefined, logger?: Logger): CacheStore {
  return caching ? new CachingModuleStore(caching, "ghn:", (message) => logger?.warn(message)) : root.memoryCache
}

/** Called by the GHN module once built: how the provider's quotes find a stock location's shop. */
export function serveLocationShops(reader: LocationShopReader) {
  root.locationShops = reader
}

/** The shop a stock location ships from, as the GHN module answers it; undefined before the module is built. */
export function storedLocationShopOf(options: GhnOptions, locationId: string | null | undefined): Promise<number> | undefined {
  return root.locationShops?.(options, locationId)
}

/** Called from the provider's validateOptions, which Medusa runs once per registration at load. */
export function noteGhnProviderOptions(options: Record<string, unknown> | undefined) {
  root.providerOptions.add(fingerprint(options ?? {}))
}

type ProviderRegistration = { id?: unknown; options?: Record<string, unknown> }
type ConfigModuleShape = { modules?: Record<string, { options?: { providers?: ProviderRegistration[] } } | boolean | undefined> }

/**
 * The GHN accounts of the store: every registration of the fulfilment module (`fulfillmentKey`)
 * whose options Medusa validated through this plugin's provider, with its provider id. The
 * registrations are told apart by their options, never by importing the paths the config names.
 */
export function ghnAccountsOf(configModule: unknown, fulfillmentKey: string, providerIdOf: (id: string) => string, logger?: Logger): GhnAccount[] {
  const fulfillment = (configModule as ConfigModuleShape | undefined)?.modules?.[fulfillmentKey]
  const registrations = typeof fulfillment === "object" ? (fulfillment.options?.providers ?? []) : []
  const known = root.providerOptions
  return registrations
    .filter((r): r is ProviderRegistration & { id: string } => typeof r?.id === "string" && known.has(fingerprint(r.options ?? {})))
    .map((r) => {
      const options = parseGhnOptions(r.options ?? {})
      return { provider_id: providerIdOf(r.id), options, client: ghnClientOf(options, logger) }
    })
}

/** How many registrations were noted so far (the module reads the store's accounts again when it grows). */
export function notedProviderCount(): number {
  return root.providerOptions.size
}
