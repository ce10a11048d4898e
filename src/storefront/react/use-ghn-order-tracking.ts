import { useCallback, useEffect, useState } from "react"
import type { GhnOrderTracking, GhnStoreClient } from "../client"
import { ghnErrorMessage, type ShopperLocale } from "../messages"

export type UseGhnOrderTrackingOptions = {
  client: GhnStoreClient
  /** A logged-in customer's order id (the client's transport carries the customer's token). */
  orderId?: string
  /** Or a guest's order: its email and number. */
  guest?: { email: string; order_number: number }
  /** The kit's words and error texts; default: the language the store API answered in, Vietnamese until then. */
  locale?: ShopperLocale
  /** Asked again this often while the page is open (ms); 0: once. Default a minute. */
  refreshMs?: number
}

/**
 * An order's GHN parcels for the shopper, kept fresh while shown: `tracking` (statuses in the
 * shopper's language, as the store API answered), `error` in the shopper's language, `refresh`.
 */
export function useGhnOrderTracking({ client, orderId, guest, locale, refreshMs = 60_000 }: UseGhnOrderTrackingOptions) {
  const [tracking, setTracking] = useState<GhnOrderTracking>()
  const [error, setError] = useState<unknown>()
  const [loading, setLoading] = useState(false)
  const email = guest?.email
  const number = guest?.order_number
  const load = useCallback(async () => {
    if (!orderId && !(email && number)) return
    setLoading(true)
    try {
      setTracking(orderId ? await client.orderTracking(orderId) : await client.guestTracking({ email: email!, order_number: number! }))
      setError(undefined)
    } catch (failure) {
      setError(failure)
    } finally {
      setLoading(false)
    }
  }, [client, orderId, email, number])
  useEffect(() => {
    void load()
    if (!refreshMs) return
    const timer = setInterval(() => void load(), refreshMs)
    return () => clearInterval(timer)
  }, [load, refreshMs])
  return { tracking, loading, error: error === undefined ? undefined : ghnErrorMessage(error, locale ?? tracking?.locale ?? "vi"), refresh: load }
}
