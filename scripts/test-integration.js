#!/usr/bin/env node
// `npm run test:integration`: every integration test file, in parallel lanes.
//
//   1. Once, before any lane starts (so no lane compiles or installs while another runs timed work):
//      the migrated database every file copies (scripts/test-db-template.js), and the builds the
//      app specs use (integration-tests/setup/prepare.ts: the packed plugin, the packed store's
//      install and build, the admin's production build, the storefront page), each kept in
//      .cache/ under a hash of its sources, so a second run on unchanged code skips them.
//   2. The lanes: one jest process each, running its files one at a time, with its own GHN sandbox
//      (jest's global set-up). Two by default, one per core where there are more (GHN_TEST_LANES
//      sets it). Files are dealt to lanes by their measured duration, longest first, to the lane
//      with the least work so far; the durations are in integration-tests/durations.json, which
//      every complete run rewrites.
//   3. At the end: each lane's wall time and the ten slowest files.
//
// GHN_TEST_COMPAT="~2.19.0 latest" also runs the packed plugin's spec on those Medusa versions
// (what `npm run test:compat` does one after the other), as entries of the lanes: their stores
// are installed and built in step 1. A version that resolves to the store template's own is the
// packed spec's usual run. CI sets it (.ci/run).
//
// `npm test` is `test-integration.js --with-unit`: the unit tests run during step 1 and must pass
// before the lanes start.
//
// Arguments go to one jest process instead, to run the files they name:
// `npm run test:integration -- integration-tests/http/ghn-cod`. GHN_TEST_PATHS (path prefixes,
// space-separated) runs only the files under them, in lanes.
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { ensurePostgres } = require("./postgres")
const { ensureMigratedTemplate } = require("./test-db-template")

const ROOT = path.resolve(__dirname, "..")
const JEST = require.resolve("jest/bin/jest")
const NODE_OPTIONS = "--experimental-vm-modules --max-old-space-size=8192"
const DURATIONS = path.join(ROOT, "integration-tests", "durations.json")
const REPORTS = path.join(ROOT, "artifacts", "test-reports")
/** A file not measured yet counts as this many seconds when lanes are dealt. */
const UNMEASURED_SECONDS = 60
const PACKED_SPEC = "integration-tests/packed/packed-plugin.spec.ts"

const say = (line) => process.stdout.write(`${line}\n`)

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

function readDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, "utf8")).seconds ?? {}
  } catch {
    return {}
  }
}

/** Longest first, each to the lane with the least measured work so far. An entry: a spec file, and the environment it runs in (a Medusa version). */
function dealLanes(entries, count, seconds) {
  const lanes = Array.from({ length: count }, () => ({ entries: [], seconds: 0 }))
  const cost = (e) => seconds[e.key] ?? UNMEASURED_SECONDS
  for (const entry of [...entries].sort((a, b) => cost(b) - cost(a) || a.key.localeCompare(b.key))) {
    const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least))
    lane.entries.push(entry)
    lane.seconds += cost(entry)
  }
  return lanes.filter((l) => l.entries.length)
}

/** The other Medusa versions asked for (GHN_TEST_COMPAT), resolved on the registry; the store template's own is left out. */
function compatVersions() {
  const specs = (process.env.GHN_TEST_COMPAT || "").split(/[\s,]+/).filter(Boolean)
  if (!specs.length) return []
  const { resolveMedusaSet } = require("./medusa-versions")
  const template = require(path.join(ROOT, "integration-tests", "packed", "store-template", "package.json"))
  const packages = Object.keys(template.dependencies).filter((name) => name.startsWith("@medusajs/"))
  const versions = []
  for (const spec of specs) {
    const { medusa } = resolveMedusaSet(spec, packages)
    if (medusa === template.dependencies["@medusajs/medusa"]) say(`Medusa ${spec} is ${medusa}, the store template's: the packed spec's usual run covers it`)
    else if (!versions.includes(medusa)) versions.push(medusa)
  }
  return versions
}

