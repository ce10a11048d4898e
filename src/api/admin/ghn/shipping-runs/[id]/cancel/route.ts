import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../../utils"
import { presentRun } from "../../present"
import { runOf } from "../../run-of"
import { adminError } from "../../../../../../lib/runtime/medusa-error"

/** Cancels a run: its orders not started stay ready to ship; those already running finish. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const run = await runOf(req)
  const store = ghnModule(req).shippingRuns
  const done = await store.cancel(run.id)
  if (!done) throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "run_nothing_to_cancel", params: { run_id: run.id, status: run.status } })
  const counts = await store.counts([run.id])
  res.json({ shipping_run: presentRun((await store.get(run.id))!, counts.get(run.id)!, await store.orders(run.id)) })
}
