import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { parcelTracking, type ParcelTracking, type TrackedHistoryEntry } from "../../../lib/parcel-tracking"
import type { QueryGraph } from "../../../lib/query-graph"
import { shopperLocaleOf, type ShopperLocale } from "../../../lib/shopper-errors"
import { ghnModule } from "../../utils"

export type TrackedOrder = { id: string; display_id: number; email: string | null; customer_id: string | null }

export type OrderTracking = { order: { display_id: number }; locale: ShopperLocale; parcels: ParcelTracking[] }

/** An order as the tracking routes look it up (by id, or by its number for a guest). */
export async function trackedOrder(req: MedusaRequest, filters: { id: string } | { display_id: number }): Promise<TrackedOrder | undefined> {
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<TrackedOrder>({ entity: "order", fields: ["id", "display_id", "email", "customer_id"], filters })
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
