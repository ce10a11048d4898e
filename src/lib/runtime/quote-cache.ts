/**
 * Cache of GHN answers that are the same for the same input within a lifetime (fee quotes,
 * available services). Concurrent identical requests share one GHN call; the values live in
 * Medusa's caching module when the store configures one (with its Redis provider, shared by
 * every Medusa instance), in process memory otherwise.
 */
export interface CacheStore {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  delete(key: string): Promise<void>
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

/** What the store reads of Medusa's caching module (`Modules.CACHING`), typed structurally. */
export interface CachingModule {
  get(input: { key: string }): Promise<unknown>
  set(input: { key: string; data: object; ttl?: number; tags?: string[] }): Promise<unknown>
  clear(input: { key: string }): Promise<unknown>
}

/**
 * The store behind Medusa's caching module: with its Redis provider the values are shared by
 * every Medusa instance. Fails open (a failing cache costs a GHN call, never a checkout), and
 * `warn` hears of failures at most once a minute.
 */
export class CachingModuleStore implements CacheStore {
  private lastWarning = 0

  constructor(
    private readonly caching: CachingModule,
    private readonly prefix = "ghn:",
    private readonly warn?: (message: string) => void
  ) {}

  async get(key: string) {
    try {
      const hit = (await this.caching.get({ key: this.prefix + key })) as { v?: string } | null | undefined
      return typeof hit?.v === "string" ? hit.v : undefined
    } catch (error) {
      this.failed(error)
      return undefined
    }
  }

  async set(key: string, value: string, ttlSeconds: number) {
    try {
      // Tags given, so the module does not compute any from the value.
      await this.caching.set({ key: this.prefix + key, data: { v: value }, ttl: Math.max(1, ttlSeconds), tags: [] })
    } catch (error) {
      this.failed(error)
    }
  }

  async delete(key: string) {
    try {
      await this.caching.clear({ key: this.prefix + key })
    } catch (error) {
      this.failed(error)
    }
  }

  private failed(error: unknown) {
    if (!this.warn || Date.now() - this.lastWarning < 60_000) return
    this.lastWarning = Date.now()
    this.warn(`GHN: Medusa's caching module failed (${(error as Error).message}); quotes are fetched from GHN meanwhile`)
  }
}

export class SharedCache {
  private inflight = new Map<string, Promise<unknown>>()
  /** GHN calls made through this cache (misses), for benchmarks and tests. */
  misses = 0

  constructor(
    readonly store: CacheStore,
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
