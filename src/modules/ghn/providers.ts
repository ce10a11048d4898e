import { Modules } from "@medusajs/framework/utils"
import { GHN_PROVIDER_IDENTIFIER, ghnProviderIdOf } from "../../lib/provider-id"

type ProviderRegistration = { resolve?: unknown; id?: string; options?: Record<string, unknown> }
type ConfigModuleShape = { modules?: Record<string, { options?: { providers?: ProviderRegistration[] } } | boolean | undefined> }

/** Does a fulfilment provider registration load this plugin's provider (whatever path names it)? */
function loadsGhnProvider(registration: ProviderRegistration): boolean {
  let loaded = registration.resolve
  if (typeof loaded === "string") {
    try {
      // Resolved as Medusa resolves it: from the project's directory.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = require(require.resolve(loaded, { paths: [process.cwd()] }))
    } catch {
      return false
    }
  }
  const exported = (loaded as { default?: unknown } | undefined)?.default ?? loaded
  const services = (exported as { services?: { identifier?: string }[] } | undefined)?.services ?? []
  return services.some((service) => service?.identifier === GHN_PROVIDER_IDENTIFIER)
}

/** Every registration of the GHN provider in the store's fulfilment module: its provider id and options. */
export function ghnProviderRegistrations(configModule: unknown): { provider_id: string; options: Record<string, unknown> }[] {
  const fulfillment = (configModule as ConfigModuleShape | undefined)?.modules?.[Modules.FULFILLMENT]
  const providers = typeof fulfillment === "object" ? (fulfillment.options?.providers ?? []) : []
  return providers
    .filter((p) => typeof p?.id === "string" && loadsGhnProvider(p))
    .map((p) => ({ provider_id: ghnProviderIdOf(p.id!), options: p.options ?? {} }))
}
