/**
 * The files npm publishes, without a build: `npm pack --dry-run --json` lists what the tarball
 * would hold and builds nothing.
 * - The checkout as it is: the licence, README, changelog and package.json, and nothing of the
 *   repository's sources, tests, fixtures, benchmarks, demo, scripts or docs; the build's output
 *   (`.medusa/server/src`) too when the checkout is built.
 * - What the build compiles: tsconfig.json as Medusa's `plugin:build` reads it leaves tests and the
 *   demo's seed out and keeps every file the package's entry points and docs name.
 * - A build that ignored tsconfig's excludes (every file of src/ emitted, the development store's
 *   medusa-config.js beside it): package.json's `files` alone keeps the same out.
 * The tarball of a real build is checked in integration-tests/packed.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as ts from "typescript"

const ROOT = path.resolve(__dirname, "../..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))
const BUILD = ".medusa/server/src/"
/** The files npm puts in every tarball (package.json, README, LICENSE) and the changelog, which package.json's `files` adds. */
const DOCUMENTS = ["CHANGELOG.md", "LICENSE", "README.md", "package.json"]

/** What must never be in the tarball: tests, fixtures, benchmarks, the demo and its data, the repository's own tooling, sources. */
const FORBIDDEN: [what: string, pattern: RegExp][] = [
  ["a test", /(^|\/)(__tests__|__mocks__|integration-tests|test|tests)\/|\.(spec|test)\.[cm]?[jt]sx?$/],
  ["a fixture", /(^|\/)(__fixtures__|fixtures)\//],
  ["a benchmark", /(^|\/)bench\//],
  ["the demo", /(^|\/)(\.demo|\.data|demo)\/|(^|\/)(seed-demo|demo[-.][\w.-]*)$/],
  ["the development store's configuration", /(^|\/)medusa-config\.[cm]?[jt]s$|(^|\/)\.env|medusa-plugin-options\.json$/],
  ["the repository's tooling", /^(scripts|docs|\.ci|\.github|\.cache|artifacts|coverage)\//],
  ["a source file", /^src\/|\.tsx?$(?<!\.d\.ts)/],
  ["a log, a tarball or a source map", /\.(log|tgz|map)$/],
]
const forbiddenIn = (files: string[]) =>
  files.flatMap((file) => FORBIDDEN.filter(([, pattern]) => pattern.test(file)).map(([what]) => `${file}: ${what}`))

/** `npm pack --dry-run --json` in a folder: the files the tarball would hold. */
function packList(cwd: string): string[] {
  // npm's own script when jest runs under npm, else the npm on PATH. Without npm's variables of the
  // outer run (npm_config_local_prefix would pack the checkout from any folder).
  const npmCli = process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? process.env.npm_execpath : null
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: "" }
  for (const key of Object.keys(env)) if (/^npm_/i.test(key) && key !== "npm_config_cache") delete env[key]
  const args = ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel=error"]
  const run = npmCli ? spawnSync(process.execPath, [npmCli, ...args], { cwd, env, encoding: "utf8" }) : spawnSync("npm", args, { cwd, env, encoding: "utf8" })
  if (run.status !== 0) throw new Error(`npm pack --dry-run failed in ${cwd}: ${run.stderr}`)
  const [packed] = JSON.parse(run.stdout) as { files: { path: string }[] }[]
  return packed.files.map((f) => f.path).sort()
}

/** The files package.json's `bin` and `exports` name, as a build leaves them. */
const ENTRY_POINTS = [
  ...Object.values(pkg.bin as Record<string, string>),
  ...JSON.stringify(pkg.exports)
    .match(/"\.\/\.medusa\/server\/src\/[^"*]+"/g)!
    .map((target) => JSON.parse(target) as string),
].map((file) => file.replace(/^\.\//, ""))

/** The package's files the docs tell a store to run (`medusa exec ./node_modules/medusa-fulfillment-ghn/...`). */
const DOCUMENTED = ["README.md", ...fs.readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)]
  .flatMap((doc) => [...fs.readFileSync(path.join(ROOT, doc), "utf8").matchAll(/node_modules\/medusa-fulfillment-ghn\/(\.medusa\/server\/src\/[\w./-]+\.js)/g)])
  .map((m) => m[1])

describe("the published package's files", () => {
  it("finds the entry points and the documented script it checks", () => {
    expect(ENTRY_POINTS).toEqual(expect.arrayContaining([".medusa/server/src/sandbox/cli.js", ".medusa/server/src/storefront/index.d.ts", ".medusa/server/src/admin/index.mjs"]))
    expect(DOCUMENTED).toContain(".medusa/server/src/scripts/ghn-resolve-saved-addresses.js")
  })

  it("the checkout's tarball holds LICENSE, README.md, CHANGELOG.md and package.json, and else only the build's output", () => {
    const files = packList(ROOT)
    expect(files).toEqual(expect.arrayContaining(DOCUMENTS))
    expect(files.filter((f) => !DOCUMENTS.includes(f) && !f.startsWith(BUILD))).toEqual([])
    expect(forbiddenIn(files)).toEqual([])
  })

  it("the build compiles what the entry points and the docs name, and no test, fixture or demo seed", () => {
    // Read as Medusa's compiler reads it (ts.getParsedCommandLineOfConfigFile, then .ts -> .js under .medusa/server).
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.json"), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
      },
    })!
    const compiled = parsed.fileNames.map((f) => path.relative(ROOT, f).split(path.sep).join("/"))
    const emitted = compiled.filter((f) => f.startsWith("src/") && !f.startsWith("src/admin/")).map((f) => `.medusa/server/${f.replace(/\.tsx?$/, ".js")}`)
    // The admin's bundle, the storefront kit's declarations and stylesheet come from their own builds.
    const ownBuilds = /^\.medusa\/server\/src\/(admin\/|storefront\/.*\.d\.ts$|storefront\/styles\.css$)/
    expect([...ENTRY_POINTS, ...DOCUMENTED].filter((f) => !ownBuilds.test(f) && !emitted.includes(f))).toEqual([])
    expect(forbiddenIn(emitted)).toEqual([])
  })

  describe("a build that emitted every file of src/", () => {
    let stage: string
    let files: string[]
    beforeAll(() => {
      stage = fs.mkdtempSync(path.join(os.tmpdir(), "ghn-pack-"))
      for (const file of DOCUMENTS) fs.copyFileSync(path.join(ROOT, file), path.join(stage, file))
      const emit = (file: string) => {
        fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true })
        fs.writeFileSync(path.join(stage, file), "")
      }
      const walk = (dir: string): string[] =>
        fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]))
      for (const file of walk("src")) emit(`.medusa/server/${file.replace(/\.tsx?$/, ".js")}`)
      for (const file of [...ENTRY_POINTS, ...DOCUMENTED, ".medusa/server/medusa-config.js", ".medusa/server/medusa-plugin-options.json"]) emit(file)
      files = packList(stage)
    })
    afterAll(() => fs.rmSync(stage, { recursive: true, force: true }))

    it("is packed without its tests, fixtures, the demo's seed or the development store's configuration, by package.json's files alone", () => {
      expect(files.filter((f) => /__tests__|fixtures|seed-demo|medusa-config/.test(f))).toEqual([])
      expect(forbiddenIn(files)).toEqual([])
    })

    it("keeps the documents, every entry point and the documented script", () => {
      expect(files).toEqual(expect.arrayContaining([...DOCUMENTS, ...ENTRY_POINTS, ...DOCUMENTED]))
      expect(files).toContain(".medusa/server/src/sandbox/fixture.js")
    })
  })
})
