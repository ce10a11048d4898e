/**
 * The Insights charts, drawn by visx (Airbnb's SVG primitives for React: scales, axes, bars,
 * tooltips; docs/insights.md says why this library) on Medusa UI's colour variables, so they follow
 * the admin's theme and dark mode. Every chart has axes with values, its categories labelled (dates
 * thinned to what fits), a tooltip with the exact figure on hover and on keyboard focus (Tab to the
 * chart, then the arrow keys, Home and End), an accessible name, and a scale no busy day can
 * flatten: the axis stops above the quiet days and a taller column is drawn cut, its figure on it.
 */
import { AxisBottom, AxisLeft } from "@visx/axis"
import { Group } from "@visx/group"
import { useParentSize } from "@visx/responsive"
import { scaleBand, scaleLinear } from "@visx/scale"
import { Bar } from "@visx/shape"
import { TooltipWithBounds } from "@visx/tooltip"
import { Text } from "@medusajs/ui"
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react"
import { thinnedIndexes, valueDomain } from "../lib/chart-scale"
import { shortDay } from "../lib/days"
import { useGhnTranslation } from "../lib/format"

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

/** The axes' and grid's colours (Medusa UI's variables). */
const AXIS = { line: "var(--border-strong)", grid: "var(--border-base)", text: "var(--fg-muted)", strong: "var(--fg-base)", onBar: "var(--bg-base)" }
const FONT = { fontSize: 11, fontFamily: "inherit" }
/** About the width of a character of the axes' 11 px text. */
const CHAR = 6.4

export type ChartSeries = { key: string; label: string; color: string }
export type ChartRow = { label: string; values: Record<string, number> }

const locale = (lng: string) => (lng.startsWith("vi") ? "vi-VN" : "en-US")

/** A figure on an axis: `1,2 Tr` / `1.2M` for large amounts, else as is. */
const compact = (n: number, lng: string) => new Intl.NumberFormat(locale(lng), { notation: "compact", maximumFractionDigits: 1 }).format(n)

/**
 * A chart's keyboard and pointer focus: which item is shown in the tooltip. The chart is one tab
 * stop; the arrow keys (Left/Right, Up/Down), Home and End move through its items.
 */
function useActiveItem(count: number) {
  const [active, setActive] = useState<number | null>(null)
  const onKeyDown = (e: KeyboardEvent) => {
    if (!count) return
    const current = active ?? -1
    const next =
      e.key === "ArrowRight" || e.key === "ArrowDown" ? Math.min(count - 1, current + 1)
      : e.key === "ArrowLeft" || e.key === "ArrowUp" ? Math.max(0, current - 1)
      : e.key === "Home" ? 0
      : e.key === "End" ? count - 1
      : e.key === "Escape" ? null
      : undefined
    if (next === undefined) return
    e.preventDefault()
    setActive(next)
  }
  return { active, setActive, onKeyDown, onFocus: () => setActive((a) => a ?? 0), onBlur: () => setActive(null) }
}

/** The chart's frame: its accessible name, the keyboard hint, the live text of the item shown, and the tooltip. */
function ChartFrame(props: {
  label: string
  testId?: string
  columns: number
  focus: ReturnType<typeof useActiveItem>
  liveText: string | null
  parentRef: (node: HTMLDivElement | null) => void
  tooltip: { left: number; top: number; body: ReactNode } | null
  children: ReactNode
  legend?: ReactNode
}) {
  const { t } = useGhnTranslation()
  const hint = useId()
  return (
    <div className="flex flex-col gap-y-2" data-testid={props.testId} data-columns={props.columns}>
      <div
        ref={props.parentRef}
        role="group"
        tabIndex={0}
        aria-label={props.label}
        aria-describedby={hint}
        onKeyDown={props.focus.onKeyDown}
        onFocus={props.focus.onFocus}
        onBlur={props.focus.onBlur}
        onMouseLeave={() => props.focus.setActive(null)}
        className="focus-visible:shadow-borders-focus relative w-full rounded-md outline-none"
        data-chart
      >
        {props.children}
        {props.tooltip ? (
          <TooltipWithBounds
            left={props.tooltip.left}
            top={props.tooltip.top}
            unstyled
            applyPositionStyle
            className="bg-ui-bg-base text-ui-fg-base shadow-elevation-tooltip txt-compact-xsmall pointer-events-none z-10 rounded-lg px-2.5 py-1.5"
            data-testid="ghn-chart-tooltip"
          >
            {props.tooltip.body}
          </TooltipWithBounds>
        ) : null}
      </div>
      <span id={hint} className="sr-only">
        {t("charts.keyboardHint")}
      </span>
      <span className="sr-only" aria-live="polite">
        {props.liveText ?? ""}
      </span>
      {props.legend}
    </div>
  )
}

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

