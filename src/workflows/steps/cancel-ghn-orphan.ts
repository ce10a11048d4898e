import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import { cancelOrphan, type OrphanOutcome } from "../utils/orphan-intents"

/**
 * An orphan's GHN order cancelled (a pending intent no fulfilment carries is made an orphan
 * first), or, while GHN fails, its try counted and the next one set (back-off). No compensation:
 * a cancel at GHN has no undo.
 */
export const cancelGhnOrphanStep = createStep("cancel-ghn-orphan", async (intentId: string, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [intent] = await ghn.listGhnCreateIntents({ id: intentId })
  return new StepResponse<OrphanOutcome>(await cancelOrphan(ghn, intent))
})
