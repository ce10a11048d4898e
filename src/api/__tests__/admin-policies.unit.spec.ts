import { readdirSync, readFileSync, statSync } from "fs"
import { join, relative, sep } from "path"
import { ADMIN_ROUTE_POLICIES } from "../middlewares"

const ADMIN_GHN = join(__dirname, "..", "admin", "ghn")
const API = join(__dirname, "..")

/** Every source file under src/api (tests aside), with its text. */
function apiSources(dir = API): [path: string, text: string][] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === "__tests__" ? [] : apiSources(path)
    return name.endsWith(".ts") ? [[relative(API, path).split(sep).join("/"), readFileSync(path, "utf8")] as [string, string]] : []
  })
}

/** Every route file under src/api/admin/ghn with the methods it exports, as Medusa matches them. */
function adminRoutes(dir = ADMIN_GHN): [matcher: string, method: string][] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return adminRoutes(path)
    if (name !== "route.ts") return []
    const matcher = "/admin/ghn/" + relative(ADMIN_GHN, dir).split(sep).map((s) => s.replace(/^\[(.+)\]$/, ":$1")).join("/")
    const methods = [...readFileSync(path, "utf8").matchAll(/export (?:async function|const) (GET|POST|DELETE|PUT|PATCH)\b/g)].map((m) => m[1])
    return methods.map((method) => [matcher.replace(/\/$/, ""), method] as [string, string])
  })
}

describe("admin route policies", () => {
  it("declares a policy for every method of every plugin admin route, and none for a route that does not exist", () => {
    const routes = adminRoutes().map(([m, method]) => `${method} ${m}`).sort()
    const declared = ADMIN_ROUTE_POLICIES.map(([m, method]) => `${method} ${m}`).sort()
    expect(routes.length).toBeGreaterThan(30)
    expect(declared).toEqual(routes)
  })

  it("guards the webhook secret and receivers' data with the plugin's own policies, re-weighing with product:update", () => {
    const policyOf = (method: string, matcher: string) => ADMIN_ROUTE_POLICIES.find(([m, verb]) => m === matcher && verb === method)?.[2]
    expect(policyOf("GET", "/admin/ghn/settings/webhook-secret")).toEqual({ resource: "ghn_webhook_secret", operation: "read" })
    expect(policyOf("GET", "/admin/ghn/receivers/:phone/outcomes")).toEqual({ resource: "ghn_receiver", operation: "export" })
    expect(policyOf("DELETE", "/admin/ghn/receivers/:phone")).toEqual({ resource: "ghn_receiver", operation: "delete" })
    expect(policyOf("POST", "/admin/ghn/receivers/:phone/trust")).toEqual({ resource: "ghn_receiver", operation: "update" })
    expect(policyOf("POST", "/admin/ghn/reweigh/:variant_id")).toEqual({ resource: "product", operation: "update" })
    // It sends the secret: whoever may not read the secret may not send it.
    expect(policyOf("POST", "/admin/ghn/settings/webhook-test")).toEqual({ resource: "ghn_webhook_secret", operation: "read" })
  })

  it("makes no route call a host the caller chooses: one direct HTTP call, the webhook test's, to the configured URL", () => {
    const sources = apiSources()
    expect(sources.length).toBeGreaterThan(50)
    const outbound = /\bfetch\(|\bhttps?\.(?:request|get)\(|from "(?:node:)?https?"|\bundici\b|\baxios\b|new WebSocket\(/
    expect(sources.filter(([, text]) => outbound.test(text)).map(([path]) => path)).toEqual(["admin/ghn/settings/webhook-test/route.ts"])
    const test = sources.find(([path]) => path === "admin/ghn/settings/webhook-test/route.ts")![1]
    expect(test).toContain("const backend = configuredBackendUrl(req, ghn.options.backendUrl)")
    expect(test).toContain("const url = `${backend}/hooks/ghn`")
    expect(test).toMatch(/await fetch\(url,/)
    expect(test).not.toMatch(/req\.(?:get|header)\(|req\.headers|req\.hostname|req\.protocol/)
    // A GHN client the admin builds takes an environment from the validator's short list, never a URL.
    const clients = sources.filter(([, text]) => /createGhnClient\(/.test(text)).map(([path]) => path)
    expect(clients).toEqual(["admin/ghn/settings/shared.ts"])
  })
})
