import { model } from "@medusajs/framework/utils"

/**
 * An order queued for automatic shipping (option `autoShip`; src/lib/shipping-run/auto-ship.ts has
 * its states): when it is due, or why it does not ship on its own, and the run that shipped it.
 */
export const GhnAutoShip = model
  .define("ghn_auto_ship", {
    id: model.id({ prefix: "ghnauto" }).primaryKey(),
    order_id: model.text(),
    /** waiting, held, shipped, skipped. */
    status: model.text().default("waiting"),
    /** When it was queued: placed, or released from a hold (its delay counts from then). */
    queued_at: model.dateTime(),
    /** When it ships; null while it is not known (a prepaid order waiting for its payment). */
    due_at: model.dateTime().nullable(),
    /** Why it has not shipped on its own, for the merchant. */
    reason: model.text().nullable(),
    run_id: model.text().nullable(),
  })
  .indexes([
    { on: ["order_id"], unique: true },
    // The due pass: waiting orders by due time (those whose time is not known first).
    { on: ["due_at"], where: "status = 'waiting'" },
  ])
