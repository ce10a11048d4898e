/**
 * The admin's Insights: what the store's GHN parcels say about delivery, punctuality, cash on
 * delivery and fees, for the parcels created in a date range (Vietnamese calendar days) from one
 * stock location or all. PostgreSQL counts (the module's service, on indexes); this file turns its
 * counts into the figures the tab draws and the CSV writes, so both say the same.
 */
import { csvOf } from "../format/csv"
import { isFinalStatus, medusaEffectOf } from "../status/status"

export const INSIGHT_GROUPS = ["day", "week"] as const
export type InsightGroup = (typeof INSIGHT_GROUPS)[number]

/** How a parcel ended, or where it stands: one of these per parcel. */
export const OUTCOMES = ["delivered", "returned", "refused", "failed_attempt", "cancelled", "lost_damaged", "in_progress"] as const
export type Outcome = (typeof OUTCOMES)[number]

/**
 * A shipment's outcome from its GHN status (src/lib/status/status.ts): delivered; cancelled; lost or
 * damaged; on its way back or back, refused (GHN gave a refusal reason on a failed delivery,
 * src/lib/cod/receiver-risk.ts) or returned; still out with a failed attempt; or in progress.
 */
export function outcomeOf(status: string, shipment: { failed_attempts: number; refused: boolean }): Outcome {
  const effect = medusaEffectOf(status)
  if (effect === "delivered") return "delivered"
  if (effect === "canceled") return "cancelled"
  if (effect === "exception" && status !== "exception") {
    if (isFinalStatus(status) && status !== "returned") return "lost_damaged"
    return shipment.refused ? "refused" : "returned"
  }
  return shipment.failed_attempts > 0 || status === "delivery_fail" ? "failed_attempt" : "in_progress"
}

const DAY_MS = 86_400_000
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)
/** The Monday of a calendar day's ISO week, as the service groups weeks. */
const mondayOf = (n: number) => n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7)

/** Every period of a range (`YYYY-MM-DD` days, both included), in order: each day, or the Monday of each week it touches. The charts' time axis. */
export function periodsOf(range: { from: string; to: string; group: InsightGroup }): string[] {
  const out: string[] = []
  const last = dayNumber(range.to)
  const step = range.group === "week" ? 7 : 1
  for (let n = range.group === "week" ? mondayOf(dayNumber(range.from)) : dayNumber(range.from); n <= last; n += step) out.push(dayText(n))
  return out
}

/** Outcomes of a parcel that has ended: what the province's rates count. */
const ENDED: Outcome[] = ["delivered", "returned", "refused", "lost_damaged"]
/** Outcomes of a parcel GHN tried to hand over: what the first-attempt rate counts. */
const TRIED: Outcome[] = ["delivered", "returned", "refused", "failed_attempt"]

/** Days late: a delivery on or before the promised day is on time. */
export const LATENESS = ["on_time", "late_1", "late_2_plus"] as const
export type Lateness = (typeof LATENESS)[number]
export const latenessOf = (daysLate: number): Lateness => (daysLate <= 0 ? "on_time" : daysLate === 1 ? "late_1" : "late_2_plus")

/** The ages (days since GHN collected) of the COD awaiting transfer. */
export const COD_AGES = [
  { key: "0-3", max: 3 },
  { key: "4-7", max: 7 },
  { key: "8-14", max: 14 },
  { key: "15+", max: Infinity },
] as const
export const codAgeOf = (days: number) => COD_AGES.find((a) => Math.max(0, days) <= a.max)!.key

/** GHN's fee parts a return adds to the outbound parcel's bill (the spec's Order fee names). */
export const RETURN_FEE_PARTS = ["return", "r2s", "return_again"] as const

/** A rate to four decimals (0.8333), null when nothing is counted. */
export const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null)

