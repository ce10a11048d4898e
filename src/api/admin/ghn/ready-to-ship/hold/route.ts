import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { QueryGraph } from "../../../../../lib/runtime/query-graph"
import { someOf } from "../../../../../modules/ghn/service"
import { ghnModule } from "../../../../utils"
import type { HoldOrdersBody } from "../validators"
import { adminError } from "../../../../../lib/runtime/medusa-error"

/**
 * Holds orders from automatic shipping (option `autoShip`): they stay in Ready to ship until the
 * merchant ships them; or releases them to its queue, their delay counted from now.
 */
export async function POST(req: AuthenticatedMedusaRequest<HoldOrdersBody>, res: MedusaResponse) {
  const { order_ids, hold } = req.validatedBody
  const ids = [...new Set(order_ids)]
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<{ id: string }>({ entity: "order", fields: ["id"], filters: { id: ids } })
  const unknown = ids.filter((id) => !data.some((o) => o.id === id))
  if (unknown.length) throw adminError(MedusaError.Types.NOT_FOUND, { code: "hold_orders_unknown", params: { orders: someOf(unknown) } })
  const moved = await ghnModule(req).autoShip.hold(ids, hold)
  res.json(hold ? { held: moved } : { released: moved })
}
