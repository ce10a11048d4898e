import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { Plan } from "./plan-ghn-cod-capture"

/**
 * Written before the capture (or the collection marked paid): a run that stops after it finds what
 * Medusa made by this. Medusa
 * never undoes a capture (the money is taken), so the undo keeps the captures the payment had
 * before: the parcel shows "failed" until the next pass adopts the capture made, or captures.
 */
export const markGhnCodCapturingStep = createStep(
  "mark-ghn-cod-capturing",
  async (plan: Plan, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    await ghn.updateGhnShipments({
      id: plan.shipment_id!,
      cod_capture_status: "capturing",
      cod_captured_amount: plan.total_after ?? 0,
      cod_captured_at: new Date(),
      cod_capture_before:
        plan.kind === "capture"
          ? { payment_id: plan.payment_id, captures: plan.before ?? [] }
          : plan.kind === "mark_paid" || plan.kind === "record_on_collection"
            ? { payment_collection_id: plan.payment_collection_id, payments: plan.before ?? [] }
            : null,
    })
    return new StepResponse(undefined, plan.shipment_id!)
  },
  async (shipmentId, { container }) => {
    if (!shipmentId) return
    await container.resolve<GhnModuleService>(GHN_MODULE).updateGhnShipments({
      id: shipmentId,
      cod_capture_status: "failed",
      cod_capture_error: "the capture was interrupted; the next pass completes it",
    })
  }
)
