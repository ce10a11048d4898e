import { definePolicies } from "@medusajs/framework/utils"

/**
 * The plugin's own RBAC resources (Medusa syncs them to the database at start when its `rbac`
 * feature flag is on): what no resource of Medusa's covers. The admin routes' policies are declared
 * in src/api/middlewares.ts and listed in docs/reference.md.
 */
export const GHN_POLICY_RESOURCES = {
  /** The GHN connection, shops and partner onboarding: Settings -> GHN. */
  settings: "ghn_settings",
  /** Revealing the webhook secret GHN calls back with. */
  webhookSecret: "ghn_webhook_secret",
  /** A receiver's COD history (a shopper's personal data): view, export, trust, forget. */
  receiver: "ghn_receiver",
  /** The integration's health: GHN's answers, callbacks waiting, COD captures failing (an operations team's). */
  health: "ghn_health",
} as const

/** Reading a receiver's COD history, wherever it shows (its own route, an order's shipments, the parcels needing action). */
export const READ_RECEIVER = { resource: GHN_POLICY_RESOURCES.receiver, operation: "read" }

export const ghnPolicies = definePolicies([
  { name: "ReadGhnSettings", resource: GHN_POLICY_RESOURCES.settings, operation: "read", description: "See the GHN connection, shops and settings" },
  { name: "UpdateGhnSettings", resource: GHN_POLICY_RESOURCES.settings, operation: "update", description: "Create GHN shops and onboard partner shops" },
  { name: "ReadGhnWebhookSecret", resource: GHN_POLICY_RESOURCES.webhookSecret, operation: "read", description: "Reveal the GHN webhook secret" },
  { name: "ReadGhnHealth", resource: GHN_POLICY_RESOURCES.health, operation: "read", description: "See the GHN integration's health" },
  { name: "ReadGhnReceiver", resource: GHN_POLICY_RESOURCES.receiver, operation: "read", description: "See a receiver's COD history" },
  { name: "ExportGhnReceiver", resource: GHN_POLICY_RESOURCES.receiver, operation: "export", description: "Export a receiver's COD history as CSV" },
  { name: "UpdateGhnReceiver", resource: GHN_POLICY_RESOURCES.receiver, operation: "update", description: "Trust or distrust a receiver for cash on delivery" },
  { name: "DeleteGhnReceiver", resource: GHN_POLICY_RESOURCES.receiver, operation: "delete", description: "Forget a receiver's COD history" },
])
