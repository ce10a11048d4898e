import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

// The README's "Install in a Medusa store", word for word, in Medusa's starter configuration.
const ghn = {
  token: process.env.GHN_TOKEN,            // from GHN's merchant dashboard (per environment)
  shopId: Number(process.env.GHN_SHOP_ID), // default GHN shop (ShopId)
  environment: process.env.GHN_ENV ?? "production", // "production" | "staging" | a URL (the sandbox)
  webhookSecret: process.env.GHN_WEBHOOK_SECRET,    // 16+ characters, see "Webhook set-up"
  codPaymentProviders: ["pp_system_default"],       // orders paid with these are cash on delivery
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS!,
      adminCors: process.env.ADMIN_CORS!,
      authCors: process.env.AUTH_CORS!,
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  plugins: [{ resolve: "medusa-fulfillment-ghn", options: ghn }],
  modules: [
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "medusa-fulfillment-ghn/providers/ghn", id: "ghn", options: ghn },
        ],
      },
    },
  ],
})
