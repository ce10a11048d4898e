#!/usr/bin/env node
// `npm run test:compat`: the packed-plugin test (integration-tests/packed) in a store on the
// registry's newest 2.19.x, 2.20.x and 2.21.x, one after the other; a summary of each at the end.
// `node scripts/test-compat.js ~2.19.0 ~2.21.0` runs the lines named.
const { spawnSync } = require("node:child_process")

const lines = process.argv.slice(2).length ? process.argv.slice(2) : ["~2.19.0", "~2.20.0", "~2.21.0"]
const results = []
for (const medusa of lines) {
  const started = Date.now()
  const run = spawnSync(
    process.execPath,
    [require.resolve("jest/bin/jest"), "--selectProjects", "integration", "--runInBand", "integration-tests/packed"],
    { stdio: "inherit", env: { ...process.env, GHN_PACKED_MEDUSA: medusa, NODE_OPTIONS: "--experimental-vm-modules" } }
  )
  results.push({ medusa, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) })
}
console.log("\nMedusa compatibility (the packed plugin in a store of each line):")
for (const r of results) console.log(`  ${r.medusa.padEnd(8)} ${r.ok ? "passed" : "FAILED"} in ${r.seconds} s`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
