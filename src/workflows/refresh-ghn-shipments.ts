import type { MedusaContainer } from "@medusajs/framework/types"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { syncGhnShipmentWorkflow } from "./sync-ghn-shipment"

export type RefreshResult = { order_code: string; status?: string; error?: string; cause?: unknown }

/**
 * Asks GHN's Order Info about shipments and applies each answer like a webhook (through
 * sync-ghn-shipment): the polling job, the admin's "refresh" and the switch-status actions.
 */
export async function refreshGhnShipments(
  container: MedusaContainer,
  orderCodes: string[],
  source: "poll" | "admin" = "admin"
): Promise<RefreshResult[]> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const shipments = await ghn.listGhnShipments({ order_code: orderCodes }, { select: ["order_code", "shop_id", "provider_id"] })
  const results: RefreshResult[] = []
  for (const shipment of shipments) {
    try {
      const info = await ghn.accountOf(shipment.provider_id).client.orders.info(shipment.order_code, { shopId: shipment.shop_id })
      const num = (v: unknown) => (typeof v === "number" ? v : undefined)
      await syncGhnShipmentWorkflow(container).run({
        input: {
          order_code: shipment.order_code,
          event: {
            type: "order_info",
            time: String(info.updated_date ?? new Date().toISOString()),
            status: info.status,
            source,
            cod_amount: num(info.cod_amount),
            cod_collected: info.is_cod_collected ?? undefined,
            cod_collect_date: info.cod_collect_date ?? null,
            cod_transferred: info.is_cod_transferred ?? undefined,
            cod_transfer_date: info.cod_transfer_date ?? null,
            weight: num(info.weight),
            converted_weight: num(info.converted_weight),
          },
        },
      })
      results.push({ order_code: shipment.order_code, status: info.status })
    } catch (error) {
      results.push({ order_code: shipment.order_code, error: (error as Error).message, cause: error })
    }
  }
  return results
}
