import type { MedusaContainer } from "@medusajs/framework/types"
import { adminHeaders } from "./admin"
import { sandbox } from "./sandbox"
import { seedGhnStore } from "./store"

/** Each test's start: the sandbox as new, an admin session, and the Vietnamese GHN store seeded. */
export async function freshGhnStore(api: any, container: MedusaContainer) {
  await sandbox.reset()
  const admin = await adminHeaders(container, api)
  return { admin, store: await seedGhnStore(api, admin) }
}

/** The development store's webhook secret and header (medusa-config.ts defaults). */
export const WEBHOOK = { header: "x-ghn-webhook-secret", secret: "dev-webhook-secret-change-me" }

/** A fresh store whose GHN sandbox calls back to it, as GHN's webhook does (turn it off after each test: `sandbox.webhook(null)`). */
export async function freshGhnStoreCalledBack(api: any, container: MedusaContainer) {
  const fresh = await freshGhnStore(api, container)
  await sandbox.webhook(`${api.defaults.baseURL.replace(/\/$/, "")}/hooks/ghn`, { [WEBHOOK.header]: WEBHOOK.secret })
  return fresh
}
