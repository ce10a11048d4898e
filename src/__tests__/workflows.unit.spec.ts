/**
 * The public repository's GitHub workflows: valid for GitHub (checked with action-validator, the
 * npm package `@action-validator/cli`, a WebAssembly build that needs only Node and no network),
 * and running what .ci/run runs: CI on pushes and pull requests, a release from a version tag
 * after the same checks, published with npm's provenance.
 */
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

const ROOT = path.resolve(__dirname, "../..")
const WORKFLOWS = path.join(ROOT, ".github/workflows")
const CLI = path.join(path.dirname(require.resolve("@action-validator/cli/package.json")), "cli.mjs")
const read = (file: string) => fs.readFileSync(path.join(WORKFLOWS, file), "utf8")

/** `action-validator <file>`, as a contributor would run it: exit code and what it printed. */
function validate(file: string) {
  const run = spawnSync(process.execPath, [CLI, file], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "", FORCE_COLOR: "0" } })
  return { code: run.status, output: `${run.stdout}${run.stderr}` }
}

/** The Node .ci/run runs everything on. */
const LOWEST_NODE = /^LOWEST_NODE=(\S+)$/m.exec(fs.readFileSync(path.join(ROOT, ".ci/run"), "utf8"))?.[1]

describe("GitHub workflows", () => {
  it("are the CI and the release workflows, and nothing else", () => {
    expect(fs.readdirSync(WORKFLOWS).sort()).toEqual(["ci.yml", "release.yml"])
  })

  it.each(["ci.yml", "release.yml"])("%s is a valid workflow", (file) => {
    expect(validate(path.join(WORKFLOWS, file))).toEqual({ code: 0, output: "" })
  })

  it("the validator refuses an invalid workflow (a job without runs-on, an unknown permission value)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ghn-workflow-"))
    try {
      const broken = path.join(dir, "broken.yml")
      fs.writeFileSync(broken, read("release.yml").replace(/^( {4})runs-on: .*\n/m, "").replace("id-token: write", "id-token: always"))
      const result = validate(broken)
      expect(result.code).toBe(1)
      expect(result.output).toContain("/jobs/publish/runs-on")
      expect(result.output).toContain("/jobs/publish/permissions/id-token")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  describe("ci.yml", () => {
    const ci = read("ci.yml")

    it("runs on pushes to main, pull requests, and when the release workflow calls it", () => {
      expect(ci).toMatch(/^on:\n {2}push:\n {4}branches: \[main\]\n {2}pull_request:\n {2}workflow_call:\n/m)
    })

    it("runs .ci/run itself, on the Node .ci/run pins, with the PostgreSQL and the redis-server the tests look for", () => {
      expect(LOWEST_NODE).toMatch(/^\d+\.\d+\.\d+$/)
      expect(ci).toContain(`node-version: ${LOWEST_NODE}\n`)
      expect(ci).toMatch(/^ {8}run: bash \.ci\/run$/m)
      expect(ci).toMatch(/^ {6}postgres:\n {8}image: postgres:\d+\n {8}env:\n {10}POSTGRES_HOST_AUTH_METHOD: trust\n {8}ports:\n {10}- 5432:5432$/m)
      expect(ci).toContain("apt-get install -y -q redis-server")
      // REDIS_URL would put every integration test's store on Redis's modules, unlike .ci/run.
      expect(ci).not.toMatch(/^\s+REDIS_URL:/m)
    })

    it("reads the repository only", () => {
      expect(ci).toMatch(/^permissions:\n {2}contents: read\n/m)
      expect(ci).not.toMatch(/: write/)
    })
  })

  describe("release.yml", () => {
    const release = read("release.yml")

    it("runs on a version tag, after the CI's checks pass on it", () => {
      expect(release).toMatch(/^on:\n {2}push:\n {4}tags:\n {6}- "v\*\.\*\.\*"\n/m)
      expect(release).toMatch(/^ {2}checks:\n {4}uses: \.\/\.github\/workflows\/ci\.yml\n/m)
      expect(release).toMatch(/^ {2}publish:\n {4}needs: checks\n/m)
    })

    it("publishes with provenance (the job's OIDC token) and NPM_TOKEN, on the Node .ci/run pins, only the tag's version", () => {
      expect(release).toMatch(/^ {6}id-token: write\b/m)
      expect(release).toContain("NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}")
      expect(release).toContain("registry-url: https://registry.npmjs.org")
      expect(release).toContain("npm publish --provenance --access public")
      expect(release).toContain(`node-version: ${LOWEST_NODE}\n`)
      expect(release).toContain('if [ "v$version" != "$GITHUB_REF_NAME" ]')
      expect(release).toContain("npm ci")
    })
  })

  it("pin every action to a commit, with the version it is in a comment", () => {
    for (const file of ["ci.yml", "release.yml"]) {
      const uses = [...read(file).matchAll(/uses: (\S+)(.*)$/gm)].filter((m) => !m[1].startsWith("./"))
      expect(uses.length).toBeGreaterThan(0)
      for (const [, action, comment] of uses) {
        expect(action).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40}$/)
        expect(comment).toMatch(/^ # v\d+\.\d+\.\d+$/)
      }
    }
  })
})
