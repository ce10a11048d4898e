import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { codToCollect } from "../../../lib/cod"
import { GHN_MODULE } from "../../../modules/ghn"
import type GhnModuleService from "../../../modules/ghn/service"

const MEASURE_FIELDS = ["weight", "length", "width", "height"].map((m) => `items.variant.product.${m}`)

// The order's totals with "items.*" make Medusa's pending difference count requested returns
// (an exchange's returned items), as the admin shows it.
const COD_FIELDS = [
  "total",
  "summary",
  "items.*",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captures.amount",
  "fulfillments.provider_id",
  "fulfillments.canceled_at",
  "fulfillments.data",
]

/**
 * What Medusa does not pass a provider's createFulfillment, added before an order is fulfilled as
 * `additional_data` (which Medusa hands to the provider):
 * - `ghn_product_measures`: each variant's product weight and sizes (a variant without them
 *   falls back to these);
 * - `ghn_cod_amount`: the COD this fulfilment collects, from the order's payments and GHN
 *   shipments as they are now (see `codToCollect`), when COD payment providers are configured;
 * - `ghn_location`: the stock location it ships from, with its address (the GHN sender).
 */
export async function addGhnFulfillmentContext(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const codProviders = req.scope.resolve<GhnModuleService>(GHN_MODULE).options.codPaymentProviders
  const additional: Record<string, unknown> = {}
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  try {
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "items.variant_id", ...MEASURE_FIELDS, ...(codProviders.length ? COD_FIELDS : [])],
      filters: { id: req.params.id },
    })
    const order = data[0] as any
    if (order) {
      const measures: Record<string, unknown> = {}
      for (const item of order.items ?? []) if (item?.variant_id && item.variant?.product) measures[item.variant_id] = item.variant.product
      additional.ghn_product_measures = measures
      if (codProviders.length) additional.ghn_cod_amount = codToCollect(codLedgerOf(order), codProviders)
    }
  } catch (error) {
    // Never ship a COD order with a guessed amount: the GHN provider refuses with this reason.
    if (codProviders.length) additional.ghn_cod_error = (error as Error).message
  }
  const locationId = (req.body as { location_id?: unknown } | undefined)?.location_id
  if (typeof locationId === "string" && locationId) {
    try {
      const { data } = await query.graph({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id: locationId } })
      if (data[0]) additional.ghn_location = data[0]
    } catch {
      // Without it the sender is the location quoted at checkout, else the GHN shop's address.
    }
  }
  // Before or after Medusa's own body validation, whichever runs first.
  for (const body of [req.body as Record<string, any> | undefined, req.validatedBody as Record<string, any> | undefined]) {
    if (body && typeof body === "object") body.additional_data = { ...(body.additional_data ?? {}), ...additional }
  }
  next()
}

function codLedgerOf(order: any) {
  const collections = (order.payment_collections ?? []) as any[]
  const payments = collections.flatMap((c) => c.payments ?? [])
  return {
    pendingDifference: Number(order.summary?.pending_difference ?? 0),
    providers: [...collections.flatMap((c) => (c.payment_sessions ?? []).map((s: any) => s.provider_id)), ...payments.map((p) => p.provider_id)],
    payments: payments.map((p) => ({
      provider_id: p.provider_id,
      captured: (p.captures ?? []).reduce((sum: number, c: any) => sum + Number(c.amount ?? 0), 0),
    })),
    shipments: ((order.fulfillments ?? []) as any[])
      .filter((f) => f.provider_id === "ghn_ghn" && f.data?.order_code && !f.data?.is_return)
      .map((f) => ({ cod_amount: Number(f.data.cod_amount ?? 0), status: f.data.ghn_status, canceled: !!f.canceled_at })),
  }
}
