import { shopperErrorOf, withoutHosts } from "../runtime/medusa-error"
import { ORDER_QUEUE_EXPIRE_S } from "../runtime/order-queue"

/**
 * A shipping run: GHN orders made for a selection of orders in one action, each order through
 * Medusa's createOrderFulfillmentWorkflow (the plugin's fulfilment hook makes its GHN order).
 *
 *   run:    queued -> running -> completed | cancelled   (a retry of its failed orders: running again)
 *   order:  queued -> running -> created | failed;  queued -> cancelled (the run was cancelled);
 *           failed -> queued (a retry)
 */
export const RUN_STATUSES = ["queued", "running", "completed", "cancelled"] as const
export type RunStatus = (typeof RUN_STATUSES)[number]
export const RUN_ORDER_STATUSES = ["queued", "running", "created", "failed", "cancelled"] as const
export type RunOrderStatus = (typeof RUN_ORDER_STATUSES)[number]

/** The most orders one run takes: a day of a large shop; a larger selection is several runs. */
export const MAX_RUN_ORDERS = 1_000
/**
 * Orders fulfilled at the same time in one process, whatever the number of runs: Medusa's
 * fulfilment runs at about 300 a minute four at a time on 2 cores, and more only adds contention.
 */
export const RUN_CONCURRENCY = 4
/**
 * A lease not renewed for this long means the worker stopped. It outlasts the locks a stopped
 * worker leaves on the orders it was shipping (the order's fulfilment queue and its GHN order
 * lock, `orderLockSeconds` in Medusa's locking module) by a quarter of them, at most 30 s: the
 * resumed run never waits on them.
 */
export function runLeaseSeconds(orderLockSeconds: number): number {
  return orderLockSeconds + Math.min(30, Math.ceil(orderLockSeconds / 4))
}
/** A worker renews its run's lease this often: three times a lease at least, every 15 s at most. */
export function runRenewMs(leaseSeconds: number): number {
  return Math.min(15_000, Math.floor((leaseSeconds * 1000) / 3))
}
/** The lease and its renewal with the default locks (120 s): 150 s, renewed every 15 s. */
export const RUN_LEASE_MS = runLeaseSeconds(ORDER_QUEUE_EXPIRE_S) * 1000
export const RUN_RENEW_MS = runRenewMs(RUN_LEASE_MS / 1000)

/** The fulfilment metadata keys a run sets: its id, and the pickup shift it chose (read by the Create Order body's builder). */
export const RUN_METADATA_KEY = "ghn_shipping_run"
export const PICK_SHIFT_METADATA_KEY = "ghn_pick_shift"

/**
 * A failure's stable reason and its parameters, as the admin words it in its own language
 * (src/admin/i18n `errors`): `reason` is one of ADMIN_FAILURE_REASONS (an address, a parcel, a
 * phone, GHN unavailable, an order a run cannot ship); `ghn_text` is GHN's own words when GHN refused.
 */
export type FailureParams = { reason?: string; ghn_text?: string } & Record<string, unknown>

/** What a failed order keeps: GHN's code (or Medusa's error type), the text (never a host or URL), and the reason's parameters for the admin's words. */
export function failureOf(error: unknown): { code: string | null; message: string; params: FailureParams | null } {
  const e = error as { code?: unknown; type?: unknown; message?: unknown; ghn_text?: unknown } | null | undefined
  const code = typeof e?.code === "string" && e.code ? e.code : typeof e?.type === "string" && e.type ? e.type : null
  const message = withoutHosts(typeof e?.message === "string" && e.message ? e.message : String(error))
  const shopper = shopperErrorOf(error)
  const ghnText = typeof e?.ghn_text === "string" && e.ghn_text ? withoutHosts(e.ghn_text).slice(0, 500) : undefined
  let params: FailureParams | null = null
  if (shopper) {
    const { candidates, ...rest } = shopper.params as { candidates?: { label?: string }[] } & Record<string, unknown>
    // A candidate's label is what the admin shows of it; a handful is enough to choose from.
    params = { reason: shopper.code, ...rest, ...(candidates ? { candidates: candidates.slice(0, 5).map((c) => String(c.label ?? "").slice(0, 200)) } : {}) }
  }
  // Refused before GHN for the order's own figures (src/workflows/utils/cod-checks.ts): the admin words it.
  if (!params && code === "order_figures") params = { reason: code }
  if (ghnText) params = { ...(params ?? {}), ghn_text: ghnText }
  return { code, message: message.slice(0, 2000), params }
}

/** A run's counts from its orders' states. */
export type RunCounts = Record<RunOrderStatus, number>
export function runCounts(rows: { status: string; n: number | string }[]): RunCounts {
  const counts = Object.fromEntries(RUN_ORDER_STATUSES.map((s) => [s, 0])) as RunCounts
  for (const r of rows) if ((RUN_ORDER_STATUSES as readonly string[]).includes(r.status)) counts[r.status as RunOrderStatus] += Number(r.n)
  return counts
}

/** A run whose orders have all reached an end (created, failed or cancelled) is finished. */
export function runFinished(counts: RunCounts): boolean {
  return counts.queued === 0 && counts.running === 0
}

/** At most `limit` holders at a time; the others wait in arrival order. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []
  constructor(readonly limit: number) {}
  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }
  release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.active--
  }
  get inUse() {
    return this.active
  }
}
