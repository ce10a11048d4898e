import { cancelGhnOrder } from "../../lib/parcel/cancel-order"
import { orphanRetryDelayMs } from "../../lib/parcel/create-intent"
import { toMedusaError, withoutHosts } from "../../lib/runtime/medusa-error"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"

/** GHN's clock and the store's may differ: an order made this long before its intent is still taken as its own. */
const CLOCK_SKEW_MS = 60_000

/** Is the order GHN answered a code with this intent's? One made before the intent existed is another store's (or an earlier install's). */
export function madeBefore(info: { created_date?: string | null }, intent: Pick<GhnIntentRow, "created_at">) {
  const made = info.created_date ? Date.parse(info.created_date) : NaN
  return Number.isFinite(made) && made < new Date(intent.created_at).getTime() - CLOCK_SKEW_MS
}

export type OrphanOutcome =
  | { outcome: "cancelled"; order_code: string | null }
  | { outcome: "refused"; order_code: string; status: string }
  | { outcome: "failed"; order_code: string | null; error: string }

/**
 * The one way an orphan's GHN order is cancelled (the reserve step before a new parcel, the
 * recovery job on its back-off): its code re-sent when its order is unknown (GHN answers with the
 * order it made, or makes it now, to be cancelled at once), then Cancel Order. An order made before
 * the intent is not this store's: never cancelled. The intent is moved and its tries counted here.
 */
export async function cancelOrphan(ghn: GhnModuleService, intent: GhnIntentRow, fallbackBody?: Record<string, unknown>): Promise<OrphanOutcome> {
  const account = ghn.accountOf(intent.provider_id)
  const orphan = { ...intent, status: "orphan" }
  if (intent.status === "pending") await ghn.moveIntent(intent, "orphan", { note: "its answer never came, and no fulfilment carries it" })
  const shopId = orphan.shop_id ?? account.options.shopId
  let orderCode = orphan.order_code
  try {
    if (!orderCode) {
      const body = (orphan.body as Record<string, unknown> | null) ?? fallbackBody
      if (!body) {
        // Reserved by a version that kept no body: nothing to re-send, the merchant decides.
        const error = "no Create Order body kept for it: look for its code in GHN's portal and cancel the order there"
        await ghn.updateGhnCreateIntents({ id: orphan.id, error, next_attempt_at: null })
        return { outcome: "failed", order_code: null, error }
      }
      orderCode = (await account.client.orders.create({ ...body, client_order_code: orphan.client_order_code }, { shopId })).order_code
      await ghn.updateGhnCreateIntents({ id: orphan.id, order_code: orderCode })
    }
    const info = await account.client.orders.info(orderCode, { shopId })
    if (madeBefore(info, orphan)) {
      await ghn.moveIntent(orphan, "cancelled", { note: `GHN answered with ${orderCode}, made before this intent: not this store's order, left as it is`, error: null, next_attempt_at: null })
      return { outcome: "cancelled", order_code: null }
    }
    const done = info.status === "cancel" ? { cancelled: true as const } : await cancelGhnOrder(account.client, orderCode, shopId)
    if (done.cancelled) {
      await ghn.moveIntent(orphan, "cancelled", { error: null, next_attempt_at: null })
      return { outcome: "cancelled", order_code: orderCode }
    }
    // Past cancelling: only the merchant can decide now (GHN returns it, or it ships).
    await ghn.updateGhnCreateIntents({ id: orphan.id, error: `GHN no longer cancels it: it is "${done.status}"`, attempts: orphan.attempts + 1, next_attempt_at: null })
    return { outcome: "refused", order_code: orderCode, status: done.status }
  } catch (failure) {
    const error = withoutHosts(toMedusaError(failure, "GHN Cancel Order").message)
    await ghn.updateGhnCreateIntents({
      id: orphan.id,
      error,
      attempts: orphan.attempts + 1,
      next_attempt_at: new Date(Date.now() + orphanRetryDelayMs(orphan.attempts + 1)),
    })
    return { outcome: "failed", order_code: orderCode, error }
  }
}
