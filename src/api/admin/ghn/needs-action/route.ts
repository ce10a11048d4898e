import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { queueActionsOf, returnCostOf } from "../../../../lib/status/needs-action"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import { READ_RECEIVER } from "../../../../policies/ghn"
import { normalizeVnPhone } from "../../../../lib/address/phone"
import { ghnModule, holdsPolicy } from "../../../utils"
import { presentShipments, withOrders } from "../present"
import type { NeedsActionQuery } from "../validators"

/**
 * Parcels waiting for the merchant's decision (a failed delivery, a parcel held, coming back or
 * lost), the longest waiting first, each with GHN's last reason, the failed attempts, since when,
 * the COD at stake and what a return would add; and how many wait in each status (the tab's
 * label). Acting on them: POST /admin/ghn/redeliver, /admin/ghn/return, /admin/ghn/shipments/:code
 * and /admin/ghn/tickets.
 */
export async function GET(req: MedusaRequest<unknown, NeedsActionQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as NeedsActionQuery
  const ghn = ghnModule(req)
  const { rows, counts } = await ghn.needsAction({ statuses: q.status, order_id: q.order_id, limit: q.limit, offset: q.offset })
  const presented = await withOrders(req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY), await presentShipments(req, ghn, rows))
  // A receiver's COD history is a shopper's personal data: its own policy, not fulfillment:read.
  const phones = (await holdsPolicy(req, READ_RECEIVER)) ? [...new Set(presented.map((s) => normalizeVnPhone(s.receiver_phone)).filter((p): p is string => !!p))] : []
  const histories = await ghn.receiverHistories(phones, ghn.options.codRisk)
  const parcels = presented.map((s) => ({
    ...s,
    needs: {
      /** The receiver's history with the store's COD parcels (by phone). */
      receiver: histories.get(normalizeVnPhone(s.receiver_phone) ?? "") ?? null,
      reason: s.status_reason,
      reason_code: s.status_reason_code,
      attempts: s.delivery_attempts,
      since: s.status_at,
      cod_at_stake: s.is_cod_collected ? 0 : s.cod_amount,
      return_cost: returnCostOf(s, ghn.accountOf(s.provider_id).options.returnFeeRatio),
      actions: queueActionsOf(s.status),
    },
  }))
  const count = q.status.reduce((n, status) => n + (counts[status] ?? 0), 0)
  res.json({ parcels, counts, total: Object.values(counts).reduce((a, b) => a + b, 0), count, limit: q.limit, offset: q.offset })
}
