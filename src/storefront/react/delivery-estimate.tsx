import type { GhnStoreClient } from "../client"
import type { ShopperLocale } from "../messages"
import { withClass } from "./class-names"
import { useDeliveryEstimate } from "./use-delivery-estimate"

/** "Giao dự kiến 25-27/11" beside a GHN shipping option; nothing while loading or when GHN gives no estimate. */
export function GhnDeliveryEstimate(props: {
  client: GhnStoreClient
  cartId?: string
  optionId?: string
  locale?: ShopperLocale
  addressKey?: string
  /** added to its `ghn-delivery-estimate` */
  className?: string
}) {
  const { text } = useDeliveryEstimate(props)
  if (!text) return null
  return (
    <span className={withClass("ghn-delivery-estimate", props.className)} data-ghn-estimate="">
      {text}
    </span>
  )
}
