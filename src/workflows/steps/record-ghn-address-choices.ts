import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cacheKey } from "../../lib/runtime/quote-cache"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { SavedAddressPlan } from "./plan-saved-addresses"

type ChoiceRow = { id: string; address_id: string; customer_id: string; code: string; part: string; address_label: string; candidates: unknown }
type Undo = { created: string[]; updated: ChoiceRow[]; deleted: ChoiceRow[] }

/**
 * The admin's list of saved addresses that need their customer's choice: a row per such address
 * (created or brought up to date), none for an address resolved since.
 */
export const recordGhnAddressChoicesStep = createStep(
  "record-ghn-address-choices",
  async (plans: SavedAddressPlan[], { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const considered = plans.filter((p) => p.outcome.kind !== "skipped")
    const existing = considered.length
      ? ((await ghn.listGhnAddressChoices({ address_id: considered.map((p) => p.address_id) })) as unknown as ChoiceRow[])
      : []
    const byAddress = new Map(existing.map((row) => [row.address_id, row]))
    const undo: Undo = { created: [], updated: [], deleted: [] }
    for (const plan of considered) {
      const row = byAddress.get(plan.address_id)
      if (plan.outcome.kind === "resolved") {
        if (row) {
          await ghn.softDeleteGhnAddressChoices(row.id)
          undo.deleted.push(row)
        }
        continue
      }
      if (plan.outcome.kind !== "choice") continue
      const wanted = { code: plan.outcome.choice.code, part: plan.outcome.choice.part, address_label: plan.label, candidates: plan.outcome.choice.candidates }
      if (!row) {
        const [created] = await ghn.createGhnAddressChoices([{ address_id: plan.address_id, customer_id: plan.customer_id, ...wanted } as never])
        undo.created.push((created as unknown as ChoiceRow).id)
      } else if (cacheKey("", { code: row.code, part: row.part, address_label: row.address_label, candidates: row.candidates }) !== cacheKey("", wanted)) {
        await ghn.updateGhnAddressChoices({ id: row.id, ...wanted } as never)
        undo.updated.push(row)
      }
    }
    return new StepResponse(undo.created.length + undo.updated.length + undo.deleted.length, undo)
  },
  async (undo, { container }) => {
    if (!undo) return
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    if (undo.created.length) await ghn.deleteGhnAddressChoices(undo.created)
    for (const row of undo.updated) await ghn.updateGhnAddressChoices(row as never)
    for (const row of undo.deleted) await ghn.restoreGhnAddressChoices(row.id)
  }
)
