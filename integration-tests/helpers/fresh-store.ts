import type { MedusaContainer } from "@medusajs/framework/types"
import { adminHeaders } from "./admin"
import { sandbox } from "./sandbox"
import { explained, seedGhnStore, type SeededStore } from "./store"

type Headers = { headers: Record<string, string> }

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

/** An object that reads through to `current()` at each use: a spec names it once, each test sees its own. */
function liveView<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key)
      return descriptor && { ...descriptor, configurable: true }
    },
  })
}

/**
 * A spec's usual set-up in one line, inside medusaIntegrationTestRunner's testSuite: before each
 * test, the sandbox reset, an admin session and the store seeded (with `calledBack`, the sandbox
 * sends its callbacks to the store, switched off after each test). `admin` and `store` are the
 * current test's, read where they are used (in a test or a later hook).
 */
export function freshGhnStorePerTest(rawApi: any, getContainer: () => MedusaContainer, options: { calledBack?: boolean } = {}) {
  const api = explained(rawApi)
  let current: { admin: Headers; store: SeededStore } | undefined
  beforeEach(async () => {
    current = await (options.calledBack ? freshGhnStoreCalledBack : freshGhnStore)(api, getContainer())
  })
  if (options.calledBack) afterEach(() => sandbox.webhook(null))
  const now = () => {
    if (!current) throw new Error("the GHN store is seeded before each test: use admin and store inside a test or a hook")
    return current
  }
  return { api, admin: liveView(() => now().admin), store: liveView(() => now().store) }
}

/**
 * For a spec of the admin's own settings, where the store is not seeded: before each test, the
 * sandbox reset and an admin session. `base` is the store's URL (for raw requests).
 */
export function freshAdminPerTest(rawApi: any, getContainer: () => MedusaContainer) {
  const api = explained(rawApi)
  let current: Headers | undefined
  beforeEach(async () => {
    await sandbox.reset()
    current = await adminHeaders(getContainer(), api)
  })
  const admin = liveView(() => {
    if (!current) throw new Error("the admin session is opened before each test: use admin inside a test or a hook")
    return current
  })
  return { api, admin, base: () => String(api.defaults.baseURL).replace(/\/$/, "") }
}
