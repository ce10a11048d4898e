import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { planSavedAddressesStep } from "./steps/plan-saved-addresses"
import { recordGhnAddressChoicesStep } from "./steps/record-ghn-address-choices"
import { writeSavedAddressMetadataStep } from "./steps/write-saved-address-metadata"

export type SavedAddressesSummary = {
  resolved: number
  needs_choice: number
  skipped: number
  /** Addresses whose metadata this run changed (0 on a run after a run). */
  changed: number
  choices: { address_id: string; customer_id: string; label: string; code: string; candidates: string[] }[]
}

/**
 * Customers' saved addresses resolved to GHN ids ahead of their next checkout: the ids into each
 * address's metadata (as the storefront kit writes them), or the candidates its customer must
 * choose between, stored on the address and listed to the admin. A run after a run changes nothing.
 */
export const resolveGhnSavedAddressesWorkflow = createWorkflow("resolve-ghn-saved-addresses", (input: { address_ids: string[] }) => {
  const plans = planSavedAddressesStep(input)
  const changed = writeSavedAddressMetadataStep(plans)
  recordGhnAddressChoicesStep(plans)
  const summary = transform({ plans, changed }, ({ plans, changed }): SavedAddressesSummary => ({
    resolved: plans.filter((p) => p.outcome.kind === "resolved").length,
    needs_choice: plans.filter((p) => p.outcome.kind === "choice").length,
    skipped: plans.filter((p) => p.outcome.kind === "skipped").length,
    changed,
    choices: plans.flatMap((p) =>
      p.outcome.kind === "choice"
        ? [{ address_id: p.address_id, customer_id: p.customer_id, label: p.label, code: p.outcome.choice.code, candidates: p.outcome.choice.candidates.map((c) => c.label) }]
        : []
    ),
  }))
  return new WorkflowResponse(summary)
})
