import { MedusaError } from "@medusajs/framework/utils"
import { normalizeVnPhone } from "../../lib/address/phone"
import type { CodLedger } from "../../lib/cod/cod"
import { GHN_LIMITS } from "../../lib/ghn"
import type { GhnOptions } from "../../lib/runtime/options"
import { isGhnProviderId } from "../../lib/runtime/provider-id"
import type GhnModuleService from "../../modules/ghn/service"
import { isLive, type OrderRow } from "./order-rows"

/** The order's payments and GHN parcels (but this one), with each parcel's COD and status as GHN last reported them. */
export async function codLedgerOf(ghn: GhnModuleService, order: OrderRow, fulfillmentId: string): Promise<CodLedger> {
  const parcels = (order.fulfillments ?? []).filter(
    (f) => f.id !== fulfillmentId && isGhnProviderId(f.provider_id) && !!f.data?.order_code && !f.data?.is_return
  )
  const collections = order.payment_collections ?? []
  const payments = collections.flatMap((c) => c.payments ?? [])
  const records = parcels.length ? await ghn.listGhnShipments({ fulfillment_id: parcels.map((f) => f.id) }, { select: ["fulfillment_id", "cod_amount", "status"] }) : []
  const recordOf = new Map(records.map((r) => [r.fulfillment_id, r]))
  return {
    pendingDifference: Number(order.summary?.pending_difference ?? 0),
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
