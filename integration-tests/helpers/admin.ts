import { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

export const ADMIN_EMAIL = "admin@ghn.test"
const ADMIN_PASSWORD = "ghn-test-password"

/** Creates an admin user the way Medusa 2.21 links them, and returns its bearer headers. */
export async function adminHeaders(container: MedusaContainer, api: any) {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const [existing] = await userModule.listUsers({ email: ADMIN_EMAIL })
  if (!existing) {
    const user = await userModule.createUsers({ email: ADMIN_EMAIL, first_name: "Quản", last_name: "Trị" })
    const { authIdentity, error } = await authModule.register("emailpass", {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    } as any)
    if (!authIdentity) throw new Error(`admin register failed: ${error}`)
    await authModule.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
  }
  const { data } = await api.post("/auth/user/emailpass", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  return { headers: { authorization: `Bearer ${data.token}` } }
}
