import type { AuthenticatedMedusaRequest, MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { pickShiftWindow } from "../../../../lib/ghn"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import { MAX_RUN_ORDERS } from "../../../../lib/shipping-run/shipping-run"
import { OrdersInOtherRunError } from "../../../../modules/ghn/errors"
import type { ShippingRunRow } from "../../../../modules/ghn/repositories/shipping-run"
import type { ReadyOrderRow } from "../../../../modules/ghn/repositories/ready-to-ship"
import { queueShippingRun } from "../../../../runners/shipping-runs"
import { someOf } from "../../../../modules/ghn/service"
import { ghnModule } from "../../../utils"
import { callGhn } from "../support-utils"
import type { CreateShippingRunBody } from "./validators"
import { adminError } from "../../../../lib/runtime/medusa-error"

const DAY_S = 86_400


/** The orders a run is asked for, each ready to ship; anything else refused, naming the orders, before anything starts. */
async function selectedOrders(req: MedusaRequest, body: CreateShippingRunBody): Promise<ReadyOrderRow[]> {
  const ghn = ghnModule(req)
  const codProviders = ghn.options.codPaymentProviders
  if (body.filter) {
    const { problems_only: _ignored, ...filter } = body.filter
    const { rows, count } = await ghn.readyToShip.list(filter, codProviders, { limit: MAX_RUN_ORDERS, offset: 0 })
    if (!count) throw adminError(MedusaError.Types.INVALID_DATA, { code: "run_no_orders", params: {} })
    if (count > MAX_RUN_ORDERS) {
      throw adminError(MedusaError.Types.INVALID_DATA, { code: "run_too_many_orders", params: { count, max: MAX_RUN_ORDERS } })
    }
    return rows
  }
  const ids = body.order_ids!
  const { rows } = await ghn.readyToShip.list({ order_ids: ids }, codProviders, { limit: MAX_RUN_ORDERS, offset: 0 })
  const ready = new Set(rows.map((r) => r.id))
  const notReady = ids.filter((id) => !ready.has(id))
  if (notReady.length) {
    const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
    const { data: known } = await query.graph<{ id: string }>({ entity: "order", fields: ["id"], filters: { id: notReady } })
    const unknown = notReady.filter((id) => !known.some((o) => o.id === id))
    if (unknown.length) throw adminError(MedusaError.Types.NOT_FOUND, { code: "run_orders_unknown", params: { orders: someOf(unknown) } })
    const busy = await ghn.shippingRuns.activeRunsOf(notReady)
    if (busy.length) throw inOtherRun(busy)
    throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "run_orders_not_ready", params: { orders: someOf(notReady) } })
  }
  return rows
}

function inOtherRun(busy: { order_id: string; run_id: string }[]) {
  // NOT_ALLOWED: Medusa's handler answers a CONFLICT with its own text, hiding which orders.
  return adminError(MedusaError.Types.NOT_ALLOWED, { code: "run_orders_in_other_run", params: { orders: someOf(busy.map((b) => `${b.order_id} (run ${b.run_id})`)) } })
}

/** Today's pickup shift of this id (GHN Pick Shift), or a refusal naming today's. */
async function todaysShift(req: MedusaRequest, id: number) {
  const ghn = ghnModule(req)
  const now = new Date()
  const shifts = await callGhn("GHN Pick Shift", () => ghn.client.shifts.list())
  const today = shifts.filter((s) => s.from_time < DAY_S && pickShiftWindow(s, now).to > now)
  const shift = today.find((s) => s.id === id)
  if (!shift) {
    throw adminError(MedusaError.Types.INVALID_DATA, { code: "run_shift_closed", params: { pick_shift: id, open: today.map((s) => `${s.id} "${s.title}"`).join(", ") } })
  }
  return shift
}

/** Records a run over the selection and queues it for the worker. */
export async function startShippingRun(req: AuthenticatedMedusaRequest<CreateShippingRunBody>): Promise<ShippingRunRow> {
  const body = req.validatedBody
  const shift = body.pick_shift ? await todaysShift(req, body.pick_shift) : undefined
  const orders = await selectedOrders(req, body)
  try {
    return await queueShippingRun(req.scope, {
      created_by: req.auth_context?.actor_id ?? null,
      pick_shift: shift?.id ?? null,
      pick_shift_title: shift?.title ?? null,
      filter: body.filter ?? null,
      orders: orders.map((o) => ({ order_id: o.id, display_id: o.custom_display_id || String(o.display_id), provider_id: o.provider_id })),
    })
  } catch (error) {
    if (error instanceof OrdersInOtherRunError) throw inOtherRun(error.orders)
    throw error
  }
}
