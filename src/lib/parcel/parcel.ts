/**
 * The GHN parcel of a cart or of a fulfilment: weight in grams, sides in centimetres, the
 * service type, and one GHN item per line. Rules from the GHN spec: order sides are derived from
 * the items (length = longest item length, width = widest item, height = sum of item heights; in
 * an item the longest side is its length and the shortest its height); type 2 (light goods) under
 * 20 kg, type 5 (heavy goods) from 20 kg or for several parcels.
 */
import { GHN_LIMITS } from "../ghn/constants"

export const PARCEL_LIMITS = {
  maxWeightGrams: GHN_LIMITS.createOrder.maxWeight,
  maxSideCm: GHN_LIMITS.createOrder.maxSide,
  heavyFromGrams: GHN_LIMITS.createOrder.heavyGoodsWeight,
} as const

export type WeightUnit = "g" | "kg" | "lb" | "oz"
export type DimensionUnit = "cm" | "mm" | "m" | "in"

export const GRAMS_PER: Record<WeightUnit, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 }
export const CM_PER: Record<DimensionUnit, number> = { cm: 1, mm: 0.1, m: 100, in: 2.54 }

export type Measured = {
  weight?: number | null
  length?: number | null
  width?: number | null
  height?: number | null
}

/** The measures a variant or product has in Medusa (fields of both). */
export const MEASURE_KEYS = ["weight", "length", "width", "height"] as const

export type ParcelLine = {
  id?: string
  title?: string | null
  sku?: string | null
  quantity: number
  unit_price?: number | null
  variant?: (Measured & { id?: string; title?: string | null; sku?: string | null }) | null
  product?: (Measured & { id?: string; title?: string | null }) | null
}

export type ParcelSettings = {
  weightUnit: WeightUnit
  dimensionUnit: DimensionUnit
  defaultItemWeight?: number
  defaultItemSize?: { length: number; width: number; height: number }
}

export type GhnParcelItem = {
  name: string
  code?: string
  quantity: number
  price?: number
  weight: number
  length: number
  width: number
  height: number
}

export type GhnParcel = {
  weight: number
  length: number
  width: number
  height: number
  service_type_id: 2 | 5
  items: GhnParcelItem[]
}

export class ParcelError extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly value?: unknown,
    readonly limit?: number
  ) {
    super(message)
    this.name = "ParcelError"
  }
}

const present = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n) && n > 0

function lineName(line: ParcelLine) {
  return line.title || line.variant?.title || line.product?.title || line.variant?.id || "item"
}

/** A unit's weight in the catalogue's unit: the variant's, else its product's; undefined when neither has one. */
export function catalogueWeight(variant?: Measured | null, product?: Measured | null): number | undefined {
  return present(variant?.weight) ? variant!.weight! : present(product?.weight) ? product!.weight! : undefined
}

/** A unit's three sides in the catalogue's unit: the variant's, else its product's (all three from one); undefined when neither has them. */
export function catalogueSides(variant?: Measured | null, product?: Measured | null): [number, number, number] | undefined {
  const pick = (m?: Measured | null): [number, number, number] | undefined =>
    m && present(m.length) && present(m.width) && present(m.height) ? [m.length!, m.width!, m.height!] : undefined
  return pick(variant) ?? pick(product)
}

/** Weight of one unit in grams, from the variant, else the product, else the default. */
function unitWeightGrams(line: ParcelLine, settings: ParcelSettings): number {
  const raw = catalogueWeight(line.variant, line.product) ?? settings.defaultItemWeight
  if (!present(raw)) {
    const who = line.variant?.id ? `variant ${line.variant.id}` : `line item ${line.id ?? lineName(line)}`
    throw new ParcelError(
      `${who} ("${lineName(line)}") has no weight, nor has its product, and no defaultItemWeight is configured: set a weight on the variant or the option defaultItemWeight`,
      "weight",
      raw
    )
  }
  return Math.max(1, Math.ceil(raw * GRAMS_PER[settings.weightUnit]))
}

/** Sides of one unit in cm, ordered longest first (length >= width >= height). */
function unitSidesCm(line: ParcelLine, settings: ParcelSettings): [number, number, number] | undefined {
  const raw =
    catalogueSides(line.variant, line.product) ??
    (settings.defaultItemSize
      ? [settings.defaultItemSize.length, settings.defaultItemSize.width, settings.defaultItemSize.height]
      : undefined)
  if (!raw) return undefined
  const cm = raw.map((side) => Math.max(1, Math.ceil(side * CM_PER[settings.dimensionUnit])))
  cm.sort((a, b) => b - a)
  return cm as [number, number, number]
}