const TooltipLines = ({ title, lines }: { title: string; lines: { label: string; value: string; color?: string }[] }) => (
  <div className="flex flex-col gap-y-0.5">
    <span className="font-medium">{title}</span>
    {lines.map((l) => (
      <span key={l.label} className="flex items-center gap-x-1.5 tabular-nums" data-testid="ghn-chart-tooltip-line">
        {l.color ? <span aria-hidden className="inline-block h-2 w-2 rounded-sm" style={{ background: l.color }} /> : null}
        {l.label}: {l.value}
      </span>
    ))}
  </div>
)

/**
 * Columns over time or categories: the series stacked in each column (`stacked`), or side by
 * side (`grouped`, to compare two amounts). `days`: the labels are days (YYYY-MM-DD), written
 * short in the admin's language and thinned to what fits; other labels are all written (turned
 * when they do not fit side by side).
 */
export function ColumnChart(props: { rows: ChartRow[]; series: ChartSeries[]; mode?: "stacked" | "grouped"; format?: (n: number) => string; testId?: string; label: string; days?: boolean }) {
  const { rows, series, mode = "stacked" } = props
  const { i18n } = useGhnTranslation()
  const lng = i18n.language
  const format = props.format ?? ((n: number) => new Intl.NumberFormat(locale(lng)).format(n))
  const { parentRef, width } = useParentSize({ debounceTime: 30, initialSize: { width: 0 } })
  const focus = useActiveItem(rows.length)
  const totals = rows.map((r) => (mode === "stacked" ? series.reduce((n, s) => n + (r.values[s.key] ?? 0), 0) : Math.max(0, ...series.map((s) => r.values[s.key] ?? 0))))
  const domain = useMemo(() => valueDomain(totals), [totals.join(",")])
  const labels = rows.map((r) => (props.days ? shortDay(r.label, lng) : r.label))
  const longest = Math.max(1, ...labels.map((l) => l.length)) * CHAR
  const yTicks = scaleLinear({ domain: [0, domain.top], nice: false }).ticks(4)
  const left = Math.max(28, Math.max(...yTicks.map((v) => compact(v, lng).length)) * CHAR + 12)
  const innerWidth = Math.max(0, width - left - 8)
  const slot = rows.length ? innerWidth / rows.length : innerWidth
  const turned = !props.days && longest + 8 > slot
  const bottom = turned ? Math.min(90, longest * 0.75 + 20) : 28
  const top = 18
  const height = 200
  const innerHeight = height - top - bottom
  const x = scaleBand({ domain: rows.map((_, i) => i), range: [0, innerWidth], paddingInner: 0.25, paddingOuter: 0.1 })
  const y = scaleLinear({ domain: [0, domain.top], range: [innerHeight, 0] })
  const inner = mode === "grouped" ? scaleBand({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.1 }) : null
  const kept = new Set(props.days ? thinnedIndexes(rows.length, slot, longest + 10) : rows.map((_, i) => i))
  const h = (v: number) => innerHeight - y(Math.min(v, domain.top))
  const active = focus.active
  const lineOf = (row: ChartRow) => series.map((s) => ({ label: s.label, value: format(row.values[s.key] ?? 0), color: s.color }))
  const tooltip =
    active !== null && rows[active] && width
      ? { left: left + (x(active) ?? 0) + x.bandwidth() / 2, top: top + Math.max(0, y(Math.min(totals[active], domain.top))) - 8, body: <TooltipLines title={labels[active]} lines={lineOf(rows[active])} /> }
      : null
  const liveText = active !== null && rows[active] ? `${labels[active]}: ${lineOf(rows[active]).map((l) => `${l.label} ${l.value}`).join(", ")}` : null

  return (
    <ChartFrame label={props.label} testId={props.testId} columns={rows.length} focus={focus} liveText={liveText} parentRef={parentRef} tooltip={tooltip} legend={<Legend series={series} />}>
      <svg width={width} height={height} role="presentation" data-capped={domain.capped}>
        <Group left={left} top={top}>
          {yTicks.map((v) => (
            <line key={v} x1={0} x2={innerWidth} y1={y(v)} y2={y(v)} stroke={AXIS.grid} strokeDasharray="2 3" />
          ))}
          {rows.map((row, i) => {
            const x0 = x(i) ?? 0
            const total = totals[i]
            const cut = total > domain.top
            let stacked = innerHeight
            return (
              <Group key={i} data-chart-column={i} data-active={active === i || undefined} onMouseEnter={() => focus.setActive(i)}>
                <rect x={x0 - (slot - x.bandwidth()) / 2} y={0} width={slot} height={innerHeight} fill="transparent" />
                {series.map((s) => {
                  const value = row.values[s.key] ?? 0
                  if (!value) return null
                  if (mode === "grouped") {
                    const barHeight = Math.max(1.5, h(value))
                    return <Bar key={s.key} data-chart-bar x={x0 + (inner!(s.key) ?? 0)} y={innerHeight - barHeight} width={inner!.bandwidth()} height={barHeight} style={{ fill: s.color }} opacity={active === null || active === i ? 1 : 0.55} />
                  }
                  // Stacked: each part its share of the column (a cut column keeps its parts' proportions).
                  const barHeight = Math.max(1.5, (value / total) * h(total))
                  stacked -= barHeight
                  return <Bar key={s.key} data-chart-bar x={x0} y={stacked} width={x.bandwidth()} height={barHeight} style={{ fill: s.color }} opacity={active === null || active === i ? 1 : 0.55} />
                })}
                {cut ? (
                  // The cut: a gap across the column near its top, and the figure on it.
                  <rect data-chart-cut x={x0 - 1} y={8} width={x.bandwidth() + 2} height={4} style={{ fill: "var(--bg-base)" }} />
                ) : null}
                {total > 0 && (cut || format(total).length * CHAR <= slot) ? (
                  <text data-chart-figure x={x0 + x.bandwidth() / 2} y={cut ? 24 : Math.max(10, innerHeight - h(total) - 4)} textAnchor="middle" {...FONT} fontSize={10} style={{ fill: cut ? AXIS.onBar : AXIS.strong }} fontWeight={cut ? 600 : 400}>
                    {format(total)}
                  </text>
                ) : null}
              </Group>
            )
          })}
          <AxisLeft
            scale={y}
            tickValues={yTicks}
            tickFormat={(v) => compact(Number(v), lng)}
            stroke={AXIS.line}
            tickStroke={AXIS.line}
            tickLabelProps={{ ...FONT, style: { fill: AXIS.text }, textAnchor: "end", dx: -4, dy: 3 }}
            axisClassName="ghn-chart-y-axis"
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={rows.map((_, i) => i).filter((i) => kept.has(i))}
            tickFormat={(i) => labels[Number(i)] ?? ""}
            stroke={AXIS.line}
            tickStroke={AXIS.line}
            tickLabelProps={turned ? { ...FONT, style: { fill: AXIS.text }, textAnchor: "end", angle: -35, dx: -2, dy: 2 } : { ...FONT, style: { fill: AXIS.text }, textAnchor: "middle" }}
            axisClassName="ghn-chart-x-axis"
          />
        </Group>
      </svg>
    </ChartFrame>
  )
}

