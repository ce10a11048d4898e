import type { FulfillmentDataRead } from "../../contracts/fulfillment-data"
import type { AddressInput } from "../../lib/address/address-resolver"
import type { OrderItemLike } from "../../lib/parcel/order-body"
import { MEASURE_KEYS } from "../../lib/parcel/parcel"

/**
 * An order and its fulfilments as the Create Order request's builder and the ready-to-ship list
 * read them (Query), and what the two check on them.
 */
export type FulfillmentData = FulfillmentDataRead
export type FulfillmentRow = {
  id: string
  provider_id?: string | null
  location_id: string
  created_at?: string | Date
  canceled_at?: string | Date | null
  data?: FulfillmentData | null
  metadata?: Record<string, unknown> | null
  delivery_address?: (AddressInput & Record<string, unknown>) | null
  items?: { line_item_id?: string | null; inventory_item_id?: string | null; quantity: unknown; title?: string; sku?: string | null }[]
}
export type OrderItemRow = OrderItemLike & {
  quantity: unknown
  detail?: { fulfilled_quantity?: unknown } | null
  variant?: (OrderItemLike["variant"] & { inventory_items?: { inventory_item_id?: string; required_quantity?: unknown }[] | null }) | null
}
export type OrderRow = {
  id: string
  display_id?: number | string | null
  custom_display_id?: string | null
  status?: string | null
  items?: OrderItemRow[]
  shipping_address?: (AddressInput & Record<string, unknown>) | null
  fulfillments?: FulfillmentRow[]
  total?: unknown
  summary?: { pending_difference?: unknown; current_order_total?: unknown; paid_total?: unknown; refunded_total?: unknown } | null
  payment_collections?: {
    payment_sessions?: { provider_id: string }[]
    payments?: { provider_id: string; captures?: { amount?: unknown }[]; refunds?: { amount?: unknown }[] }[]
  }[]
}

const LINE_FIELDS = ["id", "quantity", "title", "product_title", "variant_title", "variant_sku", "unit_price", "variant_id", "variant.inventory_items.inventory_item_id", "variant.inventory_items.required_quantity"]
export const ORDER_FIELDS = [
  "id",
  "display_id",
  "custom_display_id",
  "status",
  // With "items.*" the order's totals make Medusa's pending difference count requested returns.
  "items.*",
  ...LINE_FIELDS.map((f) => `items.${f}`),
  ...MEASURE_KEYS.flatMap((m) => [`items.variant.${m}`, `items.variant.product.${m}`]),
  "shipping_address.*",
  "fulfillments.id",
  "fulfillments.provider_id",
  "fulfillments.created_at",
  "fulfillments.canceled_at",
  "fulfillments.data",
  "fulfillments.items.line_item_id",
  "fulfillments.items.inventory_item_id",
  "fulfillments.items.quantity",
  "total",
  "summary",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captures.amount",
  "payment_collections.payments.refunds.amount",
  // What the order's figures are checked by (src/lib/cod/cod.ts, orderFiguresProblem).
  "items.detail.fulfilled_quantity",
]

/** The number a merchant knows the order by. */
export function orderNumberOf(order: { id: string; display_id?: number | string | null; custom_display_id?: string | null }) {
  return String(order.custom_display_id || order.display_id || order.id)
}

/** The keys of an object whose values are set (so a null does not hide a fallback). */
export function definedOnly<T extends object>(value: T | undefined | null): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>
}

export const isLive = (f: { canceled_at?: unknown }) => !f.canceled_at

/** What a fulfilment ships of a line: a kit's items are its inventory items, each `required_quantity` per unit. */
function shippedOf(fulfillment: FulfillmentRow, item: OrderItemRow): number {
  const rows = (fulfillment.items ?? []).filter((i) => i.line_item_id === item.id)
  if (!rows.length) return 0
  const kit = item.variant?.inventory_items ?? []
  const first = rows[0]
  const per = Number(kit.find((k) => k.inventory_item_id && k.inventory_item_id === first.inventory_item_id)?.required_quantity ?? 1) || 1
  return Number(first.quantity) / per
}

/**
 * Two fulfilments of one order that reach Medusa at the same moment (not through its admin route,
 * which the plugin queues per order) can both pass Medusa's quantity check. Counted over the
 * order's live fulfilments, an item then ships more than was ordered: the later fulfilment is
 * refused before GHN is called; the earlier one (or the one that has its GHN order) goes on.
 */
export function overFulfilledLine(order: OrderRow, fulfillment: FulfillmentRow): { item: OrderItemRow; ahead: FulfillmentRow } | undefined {
  const at = (f: FulfillmentRow) => new Date(f.created_at ?? 0).getTime()
  const ahead = (other: FulfillmentRow) => !!other.data?.order_code || at(other) < at(fulfillment) || (at(other) === at(fulfillment) && other.id < fulfillment.id)
  const live = (order.fulfillments ?? []).filter((f) => isLive(f) && !f.data?.is_return && f.id !== fulfillment.id)
  const seen = new Set<string>()
  for (const item of order.items ?? []) {
    if (seen.has(item.id)) continue
    seen.add(item.id)
    const mine = shippedOf(fulfillment, item)
    if (!mine) continue
    const others = live.filter((f) => shippedOf(f, item) > 0)
    const shipped = mine + others.reduce((sum, f) => sum + shippedOf(f, item), 0)
    const rival = others.find(ahead)
    if (shipped > Number(item.quantity) && rival) return { item, ahead: rival }
  }
  return undefined
}
