import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { HandoverParcel } from "../../../../lib/handover/handover"
import { scanProgress } from "../../../../lib/handover/scan"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import type { HandoverScanRow } from "../../../../modules/ghn/repositories/handover-scan"

type User = { id: string; email?: string | null; first_name?: string | null; last_name?: string | null }

/** Admin users' names (the first and last name, else the e-mail) by id, for who scanned and who completed. */
export async function userNames(req: MedusaRequest, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (!wanted.length) return new Map()
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<User>({ entity: "user", fields: ["id", "email", "first_name", "last_name"], filters: { id: wanted } }).catch(() => ({ data: [] as User[] }))
  return new Map(data.map((u) => [u.id, [u.first_name, u.last_name].filter(Boolean).join(" ").trim() || u.email || u.id]))
}

/** A door check as the admin reads it: who and when, each scan, the run's parcels found and those still missing. */
export function presentScan(scan: HandoverScanRow | undefined, parcels: HandoverParcel[], names: Map<string, string>) {
  if (!scan) return null
  const entries = scan.scans?.items ?? []
  const { scanned, missing } = scanProgress(parcels, entries)
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : null)
  return {
    id: scan.id,
    status: scan.status,
    started_by: name(scan.started_by),
    started_at: scan.created_at,
    completed_by: name(scan.completed_by),
    completed_at: scan.completed_at,
    scans: entries.map((e) => ({ ...e, by: name(e.by) })),
    scanned,
    // Once completed, what was missing then (a parcel cancelled since is not asked for again).
    missing: scan.status === "completed" && scan.missing ? scan.missing.filter((code) => missing.includes(code)) : missing,
    foreign: entries.filter((e) => e.result === "foreign" || e.result === "unknown").map((e) => ({ code: e.code, run_id: e.run_id })),
  }
}
