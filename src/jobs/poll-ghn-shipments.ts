import type { MedusaContainer } from "@medusajs/framework/types"
import { FINAL_STATUSES } from "../lib/status"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { refreshGhnShipments } from "../workflows/refresh-ghn-shipments"

/**
 * The polling fallback: asks GHN's Order Info about every shipment that is not final and has
 * been silent longer than `pollIntervalMinutes`, and applies the answer like a webhook, so a store
 * whose webhook is missing or down still converges.
 */
export async function pollGhnShipments(container: MedusaContainer, opts: { silentForMs?: number; limit?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const silentForMs = opts.silentForMs ?? ghn.options.pollIntervalMinutes * 60_000
  const before = new Date(Date.now() - silentForMs)
  const shipments = await ghn.listGhnShipments(
    {
      status: { $nin: [...FINAL_STATUSES] },
      $or: [{ last_synced_at: null }, { last_synced_at: { $lte: before } }],
    } as Parameters<GhnModuleService["listGhnShipments"]>[0],
    { take: opts.limit ?? 200, order: { last_synced_at: "ASC" } }
  )
  const results = await refreshGhnShipments(container, shipments.map((s) => s.order_code), "poll")
  const failures = results.filter((r) => r.error).map((r) => ({ order_code: r.order_code, error: r.error! }))
  return { checked: shipments.length, synced: results.length - failures.length, failures }
}

export default async function pollGhnShipmentsJob(container: MedusaContainer) {
  const result = await pollGhnShipments(container)
  if (result.failures.length) {
    const logger = container.resolve("logger") as { warn(message: string): void }
    logger.warn(`GHN polling: ${result.failures.length} of ${result.checked} shipments failed: ${result.failures.map((f) => `${f.order_code}: ${f.error}`).join("; ")}`)
  }
}

export const config = {
  name: "poll-ghn-shipments",
  schedule: "*/10 * * * *",
}
