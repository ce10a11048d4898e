import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { AddressInput } from "../../lib/address/address-resolver"
import { createOrderBody, linesFromOrderItems, linesValue, partyOf, type OrderItemLike } from "../../lib/parcel/order-body"
import { buildParcel, serviceTypeFor } from "../../lib/parcel/parcel"
import { toMedusaError } from "../../lib/runtime/medusa-error"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { CreateGhnOrderInput } from "../utils/ghn-order-request"

/** An address as both sides of a return read it: GHN's units and the party's name and phone. */
type ReturnAddress = AddressInput & { first_name?: string | null; last_name?: string | null; company?: string | null; phone?: string | null }

/** A return fulfilment waiting for GHN's pickup, with what its reverse order needs. */
export type PendingReturn = {
  fulfillment_id: string
  provider_id: string
  order_id: string
  order_number: string
  location_id: string
  location_name: string
  /** The return fulfilment's data (the return option's service type). */
  data: Record<string, unknown> & { service_type_id?: unknown }
  delivery_address: ReturnAddress
  customer_address: ReturnAddress
  items: { line_item_id: string; quantity: number }[]
  order_items: OrderItemLike[]
}

/**
 * Builds the reverse GHN order of a pending return fulfilment (reads only): from the customer's
 * address to the stock location the return goes to, with the one body builder and the one
 * service-type rule; the create-ghn-order workflow makes it. Null: no pending return fulfilment.
 */
export const prepareGhnReturnOrderStep = createStep("prepare-ghn-return-order", async (ret: PendingReturn | null, { container }) => {
  if (!ret) return new StepResponse<CreateGhnOrderInput | null>(null)
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  try {
    const { options } = ghn.accountOf(ret.provider_id)
    const lines = linesFromOrderItems(ret.items, ret.order_items)
    const parcel = buildParcel(lines, options)
    const [customer, warehouse] = await Promise.all([ghn.addresses.resolve(ret.customer_address), ghn.addresses.resolve(ret.delivery_address)])
    const warehouseParty = partyOf(ret.delivery_address, warehouse, ret.location_name)
    const chosen = Number(ret.data.service_type_id)
    const { client_order_code: _none, ...body } = createOrderBody({
      client_order_code: "",
      service_type_id: serviceTypeFor(parcel, chosen === 2 || chosen === 5 ? chosen : undefined),
      payment_type_id: 1, // the shop pays for returns it accepted
      required_note: options.requiredNote,
      note: "Đơn trả hàng (return)",
      from: partyOf(ret.customer_address, customer),
      to: warehouseParty,
      return: warehouseParty,
      parcel,
      cod_amount: 0,
      insurance_value: 0,
      order_value: linesValue(lines),
    })
    return new StepResponse<CreateGhnOrderInput | null>({
      order_id: ret.order_id,
      fulfillment_id: ret.fulfillment_id,
      request: {
        kind: "return",
        provider_id: ret.provider_id,
        order_id: ret.order_id,
        order_number: ret.order_number,
        fulfillment_id: ret.fulfillment_id,
        location_id: ret.location_id,
        items: ret.items.map((i) => ({ id: i.line_item_id, quantity: i.quantity })),
        shop_id: await ghn.shopIdForLocation(options, ret.location_id),
        body,
        data: { ...ret.data, weight: parcel.weight },
      },
    })
  } catch (error) {
    throw toMedusaError(error, "GHN return order")
  }
})
