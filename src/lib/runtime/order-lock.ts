import { randomUUID } from "node:crypto"

/**
 * One writer per Medusa order. Two of Medusa's order workflows on one order at the same moment
 * corrupt it (each writes the order's next version: its items listed twice, its total owed twice),
 * so every path of the plugin that writes a Medusa order (a fulfilment registered, shipped,
 * delivered or cancelled, a COD captured or a collection marked paid, a GHN order made for it)
 * runs under this lock, in every process (Medusa's locking module: Redis or PostgreSQL across
 * instances).
 *
 * The key is the order's id, the key Medusa's own order workflows lock (order edits, "mark as
 * delivered"): the plugin's writers and Medusa's are one queue. Medusa's own lock steps skip in a
 * sub-workflow (runAsStep), so a workflow of the plugin that holds the order's lock and runs one
 * of Medusa's inside it never waits for itself.
 */
export const orderLockKey = (orderId: string) => orderId

/** Held at most this long by default (a stopped process's lock expires): option `orderLockSeconds`. */
export const ORDER_LOCK_TTL_S = 120
/** Waited for at most this long. */
export const ORDER_LOCK_WAIT_S = 60
export const ORDER_LOCK_RETRY_MS = 300

/** What Medusa's locking module is asked (typed structurally: lib imports nothing of Medusa). */
export type OrderLocking = {
  acquire(key: string | string[], args: { ownerId: string; expire: number }): Promise<unknown>
  release(key: string | string[], args: { ownerId: string }): Promise<unknown>
}

/** How long the lock is held at most (the store's `orderLockSeconds`, passed by whoever holds its options) and the clock its wait reads. */
export type OrderLockTiming = { expireSeconds?: number; clock?: { now(): number } }

/** A new owner: each run its own, so a late release never frees another run's lock. */
export const newOrderLockOwner = (what = "ghn-order-run") => `${what}:${randomUUID()}`

/**
 * Takes the order's lock for `owner`, waiting (at most ORDER_LOCK_WAIT_S) while another owner has
 * it. Taken again by the owner that holds it, it is renewed, not waited for (Medusa's providers
 * re-enter a lock for its owner): how a path that holds it already goes on.
 */
export async function acquireOrderLock(locking: OrderLocking, orderId: string, owner: string, timing: OrderLockTiming = {}): Promise<void> {
  await acquireWriterLock(locking, orderLockKey(orderId), `order ${orderId}`, owner, timing)
}

/**
 * The lock of a GHN parcel no Medusa order owns (a parcel's writers otherwise queue on its order's
 * lock, which covers it): the same wait and expiry as an order's.
 */
export const parcelLockKey = (orderCode: string) => `ghn-shipment:${orderCode}`

export async function acquireParcelLock(locking: OrderLocking, orderCode: string, owner: string, timing: OrderLockTiming = {}): Promise<void> {
  await acquireWriterLock(locking, parcelLockKey(orderCode), `GHN order ${orderCode}`, owner, timing)
}

async function acquireWriterLock(locking: OrderLocking, key: string, what: string, owner: string, timing: OrderLockTiming): Promise<void> {
  const { expireSeconds = ORDER_LOCK_TTL_S, clock = Date } = timing
  const until = clock.now() + ORDER_LOCK_WAIT_S * 1000
  for (;;) {
    try {
      await locking.acquire([key], { ownerId: owner, expire: expireSeconds })
      return
    } catch (error) {
      if (clock.now() >= until) {
        throw new Error(`${what} has been changed by another run for ${ORDER_LOCK_WAIT_S} s: try again in a moment (${(error as Error).message})`)
      }
      await new Promise((resolve) => setTimeout(resolve, ORDER_LOCK_RETRY_MS))
    }
  }
}

/** Gives the order's lock back, when `owner` still holds it (never throws: the lock expires anyway). */
export async function releaseOrderLock(locking: OrderLocking, orderId: string, owner: string): Promise<void> {
  await releaseWriterLock(locking, orderLockKey(orderId), owner)
}

/** Gives a lock of this file back (an order's or a parcel's, by its key), when `owner` still holds it; never throws. */
export async function releaseWriterLock(locking: OrderLocking, key: string, owner: string): Promise<void> {
  await Promise.resolve(locking.release([key], { ownerId: owner })).catch(() => undefined)
}

/** Runs `job` under the order's lock (a runner's write outside a workflow), released whatever happens. */
export async function withOrderLock<T>(locking: OrderLocking, orderId: string, job: () => Promise<T>, owner = newOrderLockOwner(), timing: OrderLockTiming = {}): Promise<T> {
  await acquireOrderLock(locking, orderId, owner, timing)
  try {
    return await job()
  } finally {
    await releaseOrderLock(locking, orderId, owner)
  }
}
