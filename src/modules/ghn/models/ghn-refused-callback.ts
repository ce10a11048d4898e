import { model } from "@medusajs/framework/utils"

/**
 * A callback that carried the right secret but was refused (a shape GHN's spec does not show, or
 * not JSON): GHN does not retry a 4xx, so it is kept here, counted and shown to the admin, with
 * its body (secrets masked, at most 2 KB). Kept 7 days.
 */
export const GhnRefusedCallback = model
  .define("ghn_refused_callback", {
    id: model.id({ prefix: "ghnref" }).primaryKey(),
    /** What was wrong, the same for every callback of its kind ("content_type", "fields: Time, Status"). */
    reason: model.text(),
    /** The answer's message. */
    detail: model.text(),
    body: model.text(),
    received_at: model.dateTime(),
  })
  .indexes([{ on: ["received_at"] }])
