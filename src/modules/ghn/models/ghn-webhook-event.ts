import { model } from "@medusajs/framework/utils"

/** A status callback as GHN sent it; `dedupe_key` (OrderCode + Type + Time) makes repeats harmless. */
export const GhnWebhookEvent = model
  .define("ghn_webhook_event", {
    id: model.id({ prefix: "ghnevt" }).primaryKey(),
    dedupe_key: model.text().unique(),
    order_code: model.text(),
    type: model.text(),
    status: model.text().nullable(),
    event_time: model.dateTime(),
    /** Callbacks stored before `event` existed: their parsed JSON, read once into `event`. */
    body: model.json().nullable(),
    /** The callback as the shipment applies it (src/lib/status/webhook.ts eventFromWebhook), parsed once, by the webhook. */
    event: model.json().nullable(),
    /** The request body exactly as GHN sent it. */
    raw_body: model.text().nullable(),
    received_at: model.dateTime(),
    processed_at: model.dateTime().nullable(),
    /** No shipment of this store has the order code: kept and acknowledged, not applied. */
    unknown_order: model.boolean().default(false),
    error: model.text().nullable(),
    /** Failed applications so far; after MAX_EVENT_ATTEMPTS the event waits for the admin. */
    attempts: model.number().default(0),
    /** When the recovery pass may try again (back-off after a failure). */
    next_attempt_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["order_code"] },
    { on: ["processed_at", "event_time"] },
    // Settings -> GHN -> Set-up: when the webhook was last heard from.
    { name: "IDX_ghn_webhook_event_received_at", on: ["received_at"] },
  ])
