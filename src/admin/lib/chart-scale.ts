/**
 * What the Insights charts compute before drawing: a value scale that one busy day cannot flatten,
 * and which categories keep their label. Pure (unit-tested beside it).
 */

/** A value axis's top: `max` when the values are of one size; capped when one or two stand far above the rest. */
export type ValueDomain = { top: number; capped: boolean }

/**
 * The top of a value axis. When the largest value is more than 3 times the 80th percentile of the
 * non-zero values (one busy day among quiet ones), the axis stops at a round value above that
 * percentile: the quiet days keep a readable height, and the few columns above it are drawn cut,
 * with their figure printed on them.
 */
export function valueDomain(values: number[]): ValueDomain {
  const positive = values.filter((v) => v > 0).sort((a, b) => a - b)
  const max = positive.at(-1) ?? 0
  if (positive.length < 4) return { top: niceCeil(max || 1), capped: false }
  const p80 = positive[Math.min(positive.length - 1, Math.floor(positive.length * 0.8))]
  if (max <= 3 * p80) return { top: niceCeil(max), capped: false }
  return { top: niceCeil(p80 * 1.25), capped: true }
}

/** The smallest 1, 2, 2.5 or 5 × 10^n at or above `value`. */
export function niceCeil(value: number): number {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value - 1e-9) return step * power
  return 10 * power
}

/** Every `step`-th label (always the first and the last) when labels `labelWidth` wide do not fit in slots `slotWidth` wide. */
export function thinnedIndexes(count: number, slotWidth: number, labelWidth: number): number[] {
  if (count <= 0) return []
  const step = Math.max(1, Math.ceil(labelWidth / Math.max(1, slotWidth)))
  const kept = new Set<number>()
  for (let i = 0; i < count; i += step) kept.add(i)
  // The last label replaces the one before it when the two would touch.
  const last = count - 1
  if (!kept.has(last)) {
    const before = Math.floor(last / step) * step
    if (last - before < step && before !== 0) kept.delete(before)
    kept.add(last)
  }
  return [...kept].sort((a, b) => a - b)
}
