import { MemoryStore } from "../../../lib/runtime/quote-cache"
import { LocationShopCache } from "../location-shop-cache"

/** A table of the map whose reads are counted, and can be held open (`hold()` returns what lets them go on). */
function table(initial: Record<string, number>) {
  let map = initial
  let gate: Promise<void> | undefined
  const t = {
    reads: 0,
    set: (next: Record<string, number>) => (map = next),
    hold: () => {
      let open!: () => void
      gate = new Promise<void>((resolve) => (open = resolve))
      return () => {
        gate = undefined
        open()
      }
    },
    read: async () => {
      t.reads++
      const seen = { ...map }
      if (gate) await gate
      return seen
    },
  }
  return t
}
const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

describe("LocationShopCache", () => {
  it("reads the table once for many quotes, arriving together or one after another", async () => {
    const t = table({ sloc_a: 1 })
    const cache = new LocationShopCache(new MemoryStore(), t.read, 30)
    await expect(Promise.all([cache.get(), cache.get(), cache.get()])).resolves.toEqual([{ sloc_a: 1 }, { sloc_a: 1 }, { sloc_a: 1 }])
    await cache.get()
    expect(t.reads).toBe(1)
  })

  it("reads the table again after a change, on every instance sharing the store", async () => {
    const t = table({ sloc_a: 1 })
    const shared = new MemoryStore()
    const one = new LocationShopCache(shared, t.read, 30)
    const other = new LocationShopCache(shared, t.read, 30)
    expect(await other.get()).toEqual({ sloc_a: 1 })
    t.set({ sloc_a: 2 })
    await one.invalidate()
    expect(await other.get()).toEqual({ sloc_a: 2 })
    expect(await one.get()).toEqual({ sloc_a: 2 })
    expect(t.reads).toBe(2)
  })

  it("reads the table again once its time is up", async () => {
    jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick"] })
    try {
      const t = table({ sloc_a: 1 })
      const cache = new LocationShopCache(new MemoryStore(), t.read, 30)
      await cache.get()
      t.set({ sloc_a: 2 })
      jest.advanceTimersByTime(29_000)
      expect(await cache.get()).toEqual({ sloc_a: 1 })
      jest.advanceTimersByTime(1_000)
      expect(await cache.get()).toEqual({ sloc_a: 2 })
    } finally {
      jest.useRealTimers()
    }
  })

  it("does not keep a read begun before a change", async () => {
    const t = table({ sloc_a: 1 })
    const cache = new LocationShopCache(new MemoryStore(), t.read, 30)
    const resume = t.hold()
    const before = cache.get()
    await tick()
    expect(t.reads).toBe(1)
    t.set({ sloc_a: 2 })
    await cache.invalidate()
    resume()
    // The quote that asked before the change may see the old shop; the next one reads the new.
    expect(await before).toEqual({ sloc_a: 1 })
    expect(await cache.get()).toEqual({ sloc_a: 2 })
  })
})
