import type { CacheStore } from "./quote-cache"

export type RateDecision = { allowed: boolean; retryAfterSeconds: number }

/**
 * Counts one attempt of `key` in a fixed window and says whether it is within `limit`. The count
 * lives in the store's cache (Medusa's caching module: shared by every instance with its Redis
 * provider); two attempts at the same instant may both read the same count, so the limit is
 * approximate by one or two, never unbounded.
 */
export async function takeAttempt(store: CacheStore, key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateDecision> {
  const window = Math.floor(now / 1000 / windowSeconds)
  const cacheKey = `rate:${key}:${window}`
  const count = Number((await store.get(cacheKey)) ?? 0) + 1
  await store.set(cacheKey, String(count), windowSeconds)
  return { allowed: count <= limit, retryAfterSeconds: Math.max(1, (window + 1) * windowSeconds - Math.floor(now / 1000)) }
}
