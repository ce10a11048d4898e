import type { MedusaContainer } from "@medusajs/framework/types"
import { FINAL_STATUSES } from "../lib/status/status"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { applyGhnOrderInfo } from "./shipments"

/** Delivered COD shipments are asked about until GHN has transferred their COD, this often and this long. */
export const COD_TRANSFER_POLL_MS = 6 * 3600_000
export const COD_TRANSFER_WATCH_MS = 60 * 24 * 3600_000

/** Shipments asked about per run, at most: 200 every 10 minutes is 0.33 Order Info a second. */
export const POLL_BATCH = 200

/**
 * A scheduled run spreads its calls over half the schedule's 10 minutes (one call every 1.5 s
 * for a full batch): polling takes a steady trickle of the account's request budget, never a
 * burst, and a run ends before the next begins.
 */
export const POLL_SPREAD_MS = 5 * 60_000

/**
 * The polling fallback: asks GHN's Order Info about the shipments that are not final and have
 * been silent longer than `pollIntervalMinutes` (0: the job never runs), the silent longest first, and applies the answer
 * like a webhook, so a store whose webhook is missing or down still converges. Its calls wait
 * for the account's request budget (checkout's never do) and are spread over `spreadMs`.
 */
export async function pollGhnShipments(container: MedusaContainer, opts: { silentForMs?: number; limit?: number; spreadMs?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const silentForMs = opts.silentForMs ?? ghn.options.pollIntervalMinutes * 60_000
  const before = new Date(Date.now() - silentForMs)
  const now = Date.now()
  const take = opts.limit ?? POLL_BATCH
  type Filters = Parameters<GhnModuleService["listGhnShipments"]>[0]
  const silentLongestFirst = { take, order: { last_synced_at: "ASC" as const }, select: ["order_code", "last_synced_at"] }
  // Two selections, each read on its own partial index (an `or` of both would read the table).
  const [inFlight, awaitingTransfer] = await Promise.all([
    ghn.listGhnShipments(
      { status: { $nin: [...FINAL_STATUSES] }, $or: [{ last_synced_at: null }, { last_synced_at: { $lte: before } }] } as Filters,
      silentLongestFirst
    ),
    // Reconciliation: GHN transfers a delivered shipment's COD days later.
    ghn.listGhnShipments(
      {
        status: "delivered",
        cod_amount: { $gt: 0 },
        is_cod_transferred: false,
        created_at: { $gte: new Date(now - COD_TRANSFER_WATCH_MS) },
        last_synced_at: { $lte: new Date(now - Math.max(silentForMs, COD_TRANSFER_POLL_MS)) },
      } as Filters,
      silentLongestFirst
    ),
  ])
  const synced = (s: { last_synced_at?: Date | string | null }) => (s.last_synced_at ? new Date(s.last_synced_at).getTime() : -Infinity)
  const shipments = [...inFlight, ...awaitingTransfer].sort((a, b) => synced(a) - synced(b)).slice(0, take)
  const results = await applyGhnOrderInfo(container, shipments.map((s) => s.order_code), "poll", { spreadMs: opts.spreadMs })
  const failures = results.filter((r) => r.error).map((r) => ({ order_code: r.order_code, error: r.error! }))
  return { checked: shipments.length, applied: results.length - failures.length, failures }
}

/** The job's run: polling off when `pollIntervalMinutes` is 0, else one spread run, its failures logged. */
export async function pollOnSchedule(container: MedusaContainer): Promise<void> {
  if (!container.resolve<GhnModuleService>(GHN_MODULE).options.pollIntervalMinutes) return
  const result = await pollGhnShipments(container, { spreadMs: POLL_SPREAD_MS })
  if (result.failures.length) {
    const logger = container.resolve("logger") as { warn(message: string): void }
    logger.warn(`GHN polling: ${result.failures.length} of ${result.checked} shipments failed: ${result.failures.map((f) => `${f.order_code}: ${f.error}`).join("; ")}`)
  }
}
