import { MedusaError } from "@medusajs/framework/utils"
import { normalizeVnPhone } from "../../lib/address/phone"
import { type CodLedger, orderCodCheck, type OrderCodCheck, orderFiguresProblem } from "../../lib/cod/cod"
import { GHN_LIMITS } from "../../lib/ghn"
import type { GhnOptions } from "../../lib/runtime/options"
import { isGhnProviderId } from "../../lib/runtime/provider-id"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import type GhnModuleService from "../../modules/ghn/service"
import { isLive, orderNumberOf, type OrderRow } from "./order-rows"

/** The order's payments and GHN parcels (but this one), with each parcel's COD and status as GHN last reported them. */
export async function codLedgerOf(ghn: GhnModuleService, order: OrderRow, fulfillmentId: string): Promise<CodLedger> {
  const parcels = ghnParcelsOf(order, fulfillmentId)
  const records = parcels.length ? await ghn.listGhnShipments({ fulfillment_id: parcels.map((f) => f.id) }, { select: ["fulfillment_id", "cod_amount", "status"] }) : []
  return ledgerFrom(order, records, fulfillmentId)
}

/** The order's GHN fulfilments that are parcels (not returns), but this one. */
const ghnParcelsOf = (order: OrderRow, fulfillmentId: string) =>
  (order.fulfillments ?? []).filter((f) => f.id !== fulfillmentId && isGhnProviderId(f.provider_id) && !!f.data?.order_code && !f.data?.is_return)

/** The ledger of an order from its row and its parcels' shipment records (their COD and status as GHN last reported them). */
export function ledgerFrom(order: OrderRow, records: { fulfillment_id: string; cod_amount: unknown; status?: string | null }[], fulfillmentId = ""): CodLedger {
  const parcels = ghnParcelsOf(order, fulfillmentId)
  const collections = order.payment_collections ?? []
  const payments = collections.flatMap((c) => c.payments ?? [])
  const recordOf = new Map(records.map((r) => [r.fulfillment_id, r]))
  const sum = (rows: { amount?: unknown }[] | undefined) => (rows ?? []).reduce((total, r) => total + Number(r.amount ?? 0), 0)
  const pendingDifference = Number(order.summary?.pending_difference ?? 0)
  const paid = payments.reduce((total, p) => total + sum(p.captures) - sum(p.refunds), 0)
  return {
    pendingDifference,
    // Medusa always reads a total; a row without one caps nothing.
    total: Number(order.summary?.current_order_total ?? order.total ?? pendingDifference + paid),
    paid,
    providers: [...collections.flatMap((c) => (c.payment_sessions ?? []).map((s) => s.provider_id)), ...payments.map((p) => p.provider_id)],
    payments: payments.map((p) => ({ provider_id: p.provider_id, captured: (p.captures ?? []).reduce((sum, c) => sum + Number(c.amount ?? 0), 0) })),
    // The shipment record follows GHN's COD updates (admin edits, update_cod callbacks).
    shipments: parcels.map((f) => ({
      cod_amount: Number(recordOf.get(f.id)?.cod_amount ?? f.data?.cod_amount ?? 0),
      status: recordOf.get(f.id)?.status ?? f.data?.ghn_status,
      canceled: !isLive(f),
    })),
  }
}

/** What the COD tab reads of an order for its check: the ledger's fields (with items.*, Medusa's owed figure counts requested returns, as at fulfilment). */
export const ORDER_COD_CHECK_FIELDS = [
  "id",
  "display_id",
  "total",
  "summary",
  "items.*",
  "fulfillments.id",
  "fulfillments.provider_id",
  "fulfillments.canceled_at",
  "fulfillments.data",
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payments.provider_id",
  "payment_collections.payments.captures.amount",
  "payment_collections.payments.refunds.amount",
]

/**
 * The COD tab's order check of each of these orders (src/lib/cod/cod.ts, orderCodCheck): their
 * parcels in one indexed read of the module, their figures in one Query read of Medusa. An order
 * Medusa no longer has gets no check.
 */
