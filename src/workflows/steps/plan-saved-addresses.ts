import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { ICustomerModuleService } from "@medusajs/framework/types"
import { resolveSavedAddress, savedAddressLabel, type SavedAddressOutcome } from "../../lib/address/saved-address"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type SavedAddressPlan = {
  address_id: string
  customer_id: string
  label: string
  /** The metadata as it was (what a compensation puts back). */
  before: Record<string, unknown>
  outcome: SavedAddressOutcome
}

/** What the GHN resolution makes of these saved addresses (reads only). */
export const planSavedAddressesStep = createStep("plan-ghn-saved-addresses", async (input: { address_ids: string[] }, { container }) => {
  const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
  const resolver = container.resolve<GhnModuleService>(GHN_MODULE).addresses
  const addresses = input.address_ids.length ? await customers.listCustomerAddresses({ id: input.address_ids }, { take: input.address_ids.length }) : []
  const plans: SavedAddressPlan[] = []
  for (const a of addresses) {
    const row = { ...a, metadata: a.metadata ?? null }
    plans.push({ address_id: a.id, customer_id: a.customer_id, label: savedAddressLabel(row), before: a.metadata ?? {}, outcome: await resolveSavedAddress(resolver, row) })
  }
  return new StepResponse(plans)
})
