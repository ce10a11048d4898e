/**
 * Admin permissions with Medusa's RBAC on: every plugin admin route declares a policy (Medusa's
 * resource where one exists, the plugin's for the webhook secret and receivers' data), so a role
 * without it gets 403 and a role with it passes, through Medusa's HTTP API.
 */
// Medusa's RBAC is a feature flag read when the store boots (medusa-config.ts then lists its module).
process.env.MEDUSA_FF_RBAC = "true"

import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders, ADMIN_EMAIL } from "../helpers/admin"
import { freshGhnStore } from "../helpers/fresh-store"
import { explained, type SeededStore } from "../helpers/store"

jest.setTimeout(300_000)
afterAll(() => {
  delete process.env.MEDUSA_FF_RBAC
})

const PASSWORD = "ghn-role-password"

/** A role of these policies (by `resource:operation`), as the RBAC module keeps them. */
async function roleOf(container: MedusaContainer, name: string, keys: string[]) {
  const rbac = container.resolve(Modules.RBAC) as any
  const policies = await rbac.listRbacPolicies({ key: keys })
  expect(policies.map((p: any) => p.key).sort()).toEqual([...keys].sort())
  const role = await rbac.createRbacRoles({ name })
  await rbac.createRbacRolePolicies(policies.map((p: any) => ({ role_id: role.id, policy_id: p.id })))
  return role.id as string
}

/** An admin user with these roles, signed in: its bearer headers (the token carries the roles). */
async function userWithRoles(container: MedusaContainer, api: any, email: string, roleIds: string[]) {
  const users = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  let [user] = await users.listUsers({ email })
  if (!user) {
    user = await users.createUsers({ email })
    const { authIdentity } = await auth.register("emailpass", { body: { email, password: PASSWORD } } as any)
    await auth.updateAuthIdentities({ id: authIdentity!.id, app_metadata: { user_id: user.id } })
  }
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  await link.create(roleIds.map((rbac_role_id) => ({ [Modules.USER]: { user_id: user.id }, [Modules.RBAC]: { rbac_role_id } })))
  const { data } = await api.post("/auth/user/emailpass", { email, password: PASSWORD })
  return { headers: { authorization: `Bearer ${data.token}` }, validateStatus: () => true }
}

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let store: SeededStore

    beforeEach(async () => {
      const container = getContainer()
      // The store's own admin is a super admin (Medusa's role of every policy), so it can seed the store.
      await adminHeaders(container, api)
      const [owner] = await container.resolve(Modules.USER).listUsers({ email: ADMIN_EMAIL })
      await container.resolve(ContainerRegistrationKeys.LINK).create({ [Modules.USER]: { user_id: owner.id }, [Modules.RBAC]: { rbac_role_id: "role_super_admin" } })
      ;({ store } = await freshGhnStore(api, container))
    })

    const phone = "0912345678"
    /** The guarded actions, each with the one policy it needs and what it sends. */
    const ACTIONS: [what: string, policy: string, call: (headers: object) => Promise<any>][] = [
      ["reveal the webhook secret", "ghn_webhook_secret:read", (h) => rawApi.get("/admin/ghn/settings/webhook-secret", h)],
      ["export a receiver's history", "ghn_receiver:export", (h) => rawApi.get(`/admin/ghn/receivers/${phone}/outcomes`, h)],
      ["trust a receiver", "ghn_receiver:update", (h) => rawApi.post(`/admin/ghn/receivers/${phone}/trust`, { trusted: true }, h)],
      ["forget a receiver", "ghn_receiver:delete", (h) => rawApi.delete(`/admin/ghn/receivers/${phone}`, h)],
      ["apply measures to a variant", "product:update", (h) => rawApi.post(`/admin/ghn/reweigh/${store.variants.shirt}`, { weight: 450 }, h)],
    ]

    it("refuses each guarded action to a role without its policy (403), and lets a role with it through", async () => {
      const container = getContainer()
      // Reading is not enough: a role that may read orders, parcels, products, receivers and GHN settings.
      const reader = await roleOf(container, "GHN reader", ["order:read", "fulfillment:read", "product:read", "ghn_receiver:read", "ghn_settings:read"])
      const limited = await userWithRoles(container, api, "reader@ghn.test", [reader])
      const granted = await userWithRoles(container, api, "manager@ghn.test", [reader, await roleOf(container, "GHN manager", ACTIONS.map(([, policy]) => policy))])

      for (const [what, policy, call] of ACTIONS) {
        const refused = await call(limited)
        expect([what, refused.status, refused.data?.message]).toEqual([what, 403, `Insufficient permissions. Required policies: ${policy}`])
      }
      // The reader still reads what its role allows.
      expect((await rawApi.get(`/admin/ghn/receivers/${phone}`, limited)).status).toBe(200)
      expect((await rawApi.get("/admin/ghn/settings", limited)).status).toBe(200)
      // Nothing was trusted by the refused call.
      expect((await rawApi.get(`/admin/ghn/receivers/${phone}`, limited)).data.receiver.trusted).toBe(false)

      for (const [what, , call] of ACTIONS) {
        const passed = await call(granted)
        expect([what, passed.status]).toEqual([what, 200])
      }
      expect((await rawApi.get("/admin/ghn/settings/webhook-secret", granted)).data).toEqual(expect.objectContaining({ secret: expect.any(String) }))
    })
  },
})
