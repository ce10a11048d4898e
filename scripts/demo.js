#!/usr/bin/env node
// `npm run demo`: a complete GHN store in one foreground process tree, on a machine with only Node.
//
//   PostgreSQL   DATABASE_URL when set, otherwise an embedded PostgreSQL (data in .demo/pg, kept)
//   migrations   medusa db:migrate
//   seed         medusa exec ./src/scripts/seed-demo.ts (idempotent: a Vietnamese GHN shop)
//   GHN sandbox  src/sandbox/cli.ts, webhooks to the store's /hooks/ghn with the secret header
//   Medusa       medusa develop (or, with DEMO_WATCH=false, the same server without the file
//                watcher), admin at http://localhost:9000/app
//
// Ctrl-C (or SIGTERM/SIGHUP) stops everything it started. Each child runs as the leader of its own
// process group under scripts/demo-guard.js, which also stops the group if this process dies.
// Settings are environment variables (see `npm run demo -- --help`).
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")
const { demoSettings, demoSecrets, demoHost, isLoopback, medusaEnvOf, reachableHost, writeState, portIsFree, http, maskSecret } = require("./demo-common")
const { ensureDatabase, waitForPostgres } = require("./postgres")

const HELP = `npm run demo [-- options]

Starts a GHN demo store: PostgreSQL, the GHN sandbox and Medusa with its admin.

Options:
  --auto-advance <s>   the sandbox moves every new GHN order one status along the happy path
                       every <s> seconds (picking, picked, ... delivered)
  --host <address>     the interface Medusa listens on [127.0.0.1: this machine only];
                       0.0.0.0 exposes the demo, admin included, to the network
  --reset              delete the demo's data folder (database, sandbox state) first
  --help               this help

Environment (defaults in brackets):
  DEMO_HOST [127.0.0.1]        same as --host
  DEMO_PORT [9000]             Medusa (admin at http://localhost:<port>/app)
  DEMO_SANDBOX_PORT [5410]     GHN sandbox
  DEMO_PG_PORT [54330]         embedded PostgreSQL (not used when DATABASE_URL is set)
  DATABASE_URL                 use this PostgreSQL database instead (created when missing)
  DEMO_DB_NAME [medusa_ghn_demo]  database name on the embedded PostgreSQL
  DEMO_DIR [.demo]             data folder: pg/, sandbox-state.json, demo.json, logs/
  DEMO_ADMIN [true]            false: no admin dashboard (API only, starts faster)
  DEMO_WATCH [true]            false: run Medusa without medusa develop's file watcher
  DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD   the admin login [admin@ghn-demo.local / ghn-demo-password];
                               published, so harmless only on loopback: set your own before --host 0.0.0.0
  DEMO_AUTO_ADVANCE            same as --auto-advance
  DEMO_VERBOSE                 true: copy every child's log lines to the console
  GHN_WEBHOOK_SECRET           secret the sandbox sends in x-ghn-webhook-secret [made once per
                               demo folder, with Medusa's JWT and cookie secrets, in <DEMO_DIR>/secrets.json]
`

const settings = demoSettings()
const startedAt = Date.now()
const verbose = /^(1|true|yes)$/i.test(process.env.DEMO_VERBOSE || "")
const MEDUSA_CLI = path.join(settings.root, "node_modules", "@medusajs", "cli", "cli.js")
const TS_NODE = path.join(settings.root, "node_modules", "ts-node", "dist", "bin.js")
const GUARD = path.join(__dirname, "demo-guard.js")

// ---------------------------------------------------------------------------------------------
// Console output

