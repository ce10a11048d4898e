import type { FulfillmentDataRead } from "../contracts/fulfillment-data"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import type { OrderItemLike } from "../lib/parcel/order-body"
import { isGhnProviderId } from "../lib/runtime/provider-id"
import { createGhnOrderWorkflow, type CreatedGhnOrder, type CreateGhnOrderInput } from "./create-ghn-order"
import { prepareGhnReturnOrderStep, type PendingReturn } from "./steps/prepare-ghn-return-order"
import { acquireGhnOrderLockStep, orderLockRelease } from "./steps/acquire-ghn-order-lock"
import { orderNumberOf } from "./utils/order-rows"

export type CreateGhnReturnOrderInput = { return_id: string }

/** The return, its order and its locations, as this workflow reads them. */
type ReturnRow = {
  id: string
  order_id: string
  items?: { item_id: string; quantity: unknown }[]
  fulfillments?: {
    id: string
    provider_id?: string | null
    location_id: string
    data?: FulfillmentDataRead
    canceled_at?: unknown
    delivery_address?: PendingReturn["delivery_address"] | null
  }[]
}
type ReturnOrderRow = { id: string; display_id?: number | null; custom_display_id?: string | null; shipping_address?: PendingReturn["customer_address"] | null; items?: OrderItemLike[] }
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
      fields: ["id", "display_id", "custom_display_id", "shipping_address.*", "items.*", "items.variant.*", "items.variant.product.*"],
      filters: { id: transform({ returns }, ({ returns }) => (returns[0] as ReturnRow | undefined)?.order_id ?? "none") },
    }).config({ name: "return-order" })
    const { data: locations } = useQueryGraphStep({
      entity: "stock_location",
      fields: ["id", "name"],
      filters: { id: transform({ returns }, ({ returns }) => ((returns[0] as ReturnRow | undefined)?.fulfillments ?? []).map((f) => f.location_id)) },
    }).config({ name: "return-locations" })
    // Medusa makes one return fulfilment per return (confirming it): the one still without its GHN order.
    const pending = transform({ returns, orders, locations }, ({ returns, orders, locations }): PendingReturn | null => {
      const ret = returns[0] as ReturnRow | undefined
      const order = orders[0] as ReturnOrderRow | undefined
      if (!ret || !order) return null
      const names = new Map((locations as LocationRow[]).map((l) => [l.id, l.name]))
      const waiting = (ret.fulfillments ?? [])
        .filter((f) => isGhnProviderId(f.provider_id) && !f.canceled_at && !f.data?.order_code)
        .map((f) => ({
          fulfillment_id: f.id,
          provider_id: f.provider_id!,
          order_id: order.id,
          order_number: orderNumberOf(order),
          location_id: f.location_id,
          location_name: names.get(f.location_id) ?? "Kho",
          data: f.data ?? {},
          delivery_address: f.delivery_address ?? {},
          customer_address: order.shipping_address ?? {},
          // The return's own items: an exchange's or claim's return fulfilment lists every order item.
          items: (ret.items ?? []).map((i) => ({ line_item_id: i.item_id, quantity: Number(i.quantity) })),
          order_items: order.items ?? [],
        }))
      return waiting[0] ?? null
    })
    const prepared = prepareGhnReturnOrderStep(pending)
    // GHN's pickup of a return, booked through the one Create Order path (a reverse order, code
    // `1042-R1`), under the order's lock taken here (run as a step, the workflow's own lock steps skip).
    const lock = acquireGhnOrderLockStep(transform({ prepared }, ({ prepared }) => ({ order_id: prepared?.order_id })))
    const created = when("ghn-return-order-to-make", { prepared }, ({ prepared }) => !!prepared).then(() =>
      createGhnOrderWorkflow.runAsStep({ input: transform({ prepared }, ({ prepared }): CreateGhnOrderInput => prepared!) })
    )
    releaseLockStep(transform({ lock }, ({ lock }) => orderLockRelease(lock))).config({ name: "release-ghn-order-lock" })
    return new WorkflowResponse(transform({ created }, ({ created }): CreatedGhnOrder[] => (created ? [created] : [])))
  }
)
