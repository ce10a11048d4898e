/**
 * Cache of GHN answers that are the same for the same input within a lifetime (fee quotes,
 * available services). Concurrent identical requests share one GHN call; the values live in
 * Redis when a URL is configured (shared by every Medusa instance), in process memory otherwise.
 */
export interface CacheStore {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  delete(key: string): Promise<void>
  close?(): Promise<void>
}

export class MemoryStore implements CacheStore {
  private entries = new Map<string, { value: string; expires: number }>()

  constructor(private readonly maxEntries = 5000) {}

  async get(key: string) {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    if (hit.expires <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return hit.value
  }

  async set(key: string, value: string, ttlSeconds: number) {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 })
  }

  async delete(key: string) {
    this.entries.delete(key)
  }
}

export class RedisStore implements CacheStore {
  private readonly redis: import("ioredis").Redis

  private lastWarning = 0

  /** `warn` hears of Redis failures (at most once a minute): the store fails open, never throws. */
  constructor(
    url: string,
    private readonly prefix = "ghn:",
    private readonly warn?: (message: string) => void
  ) {
    // Loaded only when Redis is configured.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Redis = require("ioredis") as typeof import("ioredis").default
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true })
  }

  async get(key: string) {
    try {
      return (await this.redis.get(this.prefix + key)) ?? undefined
    } catch (error) {
      this.failed(error)
      return undefined // a cache that is down must not fail checkout
    }
  }

  async set(key: string, value: string, ttlSeconds: number) {
    try {
      await this.redis.set(this.prefix + key, value, "EX", Math.max(1, ttlSeconds))
    } catch (error) {
      this.failed(error) // see get
    }
  }

  async delete(key: string) {
    try {
      await this.redis.del(this.prefix + key)
    } catch (error) {
      this.failed(error) // see get
    }
  }

  private failed(error: unknown) {
    if (!this.warn || Date.now() - this.lastWarning < 60_000) return
    this.lastWarning = Date.now()
    this.warn(`GHN: Redis at the configured redisUrl failed (${(error as Error).message}); quotes are fetched from GHN and retries of unanswered Create Orders cannot reuse their code meanwhile`)
  }

  async close() {
    await this.redis.quit().catch(() => undefined)
  }
}

export class SharedCache {
  private inflight = new Map<string, Promise<unknown>>()
  /** GHN calls made through this cache (misses), for benchmarks and tests. */
  misses = 0

  constructor(
    private readonly store: CacheStore,
    private readonly ttlSeconds: number
  ) {}

  async getOrLoad<T>(key: string, load: () => Promise<T>, ttlSeconds = this.ttlSeconds): Promise<T> {
    if (ttlSeconds <= 0) return load()
    const running = this.inflight.get(key)
    if (running) return running as Promise<T>
    const promise = (async () => {
      const hit = await this.store.get(key)
      if (hit !== undefined) return JSON.parse(hit) as T
      this.misses++
      const value = await load()
      await this.store.set(key, JSON.stringify(value), ttlSeconds)
      return value
    })()
    this.inflight.set(key, promise)
    try {
      return await promise
    } finally {
      this.inflight.delete(key)
    }
  }

  close() {
    return this.store.close?.() ?? Promise.resolve()
  }
}

/** A stable cache key from a JSON-able value (keys sorted). */
export function cacheKey(kind: string, value: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, stable(x)])
          )
        : v
  return `${kind}:${JSON.stringify(stable(value))}`
}
