// Runs in every integration test file: the database chosen by the global set-up, and quiet Medusa.
const fs = require("node:fs")
const path = require("node:path")

const ENV_FILE = path.join(__dirname, "../../.data/test-env.json")
if (fs.existsSync(ENV_FILE)) Object.assign(process.env, JSON.parse(fs.readFileSync(ENV_FILE, "utf8")))
process.env.MEDUSA_DISABLE_TELEMETRY = "true"
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
