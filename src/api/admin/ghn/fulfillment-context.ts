import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { codToCollect, type CodLedger } from "../../../lib/cod"
import { MEASURE_KEYS } from "../../../lib/parcel"
import { GHN_MODULE } from "../../../modules/ghn"
import type GhnModuleService from "../../../modules/ghn/service"

const MEASURE_FIELDS = MEASURE_KEYS.map((m) => `items.variant.product.${m}`)

// The order's totals with "items.*" make Medusa's pending difference count requested returns
// (an exchange's returned items), as the admin shows it.
const COD_FIELDS = [
  "total",
  "summary",
  "items.*",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captures.amount",
  "fulfillments.id",
  "fulfillments.provider_id",
  "fulfillments.canceled_at",
  "fulfillments.data",
]

type Query = { graph(args: Record<string, unknown>): Promise<{ data: any[] }> }

/**
 * What Medusa does not pass a provider's createFulfillment, added before an order is fulfilled as
 * `additional_data` (which Medusa hands to the provider):
 * - `ghn_product_measures`: each variant's product weight and sizes (a variant without them
 *   falls back to these);
 * - `ghn_cod_amount`: the COD this fulfilment collects, from the order's payments and GHN parcels
 *   as they are now (see `codToCollect`); worked out and used under a lock on the order, so two
 *   fulfilments created at once cannot both collect the same amount;
 * - `ghn_location`: the stock location it ships from, with its address (the GHN sender).
 */
export async function addGhnFulfillmentContext(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const ghn = req.scope.resolve<GhnModuleService>(GHN_MODULE)
  const codProviders = ghn.options.codPaymentProviders
  if (!codProviders.length) {
    await addContext(req, ghn, codProviders)
    return next()
  }
  try {
    await req.scope.resolve(Modules.LOCKING).execute(
      `ghn-cod:${req.params.id}`,
      () =>
        new Promise<void>((resolve) => {
          // Held until Medusa has answered, i.e. the GHN order and the fulfilment exist.
          res.once("finish", resolve)
          res.once("close", resolve)
          addContext(req, ghn, codProviders).then(() => next(), (error) => (resolve(), next(error)))
        }),
      { timeout: 60, expire: 120 }
    )
  } catch (error) {
    if (!res.headersSent) next(error)
  }
}

async function addContext(req: MedusaRequest, ghn: GhnModuleService, codProviders: string[]) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as Query
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const body = (req.body ?? {}) as { location_id?: unknown; shipping_option_id?: unknown }
  // Set even without COD providers, so a caller's own value is never taken for GHN's.
  const additional: Record<string, unknown> = { ghn_cod_amount: 0 }
  try {
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "items.variant_id", ...MEASURE_FIELDS, "shipping_methods.shipping_option_id", ...(codProviders.length ? COD_FIELDS : [])],
      filters: { id: req.params.id },
    })
    const order = data[0]
    if (order) {
      const measures: Record<string, unknown> = {}
      for (const item of order.items ?? []) if (item?.variant_id && item.variant?.product) measures[item.variant_id] = item.variant.product
      additional.ghn_product_measures = measures
      if (codProviders.length) additional.ghn_cod_amount = codToCollect(await codLedgerOf(ghn, order), codProviders)
      const location = await shipsFrom(query, body, order)
      if (location) additional.ghn_location = location
    }
  } catch (error) {
    logger.warn(`GHN: fulfilment context of order ${req.params.id} not read: ${(error as Error).message}`)
    // Never ship a COD order with a guessed amount: the GHN provider refuses with this reason.
    if (codProviders.length) additional.ghn_cod_error = (error as Error).message
  }
  // Before or after Medusa's own body validation, whichever runs first.
  for (const target of [req.body as Record<string, any> | undefined, req.validatedBody as Record<string, any> | undefined]) {
    if (target && typeof target === "object") target.additional_data = { ...(target.additional_data ?? {}), ...additional }
  }
}

/** The stock location the fulfilment ships from, as Medusa picks it: the request's, else the shipping option's. */
async function shipsFrom(query: Query, body: { location_id?: unknown; shipping_option_id?: unknown }, order: any) {
  if (typeof body.location_id === "string" && body.location_id) {
    const { data } = await query.graph({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id: body.location_id } })
    return data[0]
  }
  const optionId = typeof body.shipping_option_id === "string" ? body.shipping_option_id : order.shipping_methods?.[0]?.shipping_option_id
  if (!optionId) return undefined
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["service_zone.fulfillment_set.location.id", "service_zone.fulfillment_set.location.name", "service_zone.fulfillment_set.location.address.*"],
    filters: { id: optionId },
  })
  return data[0]?.service_zone?.fulfillment_set?.location
}

/** The order's payments and GHN parcels, with each parcel's COD and status as GHN last reported them. */
async function codLedgerOf(ghn: GhnModuleService, order: any): Promise<CodLedger> {
  const collections = (order.payment_collections ?? []) as any[]
  const payments = collections.flatMap((c) => c.payments ?? [])
  const parcels = ((order.fulfillments ?? []) as any[]).filter((f) => f.provider_id === "ghn_ghn" && f.data?.order_code && !f.data?.is_return)
  const records = parcels.length
    ? await ghn.listGhnShipments({ fulfillment_id: parcels.map((f) => f.id) }, { select: ["fulfillment_id", "cod_amount", "status"] })
    : []
  const recordOf = new Map(records.map((r) => [r.fulfillment_id, r]))
  return {
    pendingDifference: Number(order.summary?.pending_difference ?? 0),
    providers: [...collections.flatMap((c) => (c.payment_sessions ?? []).map((s: any) => s.provider_id)), ...payments.map((p) => p.provider_id)],
    payments: payments.map((p) => ({
      provider_id: p.provider_id,
      captured: (p.captures ?? []).reduce((sum: number, c: any) => sum + Number(c.amount ?? 0), 0),
    })),
    // The shipment record follows GHN's COD updates (admin edits, update_cod callbacks).
    shipments: parcels.map((f) => ({
      cod_amount: Number(recordOf.get(f.id)?.cod_amount ?? f.data.cod_amount ?? 0),
      status: recordOf.get(f.id)?.status ?? f.data.ghn_status,
      canceled: !!f.canceled_at,
    })),
  }
}
