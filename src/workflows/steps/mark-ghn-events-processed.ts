import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { Applied } from "./apply-ghn-event"

/**
 * The stored callbacks applied are done; those of an order not known yet wait, unprocessed, for
 * its shipment. Undone (the workflow failed after it): they are pending again, so the next
 * application applies them, under the same lock.
 */
export const markGhnEventsProcessedStep = createStep(
  "mark-ghn-events-processed",
  async ({ order_code, applied }: { order_code: string; applied: Applied }, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    if (!applied.found) await ghn.markCallbacksWaiting(order_code)
    if (applied.applied_event_ids.length) await ghn.markCallbacksApplied(applied.applied_event_ids)
    return new StepResponse(undefined, applied.applied_event_ids)
  },
  async (ids, { container }) => {
    if (ids?.length) await container.resolve<GhnModuleService>(GHN_MODULE).markCallbacksPending(ids)
  }
)
