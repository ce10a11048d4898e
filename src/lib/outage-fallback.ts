import { ghnServiceFailureOf, GHN_UNAVAILABLE } from "./medusa-error"
import type { CacheStore } from "./quote-cache"

/**
 * Checkout through a GHN outage (option `outageFallback`): when GHN times out, answers 5xx or 429
 * or cannot be reached at quote time, the quote comes from the last GHN quote for the same route
 * and parcel (at most `maxQuoteAgeHours` old), else from the flat amount of the option's GHN
 * service. GHN's 4xx (an address, a parcel) and a refused token are never masked.
 */
export type OutageFallbackOptions = { maxQuoteAgeHours: number; holdSeconds: number; flatAmounts?: { light?: number; heavy?: number } }

export type FallbackPrice = {
  amount: number
  /** `last_quote`: GHN's own fee for this route and parcel, `quoted_at`; `flat`: the option's flat amount. */
  source: "last_quote" | "flat"
  quoted_at: string | null
}

/** A failure the fallback may answer: GHN unavailable, never the shopper's input or the store's token. */
export function isGhnOutage(error: unknown): boolean {
  return ghnServiceFailureOf(error)?.kind === GHN_UNAVAILABLE
}

const lastQuoteKey = (feeKey: string) => `last-quote:${feeKey}`

/** Keeps GHN's fee for a route and parcel, for `maxQuoteAgeHours`. */
export async function rememberQuote(store: CacheStore, feeKey: string, amount: number, opts: OutageFallbackOptions, now = Date.now()) {
  await store.set(lastQuoteKey(feeKey), JSON.stringify({ amount, at: new Date(now).toISOString() }), Math.max(1, Math.round(opts.maxQuoteAgeHours * 3600)))
}

/** The price to quote while GHN is down, if there is one. */
export async function fallbackPrice(
  store: CacheStore,
  opts: OutageFallbackOptions,
  feeKey: string | undefined,
  serviceTypeId: number,
  now = Date.now()
): Promise<FallbackPrice | undefined> {
  if (feeKey) {
    const kept = await store.get(lastQuoteKey(feeKey))
    if (kept) {
      const { amount, at } = JSON.parse(kept) as { amount: number; at: string }
      if (now - Date.parse(at) <= opts.maxQuoteAgeHours * 3600_000) return { amount, source: "last_quote", quoted_at: at }
    }
  }
  const flat = serviceTypeId === 5 ? opts.flatAmounts?.heavy : opts.flatAmounts?.light
  return flat === undefined ? undefined : { amount: flat, source: "flat", quoted_at: null }
}

/**
 * How a cart's quote was priced, for the shipping method: Medusa prices the option and then
 * validates the method's data in the same workflow run, in the same process, so the mark lives in
 * the process (a quote GHN answers costs no cache I/O to clear it). At most `max` carts, for
 * `ttlMs` each.
 */
export class FallbackMarks {
  private readonly marks = new Map<string, { price: FallbackPrice; at: number }>()

  constructor(
    private readonly ttlMs = 600_000,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now
  ) {}

  private key(cartId: string, serviceTypeId: number) {
    return `${cartId}:${serviceTypeId}`
  }

  /** The cart's quote came from the fallback (`price`), or from GHN (`undefined`). */
  set(cartId: string, serviceTypeId: number, price: FallbackPrice | undefined) {
    const key = this.key(cartId, serviceTypeId)
    this.marks.delete(key)
    if (!price) return
    if (this.marks.size >= this.max) this.marks.delete(this.marks.keys().next().value!)
    this.marks.set(key, { price, at: this.now() })
  }

  get(cartId: string, serviceTypeId: number): FallbackPrice | undefined {
    const mark = this.marks.get(this.key(cartId, serviceTypeId))
    return mark && this.now() - mark.at < this.ttlMs ? mark.price : undefined
  }
}
