// The integration run's migrated database: Medusa's and the plugin's migrations and module links,
// applied once (`medusa db:migrate`) to a database each test file then copies
// (integration-tests/helpers/medusa-runner.ts). It is named by a hash of what the schema comes
// from, so a second run on unchanged code reuses it, and a changed migration makes a new one.
const { spawn } = require("node:child_process")
const { createHash } = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")
/** What the schema is made of: the dependencies' migrations (lockfile), the store's modules and links, its configuration. */
const SCHEMA_SOURCES = ["package-lock.json", "medusa-config.ts", "src/modules", "src/links"]
const PREFIX = "ghn_test_migrated_"
/** Earlier sources' templates kept beside the current one. */
const KEEP = 3

function addToHash(hash, item) {
  const full = path.join(ROOT, item)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isDirectory()) {
    for (const entry of fs.readdirSync(full).sort()) if (entry !== "__tests__") addToHash(hash, path.join(item, entry))
  } else hash.update(item).update(fs.readFileSync(full))
}

function schemaHash() {
  const hash = createHash("sha256")
  for (const item of SCHEMA_SOURCES) addToHash(hash, item)
  return hash.digest("hex").slice(0, 12)
}

/** `medusa db:migrate` on `database`, with none of the tests' or a store's settings that change the modules. */
function migrate(db, database, log) {
  const env = { ...process.env, DATABASE_URL: `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${db.host}:${db.port}/${database}`, MEDUSA_DISABLE_TELEMETRY: "true", NODE_OPTIONS: "" }
  for (const key of ["REDIS_URL", "CACHING_MODULE", "GHN_OPTIONS", "MEDUSA_WORKER_MODE", "GHN_SECOND_TOKEN"]) delete env[key]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [require.resolve("@medusajs/cli/cli.js"), "db:migrate", "--skip-scripts", "--execute-all-links"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk) => (output += chunk))
    child.stderr.on("data", (chunk) => (output += chunk))
    child.on("error", reject)
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`medusa db:migrate failed (${code}):\n${output.slice(-4000)}`))))
  })
}

/**
 * The name of the migrated template for the current sources, made when missing.
 * @param {{ host: string, port: number, user: string, password: string }} db
 */
async function ensureMigratedTemplate(db, log = () => {}) {
  const { Client } = require("pg")
  const name = `${PREFIX}${schemaHash()}`
  const building = `${name}_building`
  const client = new Client({ host: db.host, port: db.port, user: db.user, password: db.password, database: "postgres" })
  await client.connect()
  const id = (n) => client.escapeIdentifier(n)
  try {
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY oid DESC", [`${PREFIX}%`])
    if (rows.some((r) => r.datname === name)) {
      log(`migrated database ${name} is up to date: reusing it`)
      return name
    }
    // A build a killed run left half done, and all but the newest few of earlier sources'
    // templates (other checkouts on this PostgreSQL may still use theirs).
    const earlier = rows.map((r) => r.datname).filter((n) => !n.endsWith("_building"))
    for (const old of [building, ...earlier.slice(KEEP)]) await client.query(`DROP DATABASE IF EXISTS ${id(old)} WITH (FORCE)`)
    const started = Date.now()
    await client.query(`CREATE DATABASE ${id(building)}`)
    await migrate(db, building, log)
    // Renamed only when complete: a file never copies a half-migrated database.
    await client.query(`ALTER DATABASE ${id(building)} RENAME TO ${id(name)}`)
    log(`migrated database ${name} made in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return name
  } finally {
    await client.end().catch(() => {})
  }
}

module.exports = { ensureMigratedTemplate, schemaHash }
