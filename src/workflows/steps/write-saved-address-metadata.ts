import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { ICustomerModuleService } from "@medusajs/framework/types"
import type { SavedAddressPlan } from "./plan-saved-addresses"

type Written = { address_id: string; before: Record<string, unknown>; after: Record<string, unknown> }

/** Medusa merges metadata on update (a key set to "" is removed): the update that turns `from` into `to`. */
export function metadataUpdate(from: Record<string, unknown>, to: Record<string, unknown>): Record<string, unknown> {
  return { ...Object.fromEntries(Object.keys(from).filter((k) => !(k in to)).map((k) => [k, ""])), ...to }
}

/** The GHN ids (or the choice) into the saved addresses' metadata, where they changed. */
export const writeSavedAddressMetadataStep = createStep(
  "write-ghn-saved-address-metadata",
  async (plans: SavedAddressPlan[], { container }) => {
    const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
    const written: Written[] = []
    for (const plan of plans) {
      if (plan.outcome.kind === "skipped" || !plan.outcome.changed) continue
      await customers.updateCustomerAddresses(plan.address_id, { metadata: metadataUpdate(plan.before, plan.outcome.metadata) })
      written.push({ address_id: plan.address_id, before: plan.before, after: plan.outcome.metadata })
    }
    return new StepResponse(written.length, written)
  },
  async (written, { container }) => {
    if (!written?.length) return
    const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
    for (const w of written) await customers.updateCustomerAddresses(w.address_id, { metadata: metadataUpdate(w.after, w.before) })
  }
)
