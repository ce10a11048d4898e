// What `npm run demo`, `demo:order` and `demo:advance` share: settings from the environment,
// the demo's folder and its state file (.demo/demo.json), and small HTTP helpers.
const fs = require("node:fs")
const net = require("node:net")
const { canConnect } = require("./postgres")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")

const int = (value, fallback) => {
  if (value === undefined || value === "") return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`not a port number: ${value}`)
  return n
}
const flag = (value, fallback) => {
  if (value === undefined || value === "") return fallback
  return !/^(0|false|no|off)$/i.test(String(value))
}

/** The interface the demo listens on: loopback unless asked (DEMO_HOST, --host). */
function demoHost(value) {
  if (value === undefined || value === "") return "127.0.0.1"
  const host = String(value).trim()
  if (!net.isIP(host) && host !== "localhost") throw new Error(`DEMO_HOST / --host must be an IP address (127.0.0.1, 0.0.0.0, ::) or localhost, got ${value}`)
  return host
}

/** Whether the demo answers only on this machine (its published admin password is then harmless). */
function isLoopback(host) {
  return host === "localhost" || host === "::1" || /^127\./.test(host)
}

/** Every setting of the demo, from environment variables (documented in the README). */
function demoSettings(env = process.env) {
  const dir = path.resolve(ROOT, env.DEMO_DIR || ".demo")
  return {
    root: ROOT,
    dir,
    host: demoHost(env.DEMO_HOST),
    stateFile: path.join(dir, "demo.json"),
    secretsFile: path.join(dir, "secrets.json"),
    logsDir: path.join(dir, "logs"),
    pgDir: path.join(dir, "pg"),
    sandboxState: path.join(dir, "sandbox-state.json"),
    medusaPort: int(env.DEMO_PORT, 9000),
    sandboxPort: int(env.DEMO_SANDBOX_PORT, 5410),
    pgPort: int(env.DEMO_PG_PORT, 54330),
    databaseUrl: env.DATABASE_URL || "",
    databaseName: env.DEMO_DB_NAME || "medusa_ghn_demo",
    admin: flag(env.DEMO_ADMIN, true),
    watch: flag(env.DEMO_WATCH, true),
    adminEmail: env.DEMO_ADMIN_EMAIL || "admin@ghn-demo.local",
    adminPassword: env.DEMO_ADMIN_PASSWORD || "ghn-demo-password",
    /** Set only when GHN_WEBHOOK_SECRET is; else the demo folder's own (demoSecrets). */
    webhookSecret: env.GHN_WEBHOOK_SECRET || "",
    webhookHeader: env.GHN_WEBHOOK_HEADER || "x-ghn-webhook-secret",
    autoAdvance: env.DEMO_AUTO_ADVANCE || "",
  }
}

/**
 * The demo's secrets (Medusa's JWT and cookie secrets, the GHN webhook secret): made once per
 * demo folder with the system's random generator, kept in its secrets.json (readable by its owner
 * only) and read again on later starts, so sessions and the sandbox's callbacks keep working
 * across restarts and no two demo folders share them. GHN_WEBHOOK_SECRET, when set, wins for
 * the webhook.
 */
function demoSecrets(settings) {
  const fresh = () => require("node:crypto").randomBytes(32).toString("base64url")
  let kept = {}
  if (fs.existsSync(settings.secretsFile)) {
    try {
      kept = JSON.parse(fs.readFileSync(settings.secretsFile, "utf8"))
    } catch (error) {
      throw new Error(`${settings.secretsFile} is not readable JSON (${error.message}): delete it to have new secrets made`)
    }
  }
  const valid = (v) => typeof v === "string" && v.length >= 32
  const secrets = {
    jwtSecret: valid(kept.jwtSecret) ? kept.jwtSecret : fresh(),
    cookieSecret: valid(kept.cookieSecret) ? kept.cookieSecret : fresh(),
    webhookSecret: valid(kept.webhookSecret) ? kept.webhookSecret : fresh(),
  }
  if (secrets.jwtSecret !== kept.jwtSecret || secrets.cookieSecret !== kept.cookieSecret || secrets.webhookSecret !== kept.webhookSecret) {
    fs.mkdirSync(settings.dir, { recursive: true })
    const tmp = `${settings.secretsFile}.${process.pid}.tmp`
    fs.writeFileSync(tmp, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600 })
    fs.renameSync(tmp, settings.secretsFile)
  }
  return { ...secrets, webhookSecret: settings.webhookSecret || secrets.webhookSecret }
}

/** The address the demo's own clients reach Medusa at: the bound one, or loopback when bound to every interface. */
function reachableHost(host) {
  return host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host
}

/**
 * The environment Medusa runs the demo with: the interface it binds (HOST, which `medusa develop`
 * hands to the `medusa start` it runs), the folder's secrets, the sandbox as GHN.
 */
