#!/usr/bin/env node
// `npm run test:compat`: the packed-plugin test (integration-tests/packed) in a store on the oldest
// Medusa line the peers allow (the newest 2.19.x) and on the registry's newest published Medusa (its
// `latest` dist-tag, read now), one after the other; a summary of each at the end.
// `node scripts/test-compat.js ~2.20.0 2.22.0-snapshot-20260911212358 ">=2.22.0-0"` runs the
// versions named: a line, a dist-tag, an exact version, a snapshot or a preview. A package of the
// store's set that was not published at that version (a snapshot's @medusajs/admin-sdk) is pinned
// to the newest version it has below it, and the summary says so (scripts/medusa-versions.js).
const { spawnSync } = require("node:child_process")
const path = require("node:path")
const { resolveMedusaSet, describeFallbacks } = require("./medusa-versions")

const TEMPLATE = require(path.join(__dirname, "..", "integration-tests", "packed", "store-template", "package.json"))
const PACKAGES = Object.keys(TEMPLATE.dependencies).filter((name) => name.startsWith("@medusajs/"))
const specs = process.argv.slice(2).length ? process.argv.slice(2) : ["~2.19.0", "latest"]

// Each spec resolved before anything runs: one that names no version stops here, and two naming the
// same version run once.
const sets = []
for (const spec of specs) {
  const set = resolveMedusaSet(spec, PACKAGES)
  const same = sets.find((s) => s.medusa === set.medusa)
  if (same) same.specs.push(spec)
  else sets.push({ ...set, specs: [spec] })
}

const results = []
for (const set of sets) {
  const fallbacks = describeFallbacks(set)
  console.log(`\n[compat] Medusa ${set.medusa} (asked: ${set.specs.join(", ")})${fallbacks ? `, with ${fallbacks}` : ""}`)
  const started = Date.now()
  const run = spawnSync(
    process.execPath,
    [require.resolve("jest/bin/jest"), "--selectProjects", "integration", "--runInBand", "integration-tests/packed"],
    { stdio: "inherit", env: { ...process.env, GHN_PACKED_MEDUSA: set.medusa, NODE_OPTIONS: "--experimental-vm-modules" } }
  )
  results.push({ ...set, fallbacks, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) })
}
console.log("\nMedusa compatibility (the packed plugin in a store of each version):")
const width = Math.max(...results.map((r) => r.medusa.length))
for (const r of results) {
  const notes = [`asked: ${r.specs.join(", ")}`, r.fallbacks && `pinned ${r.fallbacks}`].filter(Boolean).join("; ")
  console.log(`  ${r.medusa.padEnd(width)}  ${r.ok ? "passed" : "FAILED"} in ${r.seconds} s  (${notes})`)
}
process.exit(results.every((r) => r.ok) ? 0 : 1)
