/**
 * Small charts drawn in SVG and HTML with Medusa UI's colour variables, so they follow the admin's
 * theme and dark mode and add no library to the bundle. Each bar carries its exact figure as a
 * tooltip; the tables under the charts give every figure.
 */
import { Text } from "@medusajs/ui"

/** Medusa UI's tag colours (light and dark themes define each). */
export const CHART_COLORS = {
  green: "var(--tag-green-icon)",
  orange: "var(--tag-orange-icon)",
  red: "var(--tag-red-icon)",
  purple: "var(--tag-purple-icon)",
  blue: "var(--tag-blue-icon)",
  neutral: "var(--tag-neutral-icon)",
  muted: "var(--border-strong)",
} as const

export type ChartSeries = { key: string; label: string; color: string }
export type ChartRow = { label: string; values: Record<string, number> }

const HEIGHT = 160
const SLOT = 24
/** The fewest slots a column chart is drawn over, so one or two columns keep a column's width. */
const MIN_SLOTS = 14

/** The colours' key. */
export const Legend = ({ series }: { series: ChartSeries[] }) => (
  <ul className="flex flex-wrap gap-x-4 gap-y-1">
    {series.map((s) => (
      <li key={s.key} className="flex items-center gap-x-1.5">
        <span aria-hidden className="inline-block h-2 w-2 rounded-sm" style={{ background: s.color }} />
        <Text size="xsmall" className="text-ui-fg-subtle">
          {s.label}
        </Text>
      </li>
    ))}
  </ul>
)

/**
 * Columns over time: the series stacked in each column (`stacked`), or side by side (`grouped`,
 * to compare two amounts). The first and last labels are written under the chart.
 */
export function ColumnChart(props: { rows: ChartRow[]; series: ChartSeries[]; mode?: "stacked" | "grouped"; format?: (n: number) => string; testId?: string; label: string }) {
  const { rows, series, mode = "stacked" } = props
  const format = props.format ?? String
  const heights = rows.map((r) => (mode === "stacked" ? series.reduce((n, s) => n + (r.values[s.key] ?? 0), 0) : Math.max(0, ...series.map((s) => r.values[s.key] ?? 0))))
  const max = Math.max(1, ...heights)
  const width = Math.max(MIN_SLOTS, rows.length) * SLOT
  const barWidth = mode === "stacked" ? SLOT * 0.7 : (SLOT * 0.8) / Math.max(1, series.length)
  return (
    <div className="flex flex-col gap-y-2" data-testid={props.testId} data-columns={rows.length}>
      <svg role="img" aria-label={props.label} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-40 w-full">
        <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="var(--border-base)" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {rows.map((row, i) => {
          let y = HEIGHT
          return series.map((s, k) => {
            const value = row.values[s.key] ?? 0
            const h = (value / max) * (HEIGHT - 4)
            if (!value) return null
            const x = mode === "stacked" ? i * SLOT + (SLOT - barWidth) / 2 : i * SLOT + SLOT * 0.1 + k * barWidth
            const top = mode === "stacked" ? (y -= h) : HEIGHT - h
            return (
              <rect key={`${i}-${s.key}`} data-chart-bar x={x} y={top} width={barWidth} height={h} style={{ fill: s.color }}>
                <title>{`${row.label} · ${s.label}: ${format(value)}`}</title>
              </rect>
            )
          })
        })}
      </svg>
      {rows.length ? (
        <div className="flex justify-between">
          <Text size="xsmall" className="text-ui-fg-muted">
            {rows[0].label}
          </Text>
          {rows.length > 1 ? (
            <Text size="xsmall" className="text-ui-fg-muted">
              {rows[rows.length - 1].label}
            </Text>
          ) : null}
        </div>
      ) : null}
      <Legend series={series} />
    </div>
  )
}

/** Horizontal bars, one a row, in the order given (ranked by the caller); `max` is the full bar. */
export function BarList(props: { rows: { label: string; value: number; text: string; color?: string }[]; max?: number; testId?: string; label: string }) {
  const max = props.max ?? Math.max(1, ...props.rows.map((r) => r.value))
  return (
    <ul className="flex flex-col gap-y-1.5" aria-label={props.label} data-testid={props.testId}>
      {props.rows.map((row, i) => (
        <li key={`${row.label}-${i}`} className="grid grid-cols-[minmax(6rem,10rem)_1fr_auto] items-center gap-x-3">
          <Text size="xsmall" className="text-ui-fg-subtle truncate" title={row.label}>
            {row.label}
          </Text>
          <div className="bg-ui-bg-component h-2.5 overflow-hidden rounded-sm">
            <div data-chart-bar className="h-full rounded-sm" style={{ width: `${Math.max(0, Math.min(1, row.value / max)) * 100}%`, background: row.color ?? CHART_COLORS.blue }} />
          </div>
          <Text size="xsmall" className="text-ui-fg-base tabular-nums">
            {row.text}
          </Text>
        </li>
      ))}
    </ul>
  )
}