/** What the service counts: parcels grouped by these, in the range and location asked. */
export type ParcelGroupCount = {
  period: string
  province: string | null
  status: string
  failed_attempts: number
  refused: boolean
  /** Delivered day less the promised day (Vietnamese days), null when not delivered or nothing was promised. */
  days_late: number | null
  parcels: number
}
export type ReasonCount = { reason_code: string | null; reason: string | null; count: number }
export type CodCounts = {
  collected: { parcels: number; amount: number }
  transferred: { parcels: number; amount: number }
  /** COD GHN holds now (collected, not transferred), by whole days since collection. */
  awaiting: { age_days: number; parcels: number; amount: number }[]
}
export type FeeWeekCount = { week: string; parcels: number; quoted: number; billed: number; reweigh_surcharge: number; return_fees: number }
export type InsightCounts = { groups: ParcelGroupCount[]; reasons: ReasonCount[]; cod: CodCounts; fees: FeeWeekCount[] }

export type Insights = {
  range: { from: string; to: string; group: InsightGroup; location_id: string | null }
  outcomes: { series: ({ period: string } & Record<Outcome, number>)[]; totals: Record<Outcome, number> & { parcels: number } }
  first_attempt: { delivered_first_attempt: number; tried: number; rate: number | null }
  provinces: { province: string | null; parcels: number; ended: number; delivered: number; returned: number; success_rate: number | null; return_rate: number | null }[]
  failure_reasons: ReasonCount[]
  punctuality: {
    totals: Record<Lateness, number> & { no_promise: number }
    provinces: ({ province: string | null } & Record<Lateness, number>)[]
  }
  cod: {
    collected: { parcels: number; amount: number }
    transferred: { parcels: number; amount: number }
    awaiting: { parcels: number; amount: number }
    awaiting_by_age: { age: (typeof COD_AGES)[number]["key"]; parcels: number; amount: number }[]
  }
  fees: { weeks: (FeeWeekCount & { difference: number })[]; totals: Omit<FeeWeekCount, "week"> & { difference: number } }
}

const zeroOutcomes = () => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>
const zeroLateness = () => Object.fromEntries(LATENESS.map((l) => [l, 0])) as Record<Lateness, number>

