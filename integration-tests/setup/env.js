// Runs in every integration test file: the database and sandbox chosen by the global set-up
// (already in process.env with --runInBand; from the file when jest runs files in workers), and
// quiet Medusa.
const fs = require("node:fs")
const path = require("node:path")

// Each lane of scripts/test-integration.js has its own (its own sandbox).
const ENV_FILE = process.env.GHN_TEST_ENV_FILE || path.join(__dirname, "../../.data/test-env.json")
if (!process.env.GHN_BASE_URL && fs.existsSync(ENV_FILE)) {
  for (const [key, value] of Object.entries(JSON.parse(fs.readFileSync(ENV_FILE, "utf8")))) process.env[key] ??= value
}
process.env.MEDUSA_DISABLE_TELEMETRY = "true"
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
// One sandbox serves every file, and each file's store numbers its orders from 1 again: a prefix
// per file keeps client order codes (1-1, 1-2 ...) from meeting another file's GHN orders.
process.env.GHN_CLIENT_ORDER_CODE_PREFIX = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}-`
// Options a file turns on for itself (set at its top) must not leak into the next file.
delete process.env.GHN_COD_RISK
// The GHN options every file's store runs with (a file adds its own with helpers/options.ts
// useGhnOptions): a checkout quote's deadline no loaded machine reaches (the most the option
// takes), so a slow first quote is never taken for GHN's outage. The files that test the
// deadline set theirs, and make GHN late with the sandbox's faults.
// The alerts, intent-recovery and polling jobs off: a test of one runs it itself, so no scheduled
// pass races the one it runs, and no poll (which starts at every tenth minute of the clock and asks
// GHN about new parcels over the next five) adds GHN calls to a set a test counts.
process.env.GHN_TEST_OPTIONS = JSON.stringify({ quoteTimeoutMs: 60_000, alerts: { enabled: false }, intentRecoveryMinutes: 0, pollIntervalMinutes: 0 })
process.env.GHN_OPTIONS = process.env.GHN_TEST_OPTIONS
