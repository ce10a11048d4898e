import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../utils"
import { presentRun } from "../present"
import { runOf } from "../run-of"

/** A run: its state, counts (x of N, created, failed) and each order's result, for the admin's live progress. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const run = await runOf(req)
  const store = ghnModule(req).shippingRuns
  const [counts, orders] = await Promise.all([store.counts([run.id]), store.orders(run.id)])
  res.json({ shipping_run: presentRun(run, counts.get(run.id)!, orders) })
}
