import type { FallbackPrice } from "./fallback-price"
import { ghnServiceFailureOf, GHN_UNAVAILABLE } from "./medusa-error"
import type { CacheStore } from "./quote-cache"

export type { FallbackPrice }

/**
 * Checkout through a GHN outage (option `outageFallback`): when GHN times out, answers 5xx or 429
 * or cannot be reached at quote time, the quote comes from the last GHN quote for the same route
 * and parcel (at most `maxQuoteAgeHours` old), else from the flat amount of the option's GHN
 * service. GHN's 4xx (an address, a parcel) and a refused token are never masked.
 */
export type FlatBand = { upToGrams: number; amount: number }
export type OutageFallbackOptions = {
  maxQuoteAgeHours: number
  holdSeconds: number
  flatAmounts?: FlatBand[] | { light?: number; heavy?: number }
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

/**
 * The merchant's flat price of a parcel: by weight band (the first whose `upToGrams` the parcel's
 * weight (grams, as quoted to GHN) does not exceed), or by GHN service in the earlier `{ light, heavy }` form.
 * None when no band or service has an amount: the quote then fails as GHN's outage, never 0.
 */
export function flatAmountOf(opts: OutageFallbackOptions, serviceTypeId: number, weightGrams: number): number | undefined {
  const flat = opts.flatAmounts
  if (!flat) return undefined
  if (Array.isArray(flat)) return flat.find((band) => weightGrams <= band.upToGrams)?.amount
  return serviceTypeId === 5 ? flat.heavy : flat.light
}

/** The price to quote while GHN is down, if there is one. */
export async function fallbackPrice(
  store: CacheStore,
  opts: OutageFallbackOptions,
  feeKey: string | undefined,
  serviceTypeId: number,
  weightGrams: number,
  now = Date.now()
): Promise<FallbackPrice | undefined> {
  if (feeKey) {
    const kept = await store.get(lastQuoteKey(feeKey))
    if (kept) {
      const { amount, at } = JSON.parse(kept) as { amount: number; at: string }
      if (now - Date.parse(at) <= opts.maxQuoteAgeHours * 3600_000) return { amount, source: "last_quote", quoted_at: at }
    }
  }
  const flat = flatAmountOf(opts, serviceTypeId, weightGrams)
  return flat === undefined ? undefined : { amount: flat, source: "flat", quoted_at: null }
}

/** While an account is held, one quote in this long still asks GHN: it sees GHN back, or a refused token. */
export const HOLD_PROBE_MS = 5_000

/**
 * After a quote GHN could not give, the GHN account's quotes skip GHN for `holdSeconds` (one
 * account's outage never holds another account's carts), except one probe quote every
 * HOLD_PROBE_MS. Keyed by the account (environment and token), shared by every registration
 * of the process (the composition root's, src/lib/runtime/ghn-accounts.ts); at most `max` accounts.
 */
export class OutageHolds {
  private readonly holds = new Map<string, { until: number; probedAt: number }>()

  constructor(
    private readonly max = 1000,
    private readonly now: () => number = () => Date.now()
  ) {}

  /** Whether this quote skips GHN: the account is held and its probe was asked a moment ago. */
  skipsGhn(account: string): boolean {
    const hold = this.holds.get(account)
    if (!hold) return false
    const now = this.now()
    if (hold.until <= now) {
      this.holds.delete(account)
      return false
    }
    if (now - hold.probedAt < HOLD_PROBE_MS) return true
    hold.probedAt = now
    return false
  }

  hold(account: string, seconds: number) {
    this.holds.delete(account)
    if (seconds <= 0) return
    if (this.holds.size >= this.max) this.holds.delete(this.holds.keys().next().value!)
    const now = this.now()
    this.holds.set(account, { until: now + seconds * 1000, probedAt: now })
  }

  release(account: string) {
    this.holds.delete(account)
  }
}

/** Where the last refusal of a GHN token is kept for the admin's notice (GET /admin/ghn/notices). */
export const REFUSED_TOKEN_NOTICE_KEY = "notice:refused-token"
/** How long the admin is shown a refused token after the last refusal. */
export const REFUSED_TOKEN_NOTICE_SECONDS = 24 * 3600

export type RefusedTokenNotice = { at: string; shop_id: number; code: string | null; message: string }

/** The refused-token notice as kept in the cache store (the provider writes it), or null: none, or not one it wrote. */
export async function refusedTokenNoticeOf(store: { get(key: string): Promise<string | null | undefined> }): Promise<RefusedTokenNotice | null> {
  const kept = await store.get(REFUSED_TOKEN_NOTICE_KEY)
  try {
    return kept ? (JSON.parse(kept) as RefusedTokenNotice) : null
  } catch {
    return null
  }
}

/** How long a cart's fallback mark is kept: Medusa prices the method and validates its data in the same workflow run. */
export const FALLBACK_MARK_SECONDS = 600

const fallbackMarkKey = (cartId: string, serviceTypeId: number) => `fallback-mark:${cartId}:${serviceTypeId}`

/**
 * How a cart's quote was priced, for the shipping method's data: Medusa keeps only the amount of a
 * quote (calculatePrice's other fields are dropped) and hands validateFulfillmentData the cart, not
 * the price. So the quote leaves its mark in the GHN cache (Medusa's caching module when the store
 * registers one), by cart and GHN service: the fallback's price, or none when GHN answered.
 */
export async function markFallback(store: CacheStore, cartId: string, serviceTypeId: number, price: FallbackPrice | undefined) {
  if (price) await store.set(fallbackMarkKey(cartId, serviceTypeId), JSON.stringify(price), FALLBACK_MARK_SECONDS)
  else await store.delete(fallbackMarkKey(cartId, serviceTypeId))
}

/** The fallback price the cart's last quote for this GHN service came from, if it did. */
export async function fallbackMarkOf(store: CacheStore, cartId: string, serviceTypeId: number): Promise<FallbackPrice | undefined> {
  const kept = await store.get(fallbackMarkKey(cartId, serviceTypeId))
  return kept ? (JSON.parse(kept) as FallbackPrice) : undefined
}
