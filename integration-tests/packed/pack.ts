/**
 * The package as npm publishes it: `npm run build` (medusa plugin:build, the kit's declarations
 * and stylesheet) and `npm pack` in a copy of the sources, kept in .cache/packed/plugin while the
 * sources are unchanged (GHN_PACKED_REBUILD=1 packs anew). Shared by the packed store
 * (packed-plugin.spec.ts) and the storefront kit's consumers (integration-tests/storefront).
 * Also the processes such a test runs, under the demo's guard, logged in artifacts/packed/.
 */
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Child } from "../helpers/processes"

export const ROOT = path.resolve(__dirname, "../..")
export const CACHE = path.join(ROOT, ".cache", "packed")
const PLUGIN = path.join(CACHE, "plugin")
/** One folder per Medusa the store runs on: the runs on two versions may go at once (scripts/test-integration.js). */
export const LOGS = path.join(ROOT, "artifacts", process.env.GHN_PACKED_MEDUSA ? `packed-${process.env.GHN_PACKED_MEDUSA.replace(/[^0-9A-Za-z.-]/g, "")}` : "packed")
const GUARD = path.join(ROOT, "scripts", "demo-guard.js")
export const REBUILD = process.env.GHN_PACKED_REBUILD === "1"

export const timings: Record<string, number> = {}
export const log = (line: string) => process.stdout.write(`[packed] ${line}\n`)

// ---------------------------------------------------------------------------------------------
// Processes: each under the demo's guard (its own process group, stopped with us)


/** The environment of the store's processes: none of jest's, npm's or the test runner's settings. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" }
  for (const key of Object.keys(env)) {
    if (/^(npm_|NODE_OPTIONS$|DB_|JEST_|LOG_LEVEL$|GHN_|REDIS_URL$|DATABASE_URL$|INIT_CWD$)/.test(key) && key !== "npm_config_cache") delete env[key]
  }
  return { ...env, ...extra }
}

export function run(name: string, command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  fs.mkdirSync(LOGS, { recursive: true })
  const logFile = path.join(LOGS, `${name}.log`)
  const out = fs.openSync(logFile, "w")
  const child = spawn(process.execPath, [GUARD, command, ...args], { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["pipe", out, out] })
  child.stdin?.on("error", () => {})
  fs.closeSync(out)
  return { name, child, logFile, exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))) }
}

export async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now()
  const result = await fn()
  timings[name] = (Date.now() - started) / 1000
  log(`${name}: ${timings[name].toFixed(1)} s`)
  return result
}

export async function runToEnd(name: string, command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }) {
  const c = run(name, command, args, opts)
  const code = await c.exited
  if (code !== 0) {
    const tail = fs.readFileSync(c.logFile, "utf8").split("\n").slice(-40).join("\n")
    throw new Error(`${name} failed (exit ${code}); end of ${c.logFile}:\n${tail}`)
  }
  return fs.readFileSync(c.logFile, "utf8")
}

export const NPM = (() => {
  // npm's own script when jest runs under npm (npm_execpath), else the npm next to node.
  const fromEnv = process.env.npm_execpath
  if (fromEnv && /npm-cli\.js$/.test(fromEnv)) return fromEnv
  const beside = path.join(path.dirname(process.execPath), "..", "lib", "node_modules", "npm", "bin", "npm-cli.js")
  return fs.existsSync(beside) ? beside : null
})()
export const npm = (name: string, args: string[], cwd: string) =>
  NPM ? runToEnd(name, process.execPath, [NPM, ...args], { cwd, env: cleanEnv() }) : runToEnd(name, "npm", args, { cwd, env: cleanEnv() })

// ---------------------------------------------------------------------------------------------
// Hashes of what each cached stage was made from

export function listFiles(dir: string, base = dir): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (/(^|\/)(__tests__|\.DS_Store)$/.test(full)) continue
    if (entry.isDirectory()) out.push(...listFiles(full, base))
    else if (entry.isFile()) out.push(path.relative(base, full))
  }
  return out.sort()
}

export function hashOf(base: string, items: string[]): string {
  const hash = createHash("sha256")
  for (const item of items) {
    const full = path.join(base, item)
    if (!fs.existsSync(full)) continue
    const files = fs.statSync(full).isDirectory() ? listFiles(full).map((f) => path.join(item, f)) : [item]
    for (const f of files) hash.update(f).update(fs.readFileSync(path.join(base, f)))
  }
  return hash.digest("hex").slice(0, 16)
}

export const stamp = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "")

// The files `npm pack` puts in the tarball come from these (package.json's "files": .medusa/server/src, CHANGELOG.md).
const PLUGIN_SOURCES = ["src", "package.json", "tsconfig.json", "tsconfig.storefront.json", "README.md", "LICENSE", "CHANGELOG.md", "package-lock.json"]

/** The package's own build (`npm run build`, what `prepublishOnly` runs) and `npm pack`, in a copy of the sources (the repository's .medusa is not touched). */
export async function packPlugin(): Promise<string> {
  const hash = hashOf(ROOT, PLUGIN_SOURCES)
  const [kept] = fs.existsSync(PLUGIN) ? fs.readdirSync(PLUGIN).filter((f) => f.endsWith(`-${hash}.tgz`)) : []
  if (!REBUILD && kept) {
    log("plugin tarball up to date (sources unchanged): reusing it")
    return path.join(PLUGIN, kept)
  }
  fs.rmSync(PLUGIN, { recursive: true, force: true })
  const app = path.join(PLUGIN, "app")
  for (const item of PLUGIN_SOURCES) {
    const from = path.join(ROOT, item)
    if (!fs.existsSync(from)) continue
    const files = fs.statSync(from).isDirectory() ? listFiles(from).map((f) => path.join(item, f)) : [item]
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(app, f)), { recursive: true })
      fs.copyFileSync(path.join(ROOT, f), path.join(app, f))
    }
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(app, "node_modules"), "dir")
  await step("plugin:build", () => npm("plugin-build", ["run", "build"], app))
  await step("npm pack", () => npm("npm-pack", ["pack", "--ignore-scripts", "--pack-destination", PLUGIN], app))
  const [tgz] = fs.readdirSync(PLUGIN).filter((f) => f.endsWith(".tgz"))
  if (!tgz) throw new Error(`npm pack made no tarball in ${PLUGIN}`)
  fs.rmSync(app, { recursive: true, force: true })
  // A name per content: npm reinstalls a `file:` tarball only when its spec changes.
  const named = tgz.replace(/\.tgz$/, `-${hash}.tgz`)
  fs.renameSync(path.join(PLUGIN, tgz), path.join(PLUGIN, named))
  return path.join(PLUGIN, named)
}

