import type { CacheStore } from "../../lib/runtime/quote-cache"

/**
 * How long a quote may use the stock location -> GHN shop map without reading it again. A change
 * made in the admin deletes the cached map at once in Medusa's caching module (with its Redis
 * provider, for every instance of the store); an instance that keeps it in its own memory sees the
 * change within this time. Fulfilments never read it from here (see {@link LocationShopCache}).
 */
export const LOCATION_SHOPS_TTL_SECONDS = 30

const KEY = "location-shops"

/**
 * The stored location -> shop map as quotes read it: once per `ttlSeconds` instead of once per
 * quote. Only quotes (a checkout's fee, a storefront's lead time) read it here: a quote asked with
 * the old shop a few seconds after a change is re-asked at the next quote, while a GHN order made
 * from the old shop would stay at GHN, so fulfilments and returns read the table every time.
 */
export class LocationShopCache {
  private loading?: Promise<Record<string, number>>
  /** Moved by every change: a read of the table begun before it is not cached after it. */
  private generation = 0

  constructor(
    private readonly store: CacheStore,
    /** The map as the table holds it now: what fulfilments read. */
    readonly read: () => Promise<Record<string, number>>,
    private readonly ttlSeconds = LOCATION_SHOPS_TTL_SECONDS
  ) {}

  async get(): Promise<Record<string, number>> {
    const hit = await this.store.get(KEY)
    if (hit !== undefined) return JSON.parse(hit) as Record<string, number>
    // Quotes arriving together share one read of the table.
    if (!this.loading) {
      const generation = this.generation
      const loading: Promise<Record<string, number>> = this.read()
        .then(async (map) => {
          if (generation === this.generation) await this.store.set(KEY, JSON.stringify(map), this.ttlSeconds)
          return map
        })
        .finally(() => {
          if (this.loading === loading) this.loading = undefined
        })
      this.loading = loading
    }
    return this.loading
  }

  /** After a change of the map: the next quote, on any instance sharing the cache, reads the table. */
  async invalidate(): Promise<void> {
    this.generation++
    this.loading = undefined
    await this.store.delete(KEY)
  }
}