export async function orderCodChecks(ghn: GhnModuleService, query: QueryGraph, orderIds: string[]): Promise<{ displayIds: Map<string, number>; checks: Map<string, OrderCodCheck> }> {
  const checks = new Map<string, OrderCodCheck>()
  const displayIds = new Map<string, number>()
  if (!orderIds.length) return { displayIds, checks }
  const [{ data: orders }, parcels] = await Promise.all([
    query.graph<OrderRow & { display_id: number }>({ entity: "order", fields: ORDER_COD_CHECK_FIELDS, filters: { id: orderIds } }),
    ghn.codOrderParcels(orderIds),
  ])
  for (const order of orders) {
    displayIds.set(order.id, order.display_id)
    const own = parcels.filter((p) => p.order_id === order.id)
    // The order's GHN account says which providers are cash on delivery (the plugin's options when it has no parcel).
    const { codPaymentProviders } = ghn.accountOf(own[0]?.provider_id ?? undefined).options
    checks.set(order.id, orderCodCheck(ledgerFrom(order, own), codPaymentProviders))
  }
  return { displayIds, checks }
}

/**
 * An order whose figures are impossible (src/lib/cod/cod.ts, orderFiguresProblem) gets no GHN
 * order: refused before anything is reserved or sent, like every other refusal of the prepare part
 * (the admin's fulfilment, a shipping run's order, the Ready to ship tab's problems).
 */
export function assertOrderFigures(order: OrderRow): void {
  const problem = orderFiguresProblem(orderFiguresOf(order))
  if (!problem) return
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `order #${orderNumberOf(order)}'s figures in Medusa are impossible: ${problem}. Medusa's order was changed by two writers at once; correct it in Medusa before shipping it (its COD would be computed from these figures); nothing was sent to GHN`,
    "order_figures"
  )
}

/** The figures orderFiguresProblem reads, from an order as Query returns it. */
export function orderFiguresOf(order: OrderRow) {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    total: Number(order.total ?? 0),
    summary: order.summary
      ? {
          pending_difference: num(order.summary.pending_difference),
          current_order_total: num(order.summary.current_order_total),
          paid_total: num(order.summary.paid_total),
          refunded_total: num(order.summary.refunded_total),
        }
      : null,
    items: (order.items ?? []).map((i) => ({ id: i.id, quantity: Number(i.quantity), fulfilled: Number(i.detail?.fulfilled_quantity ?? 0) })),
  }
}

/** The COD a parcel collects, within GHN's limit per order. */
export function checkedCod(amount: number) {
  if (amount > GHN_LIMITS.createOrder.maxCodAmount) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `the order's COD of ${amount} VND is over GHN's limit of ${GHN_LIMITS.createOrder.maxCodAmount} VND per order: collect part of it another way`
    )
  }
  return amount
}

/**
 * The codRisk check again as the parcel is made, on the receiver's phone now (the one phone rule)
 * and with the one risk rule: checkout may not have run it (an order placed before the phone rule,
 * whose phone it did not read, corrected by an admin since), or the receiver's parcels came back
 * since. A COD parcel to a receiver the option refuses, and no admin trusts, is not made: nothing
 * is reserved nor sent to GHN. A parcel that collects nothing is not the option's business.
 */
export async function assertCodOffered(
  ghn: Pick<GhnModuleService, "receiverCodRisk">,
  parcel: { order_number: string; phone: string | null | undefined; cod_amount: number; codRisk: GhnOptions["codRisk"] }
): Promise<void> {
  if (parcel.cod_amount <= 0 || !parcel.codRisk) return
  const phone = normalizeVnPhone(parcel.phone)
  const { history, refused } = await ghn.receiverCodRisk(phone, parcel.codRisk)
  if (!refused || !history) return
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `order #${parcel.order_number}: cash on delivery is not offered to receiver ${phone}: ${history.recent_returns} of their COD parcels were refused or returned in the last ${parcel.codRisk.days} days (option codRisk: ${parcel.codRisk.maxReturned}). Trust the receiver (the order's GHN panel) to ship it with its COD of ${parcel.cod_amount} VND, or ship it prepaid (the customer pays in advance and you capture the order's payment, so the parcel collects nothing); nothing was sent to GHN`,
    "cod_not_offered"
  )
}
