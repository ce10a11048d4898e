import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { retryShippingRun } from "../../../../../../runners/shipping-runs"
import { ghnModule } from "../../../../../utils"
import { presentRun } from "../../present"
import { runOf } from "../../run-of"
import { adminError } from "../../../../../../lib/runtime/medusa-error"

/** Queues the run's failed orders again (the worker takes them up); an order queued in another run meanwhile stays failed. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const run = await runOf(req)
  const store = ghnModule(req).shippingRuns
  const queued = await retryShippingRun(req.scope, run.id)
  if (!queued) throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "run_nothing_to_retry", params: { run_id: run.id } })
  const counts = await store.counts([run.id])
  res.json({ shipping_run: presentRun((await store.get(run.id))!, counts.get(run.id)!, await store.orders(run.id)), retried: queued })
}