/** A lane: its entries one after the other, one jest process for the plain spec files and one for each entry with an environment of its own. */
async function runLane(name, entries, env) {
  const plain = entries.filter((e) => !e.env)
  const groups = [...(plain.length ? [{ files: plain.map((e) => e.file), env: {} }] : []), ...entries.filter((e) => e.env).map((e) => ({ files: [e.file], env: e.env, key: e.key }))]
  let code = 0
  const results = []
  for (const [i, group] of groups.entries()) {
    const outcome = await jest(`${name}${i ? `.${i}` : ""}`, group.files, { ...env, ...group.env })
    code ||= outcome.code
    // A spec run on another Medusa is counted under its own key.
    results.push(...outcome.results.map((r) => (group.key ? { ...r, key: group.key } : r)))
  }
  return { code, results }
}

/** One jest process over `files`; its output prefixed with the lane's name when it has one. Resolves with its exit code and its jest report. */
function jest(name, files, env, project = "integration") {
  const report = path.join(os.tmpdir(), `ghn-test-report-${process.pid}-${name || "all"}.json`)
  return new Promise((resolve) => {
    const args = [JEST, "--selectProjects", project, ...(project === "integration" ? ["--runInBand"] : []), "--json", `--outputFile=${report}`, ...(name && files.length ? ["--runTestsByPath"] : []), ...files]
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, NODE_OPTIONS }, stdio: name ? ["ignore", "pipe", "pipe"] : "inherit" })
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
    child.on("exit", (code, signal) => {
      let results = []
      try {
        results = JSON.parse(fs.readFileSync(report, "utf8")).testResults ?? []
        // Kept with each test's duration, for finding where a lane's time goes.
        fs.mkdirSync(REPORTS, { recursive: true })
        fs.copyFileSync(report, path.join(REPORTS, `${name || "all"}.json`.replace(/ /g, "-")))
      } catch {}
      fs.rmSync(report, { force: true })
      resolve({ code: code ?? (signal ? 1 : 0), results })
    })
  })
}

