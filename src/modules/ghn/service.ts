import { AddressResolver } from "../../lib/address-resolver"
import { createGhnClient, GhnClient } from "../../lib/ghn"
import { GhnOptions, parseGhnOptions } from "../../lib/options"

type InjectedDependencies = { logger?: { warn(message: string): void } }

/**
 * The plugin's data module: holds the plugin options and the GHN client for routes,
 * subscribers, jobs and workflows (the provider lives in the fulfilment module's own container).
 */
export default class GhnModuleService {
  readonly options: GhnOptions
  readonly client: GhnClient
  /** GHN's address lists, cached for a day: for storefront address forms and name matching. */
  readonly addresses: AddressResolver

  constructor({ logger }: InjectedDependencies, options: Record<string, unknown>) {
    this.options = parseGhnOptions(options)
    this.client = createGhnClient({
      environment: this.options.environment,
      token: this.options.token,
      shopId: this.options.shopId,
      timeoutMs: this.options.timeoutMs,
      language: this.options.language,
      trackingUrlBase: this.options.trackingUrlBase,
      logger: logger ? { warn: (message: string) => logger.warn(message) } : undefined,
    })
    this.addresses = new AddressResolver(this.client.masterData)
  }
}
