import type { GhnStoreClient } from "../client"
import type { ShopperLocale } from "../messages"
import { useDeliveryEstimate } from "./use-delivery-estimate"

/** "Giao dự kiến 25-27/11" beside a GHN shipping option; nothing while loading or when GHN gives no estimate. */
export function GhnDeliveryEstimate(props: { client: GhnStoreClient; cartId?: string; optionId?: string; locale?: ShopperLocale; addressKey?: string; className?: string }) {
  const { text } = useDeliveryEstimate(props)
  if (!text) return null
  return (
    <span className={props.className ?? "ghn-delivery-estimate"} data-ghn-estimate="">
      {text}
    </span>
  )
}