/** Runs `node <script>` (or ts-node for .ts) to its end, its output prefixed. */
function prepare(script, env) {
  return new Promise((resolve, reject) => {
    const args = script.endsWith(".ts") ? [require.resolve("ts-node/dist/bin.js"), "--transpile-only", script] : [script]
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, NODE_OPTIONS: "" }, stdio: "inherit" })
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} failed (exit ${code})`))))
  })
}

const relative = (file) => path.relative(ROOT, file)

async function main() {
  const given = process.argv.slice(2)
  // `npm test`: the unit tests run beside the preparation (which mostly waits on the disk and the network), and end before any lane starts.
  const unit = given[0] === "--with-unit" ? (given.shift(), jest("unit", [], process.env, "unit")) : null
  const started = Date.now()
  // The lanes' one PostgreSQL: their global set-ups find it through DB_HOST/DB_PORT.
  const pg = await ensurePostgres({
    dataDir: path.join(ROOT, ".data", "test-pg"),
    port: Number(process.env.GHN_TEST_PG_PORT || 54329),
    persistent: false,
    log: (line) => say(`[test-pg] ${line}`),
  })
  const db = { DB_HOST: pg.host, DB_PORT: String(pg.port), DB_USERNAME: pg.user, DB_PASSWORD: pg.password }
  try {
    const template = await ensureMigratedTemplate(pg, (line) => say(`[prepare] ${line}`))
    const env = { ...process.env, ...db, GHN_TEST_DB_TEMPLATE: template }
    if (given.length) return ((await unit)?.code || 0) || (await jest(null, given, env)).code

    // GHN_TEST_PATHS="integration-tests/http/ghn-cod integration-tests/packed": only the files under these, in lanes.
    const only = (process.env.GHN_TEST_PATHS || "").split(/\s+/).filter(Boolean)
    const allFiles = specFiles("integration-tests")
    const files = allFiles.filter((f) => !only.length || only.some((p) => f.startsWith(p)))
    const apps = files.filter((f) => !f.startsWith("integration-tests/http/") && !f.startsWith("integration-tests/modules/"))
    const others = compatVersions()
    const entries = [
      ...files.map((file) => ({ file, key: file })),
      ...others.map((medusa) => ({ file: PACKED_SPEC, key: `${PACKED_SPEC} on Medusa ${medusa}`, env: { GHN_PACKED_MEDUSA: medusa } })),
    ]
    await prepare("integration-tests/setup/prepare.ts", { ...env, GHN_TEST_COMPAT_STORES: others.join(" ") })
    if (unit) {
      const { code, results } = await unit
      const tests = results.reduce((n, r) => n + r.assertionResults.length, 0)
      say(`unit tests: ${results.length} files, ${tests} tests, ${code ? "FAILED" : "all passed"}`)
      if (code) return code
    }
    const prepared = (Date.now() - started) / 1000

    const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length
    const count = Number(process.env.GHN_TEST_LANES) || Math.max(2, cores)
    const measured = readDurations()
    const lanes = dealLanes(entries, count, measured)
    say(`integration tests: ${files.length} files (${apps.length} start whole stores or browsers)${others.length ? ` and the packed spec on Medusa ${others.join(", ")}` : ""} in ${lanes.length} lanes, prepared in ${prepared.toFixed(0)} s`)
    lanes.forEach((l, i) => say(`  lane ${i + 1}: ${l.entries.length} files, about ${Math.round(l.seconds)} s measured`))
    const walls = []
    const outcomes = await Promise.all(
      lanes.map(async (l, i) => {
        const name = `lane ${i + 1}`
        const envFile = path.join(os.tmpdir(), `ghn-test-env-${process.pid}-${i + 1}.json`)
        const outcome = await runLane(name, l.entries, { ...env, GHN_TEST_ENV_FILE: envFile })
        fs.rmSync(envFile, { force: true })
        walls[i] = (Date.now() - started) / 1000 - prepared
        return outcome
      })
    )

    const results = outcomes.flatMap((o) => o.results)
    const keyOf = (r) => r.key ?? relative(r.name)
    const seconds = Object.fromEntries(results.map((r) => [keyOf(r), Math.round((r.endTime - r.startTime) / 100) / 10]))
    // A lane whose jest left no report (it crashed, or was stopped) fails its entries, by name.
    const reported = new Set(results.map(keyOf))
    const unreported = entries.filter((e) => !reported.has(e.key)).map((e) => `${e.key} (no report)`)
    const failed = [...results.filter((r) => r.status !== "passed").map(keyOf), ...unreported]
    const tests = results.reduce((n, r) => n + r.assertionResults.length, 0)
    // Every entry ran: its durations deal the next run's lanes (kept with earlier ones of entries not run this time).
    if (Object.keys(seconds).length === entries.length) {
      const sorted = Object.fromEntries(Object.entries({ ...measured, ...seconds }).filter(([key]) => allFiles.includes(key) || key.startsWith(`${PACKED_SPEC} on `)).sort(([a], [b]) => a.localeCompare(b)))
      fs.writeFileSync(DURATIONS, `${JSON.stringify({ note: "Seconds per integration test file, measured by the last complete `npm run test:integration`; it deals the files to lanes.", seconds: sorted }, null, 2)}\n`)
    }
    say("")
    say("slowest files:")
    for (const [file, s] of Object.entries(seconds).sort(([, a], [, b]) => b - a).slice(0, 10)) say(`  ${s.toFixed(1).padStart(6)} s  ${file}`)
    say(`lanes: ${walls.map((w, i) => `lane ${i + 1} ${(w / 60).toFixed(1)} min`).join(", ")}; preparation ${(prepared / 60).toFixed(1)} min`)
    // The failures last, each test's name and its message's first lines: a log cut to its tail still says what failed.
    for (const r of results.filter((r) => r.status !== "passed")) {
      say(`failed in ${keyOf(r)}:`)
      const broken = r.assertionResults.filter((a) => a.status === "failed")
      if (!broken.length && r.message) say(`  ${r.message.split("\n").slice(0, 12).join("\n  ")}`)
      for (const a of broken) {
        say(`  ✕ ${[...a.ancestorTitles, a.title].join(" › ")}`)
        const message = (a.failureMessages ?? []).join("\n").split("\n").filter((line) => line.trim()).slice(0, 12)
        for (const line of message) say(`      ${line.slice(0, 300)}`)
      }
    }
    const minutes = ((Date.now() - started) / 60_000).toFixed(1)
    say(`integration tests: ${results.length} runs of spec files, ${tests} tests, ${failed.length ? `FAILED: ${failed.join(", ")}` : "all passed"} (${minutes} min)`)
    return outcomes.some((o) => o.code) || failed.length || results.length < entries.length ? 1 : 0
  } finally {
    await pg.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`)
    process.exit(1)
  }
)
