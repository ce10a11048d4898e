import { AddressResolver } from "../address/address-resolver"
import type { GhnClient } from "../ghn"
import { ghnClientFor, type GhnOptions, parseGhnOptions } from "./options"

/** A GHN account: a registration of the provider (token, shop, environment) and its client. */
export type GhnAccount = { provider_id: string | null; options: GhnOptions; client: GhnClient }

type Logger = { warn(message: string): void }

/**
 * The process's one composition root for GHN: clients (one per distinct set of options), GHN's
 * master data (one address cache per GHN environment) and the options every registration of the
 * provider was loaded with. The fulfilment provider lives in the fulfilment module's container
 * and the data module in its own, so both read this instead of building their own; it sits on
 * `globalThis` because a store may load the provider and the module from two copies of the file
 * (the plugin's build and a path in medusa-config).
 */
type Root = {
  clients: Map<string, GhnClient>
  masterData: Map<string, AddressResolver>
  /** The option sets Medusa validated for a registration of the provider (validateOptions, at load). */
  providerOptions: Set<string>
}

const ROOT = Symbol.for("medusa-fulfillment-ghn.composition-root")

function root(): Root {
  const holder = globalThis as typeof globalThis & { [ROOT]?: Root }
  holder[ROOT] ??= { clients: new Map(), masterData: new Map(), providerOptions: new Set() }
  return holder[ROOT]
}

/** The same JSON for the same options whatever their keys' order. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v
  )
}

/** The client for these options: built once per process, shared by the provider, the module and every route. */
export function ghnClientOf(options: GhnOptions, logger?: Logger): GhnClient {
  const key = fingerprint(options)
  let client = root().clients.get(key)
  if (!client) {
    client = ghnClientFor(options, logger)
    root().clients.set(key, client)
  }
  return client
}

/**
 * GHN's address lists, cached for a day, one cache per GHN environment in the process (master data
 * is the same for every account and shop of an environment). `client` fetches them on a miss.
 */
export function masterDataOf(options: GhnOptions, client: GhnClient): AddressResolver {
  let resolver = root().masterData.get(options.environment)
  if (!resolver) {
    resolver = new AddressResolver(client.masterData)
    root().masterData.set(options.environment, resolver)
  }
  return resolver
}

/** Called from the provider's validateOptions, which Medusa runs once per registration at load. */
export function noteGhnProviderOptions(options: Record<string, unknown> | undefined) {
  root().providerOptions.add(fingerprint(options ?? {}))
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
  const known = root().providerOptions
  return registrations
    .filter((r): r is ProviderRegistration & { id: string } => typeof r?.id === "string" && known.has(fingerprint(r.options ?? {})))
    .map((r) => {
      const options = parseGhnOptions(r.options ?? {})
      return { provider_id: providerIdOf(r.id), options, client: ghnClientOf(options, logger) }
    })
}

/** How many registrations were noted so far (the module reads the store's accounts again when it grows). */
export function notedProviderCount(): number {
  return root().providerOptions.size
}