const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`
const say = (line = "") => process.stdout.write(`${line}\n`)
const step = (line) => say(`[demo] ${line}`)
const warn = (line) => process.stderr.write(`[demo] ${line}\n`)

function parseArgs(argv) {
  const opts = { autoAdvance: settings.autoAdvance, reset: false, help: false, host: settings.host }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === "--help" || arg === "-h") opts.help = true
    else if (arg === "--reset") opts.reset = true
    else if (arg === "--host" || arg.startsWith("--host=")) opts.host = demoHost(arg.includes("=") ? arg.split("=")[1] : argv[++i])
    else if (arg === "--auto-advance" || arg.startsWith("--auto-advance=")) {
      const value = arg.includes("=") ? arg.split("=")[1] : argv[++i]
      if (!value || !(Number(value) > 0)) throw new Error(`--auto-advance needs a number of seconds, got ${value ?? "nothing"}`)
      opts.autoAdvance = value
    } else throw new Error(`unknown option ${arg} (see npm run demo -- --help)`)
  }
  if (opts.autoAdvance && !(Number(opts.autoAdvance) > 0)) throw new Error(`DEMO_AUTO_ADVANCE must be a number of seconds, got ${opts.autoAdvance}`)
  return opts
}

// ---------------------------------------------------------------------------------------------
// Children: each one under the guard, leader of its own process group, output to a log file.
// Every Node process they start, down to Medusa's own children in groups of their own (medusa
// develop starts medusa start), preloads demo-parent-watch.js: it stops its process when this
// one is gone, however it died (SIGKILL included).
function watchParentEnv() {
  const preload = `--require ${JSON.stringify(path.join(__dirname, "demo-parent-watch.js"))}`
  const options = (process.env.NODE_OPTIONS || "").includes("demo-parent-watch.js") ? process.env.NODE_OPTIONS : `${process.env.NODE_OPTIONS || ""} ${preload}`.trim()
  return { GHN_DEMO_PID: String(process.pid), NODE_OPTIONS: options }
}

const children = new Set()

function startChild(name, command, args, { env = {}, logName = name } = {}) {
  fs.mkdirSync(settings.logsDir, { recursive: true })
  const logFile = path.join(settings.logsDir, `${logName}.log`)
  const log = fs.createWriteStream(logFile, { flags: "a" })
  // Never a secret in the log (none rides on a command line; masked all the same).
  log.write(`\n--- ${new Date().toISOString()} ${maskSecret(`${command} ${args.join(" ")}`, settings.webhookSecret)}\n`)
  const childEnv = { ...process.env, ...env, ...watchParentEnv() }
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key]
  const child = spawn(process.execPath, [GUARD, command, ...args], {
    cwd: settings.root,
    env: childEnv,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  })
  const entry = { name, child, pgid: child.pid, logFile, tail: [], exitCode: undefined, expectedExit: false }
  entry.exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      entry.exitCode = code ?? (signal ? `signal ${signal}` : "unknown")
      resolve(entry.exitCode)
    })
  })
  const onData = (chunk) => {
    log.write(chunk)
    for (const line of chunk.toString("utf8").split(/\r?\n/)) {
      if (!line.trim()) continue
      entry.tail.push(line)
      if (entry.tail.length > 40) entry.tail.shift()
      if (verbose) say(`[${name}] ${line}`)
    }
  }
  child.stdout.on("data", onData)
  child.stderr.on("data", onData)
  child.on("exit", () => log.end())
  // Our end of the guard's stdin: when this process dies, the pipe closes and the guard stops its group.
  child.stdin.on("error", () => {})
  children.add(entry)
  entry.exited.then(() => {
    if (!entry.expectedExit && !shuttingDown) {
      warn(`${name} stopped unexpectedly (exit ${entry.exitCode}); last lines of ${rel(logFile)}:`)
      for (const line of entry.tail.slice(-20)) process.stderr.write(`    ${stripAnsi(line)}\n`)
      shutdown(1)
    }
  })
  return entry
}

/** Runs a one-shot command to completion (still stoppable by Ctrl-C). */
async function runStep(name, command, args, options) {
  const entry = startChild(name, command, args, options)
  entry.expectedExit = true
  const code = await entry.exited
  children.delete(entry)
  if (shuttingDown) await new Promise(() => {})
  if (code !== 0) {
    const lines = entry.tail.slice(-25).map((l) => `    ${stripAnsi(l)}`).join("\n")
    throw new Error(`${name} failed (exit ${code}); last lines of ${rel(entry.logFile)}:\n${lines}`)
  }
}

const stripAnsi = (s) => s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
const rel = (p) => {
  const r = path.relative(process.cwd(), p)
  return !r || r.startsWith("..") ? p : r
}

/** Live members of a process group (Linux: from /proc, ignoring zombies; elsewhere: kill 0). */
function groupMembers(pgid) {
  if (process.platform === "linux") {
    const pids = []
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
        if (Number(fields[2]) === pgid && fields[0] !== "Z") pids.push(Number(entry))
      } catch {}
    }
    return pids
  }
  try {
    process.kill(-pgid, 0)
    return [pgid]
  } catch {
    return []
  }
}

async function stopGroup(entry, timeoutMs) {
  entry.expectedExit = true
  const signal = (sig) => {
    try {
      process.kill(-entry.pgid, sig)
    } catch {}
  }
  if (!groupMembers(entry.pgid).length) return
  signal("SIGTERM")
  const deadline = Date.now() + timeoutMs
  while (groupMembers(entry.pgid).length && Date.now() < deadline) await sleep(100)
  if (groupMembers(entry.pgid).length) {
    warn(`${entry.name} did not stop in ${timeoutMs / 1000} s: killing it`)
    signal("SIGKILL")
    const hard = Date.now() + 5000
    while (groupMembers(entry.pgid).length && Date.now() < hard) await sleep(100)
  }
}

let shuttingDown = false
let exitCode = 0
async function shutdown(code = 0) {
  if (shuttingDown) return
  shuttingDown = true
  exitCode = code
  const all = [...children]
  if (all.length) {
    say("")
    step("stopping…")
  }
  const db = all.filter((c) => c.name === "postgres")
  const apps = all.filter((c) => c.name !== "postgres")
  await Promise.all(apps.map((c) => stopGroup(c, 15_000)))
  await Promise.all(db.map((c) => stopGroup(c, 30_000)))
  const left = all.flatMap((c) => groupMembers(c.pgid))
  if (left.length) warn(`processes still running: ${left.join(", ")}`)
  try {
    if (fs.readFileSync(lockFile(), "utf8").trim() === String(process.pid)) fs.rmSync(lockFile())
  } catch {}
  if (all.length) step(left.length ? "stopped, with leftovers (see above)" : "stopped: nothing left running")
  process.exit(exitCode)
}

function killEverythingNow() {
  for (const c of children) {
    try {
      process.kill(-c.pgid, "SIGKILL")
    } catch {}
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------------------------
// Checks

const lockFile = () => path.join(settings.dir, "demo.pid")

function checkLock() {
  try {
    const pid = Number(fs.readFileSync(lockFile(), "utf8").trim())
    if (pid && pid !== process.pid) {
      process.kill(pid, 0)
      const cmd = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, "utf8") : "demo.js"
      if (cmd.includes("demo.js")) {
        throw new Error(`another demo is already running on ${rel(settings.dir)} (pid ${pid}): stop it first (Ctrl-C in its terminal, or kill ${pid})`)
      }
    }
  } catch (error) {
    if (error.code !== "ENOENT" && error.code !== "ESRCH") throw error
  }
  fs.writeFileSync(lockFile(), String(process.pid))
}

async function checkPorts(embeddedPg) {
  const wanted = [
    { port: settings.medusaPort, what: "Medusa, the store and its admin", env: "DEMO_PORT" },
    { port: settings.sandboxPort, what: "the GHN sandbox", env: "DEMO_SANDBOX_PORT" },
  ]
  if (embeddedPg) wanted.push({ port: settings.pgPort, what: "the embedded PostgreSQL", env: "DEMO_PG_PORT" })
  const seen = new Map()
  const problems = []
  for (const w of wanted) {
    if (seen.has(w.port)) {
      problems.push(`Port ${w.port} is chosen twice (${seen.get(w.port)} and ${w.env}): give each its own port.`)
      continue
    }
    seen.set(w.port, w.env)
    if (!(await portIsFree(w.port))) {
      const other = w.port + 1
      problems.push(
        `Port ${w.port} (${w.what}) is already in use: stop what listens there, or choose another port, e.g. ${w.env}=${other} npm run demo`
      )
    }
  }
  if (problems.length) throw new Error(problems.join("\n  "))
}

async function waitFor(what, check, { timeoutMs, child } = {}) {
  const deadline = Date.now() + (timeoutMs ?? 120_000)
  let last
  while (Date.now() < deadline) {
    if (child && child.exitCode !== undefined) throw new Error(`${child.name} exited (code ${child.exitCode}) before ${what}`)
    try {
      if (await check()) return
    } catch (error) {
      last = error
    }
    await sleep(250)
  }
  throw new Error(`${what}: no answer in ${Math.round((timeoutMs ?? 120_000) / 1000)} s${last ? ` (${last.message})` : ""}`)
}

async function ok(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" })
  return res.status >= 200 && res.status < 400
}

function databaseFromUrl(url) {
  const u = new URL(url)
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username || "postgres"),
    password: decodeURIComponent(u.password || ""),
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres",
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  if (opts.help) {
    process.stdout.write(HELP)
    return
  }
  if (!fs.existsSync(MEDUSA_CLI)) throw new Error("node_modules is missing: run `npm install` first")
  let firstSignalAt = 0
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      // npm may pass on the terminal's Ctrl-C that we received too: only a later one escalates.
      if (shuttingDown && Date.now() - firstSignalAt < 1500) return
      firstSignalAt ||= Date.now()
      if (shuttingDown) {
        warn(`${signal} again: killing everything now`)
        killEverythingNow()
        process.exit(130)
      }
      shutdown(0)
    })
  }

  if (opts.reset && settings.databaseUrl) {
    throw new Error("--reset deletes the embedded database and the sandbox's orders; with DATABASE_URL set, drop and recreate that database yourself, then delete the demo folder")
  }
  fs.mkdirSync(settings.logsDir, { recursive: true })
  checkLock()
  if (opts.reset) {
    // Only what the demo itself writes there, whatever DEMO_DIR points at.
    step(`--reset: deleting the demo's data in ${rel(settings.dir)} (database, sandbox orders, logs)`)
    for (const entry of [settings.pgDir, settings.sandboxState, settings.stateFile, path.join(settings.dir, "seed.json"), path.join(settings.dir, "samples.json"), settings.logsDir]) {
      fs.rmSync(entry, { recursive: true, force: true })
    }
    fs.mkdirSync(settings.logsDir, { recursive: true })
  }

  settings.host = opts.host
  // Made once per demo folder and kept there (a --reset keeps them: they are not the demo's data).
  const secrets = demoSecrets(settings)
  settings.webhookSecret = secrets.webhookSecret
  if (!isLoopback(settings.host)) {
    warn(`listening on ${settings.host}: anyone who can reach this machine reaches the demo's admin${settings.adminPassword === "ghn-demo-password" ? ", whose password is published (set DEMO_ADMIN_PASSWORD)" : ""}`)
  }

  const embeddedPg = !settings.databaseUrl
  await checkPorts(embeddedPg)

  const reachable = reachableHost(settings.host)
  const medusaUrl = `http://${reachable === "127.0.0.1" ? "localhost" : reachable.includes(":") ? `[${reachable}]` : reachable}:${settings.medusaPort}`
  const sandboxUrl = `http://127.0.0.1:${settings.sandboxPort}`
  const webhookUrl = `${medusaUrl.replace("localhost", "127.0.0.1")}/hooks/ghn`

  // GHN sandbox and PostgreSQL start side by side.
  const sandboxArgs = [
    "--transpile-only",
    "src/sandbox/cli.ts",
    "--port", String(settings.sandboxPort),
    "--host", "127.0.0.1",
    "--webhook-url", webhookUrl,
    "--state", settings.sandboxState,
  ]
  if (opts.autoAdvance) sandboxArgs.push("--auto-advance", String(opts.autoAdvance))
  step(`starting the GHN sandbox on ${sandboxUrl}${opts.autoAdvance ? ` (auto-advance every ${opts.autoAdvance} s)` : ""}`)
  const sandbox = startChild("sandbox", process.execPath, [TS_NODE, ...sandboxArgs], {
    // The secret through the environment: `ps` shows every process's command line.
    env: { TS_NODE_TRANSPILE_ONLY: "true", GHN_SANDBOX_WEBHOOK_HEADER: `${settings.webhookHeader}: ${settings.webhookSecret}` },
  })

  let db
  if (embeddedPg) {
    step(`starting embedded PostgreSQL on 127.0.0.1:${settings.pgPort} (data: ${rel(settings.pgDir)})`)
    const pg = startChild("postgres", process.execPath, [
      path.join(__dirname, "postgres.js"), "serve", "--data-dir", settings.pgDir, "--port", String(settings.pgPort),
    ])
    db = { host: "127.0.0.1", port: settings.pgPort, user: "postgres", password: "postgres", database: settings.databaseName }
    await waitFor("PostgreSQL", async () => {
      await waitForPostgres({ ...db, database: "postgres" }, 2000)
      return true
    }, { timeoutMs: 180_000, child: pg })
  } else {
    db = databaseFromUrl(settings.databaseUrl)
    step(`using DATABASE_URL (${db.host}:${db.port}/${db.database})`)
  }
  if (await ensureDatabase(db).catch((error) => {
    throw new Error(`cannot reach or create the database ${db.database} on ${db.host}:${db.port}: ${error.message}`)
  })) step(`created database ${db.database}`)
  const databaseUrl = embeddedPg
    ? `postgres://postgres:postgres@127.0.0.1:${settings.pgPort}/${encodeURIComponent(settings.databaseName)}`
    : settings.databaseUrl

  const medusaEnv = medusaEnvOf(settings, secrets, { databaseUrl, sandboxUrl })

  step("applying migrations (medusa db:migrate)…")
  let t = Date.now()
  await runStep("migrate", process.execPath, [MEDUSA_CLI, "db:migrate"], { env: { ...medusaEnv, NODE_ENV: "development" } })
  step(`migrations done in ${((Date.now() - t) / 1000).toFixed(0)} s`)

  step("seeding the demo shop (medusa exec ./src/scripts/seed-demo.ts)…")
  t = Date.now()
  const seedOut = path.join(settings.dir, "seed.json")
  fs.rmSync(seedOut, { force: true })
  await runStep("seed", process.execPath, [MEDUSA_CLI, "exec", "./src/scripts/seed-demo.ts"], {
    env: { ...medusaEnv, NODE_ENV: "development", DEMO_SEED_OUT: seedOut },
  })
  const seed = JSON.parse(fs.readFileSync(seedOut, "utf8"))
  step(`seed done in ${((Date.now() - t) / 1000).toFixed(0)} s: ${seed.created.length ? "created" : "everything was already there, nothing added"}`)
  for (const what of seed.created) say(`         + ${what}`)

  await waitFor("the GHN sandbox", () => ok(`${sandboxUrl}/_sandbox/health`), { timeoutMs: 60_000, child: sandbox })

  const mode = settings.watch ? "develop" : "start"
  step(`starting Medusa (medusa ${mode}${settings.admin ? "" : ", admin disabled"}) on ${medusaUrl}…`)
  t = Date.now()
  const medusa = startChild("medusa", process.execPath, [MEDUSA_CLI, mode, "--port", String(settings.medusaPort)], {
    env: { ...medusaEnv, NODE_ENV: "development" },
  })
  await waitFor("Medusa /health", () => ok(`${medusaUrl}/health`), { timeoutMs: 240_000, child: medusa }).catch((error) => {
    const lines = medusa.tail.slice(-25).map((l) => `    ${stripAnsi(l)}`).join("\n")
    throw new Error(`${error.message}; last lines of ${rel(medusa.logFile)}:\n${lines}`)
  })
  if (settings.admin) await waitFor("the admin (/app)", () => ok(`${medusaUrl}/app`), { timeoutMs: 120_000, child: medusa })
  // The printed credentials must work: log in once.
  await http("POST", `${medusaUrl}/auth/user/emailpass`, { body: { email: seed.admin.email, password: seed.admin.password } }).catch((error) => {
    throw new Error(`Medusa is up but the admin login failed: ${error.message}`)
  })
  step(`Medusa ready in ${((Date.now() - t) / 1000).toFixed(0)} s`)

  const state = {
    startedAt: new Date(startedAt).toISOString(),
    pid: process.pid,
    medusaUrl,
    adminUrl: `${medusaUrl}/app`,
    adminEnabled: settings.admin,
    sandboxUrl,
    webhook: { url: webhookUrl, header: settings.webhookHeader, secret: settings.webhookSecret },
    autoAdvanceSeconds: opts.autoAdvance ? Number(opts.autoAdvance) : null,
    database: { embedded: embeddedPg, url: databaseUrl, dataDir: embeddedPg ? settings.pgDir : null },
    processes: [...children].map((c) => ({ name: c.name, pgid: c.pgid })),
    ...seed,
  }
  delete state.created
  writeState(settings, state)

  // First start on this data: a few sample parcels, so the admin's GHN page is not empty
  // (DEMO_SAMPLES=0 leaves them out; the store's own tests do).
  const samplesFile = path.join(settings.dir, "samples.json")
  if (process.env.DEMO_SAMPLES !== "0" && !fs.existsSync(samplesFile)) {
    step("placing sample parcels (Needs action, the receiver's COD history, Re-weighing, Insights) and orders ready to ship…")
    const t0 = Date.now()
    const made = await new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(__dirname, "demo-samples.js")], { env: { ...process.env, DEMO_DIR: settings.dir }, stdio: ["ignore", "pipe", "pipe"] })
      let out = ""
      let err = ""
      child.stdout.on("data", (c) => (out += c))
      child.stderr.on("data", (c) => (err += c))
      child.on("exit", (code) => resolve(code === 0 ? JSON.parse(out) : { error: err.trim() || `exit ${code}` }))
    })
    if (Array.isArray(made)) {
      fs.writeFileSync(samplesFile, JSON.stringify(made, null, 2))
      step(`sample parcels placed in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
      for (const m of made) say(`         + order #${m.display_id}, ${m.order_code ? `GHN ${m.order_code}` : "not shipped yet"}: ${m.what}`)
    } else {
      say(`         sample parcels skipped: ${made.error} (the store works without them; npm run demo -- --reset tries again)`)
    }
  }

  const pad = (s) => s.padEnd(13)
  say("")
  say(`GHN demo store is ready (started in ${elapsed()})`)
  say("")
  if (settings.admin) {
    say(`  ${pad("Admin")}${state.adminUrl}`)
    say(`  ${pad("Log in with")}${seed.admin.email} / ${seed.admin.password}`)
  } else {
    say(`  ${pad("Admin")}dashboard disabled (DEMO_ADMIN=false); admin API at ${medusaUrl}/admin`)
    say(`  ${pad("Log in with")}${seed.admin.email} / ${seed.admin.password}  (POST ${medusaUrl}/auth/user/emailpass)`)
  }
  say(`  ${pad("Store API")}${medusaUrl}/store  (header x-publishable-api-key: ${seed.publishableKey})`)
  say(`  ${pad("GHN sandbox")}${sandboxUrl}  (webhooks -> ${webhookUrl}; auto-advance ${opts.autoAdvance ? `every ${opts.autoAdvance} s` : "off"})`)
  say(`  ${pad("Database")}${embeddedPg ? `embedded PostgreSQL 127.0.0.1:${settings.pgPort}/${settings.databaseName} (data kept in ${rel(settings.pgDir)})` : "DATABASE_URL"}`)
  say(`  ${pad("Logs")}${rel(settings.logsDir)}/  (medusa.log, sandbox.log, postgres.log)`)
  say("")
  say("  Try it, in another terminal:")
  say("    npm run demo:order                  a customer orders (Hồ Chí Minh, GHN live quote, cash on delivery)")
  say("    npm run demo:orders -- 200          a day's orders: then GHN > Ready to ship, select all, Create GHN orders")
  say(`    ${settings.admin ? "admin: Orders > the order > Fulfill items (creates the GHN order and its label)" : "npm run demo:order -- --fulfil     also fulfils it (creates the GHN order and its label)"}`)
  say("    npm run demo:advance                moves the newest GHN order one status on (repeat: shipped, then delivered)")
  say("    npm run demo:advance -- <code> delivered   walks an order all the way to delivered")
  say("")
  say("  Ctrl-C stops everything.")
  say("")
}

main().catch((error) => {
  if (shuttingDown) return
  process.stderr.write(`\n✖ ${error.message}\n`)
  shutdown(1)
})
