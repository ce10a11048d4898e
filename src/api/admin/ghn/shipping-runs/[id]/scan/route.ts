import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../../../utils"
import { presentScan, userNames } from "../../handover"
import { runOf } from "../../run-of"
import type { ScanBody } from "../../validators"

/** The run's parcels to hand over and its door check (the newest), for the Handover view. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const run = await runOf(req)
  const ghn = ghnModule(req)
  const [parcels, scan] = await Promise.all([ghn.shippingRuns.parcels(run.id), ghn.handoverScans.latest(run.id)])
  const names = await userNames(req, [scan?.started_by, scan?.completed_by, ...(scan?.scans?.items ?? []).map((e) => e.by)])
  res.json({
    parcels: parcels.map((p) => ({ order_code: p.order_code, client_order_code: p.client_order_code, order_number: p.order_number, shop_id: p.shop_id, receiver_name: p.receiver_name ?? null, cod_amount: p.cod_amount })),
    scan: presentScan(scan, parcels, names),
  })
}

/** One code scanned at the door: recorded in the run's open check (opened by it when none is), with what it found. */
export async function POST(req: AuthenticatedMedusaRequest<ScanBody>, res: MedusaResponse) {
  const run = await runOf(req)
  const ghn = ghnModule(req)
  const parcels = await ghn.shippingRuns.parcels(run.id)
  const by = req.auth_context?.actor_id ?? null
  const { entry, scan } = await ghn.handoverScans.scan(run.id, parcels, req.validatedBody.code, by)
  const names = await userNames(req, [scan.started_by, scan.completed_by, ...scan.scans.items.map((e) => e.by)])
  res.json({ result: { ...entry, by: entry.by ? (names.get(entry.by) ?? entry.by) : null }, scan: presentScan(scan, parcels, names) })
}
