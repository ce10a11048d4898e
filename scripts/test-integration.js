#!/usr/bin/env node
// `npm run test:integration`: the integration tests in one jest process, one file at a time
// (--runInBand), as CI runs them. Arguments go to that jest run, to run the files they name:
// `npm run test:integration -- integration-tests/http/ghn-cod`.
//
// GHN_TEST_LANES=2 runs them in two lanes at once instead, each a jest process running its files
// one at a time; the tests wait more than they compute (one after the other they keep about 0.9 of
// a 2-core machine busy), so two lanes take about two thirds of the time. Not the default: on 2
// cores, the apps lane's npm installs and builds starved the http lane once (a first quote missed
// its 8 s deadline in ghn-admin-tickets), so CI keeps one lane.
//
//   lane "apps": the files that build or start whole stores in the checkout (the admin in a
//                browser, the packed plugin, the demo, the storefront, the production topology),
//                with one long HTTP file to even the lanes, at a lower CPU priority
//   lane "http": every other file (Medusa in the test process, a database of its own)
//
// The lanes share one PostgreSQL (the machine's, else one embedded PostgreSQL started here); each
// has its own GHN sandbox (jest's global set-up) and its own env file.
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { ensurePostgres } = require("./postgres")

const ROOT = path.resolve(__dirname, "..")
const JEST = require.resolve("jest/bin/jest")
const NODE_OPTIONS = "--experimental-vm-modules --max-old-space-size=8192"
const APPS = [/^integration-tests\/(browser|packed|smoke|storefront|production)\//, /^integration-tests\/http\/ghn-shipping-runs\.spec\.ts$/]

function specFiles(dir) {
  const out = []
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) {
      if (!["node_modules", "store-template", "starter-fixture", "page"].includes(entry.name)) out.push(...specFiles(rel))
    } else if (/\.spec\.[jt]s$/.test(entry.name)) out.push(rel)
  }
  return out.sort()
}

/** One jest process over `files` (all of the project's when none), its output prefixed when `name` is. */
function lane(name, files, env, priority = 0) {
  return new Promise((resolve) => {
    const args = [JEST, "--selectProjects", "integration", "--runInBand", ...(name ? ["--runTestsByPath"] : []), ...files]
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, NODE_OPTIONS }, stdio: name ? ["ignore", "pipe", "pipe"] : "inherit" })
    // Its children (builds, installs, stores) inherit the priority.
    if (priority) os.setPriority(child.pid, priority)
    if (name) {
      for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        let rest = ""
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n")
          rest = lines.pop()
          for (const line of lines) out.write(`[${name}] ${line}\n`)
        })
        stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`))
      }
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function main() {
  const given = process.argv.slice(2)
  if (given.length || process.env.GHN_TEST_LANES !== "2") process.exit(await lane(null, given, process.env))

  // The lanes' one PostgreSQL: their global set-ups find it through DB_HOST/DB_PORT.
  const pg = await ensurePostgres({
    dataDir: path.join(ROOT, ".data", "test-pg"),
    port: Number(process.env.GHN_TEST_PG_PORT || 54329),
    persistent: false,
    log: (line) => process.stdout.write(`[test-pg] ${line}\n`),
  })
  const db = { DB_HOST: pg.host, DB_PORT: String(pg.port), DB_USERNAME: pg.user, DB_PASSWORD: pg.password }
  const files = specFiles("integration-tests")
  const apps = files.filter((f) => APPS.some((re) => re.test(f)))
  const http = files.filter((f) => !apps.includes(f))
  const envFile = (name) => path.join(os.tmpdir(), `ghn-test-env-${process.pid}-${name}.json`)
  const started = Date.now()
  process.stdout.write(`integration tests in two lanes: apps (${apps.length} files), http (${http.length} files)\n`)
  const codes = await Promise.all([
    lane("apps", apps, { ...process.env, ...db, GHN_TEST_ENV_FILE: envFile("apps") }, 10),
    lane("http", http, { ...process.env, ...db, GHN_TEST_ENV_FILE: envFile("http") }),
  ])
  await pg.stop()
  for (const name of ["apps", "http"]) fs.rmSync(envFile(name), { force: true })
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  process.stdout.write(`integration tests: apps ${codes[0] ? "FAILED" : "passed"}, http ${codes[1] ? "FAILED" : "passed"} (${minutes} min)\n`)
  process.exit(codes.some(Boolean) ? 1 : 0)
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`)
  process.exit(1)
})
