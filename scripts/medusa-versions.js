// Which Medusa a scratch store installs (integration-tests/packed, scripts/test-compat.js).
// A spec (a dist-tag such as `latest`, an exact version, a snapshot or a preview, a range such as
// `~2.19.0`) is resolved on the registry to one @medusajs/medusa version; each @medusajs package of
// the store is pinned to that version, or, when that package was not published at it (a snapshot
// ships @medusajs/medusa, cli and framework but not @medusajs/admin-sdk), to the newest version it
// has that is not above it.
const { spawnSync } = require("node:child_process")
const semver = require("semver")

/** The version a spec names among a package's published versions and dist-tags, or null. */
function pickVersion(spec, { versions, "dist-tags": tags = {} }) {
  if (tags[spec]) return tags[spec]
  if (versions.includes(spec)) return spec
  // A range admits prereleases only as npm does (the same major.minor.patch named with a tag).
  if (semver.validRange(spec)) return semver.maxSatisfying(versions, spec)
  return null
}

/** The version a package of the set is pinned to for the wanted Medusa version. */
function pinFor(wanted, versions) {
  if (versions.includes(wanted)) return { version: wanted, fallback: false }
  const below = versions.filter((v) => semver.valid(v) && semver.lte(v, wanted)).sort(semver.compare)
  if (!below.length) return null
  return { version: below[below.length - 1], fallback: true }
}

/** A package's published versions and dist-tags, from the registry (npm's own client). */
function registryInfo(name) {
  const view = spawnSync("npm", ["view", name, "versions", "dist-tags", "--json"], { encoding: "utf8" })
  if (view.status !== 0) throw new Error(`npm view ${name} failed: ${(view.stderr || "").trim().split("\n").pop()}`)
  const info = JSON.parse(view.stdout)
  return { versions: [].concat(info.versions || []), "dist-tags": info["dist-tags"] || {} }
}

/**
 * The store's @medusajs packages for a spec: `medusa` (the @medusajs/medusa version the spec names),
 * `pins` (name → version for every package given) and `fallbacks` (the packages pinned below it).
 * `readInfo` reads a package's versions (the registry by default).
 */
function resolveMedusaSet(spec, packages, readInfo = registryInfo) {
  const read = new Map()
  const infoOf = (name) => read.get(name) ?? read.set(name, readInfo(name)).get(name)
  const medusa = pickVersion(spec, infoOf("@medusajs/medusa"))
  if (!medusa) throw new Error(`no @medusajs/medusa version matches "${spec}" on the registry`)
  const pins = {}
  const fallbacks = []
  for (const name of packages) {
    const pin = pinFor(medusa, infoOf(name).versions)
    if (!pin) throw new Error(`${name} has no version at or below ${medusa} on the registry`)
    pins[name] = pin.version
    if (pin.fallback) fallbacks.push({ name, version: pin.version })
  }
  return { spec, medusa, pins, fallbacks }
}

/** One line saying which packages were pinned below the Medusa asked for, or "". */
function describeFallbacks({ medusa, fallbacks }) {
  return fallbacks.map((f) => `${f.name} ${f.version} (no ${medusa} published)`).join(", ")
}

module.exports = { pickVersion, pinFor, resolveMedusaSet, describeFallbacks }
