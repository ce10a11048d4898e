import net from "node:net"
import { cacheKey, MemoryStore, RedisStore, SharedCache } from "../quote-cache"

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

const redisUrl = process.env.GHN_TEST_REDIS_URL || "redis://127.0.0.1:6379"
const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(redisUrl)
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)))
    socket.once("connect", () => (socket.destroy(), resolve(true)))
    socket.once("error", () => resolve(false))
  })

describe("RedisStore", () => {
  it("fails open when Redis is down, and says so once", async () => {
    const warnings: string[] = []
    const store = new RedisStore("redis://127.0.0.1:1", "ghn-test:", (m) => warnings.push(m))
    expect(await store.get("k")).toBeUndefined()
    await store.set("k", "v", 10)
    await store.delete("k")
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/Redis at the configured redisUrl failed/)
    await store.close()
  }, 15_000)

  it("shares cached quotes between two instances (skipped when no Redis answers)", async () => {
    if (!(await redisAnswers())) {
      console.warn(`RedisStore test skipped: no Redis at ${redisUrl}`)
      return
    }
    const prefix = `ghn-test-${process.pid}-${Date.now()}:`
    const a = new SharedCache(new RedisStore(redisUrl, prefix), 30)
    const b = new SharedCache(new RedisStore(redisUrl, prefix), 30)
    let loads = 0
    expect(await a.getOrLoad("fee:x", async () => ({ total: ++loads }))).toEqual({ total: 1 })
    expect(await b.getOrLoad("fee:x", async () => ({ total: ++loads }))).toEqual({ total: 1 })
    expect(loads).toBe(1)
    await a.close()
    await b.close()
  })

  it("lets one instance read and delete what another set (skipped when no Redis answers)", async () => {
    if (!(await redisAnswers())) return
    const prefix = `ghn-test-${process.pid}-${Date.now()}:`
    const [a, b] = [new RedisStore(redisUrl, prefix), new RedisStore(redisUrl, prefix)]
    await a.set("unanswered-create:x", "ful_1", 60)
    expect(await b.get("unanswered-create:x")).toBe("ful_1")
    await b.delete("unanswered-create:x")
    expect(await a.get("unanswered-create:x")).toBeUndefined()
    await a.close()
    await b.close()
  })
})
