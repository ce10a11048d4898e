/**
 * Admin permissions with Medusa's RBAC on: every plugin admin route declares a policy (Medusa's
 * resource where one exists, the plugin's for the webhook secret and receivers' data), so a role
 * without it gets 403 and a role with it passes, through Medusa's HTTP API.
 */
// Medusa's RBAC is a feature flag read when the store boots (medusa-config.ts then lists its module).
process.env.MEDUSA_FF_RBAC = "true"

import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { ADMIN_ROUTE_POLICIES } from "../../src/api/middlewares"
import { adminHeaders, ADMIN_EMAIL } from "../helpers/admin"
import { freshGhnStoreCalledBack, WEBHOOK } from "../helpers/fresh-store"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, explained, fulfilOrder, movedTo, type SeededStore } from "../helpers/store"

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
    let ownerAdmin: { headers: Record<string, string> }

    afterEach(async () => {
      await sandbox.webhook(null)
      delete process.env.MEDUSA_BACKEND_URL
    })

    beforeEach(async () => {
      const container = getContainer()
      // The store's own admin is a super admin (Medusa's role of every policy), so it can seed the store.
      await adminHeaders(container, api)
      const [owner] = await container.resolve(Modules.USER).listUsers({ email: ADMIN_EMAIL })
      await container.resolve(ContainerRegistrationKeys.LINK).create({ [Modules.USER]: { user_id: owner.id }, [Modules.RBAC]: { rbac_role_id: "role_super_admin" } })
      ;({ store, admin: ownerAdmin } = await freshGhnStoreCalledBack(api, container))
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

    /** Every policy an admin route of the plugin declares, but the ones given. */
    const allPoliciesBut = (...left: string[]) => [...new Set(ADMIN_ROUTE_POLICIES.map(([, , p]) => `${p.resource}:${p.operation}`))].filter((key) => !left.includes(key))

    it("never shows the webhook secret to an admin without ghn_webhook_secret:read, on any route, nor sends it for them", async () => {
      const container = getContainer()
      // The store's configured public URL: a listener standing for the store's own host.
      const seen: http.IncomingHttpHeaders[] = []
      const home = http.createServer((req, res) => {
        seen.push(req.headers)
        res.end("{}")
      })
      await new Promise<void>((resolve) => home.listen(0, "127.0.0.1", resolve))
      process.env.MEDUSA_BACKEND_URL = `http://127.0.0.1:${(home.address() as AddressInfo).port}`
      try {
        const everythingElse = await roleOf(container, "GHN all but the secret", allPoliciesBut("ghn_webhook_secret:read"))
        const limited = await userWithRoles(container, api, "no-secret@ghn.test", [everythingElse])
        const params: Record<string, string> = { id: "run_01NONE", order_code: "GTESTNONE", phone: "0912345678", ticket_id: "1", variant_id: store.variants.shirt }
        const paths = ADMIN_ROUTE_POLICIES.filter(([, method]) => method === "GET").map(([matcher]) => matcher.replace(/:(\w+)/g, (_, name) => params[name]))
        for (const path of paths) {
          const answer = await rawApi.get(path, limited)
          expect([path, JSON.stringify(answer.data ?? "").includes(WEBHOOK.secret)]).toEqual([path, false])
        }
        const reveal = await rawApi.get("/admin/ghn/settings/webhook-secret", limited)
        const test = await rawApi.post("/admin/ghn/settings/webhook-test", {}, limited)
        expect([reveal.status, test.status]).toEqual([403, 403])
        expect(test.data.message).toBe("Insufficient permissions. Required policies: ghn_webhook_secret:read")
        expect(JSON.stringify(test.data)).not.toContain(WEBHOOK.secret)
        expect(seen).toEqual([])

        // With the policy, the test delivers the secret to the configured URL, and shows it masked.
        const granted = await userWithRoles(container, api, "secret-holder@ghn.test", [everythingElse, await roleOf(container, "GHN secret", ["ghn_webhook_secret:read"])])
        const sent = await rawApi.post("/admin/ghn/settings/webhook-test", {}, granted)
        expect(sent.status).toBe(200)
        expect(JSON.stringify(sent.data)).not.toContain(WEBHOOK.secret)
        expect(seen.map((h) => h[WEBHOOK.header])).toEqual([WEBHOOK.secret])
      } finally {
        await new Promise<void>((resolve) => home.close(() => resolve()))
      }
    })

    it("shows a receiver's COD history inside an order's parcels and the parcels needing action only with ghn_receiver:read", async () => {
      const container = getContainer()
      const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
      const order = await checkout(api, store, cart.id, store.options.light)
      const fulfillment = await fulfilOrder(api, ownerAdmin, store, order.id)
      await movedTo(api, ownerAdmin, fulfillment.data.order_code, "picked", "delivering", "delivery_fail:GHN-DFC1A2")

      const orderReader = await userWithRoles(container, api, "orders@ghn.test", [await roleOf(container, "GHN order reader", ["order:read", "fulfillment:read"])])
      const receiverReader = await userWithRoles(container, api, "receivers@ghn.test", [await roleOf(container, "GHN receiver reader", ["order:read", "fulfillment:read", "ghn_receiver:read"])])
      const shipmentsOf = (h: object) => rawApi.get(`/admin/ghn/orders/${order.id}/shipments`, h)
      const needsAction = (h: object) => rawApi.get("/admin/ghn/needs-action", h)

      const hidden = await shipmentsOf(orderReader)
      expect([hidden.status, hidden.data.receiver, hidden.data.shipments.length]).toEqual([200, null, 1])
      const hiddenQueue = await needsAction(orderReader)
      expect(hiddenQueue.data.parcels.map((p: any) => [p.order_code, p.needs.receiver])).toEqual([[fulfillment.data.order_code, null]])
      expect((await rawApi.get("/admin/ghn/receivers/0912345678", orderReader)).status).toBe(403)

      const shown = await shipmentsOf(receiverReader)
      expect(shown.data.receiver).toEqual(expect.objectContaining({ phone: expect.any(String), trusted: false }))
      expect((await needsAction(receiverReader)).data.parcels[0].needs.receiver).toEqual(expect.objectContaining({ trusted: false }))
    })
  },
})
