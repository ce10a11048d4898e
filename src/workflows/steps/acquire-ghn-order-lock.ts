import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { acquireOrderLock, acquireParcelLock, newOrderLockOwner, orderLockKey, type OrderLocking, parcelLockKey, releaseWriterLock } from "../../lib/runtime/order-lock"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

/** The step's name, which tells an order's lock not had in time from another failure. */
export const GHN_ORDER_LOCK_STEP = "acquire-ghn-order-lock"

export type GhnOrderLockInput = {
  /** The Medusa order the workflow writes; none, no lock. */
  order_id?: string | null
  /**
   * Or the GHN parcel the workflow writes: its Medusa order's lock is taken (read here, one indexed
   * read: no step of its own), or, for a parcel of no order, the parcel's own.
   */
  order_code?: string
  /** The owner under which the caller holds the order's lock already (the fulfilment's place in the order's queue): renewed, never released here. */
  held_by?: string | null
}

/** Who holds the lock for this run, and the keys this run gives back (none when the caller holds it). */
export type GhnOrderLock = { owner: string; key: string[] }

type Taken = { key: string; owner: string }

/** What Medusa's releaseLockStep is given to give the lock back (nothing when the caller holds it or no lock was taken). */
export const orderLockRelease = (lock: GhnOrderLock | undefined) => ({ key: lock?.key ?? [], ownerId: lock?.owner })

/**
 * Takes the Medusa order's lock for the whole workflow (src/lib/runtime/order-lock.ts): one writer
 * per order, across processes; given a GHN parcel, its order's (a parcel's writers are its order's),
 * or the parcel's own when no order owns it. Like Medusa's acquireLockStep it skips in a sub-workflow (the parent
 * holds the lock), and a caller that holds it already passes its owner: the lock is re-entered
 * under that owner, never waited for, and left to the caller. Undone: released, when taken here.
 */
export const acquireGhnOrderLockStep = createStep(
  GHN_ORDER_LOCK_STEP,
  async (input: GhnOrderLockInput, { container, parentStepIdempotencyKey }) => {
    const none = new StepResponse<GhnOrderLock, Taken | null>({ owner: "", key: [] }, null)
    if (parentStepIdempotencyKey) return none
    const ghn = container.resolve<GhnModuleService | undefined>(GHN_MODULE, { allowUnregistered: true })
    let orderId = input.order_id
    if (!orderId && input.order_code && ghn) {
      orderId = await ghn.shipmentOrderId(input.order_code)
    }
    if (!orderId && !input.order_code) return none
    const locking = container.resolve<OrderLocking>(Modules.LOCKING)
    // The store's orderLockSeconds, read from the GHN module's options.
    const timing = { expireSeconds: ghn?.options?.orderLockSeconds }
    if (orderId && input.held_by) {
      await acquireOrderLock(locking, orderId, input.held_by, timing)
      return new StepResponse<GhnOrderLock, Taken | null>({ owner: input.held_by, key: [] }, null)
    }
    const owner = newOrderLockOwner()
    const key = orderId ? orderLockKey(orderId) : parcelLockKey(input.order_code!)
    if (orderId) await acquireOrderLock(locking, orderId, owner, timing)
    else await acquireParcelLock(locking, input.order_code!, owner, timing)
    return new StepResponse<GhnOrderLock, Taken | null>({ owner, key: [key] }, { key, owner })
  },
  async (taken: Taken | null | undefined, { container }) => {
    if (!taken) return
    await releaseWriterLock(container.resolve<OrderLocking>(Modules.LOCKING), taken.key, taken.owner)
  }
)