/** The figures of the tab from the service's counts. */
export function insightsOf(range: Insights["range"], counts: InsightCounts): Insights {
  const series = new Map<string, Record<Outcome, number>>()
  const totals = { ...zeroOutcomes(), parcels: 0 }
  const provinces = new Map<string | null, Record<Outcome, number>>()
  const punctuality = { ...zeroLateness(), no_promise: 0 }
  const latenessByProvince = new Map<string | null, Record<Lateness, number>>()
  let firstAttempt = 0
  for (const g of counts.groups) {
    const outcome = outcomeOf(g.status, g)
    const period = series.get(g.period) ?? zeroOutcomes()
    period[outcome] += g.parcels
    series.set(g.period, period)
    totals[outcome] += g.parcels
    totals.parcels += g.parcels
    const province = provinces.get(g.province) ?? zeroOutcomes()
    province[outcome] += g.parcels
    provinces.set(g.province, province)
    if (outcome === "delivered") {
      if (g.failed_attempts === 0) firstAttempt += g.parcels
      if (g.days_late === null) punctuality.no_promise += g.parcels
      else {
        const late = latenessOf(g.days_late)
        punctuality[late] += g.parcels
        const row = latenessByProvince.get(g.province) ?? zeroLateness()
        row[late] += g.parcels
        latenessByProvince.set(g.province, row)
      }
    }
  }
  const tried = TRIED.reduce((n, o) => n + totals[o], 0)
  const provinceRows = [...provinces.entries()]
    .map(([province, o]) => {
      const ended = ENDED.reduce((n, k) => n + o[k], 0)
      const returned = o.returned + o.refused
      const parcels = OUTCOMES.reduce((n, k) => n + o[k], 0)
      return { province, parcels, ended, delivered: o.delivered, returned, success_rate: rate(o.delivered, ended), return_rate: rate(returned, ended) }
    })
    // Ranked: the best delivered first; provinces with nothing ended yet last; then by volume.
    .sort((a, b) => (b.success_rate ?? -1) - (a.success_rate ?? -1) || b.ended - a.ended || (a.province ?? "").localeCompare(b.province ?? ""))
  const awaitingByAge = COD_AGES.map((a) => ({ age: a.key, parcels: 0, amount: 0 }))
  for (const row of counts.cod.awaiting) {
    const bucket = awaitingByAge.find((b) => b.age === codAgeOf(row.age_days))!
    bucket.parcels += row.parcels
    bucket.amount += row.amount
  }
  const weeks = counts.fees.map((w) => ({ ...w, difference: w.billed - w.quoted }))
  const sum = (key: keyof Omit<(typeof weeks)[number], "week">) => weeks.reduce((n, w) => n + w[key], 0)
  return {
    range,
    outcomes: { series: [...series.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([period, o]) => ({ period, ...o })), totals },
    first_attempt: { delivered_first_attempt: firstAttempt, tried, rate: rate(firstAttempt, tried) },
    provinces: provinceRows,
    failure_reasons: [...counts.reasons].sort((a, b) => b.count - a.count || (a.reason_code ?? "").localeCompare(b.reason_code ?? "")),
    punctuality: {
      totals: punctuality,
      provinces: [...latenessByProvince.entries()]
        .map(([province, l]) => ({ province, ...l }))
        .sort((a, b) => b.late_2_plus + b.late_1 - (a.late_2_plus + a.late_1) || (a.province ?? "").localeCompare(b.province ?? "")),
    },
    cod: {
      collected: counts.cod.collected,
      transferred: counts.cod.transferred,
      awaiting: { parcels: awaitingByAge.reduce((n, b) => n + b.parcels, 0), amount: awaitingByAge.reduce((n, b) => n + b.amount, 0) },
      awaiting_by_age: awaitingByAge,
    },
    fees: {
      weeks,
      totals: { parcels: sum("parcels"), quoted: sum("quoted"), billed: sum("billed"), reweigh_surcharge: sum("reweigh_surcharge"), return_fees: sum("return_fees"), difference: sum("difference") },
    },
  }
}

/** One figure of the tab, as the CSV writes it: the chart, the row (a period, province, reason or age), the measure, the value. */
export type InsightCsvRow = { chart: string; group: string; measure: string; value: number | string | null }
export const INSIGHT_CSV_COLUMNS: (keyof InsightCsvRow)[] = ["chart", "group", "measure", "value"]

/** Every figure the tab shows, one line each: the CSV is the tables under the charts. */
export function insightRows(i: Insights): InsightCsvRow[] {
  const rows: InsightCsvRow[] = []
  const add = (chart: string, group: string | null, values: Record<string, number | string | null>) => {
    for (const [measure, value] of Object.entries(values)) rows.push({ chart, group: group ?? "", measure, value })
  }
  for (const { period, ...o } of i.outcomes.series) add("outcomes", period, o)
  add("outcomes", "total", i.outcomes.totals)
  add("first_attempt", "total", i.first_attempt)
  for (const { province, ...p } of i.provinces) add("provinces", province, p)
  for (const r of i.failure_reasons) add("failure_reasons", r.reason_code, { reason: r.reason, count: r.count })
  add("punctuality", "total", i.punctuality.totals)
  for (const { province, ...l } of i.punctuality.provinces) add("punctuality", province, l)
  add("cod", "collected", i.cod.collected)
  add("cod", "transferred", i.cod.transferred)
  add("cod", "awaiting", i.cod.awaiting)
  for (const { age, ...a } of i.cod.awaiting_by_age) add("cod_awaiting_age", age, a)
  for (const { week, ...w } of i.fees.weeks) add("fees", week, w)
  add("fees", "total", i.fees.totals)
  return rows
}

export function insightsCsv(i: Insights): string {
  return csvOf(INSIGHT_CSV_COLUMNS, insightRows(i))
}
