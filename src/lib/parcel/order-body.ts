import { foldVietnamese } from "../address/address"
import type { ResolvedAddress } from "../address/address-resolver"
import { normalizeVnPhone } from "../address/phone"
import { ghnItems, type GhnParcel, type Measured, type ParcelLine } from "./parcel"

/** A party of a GHN order: who, how to call them, the street part and the resolved units. */
export type GhnParty = { name: string; phone?: string | null; street: string; address: ResolvedAddress }

export type CreateOrderInput = {
  client_order_code: string
  service_type_id: 2 | 5
  payment_type_id: 1 | 2
  required_note: "KHONGCHOXEMHANG" | "CHOXEMHANGKHONGTHU" | "CHOTHUHANG"
  note?: string
  to: GhnParty
  /** Omitted: GHN takes the sender from the shop's profile. */
  from?: GhnParty
  /** Omitted: GHN returns undeliverable parcels to the sender. */
  return?: GhnParty
  parcel: GhnParcel
  cod_amount: number
  insurance_value: number
  order_value: number
  pick_shift?: number
}

/** Vietnamese order: family name first. */
export function personName(address: { first_name?: string | null; last_name?: string | null; company?: string | null }) {
  return [address.last_name, address.first_name].filter(Boolean).join(" ").trim() || address.company || ""
}

export function streetOf(address: { address_1?: string | null; address_2?: string | null }) {
  return [address.address_1, address.address_2].filter(Boolean).join(", ")
}

type PartyAddress = { first_name?: string | null; last_name?: string | null; company?: string | null; phone?: string | null; address_1?: string | null; address_2?: string | null }

/** A party from a Medusa address and its resolved GHN units: the person it names, or `name` (a stock location's). */
export function partyOf(address: PartyAddress, resolved: ResolvedAddress, name = personName(address)): GhnParty {
  // The phone by the one phone rule (GHN gets `0901234567` however it was written); one the rule does not read goes as written.
  return { name, phone: normalizeVnPhone(address.phone) ?? address.phone ?? undefined, street: streetOf(address), address: resolved }
}

/** An order's (or cart's) line item as the parcel reads it: names, price, variant and product measures. */
export type OrderItemLike = {
  id: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  unit_price?: unknown
  variant_id?: string | null
  variant?: (Measured & { id?: string; sku?: string | null; title?: string | null; product?: Measured | null }) | null
  product?: Measured | null
}

/**
 * Parcel lines from what ships (fulfilment items, or cart items as `{ line_item_id: id }`) and
 * the order's or cart's line items, which carry names, prices, and variant and product measures.
 */
export function linesFromOrderItems(
  items: { line_item_id?: string; quantity: unknown; title?: string; sku?: string }[],
  orderItems: OrderItemLike[]
): ParcelLine[] {
  const byId = new Map(orderItems.map((i) => [i.id, i]))
  return items.map((item) => {
    const orderItem: Partial<OrderItemLike> = (item.line_item_id && byId.get(item.line_item_id)) || {}
    const title = orderItem.product_title
      ? `${orderItem.product_title}${orderItem.variant_title ? ` - ${orderItem.variant_title}` : ""}`
      : item.title ?? orderItem.title
    return {
      id: item.line_item_id,
      title,
      sku: item.sku || orderItem.variant_sku,
      quantity: Number(item.quantity),
      unit_price: Number(orderItem.unit_price ?? 0),
      variant: { ...(orderItem.variant ?? {}), id: orderItem.variant_id ?? orderItem.variant?.id ?? undefined },
      product: { ...(orderItem.variant?.product ?? {}), ...(orderItem.product ?? {}) },
    }
  })
}

/** What the items are worth in VND (Medusa amounts are in the currency's main unit). */
export function linesValue(lines: ParcelLine[]) {
  return Math.round(lines.reduce((sum, line) => sum + Number(line.unit_price ?? 0) * line.quantity, 0))
}

/** Street, then the units the street does not already name ("12 Lê Lợi, Phường Bến Nghé" + district, province). */
function fullAddress(street: string, a: ResolvedAddress) {
  const folded = foldVietnamese(street)
  const units = [a.ward_name, a.district_name, a.province_name].filter((unit) => unit && !folded.includes(foldVietnamese(unit)))
  return [street, ...units].filter(Boolean).join(", ").slice(0, 1024)
}

function partyBlock(prefix: "to" | "from" | "return", party: GhnParty) {
  const a = party.address
  const isNew = a.model === "new"
  return {
    [`${prefix}_name`]: party.name.slice(0, 1024),
    ...(party.phone ? { [`${prefix}_phone`]: party.phone } : {}),
    [`${prefix}_address`]: fullAddress(party.street, a),
    [`${prefix}_ward_name`]: a.ward_name,
    [`${prefix}_district_name`]: isNew ? "" : a.district_name,
    [`${prefix}_province_name`]: a.province_name,
    [`is_new_${prefix}_address`]: isNew,
    // The spec's Create Order takes names only (the resolved units' GHN names, never ids).
  }
}

/** The Create Order body of the GHN spec for a parcel travelling between two parties. */
export function createOrderBody(input: CreateOrderInput) {
  const { parcel } = input
  return {
    client_order_code: input.client_order_code,
    service_type_id: input.service_type_id,
    payment_type_id: input.payment_type_id,
    required_note: input.required_note,
    ...(input.note ? { note: input.note.slice(0, 5000) } : {}),
    ...partyBlock("to", input.to),
    ...(input.from ? partyBlock("from", input.from) : {}),
    ...(input.return ? partyBlock("return", input.return) : {}),
    weight: parcel.weight,
    length: parcel.length,
    width: parcel.width,
    height: parcel.height,
    items: ghnItems(parcel, input.service_type_id),
    content: parcel.items.map((i) => `${i.quantity} x ${i.name}`).join(", ").slice(0, 2000),
    cod_amount: input.cod_amount,
    insurance_value: input.insurance_value,
    order_value: input.order_value,
    ...(input.pick_shift ? { pick_shift: [input.pick_shift] } : {}),
  }
}
