import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../../../utils"
import { presentScan, userNames } from "../../../handover"
import { runOf } from "../../../run-of"
import { adminError } from "../../../../../../../lib/runtime/medusa-error"

/** Completes the run's open door check: who completed it, when, and the parcels it did not find (kept with the run). */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const run = await runOf(req)
  const ghn = ghnModule(req)
  const parcels = await ghn.shippingRuns.parcels(run.id)
  const done = await ghn.handoverScans.complete(run.id, parcels, req.auth_context?.actor_id ?? null)
  if (!done) throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "run_no_door_check", params: { run_id: run.id } })
  const names = await userNames(req, [done.started_by, done.completed_by, ...done.scans.items.map((e) => e.by)])
  res.json({ scan: presentScan(done, parcels, names) })
}
