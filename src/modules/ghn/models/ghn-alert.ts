import { model } from "@medusajs/framework/utils"

/**
 * An incident of one alert (src/lib/health/alerts.ts) for one account: opened once (the partial
 * unique index lets one open row per alert and account, whatever two instances do), told once,
 * cleared once. Kept after it clears, so the team's history survives restarts.
 */
export const GhnAlert = model
  .define("ghn_alert", {
    id: model.id({ prefix: "ghnalr" }).primaryKey(),
    kind: model.text(),
    account: model.text(),
    params: model.json().nullable(),
    opened_at: model.dateTime(),
    cleared_at: model.dateTime().nullable(),
  })
  .indexes([
    { name: "IDX_ghn_alert_open", on: ["kind", "account"], unique: true, where: "cleared_at IS NULL" },
    { on: ["opened_at"] },
  ])