export function buildParcel(lines: ParcelLine[], settings: ParcelSettings): GhnParcel {
  const shippable = lines.filter((line) => line.quantity > 0)
  if (!shippable.length) throw new ParcelError("the parcel has no items to ship", "items", 0)

  let weight = 0
  let length = 0
  let width = 0
  let height = 0
  const items: GhnParcelItem[] = []
  for (const line of shippable) {
    const quantity = Math.ceil(line.quantity)
    const unitWeight = unitWeightGrams(line, settings)
    const sides = unitSidesCm(line, settings) ?? [1, 1, 1]
    for (const side of sides) {
      if (side > PARCEL_LIMITS.maxSideCm) {
        throw new ParcelError(
          `"${lineName(line)}" measures ${side} cm on one side: GHN accepts at most ${PARCEL_LIMITS.maxSideCm} cm per side`,
          "length",
          side,
          PARCEL_LIMITS.maxSideCm
        )
      }
    }
    weight += unitWeight * quantity
    length = Math.max(length, sides[0])
    width = Math.max(width, sides[1])
    height += sides[2] * quantity
    items.push({
      name: lineName(line).slice(0, 512),
      ...(line.variant?.sku || line.sku ? { code: String(line.variant?.sku || line.sku) } : {}),
      quantity,
      ...(present(line.unit_price) ? { price: Math.round(line.unit_price!) } : {}),
      weight: unitWeight,
      length: sides[0],
      width: sides[1],
      height: sides[2],
    })
  }
  if (weight > PARCEL_LIMITS.maxWeightGrams) {
    throw new ParcelError(
      `the parcel weighs ${weight} g: GHN accepts at most ${PARCEL_LIMITS.maxWeightGrams} g (50 kg) per order`,
      "weight",
      weight,
      PARCEL_LIMITS.maxWeightGrams
    )
  }
  const parcels = items.reduce((n, item) => n + item.quantity, 0)
  const service_type_id = weight >= PARCEL_LIMITS.heavyFromGrams ? 5 : 2
  // Light goods travel as one box whose height is the stack of the items; heavy goods are
  // priced per parcel (per item), so only a light box can outgrow the side limit this way.
  if (service_type_id === 2 && height > PARCEL_LIMITS.maxSideCm) {
    throw new ParcelError(
      `the ${parcels} items stack to ${height} cm: GHN accepts at most ${PARCEL_LIMITS.maxSideCm} cm per side; split the fulfilment or ship as heavy goods`,
      "height",
      height,
      PARCEL_LIMITS.maxSideCm
    )
  }
  return { weight, length, width, height: Math.min(height, PARCEL_LIMITS.maxSideCm), service_type_id, items }
}

/**
 * The items as GHN reads them for a service type. The spec: "each item of a heavy-goods order is
 * one parcel", and the order's height is the sum of the items' heights. So heavy goods (5) go as
 * one item per unit (a line of 3 boxes is 3 parcels); light goods (2) keep one item per line
 * (only the order's box is priced).
 */
export function ghnItems(parcel: GhnParcel, serviceTypeId: 2 | 5): GhnParcelItem[] {
  if (serviceTypeId !== 5) return parcel.items
  return parcel.items.flatMap((item) => Array.from({ length: item.quantity }, () => ({ ...item, quantity: 1 })))
}

/**
 * Checks that a parcel may travel with the service type of a shipping option: light goods (2)
 * only under 20 kg; heavy goods (5) from 20 kg or for several parcels.
 */
export function assertServiceType(parcel: GhnParcel, serviceTypeId: 2 | 5): void {
  const parcels = parcel.items.reduce((n, item) => n + item.quantity, 0)
  if (serviceTypeId === 2 && parcel.weight >= PARCEL_LIMITS.heavyFromGrams) {
    throw new ParcelError(
      `the parcel weighs ${parcel.weight} g: GHN light goods (service type 2) carry less than ${PARCEL_LIMITS.heavyFromGrams} g; choose GHN heavy goods`,
      "service_type_id",
      2,
      PARCEL_LIMITS.heavyFromGrams
    )
  }
  if (serviceTypeId === 5 && parcel.weight < PARCEL_LIMITS.heavyFromGrams && parcels < 2) {
    throw new ParcelError(
      `a single parcel of ${parcel.weight} g is light goods: GHN heavy goods (service type 5) need ${PARCEL_LIMITS.heavyFromGrams} g or more, or several parcels`,
      "service_type_id",
      5,
      PARCEL_LIMITS.heavyFromGrams
    )
  }
}

/**
 * The service type a parcel travels with: the one chosen (the shipping option's) when the parcel
 * fits it, else the parcel's own (a partial fulfilment of a heavy-goods order can be light goods;
 * an exchange's method data names none). The one rule for every Create Order: heavy goods only at
 * 20 kg or more, or for several parcels.
 */
export function serviceTypeFor(parcel: GhnParcel, chosen?: 2 | 5): 2 | 5 {
  if (chosen === undefined) return parcel.service_type_id
  try {
    assertServiceType(parcel, chosen)
    return chosen
  } catch (error) {
    if (error instanceof ParcelError) return parcel.service_type_id
    throw error
  }
}
