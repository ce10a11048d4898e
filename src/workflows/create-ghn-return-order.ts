import { Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { labelRoute } from "../lib/labels"
import { toMedusaError } from "../lib/medusa-error"
import { shopIdForLocation } from "../lib/options"
import { createOrderBody, linesFromOrderItems, linesValue, partyOf } from "../lib/order-body"
import { buildParcel } from "../lib/parcel"
import { isGhnProviderId } from "../lib/provider-id"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { upsertGhnShipmentsStep } from "./steps/upsert-ghn-shipments"

export type CreateGhnReturnOrderInput = { return_id: string }

type PendingReturn = {
  fulfillment_id: string
  location_id: string
  location_name: string
  data: Record<string, any>
  delivery_address: Record<string, any>
  customer_address: Record<string, any>
  items: { line_item_id: string; quantity: number }[]
  order_items: Record<string, any>[]
  provider_id: string
}

type CreatedReturn = { fulfillment_id: string; provider_id: string; order_code: string; shop_id: number; data: Record<string, unknown> }

/**
 * Books GHN's pickup of a return: a reverse GHN order from the customer's address to the stock
 * location the return goes to. Medusa gives return providers neither the customer's address nor
 * the items' weights, so this runs when the return is requested, with the order at hand.
 */
const createGhnReturnOrdersStep = createStep(
  "create-ghn-return-orders",
  async (pending: PendingReturn[], { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const created: CreatedReturn[] = []
    try {
      for (const ret of pending) {
        const { options, client } = ghn.accountOf(ret.provider_id)
        const lines = linesFromOrderItems(ret.items, ret.order_items)
        const parcel = buildParcel(lines, options)
        const [customer, warehouse] = await Promise.all([
          ghn.addresses.resolve(ret.customer_address),
          ghn.addresses.resolve(ret.delivery_address),
        ])
        const shopId = shopIdForLocation(options, ret.location_id)
        const warehouseParty = partyOf(ret.delivery_address, warehouse, ret.location_name)
        const body = createOrderBody({
          client_order_code: ret.fulfillment_id,
          service_type_id: Number(ret.data.service_type_id) === 5 ? 5 : parcel.service_type_id,
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
        // The return fulfilment's id as client order code: a repeat of this step finds GHN's order.
        const result = await client.orders.create(body, { shopId })
        created.push({
          fulfillment_id: ret.fulfillment_id,
          provider_id: ret.provider_id,
          order_code: result.order_code,
          shop_id: shopId,
          data: {
            ...ret.data,
            is_return: true,
            order_code: result.order_code,
            client_order_code: ret.fulfillment_id,
            shop_id: shopId,
            service_type_id: parcel.service_type_id,
            total_fee: result.total_fee,
            fee: result.fee,
            expected_delivery_time: result.expected_delivery_time,
            weight: parcel.weight,
            cod_amount: 0,
          },
        })
      }
    } catch (error) {
      await cancelCreated(ghn, created)
      throw toMedusaError(error, "GHN return order")
    }
    return new StepResponse(created, created)
  },
  async (created, { container }) => {
    if (created?.length) await cancelCreated(container.resolve<GhnModuleService>(GHN_MODULE), created)
  }
)

async function cancelCreated(ghn: GhnModuleService, created: CreatedReturn[]) {
  for (const c of created) {
    await ghn.accountOf(c.provider_id).client.orders.cancel({ order_codes: [c.order_code] }, { shopId: c.shop_id }).catch(() => undefined)
  }
}

const saveGhnReturnDataStep = createStep(
  "save-ghn-return-data",
  async (created: CreatedReturn[], { container }) => {
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    const previous = await fulfillments.listFulfillments({ id: created.map((c) => c.fulfillment_id) }, { relations: ["labels"] })
    for (const c of created) {
      const account = container.resolve<GhnModuleService>(GHN_MODULE).accountOf(c.provider_id)
      const label = { tracking_number: c.order_code, tracking_url: account.client.trackingUrl(c.order_code), label_url: labelRoute(c.order_code, "A5", account.options.backendUrl) }
      await fulfillments.updateFulfillment(c.fulfillment_id, { data: c.data, labels: [label] })
    }
    return new StepResponse(
      created,
      previous.map((f) => ({ id: f.id, data: f.data, labels: f.labels.map((l) => ({ tracking_number: l.tracking_number, tracking_url: l.tracking_url, label_url: l.label_url })) }))
    )
  },
  async (previous, { container }) => {
    const fulfillments = container.resolve(Modules.FULFILLMENT)
    for (const f of previous ?? []) await fulfillments.updateFulfillment(f.id, { data: f.data ?? {}, labels: f.labels })
  }
)

/** The return, its order and its locations, as this workflow reads them. */
type ReturnRow = {
  id: string
  order_id: string
  items?: { item_id: string; quantity: unknown }[]
  fulfillments?: {
    id: string
    provider_id?: string | null
    location_id: string
    data?: Record<string, unknown> & { order_code?: string }
    canceled_at?: unknown
    delivery_address?: Record<string, unknown> | null
  }[]
}
type ReturnOrderRow = { id: string; shipping_address?: Record<string, unknown> | null; items?: Record<string, unknown>[] }
type LocationRow = { id: string; name: string }

export const createGhnReturnOrderWorkflow = createWorkflow(
  "create-ghn-return-order",
  (input: CreateGhnReturnOrderInput) => {
    const { data: returns } = useQueryGraphStep({
      entity: "return",
      fields: [
        "id",
        "order_id",
        "location_id",
        "items.item_id",
        "items.quantity",
        "fulfillments.id",
        "fulfillments.provider_id",
        "fulfillments.location_id",
        "fulfillments.data",
        "fulfillments.canceled_at",
        "fulfillments.delivery_address.*",
      ],
      filters: { id: input.return_id },
    })
    const { data: orders } = useQueryGraphStep({
      entity: "order",
      fields: ["id", "shipping_address.*", "items.*", "items.variant.*", "items.variant.product.*"],
      filters: { id: transform({ returns }, ({ returns }) => (returns[0] as ReturnRow | undefined)?.order_id ?? "none") },
    }).config({ name: "return-order" })
    const { data: locations } = useQueryGraphStep({
      entity: "stock_location",
      fields: ["id", "name"],
      filters: { id: transform({ returns }, ({ returns }) => ((returns[0] as ReturnRow | undefined)?.fulfillments ?? []).map((f) => f.location_id)) },
    }).config({ name: "return-locations" })
    const pending = transform({ returns, orders, locations }, ({ returns, orders, locations }): PendingReturn[] => {
      const ret = returns[0] as ReturnRow | undefined
      const order = orders[0] as ReturnOrderRow | undefined
      if (!ret || !order) return []
      const names = new Map((locations as LocationRow[]).map((l) => [l.id, l.name]))
      return (ret.fulfillments ?? [])
        .filter((f) => isGhnProviderId(f.provider_id) && !f.canceled_at && !f.data?.order_code)
        .map((f) => ({
          fulfillment_id: f.id,
          provider_id: f.provider_id!,
          location_id: f.location_id,
          location_name: names.get(f.location_id) ?? "Kho",
          data: f.data ?? {},
          delivery_address: f.delivery_address ?? {},
          customer_address: order.shipping_address ?? {},
          // The return's own items: an exchange's or claim's return fulfilment lists every order item.
          items: (ret.items ?? []).map((i) => ({ line_item_id: i.item_id, quantity: Number(i.quantity) })),
          order_items: order.items ?? [],
        }))
    })
    const created = createGhnReturnOrdersStep(pending)
    saveGhnReturnDataStep(created)
    upsertGhnShipmentsStep(
      transform({ created, returns }, ({ created, returns }) =>
        created.map((c) => ({ fulfillment_id: c.fulfillment_id, order_id: (returns[0] as ReturnRow | undefined)?.order_id, provider_id: c.provider_id, is_return: true, data: c.data }))
      )
    )
    return new WorkflowResponse(created)
  }
)
