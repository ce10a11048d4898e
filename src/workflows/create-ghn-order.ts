import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, TransactionState } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { GHN_SHIPMENT_UPDATED } from "../contracts/events"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { listEarlyGhnCallbacksStep } from "./steps/list-early-ghn-callbacks"
import { markGhnIntentCreatedStep } from "./steps/mark-ghn-intent-created"
import { prepareGhnOrderStep } from "./steps/prepare-ghn-order"
import { recordGhnShipmentStep } from "./steps/record-ghn-shipment"
import { reserveGhnIntentStep } from "./steps/reserve-ghn-intent"
import { sendGhnOrderStep } from "./steps/send-ghn-order"
import { setFulfillmentGhnOrderStep } from "./steps/set-fulfillment-ghn-order"
import { acquireGhnOrderLockStep, GHN_ORDER_LOCK_STEP, orderLockRelease } from "./steps/acquire-ghn-order-lock"
import { type CreateGhnOrderInput, type GhnOrderRequest } from "./utils/ghn-order-request"
import { undoOrWarn } from "./utils/undo-or-warn"

export type { CreateGhnOrderInput }

/** What the workflow made. */
export type CreatedGhnOrder = {
  intent_id: string
  client_order_code: string
  order_code: string
  fulfillment_id: string
  provider_id: string
  shop_id: number
  shipment_ids: string[]
}

export { GHN_ORDER_LOCK_STEP }

/**
 * The one Create Order path, for an order's parcel (the fulfillmentCreated hook, a store's own
 * code), a return's pickup (create-ghn-return-order) and an intent's retry (recover-ghn-intent):
 * under the order's lock, prepare (validate and build the request), reserve the intent (the body
 * in PostgreSQL before GHN is called), send (Create Order, confirmed by Order Info), settle (the
 * fulfilment's data and label, the shipment record, the intent created), then the callbacks GHN
 * sent early go out as events. Each write's step undoes it when a later one fails; GHN cancels the
 * order the send step made. Null when there is nothing to make.
 *
 * Run as a step of another workflow (runAsStep), the lock step skips: the parent holds the
 * order's lock (the return and recovery workflows take it; recovery decides under it). From the
 * fulfillmentCreated hook it re-enters the lock the fulfilment holds (`lock_owner`).
 */
export const createGhnOrderWorkflow = createWorkflow("create-ghn-order", (input: CreateGhnOrderInput) => {
  const lock = acquireGhnOrderLockStep(transform({ input }, ({ input }) => ({ order_id: input.order_id, held_by: input.lock_owner })))

  const prepared = prepareGhnOrderStep(input)
  const created = when("ghn-order-to-make", { prepared }, ({ prepared }) => !!prepared).then(() => {
    const request = transform({ prepared }, ({ prepared }): GhnOrderRequest => prepared!)
    const reserved = reserveGhnIntentStep(request)
    const sent = sendGhnOrderStep({ request, intent: reserved.intent })
    const settled = setFulfillmentGhnOrderStep({ request, sent, cancelled_orphans: reserved.cancelled_orphans })
    const shipmentIds = recordGhnShipmentStep({ request, data: settled.data, shipping_option_id: settled.shipping_option_id })
    markGhnIntentCreatedStep(transform({ sent, request }, ({ sent, request }) => ({ intent_id: sent.intent_id, order_code: sent.order_code, fulfillment_id: request.fulfillment_id })))
    // Its failure leaves them to the recovery pass; the GHN order stands.
    emitEventStep({ eventName: GHN_SHIPMENT_UPDATED, data: listEarlyGhnCallbacksStep(sent.order_code) }).config({
      name: "emit-early-ghn-callbacks",
      continueOnPermanentFailure: true,
    })
    return transform({ request, sent, shipmentIds }, ({ request, sent, shipmentIds }): CreatedGhnOrder => ({
      intent_id: sent.intent_id,
      client_order_code: sent.client_order_code,
      order_code: sent.order_code,
      fulfillment_id: request.fulfillment_id,
      provider_id: request.provider_id,
      shop_id: sent.shop_id,
      shipment_ids: shipmentIds,
    }))
  })

  releaseLockStep(transform({ lock }, ({ lock }) => orderLockRelease(lock))).config({ name: "release-ghn-order-lock" })
  return new WorkflowResponse(transform({ created }, ({ created }): CreatedGhnOrder | null => created ?? null))
})

type CreateGhnOrderRun = Awaited<ReturnType<ReturnType<typeof createGhnOrderWorkflow>["run"]>>
/** A run of the workflow from another workflow's step: what it made, and the transaction the parent's compensation cancels. */
export type GhnOrderRunInStep = { created: CreatedGhnOrder | null; transaction: CreateGhnOrderRun["transaction"] }

/**
 * Runs the workflow from a step that cannot compose it: a workflow hook's handler, where Medusa
 * allows no steps (the plugin's fulfillmentCreated hook; a store's own handler of that hook can do
 * the same). Its events join the parent workflow's group (released when the parent completes,
 * dropped when it fails). A lock not had in time is a clear conflict.
 */
export async function createGhnOrderInStep(input: CreateGhnOrderInput, step: { container: MedusaContainer; eventGroupId?: string }): Promise<GhnOrderRunInStep> {
  const { result, transaction, errors } = await createGhnOrderWorkflow(step.container).run({
    input,
    // In the parent's group, released by the parent (without a group, the run releases its own).
    context: step.eventGroupId ? { eventGroupId: step.eventGroupId, preventReleaseEvents: true } : {},
    throwOnError: false,
  })
  if ([TransactionState.FAILED, TransactionState.REVERTED].includes(transaction.getState())) {
    // The failure that stopped the run is the last one (a step that may fail and go on comes before it).
    const failure = errors[errors.length - 1]
    if (failure?.action === GHN_ORDER_LOCK_STEP) {
      throw new MedusaError(MedusaError.Types.CONFLICT, `another GHN order of this order is being made: try again in a moment (${failure.error?.message})`)
    }
    throw failure?.error ?? new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "GHN Create Order failed")
  }
  return { created: result, transaction }
}

/**
 * The compensation of createGhnOrderInStep: Medusa cancels the run, each step undoing its write
 * (GHN cancels the order, the intent is cancelled or left an orphan for the recovery job). A run
 * Medusa cannot cancel (its transaction no longer at hand) leaves its intent an orphan, due now:
 * the recovery job has GHN cancel the order. Never throws.
 */
export async function cancelGhnOrderInStep(run: GhnOrderRunInStep | undefined, step: { container: MedusaContainer }): Promise<void> {
  const created = run?.created
  if (!created) return
  try {
    await createGhnOrderWorkflow(step.container).cancel({ transaction: run.transaction, context: { preventReleaseEvents: true } })
  } catch (error) {
    step.container
      .resolve<{ warn(m: string): void }>(ContainerRegistrationKeys.LOGGER)
      .warn(`GHN: the run that made ${created.order_code} (${created.client_order_code}) could not be cancelled (${(error as Error).message}): the recovery job has GHN cancel the order`)
    await undoOrWarn(step.container, `leaving ${created.order_code} (${created.client_order_code}) to the recovery job`, async () => {
      const ghn = step.container.resolve<GhnModuleService>(GHN_MODULE)
      const [intent] = await ghn.listGhnCreateIntents({ id: created.intent_id }, { select: ["id", "client_order_code", "status"] })
      if (intent?.status === "created" || intent?.status === "pending") {
        await ghn.moveIntent(intent, "orphan", { order_code: created.order_code, note: "the fulfilment that carried it was rolled back", next_attempt_at: new Date() })
      }
    })
  }
}
