import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { orderFulfillmentLockKey } from "../../../workflows/ghn-order-request"

/** How long the lock outlives a request whose client went away (Medusa's workflow still runs). */
const ABANDONED_REQUEST_HOLD_MS = 120_000

/**
 * Medusa 2.21's createOrderFulfillmentWorkflow takes no lock on the order (its order-edit
 * workflows do), and two fulfilments of one order registered at the same moment both write the
 * order's next version: the order then lists its items twice and owes twice its total. This
 * middleware queues Medusa's own fulfilment route per order with Medusa's locking module (across
 * instances with a Redis or PostgreSQL locking provider). It reads and changes nothing of the
 * request or the answer. The lock ends when the answer is sent; if the client went away first,
 * when the lock expires, since Medusa's workflow may still be running.
 */
export function oneFulfilmentAtATime(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const locking = req.scope.resolve(Modules.LOCKING)
  let entered = false
  locking
    .execute(
      orderFulfillmentLockKey(req.params.id),
      () =>
        new Promise<void>((resolve) => {
          entered = true
          res.once("close", () => (res.writableFinished ? resolve() : setTimeout(resolve, ABANDONED_REQUEST_HOLD_MS).unref()))
          next()
        }),
      { timeout: 60, expire: 120 }
    )
    .catch((error: unknown) => {
      if (entered || res.headersSent) return
      next(new MedusaError(MedusaError.Types.CONFLICT, `another fulfilment of this order is being created: try again in a moment (${(error as Error).message})`))
    })
}
