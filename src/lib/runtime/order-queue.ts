/**
 * One GHN fulfilment of an order at a time, inside Medusa's own fulfilment workflow: Medusa 2.21's
 * createOrderFulfillmentWorkflow takes no lock on the order, and two fulfilments of one order
 * registered at the same moment both write the order's next version (its items listed twice, its
 * total owed twice). The GHN provider's createFulfillment (the workflow's first write) takes the
 * order's place in the queue, owned by the fulfilment; the plugin's fulfillmentCreated hook (the
 * workflow's last step) gives it back, and so does Medusa's compensation through the provider's
 * cancelFulfillment when the fulfilment is refused in between. It expires after 120 s whatever
 * happens. Medusa's locking module: across instances with its Redis or PostgreSQL provider. The
 * provider joins because Medusa 2.21 runs nothing of a plugin's before the registration but the
 * provider (no hook there for a step of the plugin's own): docs/reference.md, "One fulfilment of
 * an order at a time".
 */
type Locking = {
  acquire(key: string, args: { ownerId: string; expire: number }): Promise<unknown>
  release(key: string, args: { ownerId: string }): Promise<unknown>
}

export const ORDER_QUEUE_EXPIRE_S = 120
const WAIT_S = 60
const RETRY_MS = 300

/** The key of an order's fulfilment queue. */
export const orderFulfillmentLockKey = (orderId: string) => `order-fulfillment:${orderId}`

/** What a fulfilment's data carries while it holds its order's place (dropped when the GHN order is made). */
export type OrderQueueTicket = { order_id: string; owner: string }
export const ORDER_QUEUE_DATA_KEY = "ghn_order_queue"

/** Waits (at most 60 s) for the order's place in the queue, for this fulfilment. */
export async function joinOrderQueue(locking: Locking, ticket: OrderQueueTicket): Promise<void> {
  const until = Date.now() + WAIT_S * 1000
  for (;;) {
    try {
      await locking.acquire(orderFulfillmentLockKey(ticket.order_id), { ownerId: ticket.owner, expire: ORDER_QUEUE_EXPIRE_S })
      return
    } catch (error) {
      if (Date.now() >= until) {
        throw new Error(`another fulfilment of this order has been under way for ${WAIT_S} s: try again in a moment (${(error as Error).message})`)
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
    }
  }
}

/** Gives the order's place back (a no-op when this fulfilment no longer holds it). */
export async function leaveOrderQueue(locking: Locking, ticket: OrderQueueTicket | null | undefined): Promise<void> {
  if (!ticket?.order_id || !ticket.owner) return
  await locking.release(orderFulfillmentLockKey(ticket.order_id), { ownerId: ticket.owner }).catch(() => undefined)
}
