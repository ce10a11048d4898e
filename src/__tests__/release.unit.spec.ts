/**
 * What a published version promises (docs/development.md, "Versions and releases"): the licence's
 * text, the metadata npm and provenance read, and a changelog that has package.json's version and
 * names every public name a store depends on, so that an upgrade's changes can be read there.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { ADMIN_ROUTE_POLICIES } from "../api/middlewares"
import * as events from "../contracts/events"
import { ghnOptionsSchema } from "../lib/runtime/options"
import { ghnPolicies } from "../policies/ghn"

const ROOT = path.resolve(__dirname, "../..")
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")
const pkg = JSON.parse(read("package.json"))
const CHANGELOG = read("CHANGELOG.md")
const REPOSITORY = "https://github.com/medusa-fulfillment-ghn/medusa-fulfillment-ghn"
const semver = require("semver")

/** Each `## [name] - date` heading of the changelog, in order. */
const sections = [...CHANGELOG.matchAll(/^## \[([^\]]+)\](?: - (.+))?$/gm)].map((m) => ({ name: m[1], date: m[2] }))
const releases = sections.filter((s) => s.name !== "Unreleased")
/** A name as the changelog writes it: in backticks. */
const missingFromChangelog = (names: string[]) => [...new Set(names)].filter((name) => !CHANGELOG.includes("`" + name + "`")).sort()

describe("LICENSE", () => {
  const licence = read("LICENSE")

  it("is the MIT licence package.json names, for the holder package.json names as its author", () => {
    expect(pkg.license).toBe("MIT")
    expect(licence.startsWith("MIT License\n")).toBe(true)
    expect(licence).toMatch(new RegExp(`^Copyright \\(c\\) 20\\d\\d ${pkg.author.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"))
    for (const clause of [
      "Permission is hereby granted, free of charge, to any person obtaining a copy",
      "The above copyright notice and this permission notice shall be included in all",
      'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR',
    ]) {
      expect(licence).toContain(clause)
    }
  })
})

describe("package.json's metadata", () => {
  it("names one repository everywhere: repository (what npm's provenance checks), homepage, bugs, author", () => {
    expect(pkg.repository).toEqual({ type: "git", url: `git+${REPOSITORY}.git` })
    expect(pkg.homepage).toBe(`${REPOSITORY}#readme`)
    expect(pkg.bugs).toEqual({ url: `${REPOSITORY}/issues` })
    expect(pkg.author.name).toBeTruthy()
    expect(pkg.author.url).toBe(`${REPOSITORY}/graphs/contributors`)
  })

  it("has a description npm's search can match, short enough to be shown whole", () => {
    expect(pkg.description.length).toBeLessThanOrEqual(250)
    for (const word of ["Medusa", "GHN", "Giao Hàng Nhanh", "Vietnam", "fulfillment", "shipping"]) expect(pkg.description).toContain(word)
  })

  it("links to the same repository from the README, CHANGELOG, CONTRIBUTING and SECURITY files", () => {
    for (const file of ["README.md", "CHANGELOG.md", "CONTRIBUTING.md", "SECURITY.md"]) {
      const urls = [...read(file).matchAll(/https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?(?=[/)#>\s]|$)/g)]
        .map((m) => m[1])
        .filter((repo) => !/^(medusajs|actions)\//.test(repo))
      expect({ file, repos: [...new Set(urls)] }).toEqual({ file, repos: ["medusa-fulfillment-ghn/medusa-fulfillment-ghn"] })
    }
  })

  it("is linked from the README: how to contribute, how to report a vulnerability", () => {
    const readme = read("README.md")
    expect(readme).toContain("](CONTRIBUTING.md)")
    expect(readme).toContain("](SECURITY.md)")
  })
})

describe("CHANGELOG.md", () => {
  it("opens with the Unreleased section, for the changes not yet in a version", () => {
    expect(sections[0]).toEqual({ name: "Unreleased", date: undefined })
    expect(sections.filter((s) => s.name === "Unreleased")).toHaveLength(1)
  })

  it(`has an entry for package.json's version (${pkg.version}), the newest of its versions`, () => {
    expect(releases.map((r) => r.name)).toContain(pkg.version)
    expect(releases[0].name).toBe(pkg.version)
  })

  it("dates each version (YYYY-MM-DD) and lists them newest first, each once", () => {
    for (const r of releases) {
      expect(semver.valid(r.name)).toBe(r.name)
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(new Date(`${r.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(r.date)
    }
    const names = releases.map((r) => r.name)
    expect([...names].sort(semver.rcompare)).toEqual(names)
    expect(new Set(names).size).toBe(names.length)
    const dates = releases.map((r) => r.date)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it("links each heading: Unreleased to the comparison from the newest tag, a version to its tag", () => {
    expect(CHANGELOG).toContain(`\n[Unreleased]: ${REPOSITORY}/compare/v${releases[0].name}...HEAD`)
    releases.forEach((r, i) => {
      const previous = releases[i + 1]
      const link = previous ? `${REPOSITORY}/compare/v${previous.name}...v${r.name}` : `${REPOSITORY}/releases/tag/v${r.name}`
      expect(CHANGELOG).toContain(`\n[${r.name}]: ${link}`)
    })
  })

  // What a store reads before upgrading: a new option, event, route, permission, migration or
  // table is named (in backticks) in the entry of the version that brings it, or under Unreleased.
  it("names every option", () => {
    expect(missingFromChangelog(Object.keys(ghnOptionsSchema.shape))).toEqual([])
  })

  it("names every event the plugin emits", () => {
    const names = Object.values(events).flatMap((value) => (typeof value === "string" ? [value] : typeof value === "object" ? Object.values(value) : []))
    expect(names).toContain("ghn.parcel.delivered")
    expect(missingFromChangelog(names.filter((name) => /^ghn\./.test(name)))).toEqual([])
  })

  it("names every route (webhook, store, admin)", () => {
    const routes: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory() && entry.name !== "__tests__") walk(path.join(dir, entry.name))
        else if (entry.name === "route.ts") {
          const segments = path.relative(path.join(ROOT, "src/api"), dir).split(path.sep)
          routes.push("/" + segments.map((s) => s.replace(/^\[(.+)\]$/, ":$1")).join("/"))
        }
      }
    }
    walk(path.join(ROOT, "src/api"))
    expect(routes).toEqual(expect.arrayContaining(["/hooks/ghn", "/store/ghn/tracking", "/admin/ghn/shipments/:order_code"]))
    expect(missingFromChangelog(routes)).toEqual([])
  })

  it("names every permission a route requires, and every policy the plugin defines", () => {
    const required = ADMIN_ROUTE_POLICIES.map(([, , p]) => `${p.resource}:${p.operation}`)
    const defined = ghnPolicies.policies.map((p) => `${p.resource}:${p.operation}`)
    expect(defined).toContain("ghn_webhook_secret:read")
    expect(missingFromChangelog([...required, ...defined])).toEqual([])
  })

  it("names every migration (what `npx medusa db:migrate` runs) and every table they create", () => {
    const dir = path.join(ROOT, "src/modules/ghn/migrations")
    const migrations = fs.readdirSync(dir).filter((f) => /^Migration\d+\.ts$/.test(f))
    expect(migrations.length).toBeGreaterThan(0)
    expect(missingFromChangelog(migrations.map((f) => f.replace(/\.ts$/, "")))).toEqual([])
    const sql = [dir, path.join(ROOT, "src/modules/ghn/schema")]
      .flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith(".ts")).map((f) => fs.readFileSync(path.join(d, f), "utf8")))
      .join("\n")
    const tables = [...sql.matchAll(/create table (?:if not exists )?"(\w+)"/gi)].map((m) => m[1])
    expect(tables).toContain("ghn_shipment")
    expect(missingFromChangelog(tables)).toEqual([])
  })
})
