/**
 * One writer per Medusa order: the order's lock is the order's id (Medusa's own key), waited for
 * while another owner holds it, re-entered by its owner, and given back whatever the job does.
 */
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { acquireOrderLock, orderLockKey, releaseOrderLock, withOrderLock } from "../order-lock"

describe("the order's lock", () => {
  it("is Medusa's own key for the order: its id", () => {
    expect(orderLockKey("order_01")).toBe("order_01")
  })

  it("expires after the store's orderLockSeconds (120 s unless the options say otherwise)", async () => {
    const asked: number[] = []
    const locking = { acquire: async (_key: unknown, args: { expire: number }) => void asked.push(args.expire), release: async () => undefined }
    await acquireOrderLock(locking, "order_1", "a")
    await acquireOrderLock(locking, "order_1", "a", { expireSeconds: 5 })
    expect(asked).toEqual([120, 5])
  })

  it("runs two writers of one order one after the other, and writers of two orders side by side", async () => {
    const locking = new InMemoryLockingProvider()
    const log: string[] = []
    const writer = (order: string, name: string) =>
      withOrderLock(locking, order, async () => {
        log.push(`${name} in`)
        await new Promise((r) => setTimeout(r, 50))
        log.push(`${name} out`)
      })
    await Promise.all([writer("order_1", "a"), writer("order_1", "b"), writer("order_2", "c")])
    // c (another order) never waits; a and b never overlap.
    expect(log.indexOf("c in")).toBeLessThan(log.indexOf("a out"))
    const a = [log.indexOf("a in"), log.indexOf("a out")]
    const b = [log.indexOf("b in"), log.indexOf("b out")]
    expect(a[1] < b[0] || b[1] < a[0]).toBe(true)
  })

  it("is re-entered by the owner that holds it (never a wait for itself), and refused to another until released", async () => {
    const locking = new InMemoryLockingProvider()
    await acquireOrderLock(locking, "order_1", "ful_1")
    await acquireOrderLock(locking, "order_1", "ful_1")
    await expect(locking.acquire(["order_1"], { ownerId: "other" })).rejects.toThrow(/Failed to acquire lock/)
    await releaseOrderLock(locking, "order_1", "other")
    await expect(locking.acquire(["order_1"], { ownerId: "other" })).rejects.toThrow(/Failed to acquire lock/)
    await releaseOrderLock(locking, "order_1", "ful_1")
    await expect(locking.acquire(["order_1"], { ownerId: "other" })).resolves.toBeUndefined()
  })

  it("is released when the job throws", async () => {
    const locking = new InMemoryLockingProvider()
    await expect(withOrderLock(locking, "order_1", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    await expect(locking.acquire(["order_1"], { ownerId: "next" })).resolves.toBeUndefined()
  })

  it("says which order was busy when it is not had within the wait", async () => {
    const locking = new InMemoryLockingProvider()
    await locking.acquire(["order_1"], { ownerId: "holder", expire: 120 })
    let now = 0
    const clock = { now: () => (now += 61_000) - 61_000 }
    await expect(acquireOrderLock(locking, "order_1", "me", { clock })).rejects.toThrow(/order order_1 has been changed by another run for 60 s/)
  })
})
