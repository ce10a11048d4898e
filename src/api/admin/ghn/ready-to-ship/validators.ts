import { z } from "@medusajs/framework/zod"
import { MAX_RUN_ORDERS } from "../../../../lib/shipping-run/shipping-run"

/** Hold orders from automatic shipping (they stay in Ready to ship), or release them to its queue. */
export const HoldOrdersBody = z
  .object({
    order_ids: z
      .array(z.string().trim().min(1, "an order id cannot be empty"), { error: "order_ids must be a list of order ids" })
      .min(1, "order_ids needs at least one order")
      .max(MAX_RUN_ORDERS, `order_ids takes at most ${MAX_RUN_ORDERS} orders`),
    hold: z.boolean({ error: "hold must be true (hold) or false (release)" }),
  })
  .strict()
export type HoldOrdersBody = z.infer<typeof HoldOrdersBody>
