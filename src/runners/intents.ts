/**
 * The recovery pass over Create Order intents, for the recover-ghn-intents job (a runner: the job
 * only schedules it).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { PENDING_GRACE_MS } from "../lib/parcel/create-intent"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { recoverGhnIntentWorkflow } from "../workflows/recover-ghn-intent"
import type { RecoverGhnIntentResult } from "../workflows/recover-ghn-intent"

/** Intents due: pending ones older than the grace a retry has to adopt them, and orphans whose next try has come. */
export async function dueGhnIntents(container: MedusaContainer, limit = 50): Promise<string[]> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const now = new Date()
  const [pending, orphans] = await Promise.all([
    ghn.listGhnCreateIntents({ status: "pending", updated_at: { $lt: new Date(now.getTime() - PENDING_GRACE_MS) } }, { select: ["id"], take: limit, order: { updated_at: "ASC" } }),
    ghn.listGhnCreateIntents({ status: "orphan", next_attempt_at: { $lte: now } }, { select: ["id"], take: limit, order: { next_attempt_at: "ASC" } }),
  ])
  return [...pending, ...orphans].map((i) => i.id)
}

/** Each due intent in its own workflow run, so one failure stops no other. */
export async function recoverGhnIntents(container: MedusaContainer): Promise<RecoverGhnIntentResult[]> {
  const results: RecoverGhnIntentResult[] = []
  for (const intent_id of await dueGhnIntents(container)) {
    try {
      const { result } = await recoverGhnIntentWorkflow(container).run({ input: { intent_id } })
      results.push(result)
    } catch (error) {
      results.push({ intent_id, outcome: "unchanged", error: (error as Error).message })
    }
  }
  return results
}
