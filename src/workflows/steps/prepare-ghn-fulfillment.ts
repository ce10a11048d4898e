import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { codToCollect, type CodLedger } from "../../lib/cod"
import type { GhnFulfillmentContext } from "../../lib/fulfillment-context"
import { MEASURE_KEYS } from "../../lib/parcel"
import type { QueryGraph } from "../../lib/query-graph"
import { isGhnProviderId } from "../../lib/provider-id"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type PrepareGhnFulfillmentInput = {
  order_id: string
  items: { id: string; quantity: number }[]
  location_id?: string | null
  shipping_option_id?: string | null
}

/** What the step hands on: nothing for a fulfilment of another provider. */
export type PreparedGhnFulfillment = { provider_id: string; context: GhnFulfillmentContext; reused: boolean } | null

/** The lock every GHN fulfilment of an order is prepared and created under (the route's and the workflow's). */
export const ghnOrderLockKey = (orderId: string) => `ghn-order:${orderId}`

type Measures = Partial<Record<(typeof MEASURE_KEYS)[number], number | null>>
type LocationRow = { id: string; name?: string | null; address?: Record<string, unknown> | null }
/** What a GHN fulfilment's data holds that this step reads (see the provider's GhnFulfillmentData). */
type GhnData = { order_code?: string; is_return?: boolean; ghn_intent_code?: string; cod_amount?: number; ghn_status?: string }
type FulfillmentRow = { id: string; provider_id?: string | null; canceled_at?: string | Date | null; data?: GhnData | null }
type OrderRow = {
  id: string
  items?: ({ variant_id?: string | null; variant?: { product?: Measures | null } | null } | null)[]
  shipping_methods?: ({ shipping_option_id?: string | null } | null)[]
  fulfillments?: FulfillmentRow[]
  summary?: { pending_difference?: unknown } | null
  payment_collections?: {
    payment_sessions?: { provider_id: string }[]
    payments?: { provider_id: string; captures?: { amount?: unknown }[] }[]
  }[]
}
type OptionRow = { id: string; provider_id?: string | null; service_zone?: { fulfillment_set?: { location?: LocationRow | null } | null } | null }
type GhnParcelRow = FulfillmentRow & { data: GhnData & { order_code: string } }


// With "items.*" the order's totals make Medusa's pending difference count requested returns
// (an exchange's returned items), as the admin shows it.
const COD_FIELDS = [
  "total",
  "summary",
  "items.*",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captures.amount",
]

/**
 * Before a GHN fulfilment is created, under the order's lock: what Medusa does not pass the
 * provider (product measures, the stock location it ships from, the COD it collects) and the
 * Create Order intent, written to PostgreSQL before GHN is called. Every GHN fulfilment goes
 * through it: Medusa's fulfilment route (its middleware) and createGhnFulfillmentWorkflow.
 */
