import type { CacheStore } from "./quote-cache"

export type RateDecision = { allowed: boolean; retryAfterSeconds: number }

const windowOf = (windowSeconds: number, now: number) => Math.floor(now / 1000 / windowSeconds)
const keyOf = (key: string, window: number) => `rate:${key}:${window}`
const retryAfter = (window: number, windowSeconds: number, now: number) => Math.max(1, (window + 1) * windowSeconds - Math.floor(now / 1000))

/**
 * Counts one attempt of `key` in a fixed window and says whether it is within `limit`. The count
 * lives in the store's cache (Medusa's caching module: shared by every instance with its Redis
 * provider); two attempts at the same instant may both read the same count, so the limit is
 * approximate by one or two, never unbounded.
 */
export async function takeAttempt(store: CacheStore, key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateDecision> {
  const window = windowOf(windowSeconds, now)
  const count = Number((await store.get(keyOf(key, window))) ?? 0) + 1
  await store.set(keyOf(key, window), String(count), windowSeconds)
  return { allowed: count <= limit, retryAfterSeconds: retryAfter(window, windowSeconds, now) }
}

/** Whether `key` has used up its `limit` attempts of this window, without counting one. */
export async function rateLimited(store: CacheStore, key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateDecision> {
  const window = windowOf(windowSeconds, now)
  const count = Number((await store.get(keyOf(key, window))) ?? 0)
  return { allowed: count < limit, retryAfterSeconds: retryAfter(window, windowSeconds, now) }
}
