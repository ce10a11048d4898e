// Jest global set-up for integration tests: a PostgreSQL for medusaIntegrationTestRunner
// (which reads DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD and creates its own databases).
const fs = require("node:fs")
const path = require("node:path")
const { ensurePostgres } = require("../../scripts/postgres")

// Each lane of scripts/test-integration.js has its own (its own sandbox).
const ENV_FILE = process.env.GHN_TEST_ENV_FILE || path.join(__dirname, "../../.data/test-env.json")

module.exports = async function globalSetup() {
  const pg = await ensurePostgres({
    dataDir: path.join(__dirname, "../../.data/test-pg"),
    port: Number(process.env.GHN_TEST_PG_PORT || 54329),
    persistent: false,
    log: (line) => process.stdout.write(`[test-pg] ${line}\n`),
  })
  globalThis.__GHN_TEST_PG__ = pg
  // One GHN sandbox for every test file, over real HTTP; files reset it through /_sandbox/reset.
  const { startGhnSandbox } = require("../../src/sandbox")
  const sandbox = await startGhnSandbox({ port: 0, quiet: true })
  globalThis.__GHN_TEST_SANDBOX__ = sandbox
  const env = {
    DB_HOST: pg.host,
    DB_PORT: String(pg.port),
    DB_USERNAME: pg.user,
    DB_PASSWORD: pg.password,
    GHN_BASE_URL: sandbox.url,
  }
  Object.assign(process.env, env)
  fs.mkdirSync(path.dirname(ENV_FILE), { recursive: true })
  fs.writeFileSync(ENV_FILE, JSON.stringify(env))
}