export async function prepareGhnFulfillment(container: { resolve<T = unknown>(key: string): T }, input: PrepareGhnFulfillmentInput): Promise<PreparedGhnFulfillment> {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const { data: orders } = await query.graph<OrderRow>({
    entity: "order",
    fields: [
      "id",
      "items.variant_id",
      ...MEASURE_KEYS.map((m) => `items.variant.product.${m}`),
      "shipping_methods.shipping_option_id",
      "fulfillments.id",
      "fulfillments.provider_id",
      "fulfillments.canceled_at",
      "fulfillments.data",
      ...COD_FIELDS,
    ],
    filters: { id: input.order_id },
  })
  const order = orders[0]
  if (!order) return null
  // As Medusa picks it: the request's shipping option, else the order's first method's.
  const optionId = input.shipping_option_id || order.shipping_methods?.[0]?.shipping_option_id
  if (!optionId) return null
  const { data: options } = await query.graph<OptionRow>({
    entity: "shipping_option",
    fields: ["id", "provider_id", "service_zone.fulfillment_set.location.id", "service_zone.fulfillment_set.location.name", "service_zone.fulfillment_set.location.address.*"],
    filters: { id: optionId },
  })
  const option = options[0]
  if (!isGhnProviderId(option?.provider_id)) return null
  const providerId = option.provider_id
  const account = ghn.accountOf(providerId)

  let location = option.service_zone?.fulfillment_set?.location
  if (input.location_id && input.location_id !== location?.id) {
    const { data } = await query.graph<LocationRow>({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id: input.location_id } })
    location = data[0]
  }

  const product_measures: GhnFulfillmentContext["product_measures"] = {}
  for (const item of order.items ?? []) {
    const product = item?.variant?.product
    if (item?.variant_id && product) product_measures[item.variant_id] = Object.fromEntries(MEASURE_KEYS.map((k) => [k, product[k] ?? null])) as Measures
  }

  const parcels = (order.fulfillments ?? []).filter((f): f is GhnParcelRow => isGhnProviderId(f.provider_id) && !!f.data?.order_code && !f.data?.is_return)
  const codProviders = account.options.codPaymentProviders
  const cod_amount = codProviders.length ? codToCollect(await codLedgerOf(ghn, order, parcels), codProviders) : 0

  const carried = new Map<string, { order_code: string; fulfillment_id: string }>()
  for (const f of parcels) if (!f.canceled_at && f.data.ghn_intent_code) carried.set(f.data.ghn_intent_code, { order_code: f.data.order_code, fulfillment_id: f.id })
  const intent = await ghn.reserveCreateIntent({
    provider_id: providerId,
    order_id: order.id,
    location_id: location?.id ?? input.location_id ?? null,
    items: input.items,
    cod_amount,
    carried,
  })
  return {
    provider_id: providerId,
    reused: intent.reused,
    context: {
      client_order_code: intent.client_order_code,
      orphan_client_order_codes: intent.orphan_client_order_codes,
      reused: intent.reused,
      cod_amount,
      product_measures,
      location: location ? { id: location.id, name: location.name ?? null, address: location.address ?? null } : null,
    },
  }
}

/** The order's payments and GHN parcels, with each parcel's COD and status as GHN last reported them. */
async function codLedgerOf(ghn: GhnModuleService, order: OrderRow, parcels: GhnParcelRow[]): Promise<CodLedger> {
  const collections = order.payment_collections ?? []
  const payments = collections.flatMap((c) => c.payments ?? [])
  const records = parcels.length
    ? await ghn.listGhnShipments({ fulfillment_id: parcels.map((f) => f.id) }, { select: ["fulfillment_id", "cod_amount", "status"] })
    : []
  const recordOf = new Map(records.map((r) => [r.fulfillment_id, r]))
  return {
    pendingDifference: Number(order.summary?.pending_difference ?? 0),
    providers: [...collections.flatMap((c) => (c.payment_sessions ?? []).map((s) => s.provider_id)), ...payments.map((p) => p.provider_id)],
    payments: payments.map((p) => ({
      provider_id: p.provider_id,
      captured: (p.captures ?? []).reduce((sum, c) => sum + Number(c.amount ?? 0), 0),
    })),
    // The shipment record follows GHN's COD updates (admin edits, update_cod callbacks).
    shipments: parcels.map((f) => ({
      cod_amount: Number(recordOf.get(f.id)?.cod_amount ?? f.data.cod_amount ?? 0),
      status: recordOf.get(f.id)?.status ?? f.data.ghn_status,
      canceled: !!f.canceled_at,
    })),
  }
}

/** The step form, for workflows (createGhnFulfillmentWorkflow). The intent is kept on failure: its answer may be lost. */
export const prepareGhnFulfillmentStep = createStep("prepare-ghn-fulfillment", async (input: PrepareGhnFulfillmentInput, { container }) => {
  return new StepResponse(await prepareGhnFulfillment(container, input))
})
