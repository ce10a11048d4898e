import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ConfigModule } from "@medusajs/framework/types"
import { cashToPrepare } from "../../lib/cod/cod"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { languageOf } from "../../lib/checkout/shopper-errors"
import { SHOPPER_UPDATE_EVENTS, type ShopperUpdateData } from "../../contracts/events"
import { parcelUpdateMessage, shopperReasonText, shopperUpdateKey, withinNotificationCap } from "../../lib/status/shopper-updates"
import { trackingLinkUrl } from "../../lib/status/tracking-link"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type ShopperNotification = {
  to: string
  channel: "email" | "sms"
  template: string
  trigger_type: string
  resource_id: string
  resource_type: "order"
  idempotency_key: string
  data: Record<string, unknown>
  content: { subject?: string; text: string }
}

type NotificationProviderConfig = { options?: { channels?: string[] } }

/**
 * The channels the store's Notification Module has a provider for (its configuration; Medusa's
 * default, without a `notification` entry, serves only the admin's `feed`).
 */
export function notificationChannels(config: Pick<ConfigModule, "modules">): Set<string> {
  const entry = config.modules?.[Modules.NOTIFICATION]
  const providers = typeof entry === "object" && entry ? ((entry as { options?: { providers?: NotificationProviderConfig[] } }).options?.providers ?? []) : []
  return new Set(providers.flatMap((p) => p.options?.channels ?? []))
}

type OrderRow = { id: string; display_id: number; email: string | null; locale?: string | null; shipping_address?: { phone?: string | null } | null }

/**
 * The notifications of one shopper update: to the order's email, and to the receiver's phone by
 * SMS when the store has an `sms` provider, in the order's language (else `shopperLocale`). Each
 * carries the key that makes it once per parcel, update and channel. Reads only.
 */
export const buildGhnShopperNotificationsStep = createStep("build-ghn-shopper-notifications", async (update: ShopperUpdateData, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const options = ghn.options
  const channels = notificationChannels(container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE))
  if (
    !options.shopperNotifications.includes(update.update) ||
    !withinNotificationCap(update, options.maxFailedDeliveryNotifications) ||
    (!channels.has("email") && !channels.has("sms"))
  ) {
    return new StepResponse<ShopperNotification[]>([])
  }
  const [shipment] = await ghn.listGhnShipments({ order_code: update.order_code }, { select: ["order_code", "provider_id", "cod_amount", "expected_delivery_time"] })
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const [{ data: orders }, { data: stores }] = await Promise.all([
    query.graph<OrderRow>({ entity: "order", fields: ["id", "display_id", "email", "locale", "shipping_address.phone"], filters: { id: update.order_id } }),
    query.graph<{ name: string }>({ entity: "store", fields: ["name"] }),
  ])
  const order = orders[0]
  if (!shipment || !order) return new StepResponse<ShopperNotification[]>([])
  const locale = languageOf(order.locale) ?? options.shopperLocale
  const facts = {
    update: update.update,
    locale,
    order_number: order.display_id,
    order_code: shipment.order_code,
    tracking_url: ghn.accountOf(shipment.provider_id).client.trackingUrl(shipment.order_code),
    expected_delivery: shipment.expected_delivery_time ?? null,
    cod_amount: cashToPrepare(update.status, shipment.cod_amount),
    reason: shopperReasonText(update.reason),
  }
  // The signed link to the store's own tracking page: it shows the order with no guessing limit.
  const order_tracking_token = ghn.trackingLinks?.token(order.id) ?? null
  const order_tracking_url = order_tracking_token && options.orderTrackingUrl ? trackingLinkUrl(options.orderTrackingUrl, order_tracking_token) : null
  const link = order_tracking_url ?? facts.tracking_url
  const message = parcelUpdateMessage({ ...facts, tracking_url: link, shop_name: stores[0]?.name ?? "" })
  const data = { ...message, ...facts, order_tracking_url, order_tracking_token }
  const base = {
    template: `ghn-parcel-${update.update.replace(/_/g, "-")}`,
    trigger_type: SHOPPER_UPDATE_EVENTS[update.update],
    resource_id: order.id,
    resource_type: "order" as const,
    data,
  }
  const out: ShopperNotification[] = []
  if (channels.has("email") && order.email) {
    out.push({ ...base, to: order.email, channel: "email", idempotency_key: shopperUpdateKey(update, "email"), content: { subject: message.subject, text: message.text } })
  }
  const phone = order.shipping_address?.phone
  if (channels.has("sms") && phone) {
    out.push({ ...base, to: phone, channel: "sms", idempotency_key: shopperUpdateKey(update, "sms"), content: { text: `${message.subject}. ${link}` } })
  }
  return new StepResponse(out)
})
