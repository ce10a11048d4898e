import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, capturePaymentWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { markGhnCodCapturingStep } from "./steps/mark-ghn-cod-capturing"
import { type CaptureGhnCodInput, planGhnCodCaptureStep } from "./steps/plan-ghn-cod-capture"
import { recordGhnCodCaptureStep } from "./steps/record-ghn-cod-capture"

export type { CaptureGhnCodInput }

/**
 * Captured on delivery: a delivered parcel's COD is captured from the order's cash-on-delivery
 * payment through Medusa's capture workflow (so the order shows it paid), once, with the GHN
 * order code in the capture's metadata. Returned, lost and cancelled parcels capture nothing;
 * `captureCodOnDelivery: false` turns it off. Started by the `ghn.cod.delivered` event, and
 * retried by the polling job while it fails.
 */
export const captureGhnCodWorkflow = createWorkflow("capture-ghn-cod", (input: CaptureGhnCodInput) => {
  const lockKey = transform({ input }, ({ input }) => `ghn-cod:${input.order_code}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const plan = planGhnCodCaptureStep(input)
  const payment = when({ plan }, ({ plan }) => plan.kind === "capture").then(() => {
    markGhnCodCapturingStep(plan)
    return capturePaymentWorkflow.runAsStep({
      input: transform({ plan }, ({ plan }) => ({ payment_id: (plan as { payment_id: string }).payment_id, amount: (plan as { amount: number }).amount })),
    })
  })
  const result = recordGhnCodCaptureStep(transform({ plan, payment }, ({ plan, payment }) => ({ plan, payment: payment as { captures?: { id: string }[] | null } | null })))
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(result)
})
