import { model } from "@medusajs/framework/utils"

/**
 * A customer's saved address the plugin could not resolve to one GHN ward (a ward split by the
 * 2025 reform, a name GHN does not list): what the customer must choose between at their next
 * checkout, listed to the admin. Written by the saved-address resolution, deleted once resolved.
 */
export const GhnAddressChoice = model
  .define("ghn_address_choice", {
    id: model.id({ prefix: "ghnach" }).primaryKey(),
    /** Medusa's customer address. */
    address_id: model.text().unique(),
    customer_id: model.text(),
    /** The shopper error code: address_ambiguous, address_not_found or address_not_priceable. */
    code: model.text(),
    /** The part of the address in question: province, district or ward. */
    part: model.text(),
    /** The address as saved, in one line. */
    address_label: model.text(),
    /** The GHN units the address may mean (ShopperAddressCandidate[]), best first. */
    candidates: model.json(),
  })
  .indexes([{ on: ["customer_id"] }, { on: ["created_at"] }])
