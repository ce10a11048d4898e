import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, Label, Select, Table, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { vietnamDayStart, vietnamDayText } from "../../lib/ghn/dates"
import { LATENESS, OUTCOMES, periodsOf, type InsightGroup, type Insights } from "../../lib/insights/insights"
import { errorText } from "../lib/api"
import { backendHref, sdk, languageHeaders } from "../lib/sdk"
import { useGhnTranslation, vnd } from "../lib/format"
import { BarList, CHART_COLORS, ColumnChart, type ChartSeries } from "./charts"
import { DayField } from "./day-field"
import { ALL_LOCATIONS, EmptyState, ErrorState, Fact, LoadingRows, SectionHeader, StockLocationSelect } from "./common"

const OUTCOME_COLORS: Record<(typeof OUTCOMES)[number], string> = {
  delivered: CHART_COLORS.green,
  returned: CHART_COLORS.orange,
  refused: CHART_COLORS.red,
  failed_attempt: CHART_COLORS.purple,
  cancelled: CHART_COLORS.neutral,
  lost_damaged: CHART_COLORS.blue,
  in_progress: CHART_COLORS.muted,
}
const LATENESS_COLORS: Record<(typeof LATENESS)[number], string> = { on_time: CHART_COLORS.green, late_1: CHART_COLORS.orange, late_2_plus: CHART_COLORS.red }

type Filters = { from: string; to: string; location_id: string; group: InsightGroup }

const queryOf = (f: Filters) => ({ from: f.from, to: f.to, group: f.group, ...(f.location_id !== ALL_LOCATIONS ? { location_id: f.location_id } : {}) })

const useInsights = (f: Filters) =>
  useQuery({
    queryKey: ["ghn", "insights", queryOf(f)],
    queryFn: () => sdk.client.fetch<{ insights: Insights }>("/admin/ghn/insights", { query: queryOf(f), headers: languageHeaders() }),
    placeholderData: keepPreviousData,
  })

/** An amount on an axis: `1,2 Tr ₫`. */
const compactVnd = (n: number, lng: string) => new Intl.NumberFormat(lng.startsWith("vi") ? "vi-VN" : "en-US", { style: "currency", currency: "VND", notation: "compact", maximumFractionDigits: 1 }).format(n)

const percent = (rate: number | null, lng: string) =>
  rate === null ? "—" : new Intl.NumberFormat(lng.startsWith("vi") ? "vi-VN" : "en-US", { style: "percent", maximumFractionDigits: 1 }).format(rate)

/** One chart and the table of its exact figures. */
const Panel = ({ title, subtitle, testId, children }: { title: string; subtitle?: string; testId: string; children: ReactNode }) => (
  <Container className="flex flex-col gap-y-4 p-0 pb-4" data-testid={testId}>
    <SectionHeader title={title} subtitle={subtitle} />
    <div className="flex flex-col gap-y-4 px-6">{children}</div>
  </Container>
)

