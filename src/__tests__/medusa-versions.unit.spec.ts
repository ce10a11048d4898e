import * as fs from "node:fs"
import * as path from "node:path"

// npm checks a peer with semver.satisfies(version, range) without includePrerelease: a prerelease
// satisfies a range only through a comparator naming its own major.minor.patch with a tag.
const semver = require("semver")
const { pickVersion, pinFor, resolveMedusaSet, describeFallbacks } = require("../../scripts/medusa-versions")

const ROOT = path.resolve(__dirname, "../..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8"))

const ADMITTED = [
  "2.19.0",
  "2.19.4",
  "2.20.0",
  "2.20.1",
  "2.21.0",
  "2.21.2",
  "2.22.0-snapshot-20260911212358",
  "2.22.0-preview-20261002101500",
  "2.22.0-rc.1",
  "2.22.0",
  "2.22.5",
  "2.30.0",
]
const REFUSED = ["2.18.0", "2.18.4", "2.19.0-snapshot-20260101000000", "2.21.0-preview-20260911072753", "3.0.0", "3.0.0-preview-20270101000000", "3.1.0", "1.8.0"]

describe.each(["@medusajs/medusa", "@medusajs/framework"])("the peer range of %s", (name) => {
  const range: string = pkg.peerDependencies[name]

  it.each(ADMITTED)("admits %s as npm checks a peer", (version) => {
    expect(semver.satisfies(version, range)).toBe(true)
    expect(semver.satisfies(version, range, { loose: true })).toBe(true)
  })

  it.each(REFUSED)("refuses %s", (version) => {
    expect(semver.satisfies(version, range)).toBe(false)
  })

  it("is the lockfile's too (npm install would rewrite it otherwise)", () => {
    expect(lock.packages[""].peerDependencies[name]).toBe(range)
  })
})

// A registry as the packed test sees it (versions as `npm view` lists them, oldest first).
const REGISTRY: Record<string, { versions: string[]; "dist-tags": Record<string, string> }> = {
  "@medusajs/medusa": {
    versions: ["2.18.0", "2.19.0", "2.20.0", "2.20.1", "2.21.0-preview-20260911072753", "2.21.0", "2.21.2", "2.22.0-snapshot-20260911212358"],
    "dist-tags": { latest: "2.21.2" },
  },
  "@medusajs/framework": {
    versions: ["2.19.0", "2.20.1", "2.21.0", "2.21.2", "2.22.0-snapshot-20260911212358"],
    "dist-tags": { latest: "2.21.2" },
  },
  "@medusajs/admin-sdk": {
    versions: ["2.19.0", "2.20.0-snapshot-20260821203347", "2.20.1", "2.21.0", "2.21.2"],
    "dist-tags": { latest: "2.21.2" },
  },
}
const SET = ["@medusajs/admin-sdk", "@medusajs/framework", "@medusajs/medusa"]
const fromRegistry = (name: string) => REGISTRY[name]

describe("the Medusa a scratch store installs (scripts/medusa-versions.js)", () => {
  it.each([
    ["latest", "2.21.2"],
    ["~2.19.0", "2.19.0"],
    ["~2.20.0", "2.20.1"],
    ["^2.19.0", "2.21.2"],
    ["2.22.0-snapshot-20260911212358", "2.22.0-snapshot-20260911212358"],
    [">=2.22.0-0", "2.22.0-snapshot-20260911212358"],
    ["2.21.0-preview-20260911072753", "2.21.0-preview-20260911072753"],
  ])("%s names %s", (spec, version) => {
    expect(pickVersion(spec, REGISTRY["@medusajs/medusa"])).toBe(version)
  })

  it("names nothing for a version that was never published", () => {
    expect(pickVersion("2.22.0-snapshot-20990101000000", REGISTRY["@medusajs/medusa"])).toBeNull()
    expect(() => resolveMedusaSet("~2.23.0", SET, fromRegistry)).toThrow('no @medusajs/medusa version matches "~2.23.0"')
  })

  it("pins every package to the version asked when each has it", () => {
    expect(resolveMedusaSet("latest", SET, fromRegistry)).toEqual({
      spec: "latest",
      medusa: "2.21.2",
      pins: { "@medusajs/admin-sdk": "2.21.2", "@medusajs/framework": "2.21.2", "@medusajs/medusa": "2.21.2" },
      fallbacks: [],
    })
  })

  it("pins a package with no such version to the newest it has below it, and says so", () => {
    const set = resolveMedusaSet("2.22.0-snapshot-20260911212358", SET, fromRegistry)
    expect(set.pins).toEqual({
      "@medusajs/admin-sdk": "2.21.2",
      "@medusajs/framework": "2.22.0-snapshot-20260911212358",
      "@medusajs/medusa": "2.22.0-snapshot-20260911212358",
    })
    expect(describeFallbacks(set)).toBe("@medusajs/admin-sdk 2.21.2 (no 2.22.0-snapshot-20260911212358 published)")
  })

  it("never pins a package above the Medusa asked for", () => {
    expect(pinFor("2.20.0", REGISTRY["@medusajs/admin-sdk"].versions)).toEqual({ version: "2.20.0-snapshot-20260821203347", fallback: true })
    expect(pinFor("2.18.0", REGISTRY["@medusajs/admin-sdk"].versions)).toBeNull()
    expect(() => resolveMedusaSet("2.18.0", SET, fromRegistry)).toThrow("@medusajs/admin-sdk has no version at or below 2.18.0")
  })
})
