import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * The development store: this repository's own `src` is the plugin (routes, subscribers,
 * workflows, jobs and admin load from it; the provider and the module are listed below the way
 * a store lists `medusa-fulfillment-ghn/providers/ghn` and the plugin). Without GHN settings it
 * talks to the local GHN sandbox (`npm run sandbox`) with the sandbox owner's token.
 *
 * With REDIS_URL it runs as a production store does (README, "Running in production"): Medusa's
 * Redis event bus, workflow engine, locking and caching, and MEDUSA_WORKER_MODE (server | worker |
 * shared) says what this process does. GHN_SECOND_TOKEN + GHN_SECOND_SHOP_ID register the GHN
 * provider a second time, as `ghn_second` (a second GHN account or shop).
 */
const ghnOptions = {
  token: process.env.GHN_TOKEN || "sandbox-owner-token",
  shopId: Number(process.env.GHN_SHOP_ID || 190001),
  environment: process.env.GHN_BASE_URL || process.env.GHN_ENV || "http://127.0.0.1:5410",
  webhookSecret: process.env.GHN_WEBHOOK_SECRET || "dev-webhook-secret-change-me",
  codPaymentProviders: ["pp_system_default"],
  insurance: "items_value" as const,
  // A store sharing its GHN shop (or, in tests, one sandbox serving many fresh databases).
  clientOrderCodePrefix: process.env.GHN_CLIENT_ORDER_CODE_PREFIX || "",
  // GHN_COD_RISK=2: no cash on delivery for a receiver with 2 COD parcels back in 180 days (README, codRisk).
  ...(process.env.GHN_COD_RISK ? { codRisk: { maxReturned: Number(process.env.GHN_COD_RISK), days: 180 } } : {}),
  // GHN_OPTIONS='{"outageFallback":{"flatAmounts":{"light":35000}}}': any other option of the README's table, as JSON.
  ...(process.env.GHN_OPTIONS ? JSON.parse(process.env.GHN_OPTIONS) : {}),
}

const redisUrl = process.env.REDIS_URL
const redisModules = redisUrl
  ? [
      // BullMQ's default is one event at a time per process; GHN's callback bursts need more.
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl, workerOptions: { concurrency: 8 } } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] },
      },
      {
        resolve: "@medusajs/medusa/caching",
        options: { providers: [{ resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } }] },
      },
    ]
  : []

// CACHING_MODULE=memory: Medusa's caching module with its in-memory provider, without Redis (the
// tests of guest tracking's counts, which run through the caching and locking modules).
const cachingOnly =
  !redisUrl && process.env.CACHING_MODULE === "memory" ? [{ resolve: "@medusajs/medusa/caching", options: { in_memory: { enable: true } } }] : []

const secondGhn = process.env.GHN_SECOND_TOKEN
  ? [
      {
        resolve: "./src/providers/ghn",
        id: "second",
        options: {
          ...ghnOptions,
          token: process.env.GHN_SECOND_TOKEN,
          shopId: Number(process.env.GHN_SECOND_SHOP_ID),
          webhookSecret: process.env.GHN_SECOND_WEBHOOK_SECRET || ghnOptions.webhookSecret,
        },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: (process.env.MEDUSA_WORKER_MODE as "shared" | "server" | "worker" | undefined) || "shared",
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000,http://localhost:5173",
      authCors: process.env.AUTH_CORS || "http://localhost:9000,http://localhost:8000,http://localhost:5173",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLE === "true",
  },
  modules: [
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "./src/providers/ghn", id: "ghn", options: ghnOptions },
          ...secondGhn,
        ],
      },
    },
    { resolve: "./src/modules/ghn", options: ghnOptions },
    // Shopper notifications (docs/notifications.md): Medusa's local provider writes each email to
    // the log; a store puts its email provider (SendGrid, Resend, ...) here instead.
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/notification-local", id: "local", options: { name: "Local notifications", channels: ["email", "feed"] } },
        ],
      },
    },
    ...redisModules,
    // Medusa's role-based access control (feature flag, MEDUSA_FF_RBAC=true): defineConfig settles
    // its default modules before the flag is read, so the store lists the RBAC module itself.
    ...(process.env.MEDUSA_FF_RBAC === "true" ? [{ resolve: "@medusajs/medusa/rbac" }] : []),
    ...cachingOnly,
  ],
})