/** A table of figures: a header row and rows of cells (the first one the row's name). */
const Figures = ({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId: string }) => (
  <Table data-testid={testId}>
    <Table.Header>
      <Table.Row>
        {head.map((h, i) => (
          <Table.HeaderCell key={h} className={i ? "text-right" : undefined}>
            {h}
          </Table.HeaderCell>
        ))}
      </Table.Row>
    </Table.Header>
    <Table.Body>
      {rows.map((cells, r) => (
        <Table.Row key={r}>
          {cells.map((c, i) => (
            <Table.Cell key={i} className={i ? "text-right tabular-nums" : undefined}>
              {c}
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </Table.Body>
  </Table>
)

/**
 * The GHN page's Insights tab: for the parcels created in a range of Vietnamese days, from one
 * stock location or all, their outcomes per day or week, the first-attempt and provinces' rates,
 * GHN's failure reasons, punctuality, COD held by GHN and fee gaps; a table of exact figures under
 * each chart and every figure as CSV.
 */
export function InsightsReport() {
  const { t, i18n } = useGhnTranslation()
  const lng = i18n.language
  const today = vietnamDayText(new Date())
  const [filters, setFilters] = useState<Filters>({ from: vietnamDayText(new Date(vietnamDayStart(today).getTime() - 29 * 86_400_000)), to: today, location_id: ALL_LOCATIONS, group: "day" })
  const query = useInsights(filters)
  const i = query.data?.insights
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }))
  const csvHref = backendHref(`/admin/ghn/insights?${new URLSearchParams({ ...queryOf(filters), format: "csv" })}`)
  const province = (p: string | null) => p ?? t("insights.unknownProvince")
  const outcomeSeries: ChartSeries[] = OUTCOMES.map((o) => ({ key: o, label: t(`insights.outcome.${o}`), color: OUTCOME_COLORS[o] }))
  const latenessSeries: ChartSeries[] = LATENESS.map((l) => ({ key: l, label: t(`insights.lateness.${l}`), color: LATENESS_COLORS[l] }))
  const money = (n: number) => vnd(n, lng)

  return (
    <div className="flex flex-col gap-y-3" data-testid="ghn-insights">
      <Container className="flex flex-col gap-y-3 p-0">
        <SectionHeader
          title={t("insights.title")}
          subtitle={t("insights.subtitle")}
          actions={
            <Button size="small" variant="secondary" asChild>
              <a href={csvHref} download data-testid="ghn-insights-csv">
                <ArrowDownTray />
                {t("insights.exportCsv")}
              </a>
            </Button>
          }
        />
        <div className="flex flex-wrap items-end gap-3 px-6 pb-4">
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall" htmlFor="ghn-insights-from">
              {t("insights.from")}
            </Label>
            <DayField id="ghn-insights-from" label={t("insights.from")} value={filters.from} max={filters.to} onChange={(from) => from && set({ from })} testId="ghn-insights-from" />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall" htmlFor="ghn-insights-to">
              {t("insights.to")}
            </Label>
            <DayField id="ghn-insights-to" label={t("insights.to")} value={filters.to} min={filters.from} onChange={(to) => to && set({ to })} testId="ghn-insights-to" />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall">{t("insights.location")}</Label>
            <StockLocationSelect value={filters.location_id} onChange={(location_id) => set({ location_id })} allLabel={t("insights.allLocations")} testId="ghn-insights-location" />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall">{t("insights.group")}</Label>
            <Select size="small" value={filters.group} onValueChange={(group) => set({ group: group as InsightGroup })}>
              <Select.Trigger data-testid="ghn-insights-group">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="day">{t("insights.byDay")}</Select.Item>
                <Select.Item value="week">{t("insights.byWeek")}</Select.Item>
              </Select.Content>
            </Select>
          </div>
        </div>
        {query.isError ? <ErrorState message={errorText(query.error)} onRetry={() => query.refetch()} /> : null}
        {query.isLoading ? <LoadingRows /> : null}
      </Container>

      {i && !i.outcomes.totals.parcels ? (
        <Container className="p-0">
          <EmptyState title={t("insights.emptyTitle")} description={t("insights.emptyDescription")} />
        </Container>
      ) : null}

      {i && i.outcomes.totals.parcels ? (
        <>
          <Panel title={t("insights.outcomes.title")} subtitle={t("insights.outcomes.subtitle", { count: i.outcomes.totals.parcels })} testId="ghn-insights-outcomes">
            <ColumnChart
              label={t("insights.outcomes.title")}
              // Every day (or week) of the range, so the columns stand on a time axis, empty days included.
              rows={periodsOf(i.range).map((period) => {
                const { period: _, ...values } = i.outcomes.series.find((r) => r.period === period) ?? { period }
                return { label: period, values }
              })}
              series={outcomeSeries}
              days
              testId="ghn-insights-outcomes-chart"
            />
            <Figures
              testId="ghn-insights-outcomes-table"
              head={[t(filters.group === "week" ? "insights.week" : "insights.day"), ...outcomeSeries.map((s) => s.label)]}
              rows={[
                ...i.outcomes.series.map((row) => [row.period, ...OUTCOMES.map((o) => row[o])]),
                [t("insights.total"), ...OUTCOMES.map((o) => i.outcomes.totals[o])],
              ]}
            />
          </Panel>

          <Panel title={t("insights.provinces.title")} subtitle={t("insights.provinces.subtitle")} testId="ghn-insights-provinces">
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              <Fact label={t("insights.firstAttempt")} testId="ghn-insights-first-attempt">
                <span className="text-ui-fg-base text-xl font-medium">{percent(i.first_attempt.rate, lng)}</span>{" "}
                {t("insights.firstAttemptOf", { delivered: i.first_attempt.delivered_first_attempt, count: i.first_attempt.tried })}
              </Fact>
            </div>
            <BarList
              label={t("insights.provinces.title")}
              testId="ghn-insights-provinces-chart"
              max={1}
              format={(n) => percent(n, lng)}
              rows={i.provinces.map((p) => ({ label: province(p.province), value: p.success_rate ?? 0, text: percent(p.success_rate, lng), color: CHART_COLORS.green }))}
            />
            <Figures
              testId="ghn-insights-provinces-table"
              head={[t("insights.province"), t("insights.parcels"), t("insights.ended"), t("insights.successRate"), t("insights.returnRate")]}
              rows={i.provinces.map((p) => [province(p.province), p.parcels, p.ended, percent(p.success_rate, lng), percent(p.return_rate, lng)])}
            />
          </Panel>

          <Panel title={t("insights.reasons.title")} subtitle={t("insights.reasons.subtitle")} testId="ghn-insights-reasons">
            {i.failure_reasons.length ? (
              <>
                <BarList
                  label={t("insights.reasons.title")}
                  testId="ghn-insights-reasons-chart"
                  rows={i.failure_reasons.map((r) => ({ label: r.reason || r.reason_code || t("insights.noReason"), value: r.count, text: String(r.count), color: CHART_COLORS.purple }))}
                />
                <Figures
                  testId="ghn-insights-reasons-table"
                  head={[t("insights.reason"), t("insights.reasonCode"), t("insights.attempts")]}
                  rows={i.failure_reasons.map((r) => [r.reason || t("insights.noReason"), r.reason_code ?? "—", r.count])}
                />
              </>
            ) : (
              <Text size="small" className="text-ui-fg-subtle">
                {t("insights.reasons.none")}
              </Text>
            )}
          </Panel>

          <Panel title={t("insights.punctuality.title")} subtitle={t("insights.punctuality.subtitle", { count: i.punctuality.totals.no_promise })} testId="ghn-insights-punctuality">
            <ColumnChart
              label={t("insights.punctuality.title")}
              rows={i.punctuality.provinces.map(({ province: p, ...values }) => ({ label: province(p), values }))}
              series={latenessSeries}
              testId="ghn-insights-punctuality-chart"
            />
            <Figures
              testId="ghn-insights-punctuality-table"
              head={[t("insights.province"), ...latenessSeries.map((s) => s.label)]}
              rows={[
                ...i.punctuality.provinces.map((p) => [province(p.province), ...LATENESS.map((l) => p[l])]),
                [t("insights.total"), ...LATENESS.map((l) => i.punctuality.totals[l])],
              ]}
            />
          </Panel>

          <Panel title={t("insights.cod.title")} subtitle={t("insights.cod.subtitle")} testId="ghn-insights-cod">
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              <Fact label={t("insights.cod.collected")} testId="ghn-insights-cod-collected">
                {money(i.cod.collected.amount)} · {t("insights.parcelCount", { count: i.cod.collected.parcels })}
              </Fact>
              <Fact label={t("insights.cod.transferred")} testId="ghn-insights-cod-transferred">
                {money(i.cod.transferred.amount)} · {t("insights.parcelCount", { count: i.cod.transferred.parcels })}
              </Fact>
              <Fact label={t("insights.cod.awaiting")} testId="ghn-insights-cod-awaiting">
                {money(i.cod.awaiting.amount)} · {t("insights.parcelCount", { count: i.cod.awaiting.parcels })}
              </Fact>
            </div>
            <BarList
              label={t("insights.cod.byAge")}
              format={(n) => compactVnd(n, lng)}
              testId="ghn-insights-cod-chart"
              rows={i.cod.awaiting_by_age.map((a, k) => ({
                label: t("insights.cod.age", { age: a.age }),
                value: a.amount,
                text: money(a.amount),
                color: [CHART_COLORS.green, CHART_COLORS.blue, CHART_COLORS.orange, CHART_COLORS.red][k],
              }))}
            />
            <Figures
              testId="ghn-insights-cod-table"
              head={[t("insights.cod.byAge"), t("insights.parcels"), t("insights.amount")]}
              rows={i.cod.awaiting_by_age.map((a) => [t("insights.cod.age", { age: a.age }), a.parcels, money(a.amount)])}
            />
          </Panel>

          <Panel title={t("insights.fees.title")} subtitle={t("insights.fees.subtitle")} testId="ghn-insights-fees">
            <ColumnChart
              label={t("insights.fees.title")}
              mode="grouped"
              days
              format={money}
              rows={i.fees.weeks.map((w) => ({ label: w.week, values: { quoted: w.quoted, billed: w.billed } }))}
              series={[
                { key: "quoted", label: t("insights.fees.quoted"), color: CHART_COLORS.blue },
                { key: "billed", label: t("insights.fees.billed"), color: CHART_COLORS.orange },
              ]}
              testId="ghn-insights-fees-chart"
            />
            <Figures
              testId="ghn-insights-fees-table"
              head={[t("insights.week"), t("insights.parcels"), t("insights.fees.quoted"), t("insights.fees.billed"), t("insights.fees.difference"), t("insights.fees.reweigh"), t("insights.fees.returns")]}
              rows={[
                ...i.fees.weeks.map((w) => [w.week, w.parcels, money(w.quoted), money(w.billed), money(w.difference), money(w.reweigh_surcharge), money(w.return_fees)]),
                [t("insights.total"), i.fees.totals.parcels, money(i.fees.totals.quoted), money(i.fees.totals.billed), money(i.fees.totals.difference), money(i.fees.totals.reweigh_surcharge), money(i.fees.totals.return_fees)],
              ]}
            />
          </Panel>
        </>
      ) : null}
    </div>
  )
}
