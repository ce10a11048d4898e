/**
 * One GHN fulfilment of an order at a time, inside Medusa's own fulfilment workflow: Medusa 2.21's
 * createOrderFulfillmentWorkflow takes no lock on the order, and two fulfilments of one order
 * registered at the same moment both write the order's next version (its items listed twice, its
 * total owed twice). The GHN provider's createFulfillment (the workflow's first write) takes the
 * order's place in the queue, owned by the fulfilment; the plugin's fulfillmentCreated hook (the
 * workflow's last step) gives it back, and so does Medusa's compensation through the provider's
 * cancelFulfillment when the fulfilment is refused in between. It expires after 120 s whatever
 * happens. The place is the order's lock, the one every writer of the order takes. The
 * provider joins because Medusa 2.21 runs nothing of a plugin's before the registration but the
 * provider (no hook there for a step of the plugin's own): docs/reference.md, "One fulfilment of
 * an order at a time".
 */
import { acquireOrderLock, ORDER_LOCK_TTL_S, ORDER_LOCK_WAIT_S, type OrderLocking, releaseOrderLock } from "./order-lock"

/** The queue's place is the order's lock (src/lib/runtime/order-lock.ts), held for the fulfilment. */
export const ORDER_QUEUE_EXPIRE_S = ORDER_LOCK_TTL_S

/** What a fulfilment's data carries while it holds its order's place (dropped when the GHN order is made). */
export type OrderQueueTicket = { order_id: string; owner: string }
export const ORDER_QUEUE_DATA_KEY = "ghn_order_queue"

/** Waits (at most 60 s) for the order's place in the queue, for this fulfilment. */
export async function joinOrderQueue(locking: OrderLocking, ticket: OrderQueueTicket, expireSeconds = ORDER_LOCK_TTL_S): Promise<void> {
  try {
    await acquireOrderLock(locking, ticket.order_id, ticket.owner, { expireSeconds })
  } catch (error) {
    throw new Error(`another fulfilment of this order has been under way for ${ORDER_LOCK_WAIT_S} s: try again in a moment (${(error as Error).message})`)
  }
}

/** Gives the order's place back (a no-op when this fulfilment no longer holds it). */
export async function leaveOrderQueue(locking: OrderLocking, ticket: OrderQueueTicket | null | undefined): Promise<void> {
  if (!ticket?.order_id || !ticket.owner) return
  await releaseOrderLock(locking, ticket.order_id, ticket.owner)
}
