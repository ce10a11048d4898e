import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type GhnShipmentRecord = {
  fulfillment_id: string
  order_id?: string | null
  /** The GHN provider (account) of the fulfilment. */
  provider_id?: string | null
  is_return?: boolean
  data: Record<string, any>
}

/** The shipment record of each GHN fulfilment, made once (a repeat event finds it and stops). */
export const upsertGhnShipmentsStep = createStep(
  "upsert-ghn-shipments",
  async (records: GhnShipmentRecord[], { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const usable = records.filter((r) => r.data?.order_code)
    if (!usable.length) return new StepResponse([], [])
    const existing = await ghn.listGhnShipments({ fulfillment_id: usable.map((r) => r.fulfillment_id) }, { select: ["id", "fulfillment_id"] })
    const known = new Set(existing.map((s) => s.fulfillment_id))
    const fresh = usable.filter((r) => !known.has(r.fulfillment_id))
    if (!fresh.length) return new StepResponse([], [])
    const created = await ghn.createGhnShipments(
      fresh.map(({ fulfillment_id, order_id, provider_id, is_return, data }) => ({
        fulfillment_id,
        order_id: order_id ?? null,
        provider_id: provider_id ?? null,
        order_code: data.order_code,
        client_order_code: data.client_order_code ?? fulfillment_id,
        shop_id: Number(data.shop_id),
        is_return: !!is_return,
        status: "ready_to_pick",
        history: { events: [] },
        total_fee: Math.round(Number(data.total_fee ?? 0)),
        fees: data.fee ?? null,
        cod_amount: Math.round(Number(data.cod_amount ?? 0)),
        weight: data.weight ? Math.round(Number(data.weight)) : null,
        expected_delivery_time: data.expected_delivery_time ? new Date(data.expected_delivery_time) : null,
        last_synced_at: new Date(),
      }))
    )
    return new StepResponse(created, created.map((c) => c.id))
  },
  async (ids, { container }) => {
    if (ids?.length) await container.resolve<GhnModuleService>(GHN_MODULE).deleteGhnShipments(ids)
  }
)
