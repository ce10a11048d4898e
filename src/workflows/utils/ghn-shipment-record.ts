import type { GhnFulfillmentData } from "../../contracts/fulfillment-data"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ghnExpectedInstant } from "../../lib/ghn/dates"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type GhnShipmentRecord = {
  fulfillment_id: string
  order_id?: string | null
  /** The GHN provider (account) of the fulfilment. */
  provider_id?: string | null
  is_return?: boolean
  /** The stock location the parcel leaves from, and the receiver's province as Create Order sent it (the Insights tab's groups). */
  location_id?: string | null
  to_province?: string | null
  /** The fulfilment's shipping option: its shipping method's amount is the checkout's quote. */
  shipping_option_id?: string | null
  /** The parcel as Create Order sent it (weight in g, box in cm): the re-weighing report compares GHN's measures with it. */
  sent?: { weight?: number; length?: number; width?: number; height?: number }
  /** The fulfilment's data once its GHN order is made (the set-fulfillment-ghn-order step). */
  data: GhnFulfillmentData
}

type OrderShippingRow = { id: string; shipping_methods?: { amount: unknown; shipping_option_id?: string | null }[] | null }

/**
 * The shipping each new parcel is compared with: what the customer paid at checkout for its
 * option, counted on the order's first parcel only (later parcels of the order were not quoted).
 */
async function checkoutQuotes(container: MedusaContainer, ghn: GhnModuleService, records: GhnShipmentRecord[]): Promise<Map<string, number>> {
  const orderIds = [...new Set(records.filter((r) => r.order_id && !r.is_return).map((r) => r.order_id!))]
  if (!orderIds.length) return new Map()
  const shipped = new Set((await ghn.listGhnShipments({ order_id: orderIds, is_return: false }, { select: ["order_id"] })).map((s) => s.order_id))
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<OrderShippingRow>({
    entity: "order",
    fields: ["id", "shipping_methods.amount", "shipping_methods.shipping_option_id"],
    filters: { id: orderIds.filter((id) => !shipped.has(id)) },
  })
  const quotes = new Map<string, number>()
  const quoted = new Set<string>()
  for (const r of records) {
    const order = data.find((o) => o.id === r.order_id)
    if (!order || r.is_return || quoted.has(order.id)) continue
    const method = (order.shipping_methods ?? []).find((m) => m.shipping_option_id === r.shipping_option_id)
    if (!method) continue
    quotes.set(r.fulfillment_id, Math.round(Number(method.amount)))
    quoted.add(order.id)
  }
  return quotes
}

/** The shipment record of each GHN fulfilment, made once (a repeat finds it and makes nothing): the ids it made. */
export async function recordGhnShipments(container: MedusaContainer, records: GhnShipmentRecord[]): Promise<{ id: string; order_code: string }[]> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const usable = records.filter((r) => r.data?.order_code)
  if (!usable.length) return []
  const existing = await ghn.listGhnShipments({ fulfillment_id: usable.map((r) => r.fulfillment_id) }, { select: ["id", "fulfillment_id"] })
  const known = new Set(existing.map((s) => s.fulfillment_id))
  const fresh = usable.filter((r) => !known.has(r.fulfillment_id))
  if (!fresh.length) return []
  const quotes = await checkoutQuotes(container, ghn, fresh)
  const created = await ghn.createGhnShipments(
    fresh.map(({ fulfillment_id, order_id, provider_id, is_return, location_id, to_province, data, sent }) => ({
      fulfillment_id,
      order_id: order_id ?? null,
      provider_id: provider_id ?? null,
      order_code: data.order_code,
      client_order_code: data.client_order_code ?? fulfillment_id,
      shop_id: Number(data.shop_id),
      is_return: !!is_return,
      location_id: location_id ?? null,
      to_province: to_province || null,
      status: "ready_to_pick",
      history: { events: [] },
      total_fee: Math.round(Number(data.total_fee ?? 0)),
      fees: data.fee ?? null,
      cod_amount: Math.round(Number(data.cod_amount ?? 0)),
      cod_expected: is_return ? null : Math.round(Number(data.cod_amount ?? 0)),
      quoted_fee: quotes.get(fulfillment_id) ?? null,
      weight: data.weight ? Math.round(Number(data.weight)) : null,
      sent_weight: sent?.weight ?? null,
      sent_length: sent?.length ?? null,
      sent_width: sent?.width ?? null,
      sent_height: sent?.height ?? null,
      sent_fee: Math.round(Number(data.total_fee ?? 0)),
      expected_delivery_time: ghnExpectedInstant(data.expected_delivery_time),
      last_synced_at: new Date(),
    }))
  )
  return created.map((c) => ({ id: c.id, order_code: c.order_code }))
}
