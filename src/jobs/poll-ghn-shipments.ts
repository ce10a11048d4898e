import type { MedusaContainer } from "@medusajs/framework/types"
import { FINAL_STATUSES } from "../lib/status"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { refreshGhnShipments } from "./_ghn-parcels"

/** Delivered COD parcels are asked about until GHN has transferred their COD, this often and this long. */
export const COD_TRANSFER_POLL_MS = 6 * 3600_000
export const COD_TRANSFER_WATCH_MS = 60 * 24 * 3600_000

/**
 * The polling fallback: asks GHN's Order Info about every shipment that is not final and has
 * been silent longer than `pollIntervalMinutes`, and applies the answer like a webhook, so a store
 * whose webhook is missing or down still converges.
 */
export async function pollGhnShipments(container: MedusaContainer, opts: { silentForMs?: number; limit?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const silentForMs = opts.silentForMs ?? ghn.options.pollIntervalMinutes * 60_000
  const before = new Date(Date.now() - silentForMs)
  const now = Date.now()
  const shipments = await ghn.listGhnShipments(
    {
      $or: [
        {
          status: { $nin: [...FINAL_STATUSES] },
          $or: [{ last_synced_at: null }, { last_synced_at: { $lte: before } }],
        },
        // Reconciliation: GHN transfers a delivered parcel's COD days later.
        {
          status: "delivered",
          cod_amount: { $gt: 0 },
          is_cod_transferred: false,
          created_at: { $gte: new Date(now - COD_TRANSFER_WATCH_MS) },
          last_synced_at: { $lte: new Date(now - Math.max(silentForMs, COD_TRANSFER_POLL_MS)) },
        },
      ],
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
