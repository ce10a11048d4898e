import { cacheKey, MemoryStore, CachingModuleStore, SharedCache } from "../quote-cache"

describe("SharedCache", () => {
  it("shares one load between concurrent identical requests and serves hits until the TTL", async () => {
    const cache = new SharedCache(new MemoryStore(), 60)
    let loads = 0
    const load = async () => {
      loads++
      await new Promise((r) => setTimeout(r, 20))
      return { total: 32000 }
    }
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache.getOrLoad("fee:a", load)))
    expect(answers).toEqual([{ total: 32000 }, { total: 32000 }, { total: 32000 }, { total: 32000 }])
    expect(await cache.getOrLoad("fee:a", load)).toEqual({ total: 32000 })
    expect(loads).toBe(1)
    expect(cache.misses).toBe(1)
    await cache.getOrLoad("fee:b", load)
    expect(loads).toBe(2)
  })

  it("does not cache failures, and a TTL of 0 disables caching", async () => {
    const cache = new SharedCache(new MemoryStore(), 60)
    await expect(cache.getOrLoad("k", async () => Promise.reject(new Error("GHN down")))).rejects.toThrow("GHN down")
    expect(await cache.getOrLoad("k", async () => 1)).toBe(1)
    const off = new SharedCache(new MemoryStore(), 0)
    let loads = 0
    await off.getOrLoad("k", async () => ++loads)
    await off.getOrLoad("k", async () => ++loads)
    expect(loads).toBe(2)
  })

  it("expires entries", async () => {
    const store = new MemoryStore()
    await store.set("k", "v", 0.05)
    expect(await store.get("k")).toBe("v")
    await new Promise((r) => setTimeout(r, 80))
    expect(await store.get("k")).toBeUndefined()
  })

  it("deletes entries", async () => {
    const store = new MemoryStore()
    await store.set("k", "v", 60)
    await store.delete("k")
    expect(await store.get("k")).toBeUndefined()
  })

  it("builds the same key whatever the property order", () => {
    expect(cacheKey("fee", { b: 1, a: { d: 2, c: 3 } })).toBe(cacheKey("fee", { a: { c: 3, d: 2 }, b: 1 }))
    expect(cacheKey("fee", { a: 1 })).not.toBe(cacheKey("fee", { a: 2 }))
  })
})

/** Medusa's caching module as its in-memory provider behaves: objects in, objects out, TTL in seconds. */
function fakeCachingModule() {
  const entries = new Map<string, object>()
  return {
    entries,
    async get({ key }: { key: string }) {
      return entries.get(key) ?? null
    },
    async set({ key, data }: { key: string; data: object }) {
      entries.set(key, data)
    },
    async clear({ key }: { key: string }) {
      entries.delete(key)
    },
  }
}

describe("CachingModuleStore", () => {
  it("shares cached quotes between two instances through one caching module", async () => {
    const caching = fakeCachingModule()
    const a = new SharedCache(new CachingModuleStore(caching), 30)
    const b = new SharedCache(new CachingModuleStore(caching), 30)
    let loads = 0
    expect(await a.getOrLoad("fee:x", async () => ({ total: ++loads }))).toEqual({ total: 1 })
    expect(await b.getOrLoad("fee:x", async () => ({ total: ++loads }))).toEqual({ total: 1 })
    expect(loads).toBe(1)
    expect([...caching.entries.keys()]).toEqual(["ghn:fee:x"])
  })

  it("fails open when the caching module throws, and says so once", async () => {
    const warnings: string[] = []
    const broken = { get: async () => Promise.reject(new Error("down")), set: async () => Promise.reject(new Error("down")), clear: async () => Promise.reject(new Error("down")) }
    const store = new CachingModuleStore(broken, "ghn:", (m) => warnings.push(m))
    expect(await store.get("k")).toBeUndefined()
    await store.set("k", "v", 10)
    await store.delete("k")
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/caching module failed \(down\)/)
    let loads = 0
    const cache = new SharedCache(store, 30)
    expect(await cache.getOrLoad("fee:y", async () => ++loads)).toBe(1)
  })
})
