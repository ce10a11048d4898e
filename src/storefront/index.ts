/**
 * medusa-fulfillment-ghn/storefront: what a storefront needs of the plugin without React — the
 * typed client of its store routes, accent-folding search, the address picker's state, an
 * address on one line, the shopper error texts and the delivery estimate. React components and hooks:
 * medusa-fulfillment-ghn/storefront/react.
 */
export * from "./client"
export * from "./search"
export * from "./address-state"
export * from "./address-format"
export * from "./list-placement"
export * from "./messages"
export * from "./shipping-options"
export {
  isShopperErrorCode, SHOPPER_ERROR_CODES, shopperLocaleOf, shopperMessage,
  type ShopperAddressCandidate, type ShopperError, type ShopperErrorCode, type ShopperErrorParams,
} from "../lib/checkout/shopper-errors"
