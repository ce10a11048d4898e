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
