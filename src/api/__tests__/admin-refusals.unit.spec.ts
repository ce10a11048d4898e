import { readdirSync, readFileSync, statSync } from "fs"
import { join, relative, sep } from "path"
import middlewares from "../middlewares"

const ADMIN = join(__dirname, "..", "admin")

/** Every source file under src/api/admin (tests aside), with its text. */
function adminSources(dir = ADMIN): [path: string, text: string][] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === "__tests__" ? [] : adminSources(path)
    return name.endsWith(".ts") ? [[relative(ADMIN, path).split(sep).join("/"), readFileSync(path, "utf8")] as [string, string]] : []
  })
}

describe("the plugin's admin refusals are worded in the admin's language", () => {
  it("throws no uncoded MedusaError from an admin route: each is adminError (the catalogue) or fieldRefusal (its fields)", () => {
    const uncoded = adminSources().flatMap(([path, text]) => (text.includes("new MedusaError(") ? [path] : []))
    expect(uncoded).toEqual([])
  })

  it("names the rule of every custom check of the admin validators (params.rule), so Vietnamese can word it", () => {
    const unnamed = adminSources()
      .filter(([path]) => /validators\.ts$/.test(path))
      .flatMap(([path, text]) => {
        const lines = text.split("\n")
        return lines.flatMap((line, i) => {
          if (!/\.refine\(|code: "custom"/.test(line)) return []
          const near = lines.slice(i, i + 8).join("\n")
          return /rule: "/.test(near) ? [] : [`${path}:${i + 1}`]
        })
      })
    expect(unnamed).toEqual([])
  })

  it("validates every admin route's body and query through adminBody/adminQuery (their refusals carry the fields)", () => {
    const routes = (middlewares as { routes?: { matcher: string | RegExp; middlewares?: { name?: string }[] }[] }).routes ?? []
    const admin = routes.filter((r) => String(r.matcher).startsWith("/admin") && r.middlewares?.length)
    expect(admin.length).toBeGreaterThan(20)
    // Medusa's own validators are named validateBody / validateQuery; the plugin's wrap them.
    const bare = admin.filter((r) => r.middlewares!.some((m) => m.name === "validateBody" || m.name === "validateQuery")).map((r) => String(r.matcher))
    expect(bare).toEqual([])
  })
})
