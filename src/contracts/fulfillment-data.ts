/**
 * What crosses the boundary between the plugin's layers about one GHN shipping option, method and
 * fulfilment: the data Medusa keeps on the shipping option, the shipping method and the fulfilment
 * (written by the provider and the Create Order steps, read by the hooks, routes and admin), and
 * the keys the plugin's workflow hooks add to the provider's context. One declaration, imported
 * everywhere (the admin with `import type`: nothing here runs).
 */
import type { AddressInput, ResolvedAddress } from "../lib/address/address-resolver"
import type { GhnParty, OrderItemLike } from "../lib/parcel/order-body"
import type { Measured } from "../lib/parcel/parcel"
import type { OrderQueueTicket } from "../lib/runtime/order-queue"
import type { FallbackPrice } from "../lib/runtime/fallback-price"

export type { FallbackPrice }

/** GHN's services the plugin sells: light goods (2) and heavy goods (5). */
export type ServiceTypeId = 2 | 5

/**
 * A GHN shipping option's data: the provider's fulfilment option it was made from
 * (src/lib/parcel/shipping-options.ts), as the admin or Settings -> GHN -> Set-up saved it. Read
 * from Medusa's rows with `Partial<>`: an option of another provider holds anything.
 */
export type GhnOptionData = { id?: string; name?: string; service_type_id: ServiceTypeId; is_return?: boolean }

/** What validateFulfillmentData keeps on the shipping method (later the fulfilment's data). */
export type GhnMethodData = {
  service_type_id: ServiceTypeId
  is_return?: boolean
  ghn_to?: ResolvedAddress
  /** The stock location the cart was quoted from, with its resolved GHN address. */
  ghn_from?: GhnParty & { location_id: string }
  /** Each variant's measures as the cart saw them, by variant id (the Create Order steps' fallback). */
  ghn_measures?: Record<string, Measured>
  /** The cart was priced while GHN was down (option `outageFallback`): from what. */
  ghn_price_fallback?: FallbackPrice
  [key: string]: unknown
}

/** What the Create Order steps add to the shipping method's data once the GHN order is made. */
export type GhnOrderFields = {
  order_code: string
  client_order_code: string
  shop_id: number
  total_fee: number
  expected_delivery_time?: string
  cod_amount: number
  insurance_value: number
  /** GHN's fee of the order, item by item (Create Order's answer, `GhnOrderFee`: kept structural so the admin's type check stays off the GHN client). */
  fee?: Record<string, unknown>
  /** The parcel's weight as sent to GHN (grams). */
  weight?: number
  /** GHN orders made under earlier unanswered intents with other items, cancelled before this one. */
  ghn_cancelled_orphans?: { client_order_code: string; order_code: string }[]
  /**
   * GHN's status of the order when its meaning for Medusa last changed (picked up, delivered,
   * cancelled, on its way back: src/lib/status/status.ts, medusaEffectOf), kept by the callbacks:
   * a GHN cancel is final. Not every move in transit: the parcel's current status is its GHN
   * shipment's (`/admin/ghn/orders/:id/shipments`).
   */
  ghn_status?: string
  /** GHN cancelled the order when Medusa cancelled the fulfilment. */
  ghn_cancelled?: boolean
}

/** What a GHN fulfilment's data holds once its GHN order is made (the Create Order steps write it). */
export type GhnFulfillmentData = GhnMethodData & GhnOrderFields

/**
 * A fulfilment's data before or after its GHN order: the order's fields may not be there yet, and
 * until the GHN order is made it holds the order's place in the fulfilment queue
 * (`ORDER_QUEUE_DATA_KEY`, src/lib/runtime/order-queue.ts).
 */
export type GhnFulfillmentDataSoFar = GhnMethodData & Partial<GhnOrderFields> & { ghn_order_queue?: OrderQueueTicket }

/**
 * A fulfilment's or shipping method's data as Query reads it back: any provider's (an order's
 * other fulfilments, a manual one), so every field may be missing.
 */
export type FulfillmentDataRead = Partial<GhnFulfillmentDataSoFar>

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