/**
 * Horizontal bars, one a row, in the order given (ranked by the caller), every row labelled (a long
 * name cut, whole in its tooltip); `max` is the axis's end (1 for shares), else the largest value;
 * `format` writes the axis's values.
 */
export function BarList(props: { rows: { label: string; value: number; text: string; color?: string }[]; max?: number; format?: (n: number) => string; testId?: string; label: string }) {
  const { rows } = props
  const { i18n } = useGhnTranslation()
  const lng = i18n.language
  const { parentRef, width } = useParentSize({ debounceTime: 30, initialSize: { width: 0 } })
  const focus = useActiveItem(rows.length)
  const format = props.format ?? ((n: number) => compact(n, lng))
  const domain = props.max !== undefined ? { top: props.max, capped: false } : valueDomain(rows.map((r) => r.value))
  const names = rows.map((r) => (r.label.length > 22 ? `${r.label.slice(0, 21)}…` : r.label))
  const left = Math.min(170, Math.max(60, Math.max(...names.map((n) => n.length), 1) * CHAR + 12))
  const right = Math.max(40, Math.max(...rows.map((r) => r.text.length), 1) * CHAR + 10)
  const rowHeight = 26
  const top = 4
  const innerHeight = rows.length * rowHeight
  const height = innerHeight + top + 24
  const innerWidth = Math.max(0, width - left - right)
  const x = scaleLinear({ domain: [0, domain.top], range: [0, innerWidth] })
  const y = scaleBand({ domain: rows.map((_, i) => i), range: [0, innerHeight], padding: 0.3 })
  const ticks = x.ticks(4)
  const active = focus.active
  const tooltip =
    active !== null && rows[active] && width
      ? { left: left + Math.min(innerWidth, x(Math.min(rows[active].value, domain.top))), top: top + (y(active) ?? 0), body: <TooltipLines title={rows[active].label} lines={[{ label: props.label, value: rows[active].text, color: rows[active].color ?? CHART_COLORS.blue }]} /> }
      : null
  const liveText = active !== null && rows[active] ? `${rows[active].label}: ${rows[active].text}` : null

  return (
    <ChartFrame label={props.label} testId={props.testId} columns={rows.length} focus={focus} liveText={liveText} parentRef={parentRef} tooltip={tooltip}>
      <svg width={width} height={height} role="presentation">
        <Group left={left} top={top}>
          {ticks.map((v) => (
            <line key={v} x1={x(v)} x2={x(v)} y1={0} y2={innerHeight} stroke={AXIS.grid} strokeDasharray="2 3" />
          ))}
          {rows.map((row, i) => {
            const cut = row.value > domain.top
            const w = Math.max(row.value > 0 ? 1.5 : 0, x(Math.min(row.value, domain.top)))
            return (
              <Group key={i} data-chart-column={i} data-active={active === i || undefined} onMouseEnter={() => focus.setActive(i)}>
                <rect x={-left} y={(y(i) ?? 0) - (rowHeight - y.bandwidth()) / 2} width={width} height={rowHeight} fill="transparent" />
                {/* A zero draws no bar (its figure says 0), as a column chart draws no empty part. */}
                {w > 0 ? <Bar data-chart-bar x={0} y={y(i) ?? 0} width={w} height={y.bandwidth()} rx={2} style={{ fill: row.color ?? CHART_COLORS.blue }} opacity={active === null || active === i ? 1 : 0.55} /> : null}
                {cut ? <rect data-chart-cut x={w - 12} y={(y(i) ?? 0) - 1} width={4} height={y.bandwidth() + 2} style={{ fill: "var(--bg-base)" }} /> : null}
                <text data-chart-figure x={w + 6} y={(y(i) ?? 0) + y.bandwidth() / 2 + 4} {...FONT} style={{ fill: AXIS.strong }}>
                  {row.text}
                </text>
                <text data-chart-label x={-8} y={(y(i) ?? 0) + y.bandwidth() / 2 + 4} textAnchor="end" {...FONT} style={{ fill: AXIS.text }}>
                  <title>{row.label}</title>
                  {names[i]}
                </text>
              </Group>
            )
          })}
          <AxisLeft scale={y} tickValues={[]} stroke={AXIS.line} hideTicks axisClassName="ghn-chart-y-axis" />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={ticks}
            tickFormat={(v) => format(Number(v))}
            stroke={AXIS.line}
            tickStroke={AXIS.line}
            tickLabelProps={{ ...FONT, style: { fill: AXIS.text }, textAnchor: "middle" }}
            axisClassName="ghn-chart-x-axis"
          />
        </Group>
      </svg>
    </ChartFrame>
  )
}