function medusaEnvOf(settings, secrets, { databaseUrl, sandboxUrl }, env = process.env) {
  const local = `http://localhost:${settings.medusaPort},http://127.0.0.1:${settings.medusaPort}`
  return {
    HOST: settings.host,
    DATABASE_URL: databaseUrl,
    PORT: String(settings.medusaPort),
    JWT_SECRET: secrets.jwtSecret,
    COOKIE_SECRET: secrets.cookieSecret,
    GHN_BASE_URL: sandboxUrl,
    GHN_ENV: sandboxUrl,
    GHN_TOKEN: "sandbox-owner-token",
    GHN_SHOP_ID: "190001",
    GHN_WEBHOOK_SECRET: secrets.webhookSecret,
    // Where the store answers, for absolute links (e.g. label URLs) once the configuration reads it.
    MEDUSA_BACKEND_URL: env.MEDUSA_BACKEND_URL || `http://localhost:${settings.medusaPort}`,
    MEDUSA_ADMIN_DISABLE: settings.admin ? "false" : "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    ADMIN_CORS: env.ADMIN_CORS || `${local},http://localhost:5173`,
    AUTH_CORS: env.AUTH_CORS || `${local},http://localhost:8000,http://localhost:5173`,
    STORE_CORS: env.STORE_CORS || "http://localhost:8000",
    DEMO_ADMIN_EMAIL: settings.adminEmail,
    DEMO_ADMIN_PASSWORD: settings.adminPassword,
    // The integration tests' settings must not leak into the demo's Medusa.
    DB_HOST: undefined,
    DB_PORT: undefined,
    DB_USERNAME: undefined,
    DB_PASSWORD: undefined,
  }
}

function readState(settings = demoSettings()) {
  if (!fs.existsSync(settings.stateFile)) {
    throw new Error(`${path.relative(process.cwd(), settings.stateFile) || settings.stateFile} not found: start the demo first with \`npm run demo\``)
  }
  return JSON.parse(fs.readFileSync(settings.stateFile, "utf8"))
}

/** `text` with every occurrence of `secret` masked (all but its first 2 characters). */
function maskSecret(text, secret) {
  if (!secret) return text
  return text.split(secret).join(`${secret.slice(0, 2)}${"*".repeat(Math.max(4, secret.length - 2))}`)
}

function writeState(settings, state) {
  fs.mkdirSync(path.dirname(settings.stateFile), { recursive: true })
  const tmp = `${settings.stateFile}.${process.pid}.tmp`
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2) + "\n")
  fs.renameSync(tmp, settings.stateFile)
}


/** Resolves true when nothing listens on the port (on any interface) and we may bind it. */
async function portIsFree(port) {
  if ((await canConnect("127.0.0.1", port)) || (await canConnect("::1", port).catch(() => false))) return false
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen({ port }, () => server.close(() => resolve(true)))
  })
}

class HttpError extends Error {
  constructor(method, url, status, body) {
    const message = body && typeof body === "object" ? body.message || JSON.stringify(body) : String(body || "")
    super(`${method} ${url} -> ${status}${message ? `: ${message}` : ""}`)
    this.status = status
    this.body = body
  }
}

/** JSON over HTTP with global fetch (Node 20). Throws HttpError on a non-2xx answer. */
async function http(method, url, { body, headers = {}, timeoutMs = 60_000 } = {}) {
  const res = await fetch(url, {
    method,
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "manual",
  })
  const text = await res.text()
  let json = text
  try {
    json = text ? JSON.parse(text) : null
  } catch {}
  if (!res.ok) throw new HttpError(method, url, res.status, json)
  return json
}

/** A bearer token for the demo's admin user (POST /auth/user/emailpass). */
async function adminToken(state) {
  const { token } = await http("POST", `${state.medusaUrl}/auth/user/emailpass`, {
    body: { email: state.admin.email, password: state.admin.password },
  })
  return token
}

async function assertRunning(state) {
  try {
    const res = await fetch(`${state.medusaUrl}/health`, { signal: AbortSignal.timeout(5000) })
    if (res.ok) return
  } catch {}
  throw new Error(`the demo store does not answer at ${state.medusaUrl}: start it with \`npm run demo\` (and wait for "ready")`)
}

/** Formats an amount in VND the Vietnamese way: 32.000 ₫. */
const vnd = (amount) => `${Math.round(Number(amount)).toLocaleString("vi-VN")} ₫`

function fail(error) {
  process.stderr.write(`\n✖ ${error && error.message ? error.message : error}\n`)
  process.exit(1)
}

module.exports = {
  ROOT,
  demoSettings,
  demoSecrets,
  demoHost,
  isLoopback,
  reachableHost,
  medusaEnvOf,
  readState,
  writeState,
  maskSecret,
  canConnect,
  portIsFree,
  http,
  HttpError,
  adminToken,
  assertRunning,
  vnd,
  fail,
}
