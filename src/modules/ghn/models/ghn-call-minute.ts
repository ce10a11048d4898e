import { model } from "@medusajs/framework/utils"

/**
 * GHN calls of one account (its shop) in one minute, of one class (2xx, 4xx, 429, 5xx, timeout,
 * network) and GHN code: what the Health section sums over the last hour and day. Written by each
 * process every few seconds from its count in memory (src/lib/health/call-stats.ts), one statement;
 * kept two days. `id` is the bucket's key, so every process adds to the same row.
 */
export const GhnCallMinute = model
  .define("ghn_call_minute", {
    id: model.text().primaryKey(),
    minute: model.dateTime(),
    account: model.text(),
    outcome: model.text(),
    code: model.text(),
    calls: model.number(),
    total_ms: model.number(),
  })
  .indexes([{ on: ["minute"] }])
