import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../utils"
import { presentRun } from "./present"
import { startShippingRun } from "./start"
import type { CreateShippingRunBody, ShippingRunsQuery } from "./validators"

/** The shipping runs, newest first, with their counts. */
export async function GET(req: MedusaRequest<unknown, ShippingRunsQuery>, res: MedusaResponse) {
  const { limit, offset } = req.validatedQuery as ShippingRunsQuery
  const store = ghnModule(req).shippingRuns
  const { runs, count } = await store.list({ limit, offset })
  const counts = await store.counts(runs.map((r) => r.id))
  res.json({ shipping_runs: runs.map((r) => presentRun(r, counts.get(r.id)!)), count, limit, offset })
}

/** Starts a run: GHN orders for the orders chosen (or every order matching a filter), made by the worker. */
export async function POST(req: AuthenticatedMedusaRequest<CreateShippingRunBody>, res: MedusaResponse) {
  const run = await startShippingRun(req)
  res.status(202).json({ shipping_run: { id: run.id, status: run.status, total: run.total } })
}
