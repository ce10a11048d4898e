"use client"

/**
 * medusa-fulfillment-ghn/storefront/react: the address picker, the delivery estimate and the order
 * tracking as React components and hooks (React 18 or 19, an optional peer of the plugin), client
 * components for Next.js's App Router ("use client": a server component may render them, with a
 * client made in client code). Everything else of the kit (client, search, state, messages) is
 * in medusa-fulfillment-ghn/storefront.
 */
export { GhnAddressFields, type GhnAddressFieldsProps } from "./ghn-address-fields"
export { GhnCombobox, type GhnComboboxProps } from "./ghn-combobox"
export { useGhnAddress, type GhnAddressLevelView, type UseGhnAddressOptions } from "./use-ghn-address"
export { useDeliveryEstimate, type DeliveryEstimate } from "./use-delivery-estimate"
export { GhnDeliveryEstimate } from "./delivery-estimate"
export { GhnShippingError } from "./ghn-shipping-error"
export { useGhnOrderTracking, type UseGhnOrderTrackingOptions } from "./use-ghn-order-tracking"
export { GhnOrderTracking } from "./ghn-order-tracking"
export { GhnSavedAddressChoice } from "./ghn-saved-address-choice"
export type { GhnFieldClassNames, GhnMessageClassNames, GhnTrackingClassNames } from "./class-names"
