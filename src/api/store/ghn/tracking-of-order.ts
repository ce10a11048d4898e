import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { parcelTracking, type ParcelTracking, type TrackedHistoryEntry } from "../../../lib/status/parcel-tracking"
import { vietnamMidnight } from "../../../lib/ghn/dates"
import type { QueryGraph } from "../../../lib/runtime/query-graph"
import { shopperLocaleOf, type ShopperLocale } from "../../../lib/checkout/shopper-errors"
import { ghnModule } from "../../utils"

export type TrackedOrder = { id: string; display_id: number; email: string | null; customer_id: string | null }

export type OrderTracking = { order: { display_id: number }; locale: ShopperLocale; parcels: ParcelTracking[] }

/**
 * An order as the tracking routes look it up (by id, or by its number for a guest), among the
 * orders of the sales channels of the request's publishable key only: another channel's order is
 * not found, as an unknown one.
 */
export async function trackedOrder(req: MedusaRequest, filters: { id: string } | { display_id: number }): Promise<TrackedOrder | undefined> {
  const channels = (req as MedusaRequest & { publishable_key_context?: { sales_channel_ids?: string[] } }).publishable_key_context?.sales_channel_ids ?? []
  if (!channels.length) return undefined
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<TrackedOrder>({
    entity: "order",
    fields: ["id", "display_id", "email", "customer_id"],
    filters: { ...filters, sales_channel_id: channels },
  })
  return data[0]
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/

/**
 * The shopper's language: Medusa's request locale (`?locale=`, then x-medusa-locale), then
 * Accept-Language; Vietnamese unless English. A locale that is no language tag is refused.
 */
export function trackingLocaleOf(req: MedusaRequest): ShopperLocale {
  const asked = req.locale
  if (asked !== undefined && (asked.length > 35 || !LANGUAGE_TAG.test(asked))) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "locale must be a language tag such as vi or en-US, at most 35 characters")
  }
  return shopperLocaleOf(req.get("accept-language"), asked)
}

/**
 * What a guest (email and order number, no account) is shown of a parcel: where it is and when,
 * never what a stranger holding the pair could use at the door (the fake-courier scam): no cash to
 * hand over, no expected hour (the day only, as the start of that day in Vietnam), and none of
 * GHN's free-text reasons (they may carry the receiver's words, a phone, an hour).
 */
export function guestParcel(parcel: ParcelTracking): ParcelTracking {
  const day = parcel.expected_delivery ? vietnamMidnight(new Date(parcel.expected_delivery)).toISOString() : null
  return {
    ...parcel,
    reason: null,
    expected_delivery: day,
    cod_amount: null,
    timeline: parcel.timeline.map((entry) => ({ ...entry, reason: null })),
  }
}

/** Every GHN parcel of the order (its returns aside), oldest first, as the shopper reads them. */
export async function orderTracking(req: MedusaRequest, order: TrackedOrder, locale: ShopperLocale): Promise<OrderTracking> {
  const ghn = ghnModule(req)
  const shipments = await ghn.listGhnShipments({ order_id: order.id, is_return: false }, { order: { created_at: "ASC" } })
  return {
    order: { display_id: order.display_id },
    locale,
    parcels: shipments.map((s) =>
      parcelTracking(
        {
          order_code: s.order_code,
          status: s.status,
          status_reason: s.status_reason,
          cod_amount: Number(s.cod_amount ?? 0),
          expected_delivery_time: s.expected_delivery_time,
          history: s.history as { events?: TrackedHistoryEntry[] } | null,
        },
        locale,
        ghn.accountOf(s.provider_id).client.trackingUrl(s.order_code)
      )
    ),
  }
}
