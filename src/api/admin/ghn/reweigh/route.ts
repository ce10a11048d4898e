import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { csvOf } from "../../../../lib/format/csv"
import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import { disagrees, inCatalogueUnits, type ReweighedParcel, variantSuggestions } from "../../../../lib/parcel/reweigh"
import { ghnModule } from "../../../utils"
import type { ReweighQuery } from "../validators"

type FulfillmentRow = { id: string; items?: { line_item_id?: string | null; quantity?: unknown }[] | null }
type OrderRow = { id: string; items?: { id: string; variant_id?: string | null }[] | null }
type VariantRow = { id: string; title?: string | null; sku?: string | null; weight?: number | null; length?: number | null; width?: number | null; height?: number | null; product?: { title?: string | null } | null }

const side = (l: number | null, w: number | null, h: number | null) => (l && w && h ? ([l, w, h] as [number, number, number]) : null)

/**
 * The re-weighing report: per product variant, the parcels of that variant alone whose weight,
 * chargeable weight or box GHN measured 10 % or more away from what the store sent, what they cost
 * in fees, the variant's measures now and what GHN's figures suggest (the catalogue's units); as
 * JSON or CSV. Parcels of several variants are counted apart (GHN's figures cannot tell which).
 */
export async function GET(req: MedusaRequest<unknown, ReweighQuery>, res: MedusaResponse) {
  const q = req.validatedQuery as ReweighQuery
  const ghn = ghnModule(req)
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const all = await ghn.measuredParcels(q.days)
  // Only the parcels GHN disagrees with are looked up further (most parcels agree).
  const measured = all.filter((p) =>
    disagrees({
      sent_weight: p.sent_weight,
      sent_box: side(p.sent_length, p.sent_width, p.sent_height),
      weight: p.weight,
      converted_weight: p.converted_weight,
      box: side(p.box_length, p.box_width, p.box_height),
    })
  )
  // Each parcel's one variant (through its fulfilment's items and the order's line items).
  const fulfilmentIds = measured.map((p) => p.fulfillment_id)
  const { data: fulfilments } = fulfilmentIds.length
    ? await query.graph<FulfillmentRow>({ entity: "fulfillment", fields: ["id", "items.line_item_id", "items.quantity"], filters: { id: fulfilmentIds } })
    : { data: [] as FulfillmentRow[] }
  const orderIds = [...new Set(measured.map((p) => p.order_id).filter((id): id is string => !!id))]
  const { data: orders } = orderIds.length
    ? await query.graph<OrderRow>({ entity: "order", fields: ["id", "items.id", "items.variant_id"], filters: { id: orderIds } })
    : { data: [] as OrderRow[] }
  const variantOfLine = new Map(orders.flatMap((o) => (o.items ?? []).map((i) => [i.id, i.variant_id ?? null] as const)))
  const itemsOf = new Map(fulfilments.map((f) => [f.id, f.items ?? []]))
  const parcels: ReweighedParcel[] = measured.map((p) => {
    const items = itemsOf.get(p.fulfillment_id) ?? []
    const variants = new Set(items.map((i) => (i.line_item_id ? variantOfLine.get(i.line_item_id) : null) ?? null))
    const only = variants.size === 1 ? [...variants][0] : null
    return {
      order_code: p.order_code,
      sent_weight: p.sent_weight,
      sent_box: side(p.sent_length, p.sent_width, p.sent_height),
      weight: p.weight,
      converted_weight: p.converted_weight,
      box: side(p.box_length, p.box_width, p.box_height),
      sent_fee: p.sent_fee,
      total_fee: p.total_fee,
      variant_id: only,
      quantity: only ? items.reduce((n, i) => n + Number(i.quantity ?? 0), 0) : 0,
    }
  })
  const { variants, unattributed } = variantSuggestions(parcels)
  const { data: rows } = variants.length
    ? await query.graph<VariantRow>({
        entity: "product_variant",
        fields: ["id", "title", "sku", "weight", "length", "width", "height", "product.title"],
        filters: { id: variants.map((v) => v.variant_id) },
      })
    : { data: [] as VariantRow[] }
  const units = { weightUnit: ghn.options.weightUnit, dimensionUnit: ghn.options.dimensionUnit }
  const report = variants.map((v) => {
    const row = rows.find((r) => r.id === v.variant_id)
    return {
      variant_id: v.variant_id,
      product_title: row?.product?.title ?? null,
      title: row?.title ?? null,
      sku: row?.sku ?? null,
      parcels: v.parcels,
      fee_difference: v.fee_difference,
      current: { weight: row?.weight ?? null, length: row?.length ?? null, width: row?.width ?? null, height: row?.height ?? null },
      suggested: inCatalogueUnits(v.suggested, units),
      order_codes: v.order_codes,
    }
  })
  if (q.format === "csv") {
    res.setHeader("Content-Type", "text/csv; charset=utf-8")
    res.setHeader("Content-Disposition", `attachment; filename="ghn-reweighing-${new Date().toISOString().slice(0, 10)}.csv"`)
    res.send(
      csvOf(
        ["variant_id", "sku", "product", "variant", "parcels", "fee_difference", "weight", "suggested_weight", "length", "suggested_length", "width", "suggested_width", "height", "suggested_height"],
        report.map((r) => ({
          variant_id: r.variant_id,
          sku: r.sku,
          product: r.product_title,
          variant: r.title,
          parcels: r.parcels,
          fee_difference: r.fee_difference,
          weight: r.current.weight,
          suggested_weight: r.suggested.weight,
          length: r.current.length,
          suggested_length: r.suggested.length,
          width: r.current.width,
          suggested_width: r.suggested.width,
          height: r.current.height,
          suggested_height: r.suggested.height,
        }))
      )
    )
    return
  }
  res.json({ variants: report, unattributed, parcels_measured: all.length, days: q.days, units: { weight: units.weightUnit, dimension: units.dimensionUnit } })
}
