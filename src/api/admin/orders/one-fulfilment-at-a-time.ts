import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { orderFulfillmentLockKey } from "../../../workflows/ghn-order-request"

/**
 * Medusa 2.21's createOrderFulfillmentWorkflow takes no lock on the order (its order-edit
 * workflows do), and two fulfilments of one order registered at the same moment both write the
 * order's next version: the order then lists its items twice and owes twice its total. This
 * middleware queues Medusa's own fulfilment route per order, with Medusa's locking module, across
 * every instance. It reads and changes nothing of the request or the answer; the lock ends with
 * the response (or after 120 s).
 */
export function oneFulfilmentAtATime(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const locking = req.scope.resolve(Modules.LOCKING)
  locking
    .execute(
      orderFulfillmentLockKey(req.params.id),
      () =>
        new Promise<void>((resolve) => {
          // "close" comes when the response is sent, and when the client goes away.
          res.once("close", () => resolve())
          next()
        }),
      { timeout: 60, expire: 120 }
    )
    .catch((error: unknown) => {
      if (!res.headersSent) next(error)
    })
}
