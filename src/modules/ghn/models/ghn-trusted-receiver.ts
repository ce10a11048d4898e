import { model } from "@medusajs/framework/utils"

/** A receiver an admin trusts: the codRisk option never refuses them cash on delivery. */
export const GhnTrustedReceiver = model.define("ghn_trusted_receiver", {
  id: model.id({ prefix: "ghntru" }).primaryKey(),
  phone: model.text().unique(),
  /** The admin user who trusted them. */
  trusted_by: model.text().nullable(),
})
