import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { fieldRefusal } from "../../../../lib/runtime/medusa-error"
import { vietnamDayStart, vietnamDayText } from "../../../../lib/ghn/dates"
import { insightsCsv, insightsOf } from "../../../../lib/insights/insights"
import { ghnModule } from "../../../utils"
import { INSIGHTS_MAX_DAYS, type InsightsQuery } from "../validators"

const DAY_MS = 86_400_000
/** The range when none is asked: the last 30 days, today included. */
const DEFAULT_DAYS = 30

/**
 * The Insights tab: the orders' parcels created from `from` to `to` (Vietnamese calendar days,
 * both included; the last 30 days by default) from one stock location or all, as the figures the
 * charts draw, or as CSV (`format=csv`: every figure, one line each).
 */
export async function GET(req: MedusaRequest<unknown, InsightsQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as InsightsQuery
  const to = q.to ?? (q.from ? vietnamDayText(new Date(Math.min(Date.now(), vietnamDayStart(q.from).getTime() + (DEFAULT_DAYS - 1) * DAY_MS))) : vietnamDayText(new Date()))
  const from = q.from ?? vietnamDayText(new Date(vietnamDayStart(to).getTime() - (DEFAULT_DAYS - 1) * DAY_MS))
  if (from > to) throw fieldRefusal(`from (${from}) must not be after to (${to})`, [{ field: "to", problem: "rule", rule: { rule: "range_reversed", from, to } }])
  if ((vietnamDayStart(to).getTime() - vietnamDayStart(from).getTime()) / DAY_MS + 1 > INSIGHTS_MAX_DAYS) {
    const days = (vietnamDayStart(to).getTime() - vietnamDayStart(from).getTime()) / DAY_MS + 1
    throw fieldRefusal(`the range from ${from} to ${to} spans more than ${INSIGHTS_MAX_DAYS} days`, [{ field: "to", problem: "rule", rule: { rule: "range_too_long", days, max: INSIGHTS_MAX_DAYS } }])
  }
  const counts = await ghnModule(req).insightCounts({
    from: vietnamDayStart(from),
    to: new Date(vietnamDayStart(to).getTime() + DAY_MS),
    location_id: q.location_id ?? null,
    group: q.group,
  })
  const insights = insightsOf({ from, to, group: q.group, location_id: q.location_id ?? null }, counts)
  if (q.format === "csv") {
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader("Content-Disposition", `attachment; filename="ghn-insights-${from}-${to}.csv"`)
    res.send(insightsCsv(insights))
    return
  }
  res.json({ insights })
}
