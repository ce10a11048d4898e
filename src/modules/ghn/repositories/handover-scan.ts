import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { parcelOfCode, scanProgress, type ScanEntry, type ScannableParcel } from "../../../lib/handover/scan"
import { SqlRepository } from "../utils/sql-repository"

export type HandoverScanRow = {
  id: string
  run_id: string
  status: "open" | "completed"
  started_by: string | null
  completed_by: string | null
  completed_at: Date | null
  scans: { items: ScanEntry[] }
  missing: string[] | null
  created_at: Date
  updated_at: Date
}

/**
 * The door checks of shipping runs (ghn_handover_scan): a run has at most one open check (a unique
 * partial index); each scan is appended to it under the row's lock, so two scanners at one door
 * never lose a code; completing it records the parcels left unscanned.
 */
export class HandoverScanRepository extends SqlRepository {
  /** The run's newest check (open or completed), if any. */
  @InjectManager()
  async latest(runId: string, @MedusaContext() sharedContext: Context = {}): Promise<HandoverScanRow | undefined> {
    const [row] = await this.rows<HandoverScanRow>(sharedContext, "select * from ghn_handover_scan where run_id = ? and deleted_at is null order by created_at desc, id desc limit 1", [runId])
    return row
  }

  /**
   * Records one scanned code in the run's open check (opened by this scan when none is): what it
   * found among `parcels` (the run's), else the run that holds it, or none.
   */
  @InjectTransactionManager()
  async scan(runId: string, parcels: ScannableParcel[], code: string, by: string | null, @MedusaContext() sharedContext: Context = {}): Promise<{ entry: ScanEntry; scan: HandoverScanRow }> {
    await this.rows(
      sharedContext,
      `insert into ghn_handover_scan (id, run_id, status, started_by, scans, created_at, updated_at)
       values (?, ?, 'open', ?, '{"items":[]}'::jsonb, now(), now())
       on conflict (run_id) where status = 'open' and deleted_at is null do nothing`,
      [generateEntityId(undefined, "ghnscan"), runId, by]
    )
    const [open] = await this.rows<HandoverScanRow>(sharedContext, "select * from ghn_handover_scan where run_id = ? and status = 'open' and deleted_at is null for update", [runId])
    const parcel = parcelOfCode(parcels, code)
    let entry: ScanEntry
    if (parcel) {
      const again = open.scans.items.some((e) => e.result === "parcel" && e.order_code === parcel.order_code)
      entry = { code, at: new Date().toISOString(), by, result: again ? "repeat" : "parcel", order_code: parcel.order_code, run_id: runId }
    } else {
      const [other] = await this.rows<{ run_id: string; order_code: string }>(
        sharedContext,
        `select r.run_id, r.ghn_order_code as order_code from ghn_shipping_run_order r
          where r.ghn_order_code = ? and r.run_id <> ? and r.deleted_at is null
         union all
         select r.run_id, r.ghn_order_code from ghn_shipment s join ghn_shipping_run_order r on r.ghn_order_code = s.order_code and r.deleted_at is null
          where s.client_order_code = ? and s.deleted_at is null and r.run_id <> ?
         limit 1`,
        [code, runId, code, runId]
      )
      entry = { code, at: new Date().toISOString(), by, result: other ? "foreign" : "unknown", order_code: other?.order_code ?? null, run_id: other?.run_id ?? null }
    }
    const [scan] = await this.rows<HandoverScanRow>(
      sharedContext,
      `update ghn_handover_scan set scans = jsonb_set(scans, '{items}', coalesce(scans->'items', '[]'::jsonb) || ?::jsonb), updated_at = now()
        where id = ? returning *`,
      [JSON.stringify([entry]), open.id]
    )
    return { entry, scan }
  }

  /** Completes the run's open check: who and when, and the run's parcels it did not find. Undefined when none is open. */
  @InjectTransactionManager()
  async complete(runId: string, parcels: ScannableParcel[], by: string | null, @MedusaContext() sharedContext: Context = {}): Promise<HandoverScanRow | undefined> {
    const [open] = await this.rows<HandoverScanRow>(sharedContext, "select * from ghn_handover_scan where run_id = ? and status = 'open' and deleted_at is null for update", [runId])
    if (!open) return undefined
    const { missing } = scanProgress(parcels, open.scans.items)
    const [done] = await this.rows<HandoverScanRow>(
      sharedContext,
      "update ghn_handover_scan set status = 'completed', completed_by = ?, completed_at = now(), missing = ?::jsonb, updated_at = now() where id = ? and status = 'open' returning *",
      [by, JSON.stringify(missing), open.id]
    )
    return done
  }
}
