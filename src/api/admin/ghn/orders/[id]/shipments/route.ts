import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { QueryGraph } from "../../../../../../lib/runtime/query-graph"
import { READ_RECEIVER } from "../../../../../../policies/ghn"
import { normalizeVnPhone } from "../../../../../../lib/address/phone"
import { ghnModule, holdsPolicy } from "../../../../../utils"
import { presentShipments } from "../../../present"

/**
 * The GHN shipments of an order (its fulfilments and returns), newest first; the GHN orders made
 * for it that no fulfilment carries and that could not be cancelled yet (retried meanwhile); and
 * its receiver's history with the store's COD parcels (by the shipping address's phone).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const [shipments, orphans, { data: orders }] = await Promise.all([
    ghn.listGhnShipments({ order_id: req.params.id }, { order: { created_at: "DESC" } }),
    ghn.orphanIntentsOf([req.params.id]),
    query.graph<{ id: string; shipping_address?: { phone?: string | null } | null }>({ entity: "order", fields: ["id", "shipping_address.phone"], filters: { id: req.params.id } }),
  ])
  // A receiver's COD history is a shopper's personal data: its own policy, not order:read.
  const phone = (await holdsPolicy(req, READ_RECEIVER)) ? normalizeVnPhone(orders[0]?.shipping_address?.phone) : null
  const receiver = phone ? ((await ghn.receiverHistories([phone], ghn.options.codRisk)).get(phone) ?? null) : null
  res.json({
    receiver,
    shipments: await presentShipments(req, ghn, shipments),
    uncancelled: orphans.map((o) => ({ client_order_code: o.client_order_code, order_code: o.order_code, error: o.error, attempts: o.attempts, next_attempt_at: o.next_attempt_at })),
  })
}
