import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  addOrderTransactionStep,
  authorizePaymentSessionStep,
  capturePaymentWorkflow,
  createPaymentSessionsWorkflow,
  markPaymentCollectionAsPaid,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { SYSTEM_PAYMENT_PROVIDER } from "../lib/cod/cod"
import { acquireGhnOrderLockStep, orderLockRelease } from "./steps/acquire-ghn-order-lock"
import { markGhnCodCapturingStep } from "./steps/mark-ghn-cod-capturing"
import { type CaptureGhnCodInput, planGhnCodCaptureStep } from "./steps/plan-ghn-cod-capture"
import { recordGhnCodCaptureStep } from "./steps/record-ghn-cod-capture"

export type { CaptureGhnCodInput }

/**
 * Captured on delivery: a delivered parcel's COD is captured from the order's cash-on-delivery
 * payment through Medusa's capture workflow (so the order shows it paid), and what is left of it
 * is recorded on the collection that owes it (an exchange's difference, an order edit, a claim's
 * charge) with Medusa's markPaymentCollectionAsPaid, or, when that would record more than GHN
 * collected or Medusa refuses it (an `awaiting` collection), as a payment of exactly what is left
 * (Medusa's session, authorisation and capture): one part per run, each once, with the
 * GHN order code in the capture's metadata. Returned, lost and cancelled parcels capture nothing;
 * `captureCodOnDelivery: false` turns it off. Started by the `ghn.cod.delivered` event, and
 * retried by the polling job while it fails.
 */
export const captureGhnCodWorkflow = createWorkflow("capture-ghn-cod", (input: CaptureGhnCodInput) => {
  // Under the parcel's order's lock (a capture writes the order's transactions and summary), which
  // every writer of the parcel takes too: held at most orderLockSeconds, so a stopped worker's
  // capture is taken up again after that, not after a lock of its own.
  const orderLock = acquireGhnOrderLockStep(transform({ input }, ({ input }) => ({ order_code: input.order_code })))
  const plan = planGhnCodCaptureStep(input)
  // Kept on the parcel before Medusa writes: a stop after the write finds what it made by this.
  when("ghn-cod-part-to-record", { plan }, ({ plan }) => plan.kind === "capture" || plan.kind === "mark_paid" || plan.kind === "record_on_collection").then(() => {
    markGhnCodCapturingStep(plan)
  })
  // What GHN collected, on a collection that owes it and has no payment (awaiting, failed, or asking
  // more than is left): the system provider's session, authorised (Medusa's own steps, as its
  // markPaymentCollectionAsPaid does), then captured below for exactly that amount.
  const recordedPayment = when("ghn-cod-record-on-collection", { plan }, ({ plan }) => plan.kind === "record_on_collection").then(() => {
    const session = createPaymentSessionsWorkflow.runAsStep({
      input: transform({ plan }, ({ plan }) => ({ payment_collection_id: (plan as { payment_collection_id: string }).payment_collection_id, provider_id: SYSTEM_PAYMENT_PROVIDER })),
    })
    return authorizePaymentSessionStep(transform({ session }, ({ session }) => ({ id: session.id })))
  })
  const payment = when("ghn-cod-capture", { plan }, ({ plan }) => plan.kind === "capture" || plan.kind === "record_on_collection").then(() =>
    capturePaymentWorkflow.runAsStep({
      input: transform({ plan, recordedPayment }, ({ plan, recordedPayment }) => ({
        payment_id: plan.kind === "capture" ? plan.payment_id : (recordedPayment as { id: string }).id,
        amount: (plan as { amount: number }).amount,
      })),
    })
  )
  // The rest on the collection Medusa opened for what is owed: Medusa's own workflow (the system provider's session, authorised and captured).
  const marked = when({ plan }, ({ plan }) => plan.kind === "mark_paid").then(() =>
    markPaymentCollectionAsPaid.runAsStep({
      input: transform({ plan }, ({ plan }) => ({ order_id: plan.order_id!, payment_collection_id: (plan as { payment_collection_id: string }).payment_collection_id })),
    })
  )
  // A capture adopted from a run that stopped inside Medusa's capture workflow, after the payment's
  // capture and before the order's transaction: the transaction Medusa would have written, once.
  when("ghn-cod-adopted-on-order", { plan }, ({ plan }) => !!plan.order_transaction).then(() => {
    addOrderTransactionStep(transform({ plan }, ({ plan }) => plan.order_transaction!))
  })
  const result = recordGhnCodCaptureStep(
    transform({ plan, payment, marked }, ({ plan, payment, marked }) => ({
      plan,
      payment: payment as { captures?: { id: string }[] | null } | null,
      marked: (marked as { id: string } | null | undefined) ?? null,
    }))
  )
  releaseLockStep(transform({ orderLock }, ({ orderLock }) => orderLockRelease(orderLock))).config({ name: "release-ghn-order-lock" })
  return new WorkflowResponse(result)
})
