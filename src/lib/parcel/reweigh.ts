/**
 * Re-weighing, learned: GHN weighs and measures every parcel at the hub and bills the chargeable
 * weight. Parcels whose GHN figures differ from what the store sent by `REWEIGH_THRESHOLD` or more
 * point at catalogue measures that are wrong; a parcel of one product variant says which variant,
 * and what GHN measured suggests its measures. Pure: grams and cm in, the catalogue's units out.
 */
import { CM_PER, GRAMS_PER, type DimensionUnit, type WeightUnit } from "./parcel"

/** A difference of 10 % or more is GHN disagreeing, not rounding. */
export const REWEIGH_THRESHOLD = 0.1

/** A parcel as the report reads it: what was sent, what GHN measured, the fee then and now. */
export type ReweighedParcel = {
  order_code: string
  sent_weight: number
  sent_box: [number, number, number] | null
  weight: number | null
  converted_weight: number | null
  box: [number, number, number] | null
  sent_fee: number | null
  total_fee: number
  /** The parcel's one variant and how many units; null for a parcel of several variants. */
  variant_id: string | null
  quantity: number
}

const differs = (ghn: number, sent: number) => sent > 0 && Math.abs(ghn - sent) / sent >= REWEIGH_THRESHOLD
const sorted = (box: [number, number, number]) => [...box].sort((a, b) => b - a) as [number, number, number]

/** Does GHN disagree with what was sent: the weight, the chargeable weight, or a side of the box (sides compared longest to longest)? */
export function disagrees(p: Pick<ReweighedParcel, "sent_weight" | "sent_box" | "weight" | "converted_weight" | "box">): boolean {
  if (p.weight !== null && differs(p.weight, p.sent_weight)) return true
  const chargeable = Math.max(p.weight ?? 0, p.converted_weight ?? 0)
  if (chargeable && differs(chargeable, p.sent_weight)) return true
  if (p.box && p.sent_box) {
    const [a, b] = [sorted(p.box), sorted(p.sent_box)]
    return a.some((side, i) => differs(side, b[i]))
  }
  return false
}

const median = (values: number[]) => {
  if (!values.length) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

export type VariantSuggestion = {
  variant_id: string
  parcels: number
  /** GHN's fee now less the fee when the order was made, summed over the parcels (VND). */
  fee_difference: number
  /** What GHN's figures suggest for one unit, in grams and cm (box only from parcels of one unit). */
  suggested: { weight: number | null; length: number | null; width: number | null; height: number | null }
  order_codes: string[]
}

/**
 * Per variant, the parcels of that variant alone that GHN disagrees with: how many, what they
 * cost in fees, and the unit measures GHN's figures suggest (medians; the weight from every
 * parcel divided by its units, the box from parcels of one unit).
 */
export function variantSuggestions(parcels: ReweighedParcel[]): { variants: VariantSuggestion[]; unattributed: number } {
  const byVariant = new Map<string, ReweighedParcel[]>()
  let unattributed = 0
  for (const p of parcels) {
    if (!disagrees(p)) continue
    if (!p.variant_id || p.quantity < 1) {
      unattributed++
      continue
    }
    byVariant.set(p.variant_id, [...(byVariant.get(p.variant_id) ?? []), p])
  }
  const variants = [...byVariant.entries()].map(([variant_id, list]) => {
    const weights = list.filter((p) => p.weight !== null).map((p) => p.weight! / p.quantity)
    const boxes = list.filter((p) => p.quantity === 1 && p.box).map((p) => sorted(p.box!))
    const side = (i: number) => {
      const m = median(boxes.map((b) => b[i]))
      return m === null ? null : Math.round(m)
    }
    const w = median(weights)
    return {
      variant_id,
      parcels: list.length,
      fee_difference: list.reduce((sum, p) => sum + (p.sent_fee === null ? 0 : p.total_fee - p.sent_fee), 0),
      suggested: { weight: w === null ? null : Math.round(w), length: side(0), width: side(1), height: side(2) },
      order_codes: list.map((p) => p.order_code),
    }
  })
  variants.sort((a, b) => b.fee_difference - a.fee_difference || b.parcels - a.parcels)
  return { variants, unattributed }
}

/** Grams and cm in the catalogue's units (what a variant's fields hold), to 2 decimals where the unit needs them. */
export function inCatalogueUnits(
  measures: { weight: number | null; length: number | null; width: number | null; height: number | null },
  units: { weightUnit: WeightUnit; dimensionUnit: DimensionUnit }
) {
  const round = (v: number) => Math.round(v * 100) / 100
  const side = (cm: number | null) => (cm === null ? null : round(cm / CM_PER[units.dimensionUnit]))
  return {
    weight: measures.weight === null ? null : round(measures.weight / GRAMS_PER[units.weightUnit]),
    length: side(measures.length),
    width: side(measures.width),
    height: side(measures.height),
  }
}
