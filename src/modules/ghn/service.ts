import { MedusaService } from "@medusajs/framework/utils"
import { AddressResolver } from "../../lib/address-resolver"
import type { GhnClient, GhnLabelSize } from "../../lib/ghn"
import { ghnClientFor, GhnOptions, parseGhnOptions } from "../../lib/options"
import { MemoryStore, RedisStore, SharedCache } from "../../lib/quote-cache"
import { GhnShipment } from "./models/ghn-shipment"
import { GhnTicket } from "./models/ghn-ticket"
import { GhnWebhookEvent } from "./models/ghn-webhook-event"

type InjectedDependencies = { logger?: { warn(message: string): void } }

/**
 * The plugin's data module: GHN shipments, webhook events and support tickets, plus the plugin
 * options, the GHN client and cached address lists for routes, subscribers, jobs and workflows (the provider
 * lives in the fulfilment module's own container and cannot reach them).
 */
export default class GhnModuleService extends MedusaService({ GhnShipment, GhnWebhookEvent, GhnTicket }) {
  readonly options: GhnOptions
  readonly client: GhnClient
  /** GHN's address lists, cached for a day: for storefront address forms and name matching. */
  readonly addresses: AddressResolver
  /** GHN answers that are the same for the same input (lead times), shared through Redis when configured. */
  readonly cache: SharedCache

  constructor(container: InjectedDependencies, options: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options = parseGhnOptions(options)
    this.client = ghnClientFor(this.options, container.logger)
    this.addresses = new AddressResolver(this.client.masterData)
    this.cache = new SharedCache(
      this.options.redisUrl ? new RedisStore(this.options.redisUrl) : new MemoryStore(),
      this.options.quoteCacheTtlSeconds
    )
  }

  /** The GHN shop of each order code (its shipment's, else the default shop). */
  async shopsOf(orderCodes: string[]): Promise<Map<number, string[]>> {
    const shipments = await this.listGhnShipments({ order_code: orderCodes }, { select: ["order_code", "shop_id"] })
    const shopOf = new Map(shipments.map((s) => [s.order_code, s.shop_id]))
    const groups = new Map<number, string[]>()
    for (const code of orderCodes) {
      const shop = shopOf.get(code) ?? this.options.shopId
      groups.set(shop, [...(groups.get(shop) ?? []), code])
    }
    return groups
  }

  /**
   * Label pages for order codes, one per GHN shop, each with a freshly minted print token
   * (tokens expire after about 30 minutes, so no label URL is ever stored).
   */
  async labelUrls(orderCodes: string[], size: GhnLabelSize) {
    const labels: { shop_id: number; order_codes: string[]; url: string }[] = []
    for (const [shopId, codes] of await this.shopsOf(orderCodes)) {
      const token = await this.client.print.token({ order_codes: codes }, { shopId })
      labels.push({ shop_id: shopId, order_codes: codes, url: this.client.print.labelUrl(token, size) })
    }
    return labels
  }
}
