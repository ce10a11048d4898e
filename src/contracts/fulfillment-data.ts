/**
 * What crosses the boundary between the plugin's layers about one GHN shipping method and its
 * fulfilment: the data Medusa keeps on the shipping method and the fulfilment (written by the
 * provider and the Create Order steps, read by the hooks, routes and admin), and the keys the
 * plugin's workflow hooks add to the provider's context. One declaration, imported everywhere.
 */
import type { AddressInput, ResolvedAddress } from "../lib/address/address-resolver"
import type { GhnParty, OrderItemLike } from "../lib/parcel/order-body"
import type { Measured } from "../lib/parcel/parcel"
import type { FallbackPrice } from "../lib/runtime/outage-fallback"

/** GHN's services the plugin sells: light goods (2) and heavy goods (5). */
export type ServiceTypeId = 2 | 5

/** What validateFulfillmentData keeps on the shipping method (later the fulfilment's data). */
export type GhnMethodData = {
  service_type_id: ServiceTypeId
  is_return?: boolean
  ghn_to?: ResolvedAddress
  /** The stock location the cart was quoted from, with its resolved GHN address. */
  ghn_from?: GhnParty & { location_id: string }
  /** The cart was priced while GHN was down (option `outageFallback`): from what. */
  ghn_price_fallback?: FallbackPrice
  [key: string]: unknown
}

/** What a GHN fulfilment's data holds once its GHN order is made (the Create Order steps write it). */
export type GhnFulfillmentData = GhnMethodData & {
  order_code: string
  client_order_code: string
  shop_id: number
  total_fee: number
  expected_delivery_time?: string
  cod_amount: number
  insurance_value: number
  /** GHN orders made under earlier unanswered intents with other items, cancelled before this one. */
  ghn_cancelled_orphans?: { client_order_code: string; order_code: string }[]
}

/** A fulfilment's data before or after its GHN order: the order's fields may not be there yet. */
export type GhnFulfillmentDataSoFar = GhnMethodData & Partial<Omit<GhnFulfillmentData, keyof GhnMethodData>>

/**
 * What the plugin's hooks add to the context Medusa hands the provider (Medusa's documented
 * `additional_data` of its order-change workflows, and the pricing context of its shipping-option
 * workflows): the order's address and lines for a quote on an order, and the products' measures.
 */
export type GhnProviderContext = {
  /** The order's shipping address, when the quote is for an order (an exchange, a claim, a return). */
  ghn_order_address?: AddressInput | null
  /** The order's lines, with the lines the change adds. */
  ghn_order_items?: (OrderItemLike & { quantity: unknown })[]
  /** Each variant's measures (weight and sides), by variant id. */
  ghn_product_measures?: Record<string, Measured>
}
