import { useEffect, useState } from "react"
import type { GhnLeadtime, GhnStoreClient } from "../client"
import { formatDeliveryEstimate, ghnErrorMessage, ShopperLocale } from "../messages"

export type DeliveryEstimate = { leadtime: GhnLeadtime; text: string }

/**
 * GHN's delivery estimate for a cart and a GHN shipping option ("Giao dự kiến 25-27/11"), asked
 * again when the cart's address changes (pass its `addressKey`, e.g. the address id).
 */
export function useDeliveryEstimate({
  client, cartId, optionId, locale = "vi", addressKey,
}: { client: GhnStoreClient; cartId?: string; optionId?: string; locale?: ShopperLocale; addressKey?: string }) {
  const [leadtime, setLeadtime] = useState<GhnLeadtime>()
  const [error, setError] = useState<unknown>()
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    if (!cartId || !optionId) return
    let current = true
    setLoading(true)
    setError(undefined)
    client.leadtime({ cart_id: cartId, option_id: optionId }).then(
      (answer) => current && (setLeadtime(answer), setLoading(false)),
      (failure: unknown) => current && (setLeadtime(undefined), setError(failure), setLoading(false))
    )
    return () => {
      current = false
    }
  }, [client, cartId, optionId, addressKey])
  return {
    loading,
    leadtime,
    text: leadtime ? formatDeliveryEstimate(leadtime, locale) : undefined,
    error: error === undefined ? undefined : ghnErrorMessage(error, locale),
  }
}
