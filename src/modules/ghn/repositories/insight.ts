import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { vietnamDaySql, vietnamDayText } from "../../../lib/ghn/dates"
import type { CodCounts, FeeWeekCount, InsightCounts, InsightGroup, ParcelGroupCount, ReasonCount } from "../../../lib/insights/insights"
import { SqlRepository } from "../utils/sql-repository"

/** The Insights tab's reads of the rollup PostgreSQL keeps on every write of a parcel (../schema/insight-rollup.ts). */
export class InsightRepository extends SqlRepository {
  /**
   * The Insights tab's counts: the orders' parcels (not returns) created in [from, to) (Vietnamese
   * midnights) from one stock location or all, grouped by period (Vietnamese day or the Monday of
   * its week), province, status, failed attempt, refusal and days late; GHN's failed-delivery
   * reasons; COD collected and transferred in the range and awaiting transfer now by age; fees by
   * week. Rows per day × location × province × outcome, never per parcel.
   */
  @InjectManager()
  async counts(opts: { from: Date; to: Date; location_id?: string | null; group: InsightGroup }, @MedusaContext() sharedContext: Context = {}): Promise<InsightCounts> {
    const location = opts.location_id ? " and location_id = ?" : ""
    const locationBind = opts.location_id ? [opts.location_id] : []
    const range = `day >= ?::date and day < ?::date${location}`
    const rangeBinds = [vietnamDayText(opts.from), vietnamDayText(opts.to), ...locationBind]
    const mondayOf = (day: string) => `(${day} - (extract(isodow from ${day})::int - 1))`
    const period = opts.group === "week" ? mondayOf("day") : "day"
    const [groups, reasons, codDays, held, fees] = await Promise.all([
      this.rows<ParcelGroupCount>(
        sharedContext,
        `select ${period}::text as period, nullif(province, '') as province, status, failed_attempts, refused,
                nullif(days_late, -1) as days_late, sum(parcels)::int as parcels
           from ghn_insight_day where ${range}
          group by 1, 2, 3, 4, 5, 6 having sum(parcels) <> 0`,
        rangeBinds
      ),
      this.rows<ReasonCount>(
        sharedContext,
        `select nullif(reason_code, '') as reason_code, nullif(max(reason), '') as reason, sum(failures)::int as count
           from ghn_insight_reason_day where ${range}
          group by reason_code having sum(failures) <> 0`,
        rangeBinds
      ),
      this.rows<{ kind: string; parcels: number; amount: string }>(
        sharedContext,
        `select kind, sum(parcels)::int as parcels, sum(amount) as amount from ghn_insight_cod_day
          where kind in ('collected', 'transferred') and ${range} group by kind`,
        rangeBinds
      ),
      // What GHN holds now, by the day it collected it; 15 days and more in one.
      this.rows<{ age_days: number; parcels: number; amount: string }>(
        sharedContext,
        `select least(${vietnamDaySql("now()")} - day, 15) as age_days, sum(parcels)::int as parcels, sum(amount) as amount
           from ghn_insight_cod_day where kind = 'awaiting'${location}
          group by 1 having sum(parcels) <> 0`,
        locationBind
      ),
      this.rows<Record<keyof FeeWeekCount, string | number>>(
        sharedContext,
        `select ${mondayOf("day")}::text as week, sum(parcels)::int as parcels, sum(quoted) as quoted, sum(billed) as billed,
                sum(reweigh_surcharge) as reweigh_surcharge, sum(return_fees) as return_fees
           from ghn_insight_day where ${range} group by 1 having sum(parcels) <> 0 order by 1`,
        rangeBinds
      ),
    ])
    const amount = (r: { parcels: number; amount: string } | undefined) => ({ parcels: r?.parcels ?? 0, amount: Number(r?.amount ?? 0) })
    const cod: CodCounts = {
      collected: amount(codDays.find((r) => r.kind === "collected")),
      transferred: amount(codDays.find((r) => r.kind === "transferred")),
      awaiting: held.map((r) => ({ age_days: Number(r.age_days), parcels: r.parcels, amount: Number(r.amount) })),
    }
    return {
      groups: groups.map((g) => ({ ...g, failed_attempts: Number(g.failed_attempts), days_late: g.days_late === null ? null : Number(g.days_late) })),
      reasons,
      cod,
      fees: fees.map((w) => ({
        week: String(w.week),
        parcels: Number(w.parcels),
        quoted: Number(w.quoted),
        billed: Number(w.billed),
        reweigh_surcharge: Number(w.reweigh_surcharge),
        return_fees: Number(w.return_fees),
      })),
    }
  }
}
