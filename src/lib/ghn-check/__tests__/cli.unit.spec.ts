/** `medusa-ghn-check` run as a merchant runs it: a child process against the sandbox over HTTP. */
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { startGhnSandbox, type GhnSandbox } from "../../../sandbox"
import { LOCKED, OWNER_TOKEN, shopWithoutAddress } from "./helpers"

const ROOT = path.resolve(__dirname, "../../../..")
const TS_NODE = path.join(ROOT, "node_modules", ".bin", "ts-node")
const CLI = path.join(ROOT, "src/lib/ghn-check/cli.ts")

let sb: GhnSandbox
let dir: string
beforeAll(async () => {
  sb = await startGhnSandbox({ port: 0, quiet: true })
  dir = mkdtempSync(path.join(tmpdir(), "medusa-ghn-check-"))
})
afterAll(async () => {
  await sb.close()
  rmSync(dir, { recursive: true, force: true })
})
jest.setTimeout(60000)

/** Runs the CLI in an empty folder (no .env) with these variables; returns its output, exit code and raw-answer file. */
function check(env: Record<string, string>, args: string[] = []) {
  const out = path.join(dir, `answers-${Math.random().toString(36).slice(2)}.json`)
  const child = spawn(TS_NODE, ["--transpile-only", "--project", path.join(ROOT, "tsconfig.json"), CLI, "--out", out, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (d) => (stdout += d))
  child.stderr.on("data", (d) => (stderr += d))
  return new Promise<{ code: number | null; stdout: string; stderr: string; file: () => string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr, file: () => readFileSync(out, "utf8") })),
  )
}

const ghnEnv = (token = OWNER_TOKEN, shopId = "190001") => ({ GHN_TOKEN: token, GHN_SHOP_ID: shopId, GHN_BASE_URL: sb.url })

describe("medusa-ghn-check: the command", () => {
  it("passes against the sandbox, one ✓ line per check, exit 0, and a raw-answer file without the token", async () => {
    const r = await check(ghnEnv())
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    const lines = r.stdout.split("\n")
    expect(lines[0]).toBe("medusa-ghn-check: a custom GHN address (baseUrl), shop 190001")
    for (const title of ["Token and environment", "Shop 190001", "Provinces, districts and wards", "Services on the route", "Fee quote", "Lead time", "Today's pick shifts"]) {
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^✓ ${title}: `))]))
    }
    expect(r.stdout).toContain("Every check passed.")
    expect(r.stdout).toContain("GHN's raw answers (token masked), to attach to a bug report:")
    const file = r.file()
    expect(file).not.toContain(OWNER_TOKEN)
    const answers = JSON.parse(file).answers as Array<{ operation: string; status: number; body: { code: number } }>
    expect(answers.map((a) => a.operation)).toEqual(expect.arrayContaining(["shops.list", "services.available", "fees.calculate", "fees.leadtime", "shifts.list"]))
    expect(answers.every((a) => a.status === 200 && a.body.code === 200)).toBe(true)
  })

  it("says a refused token is refused and tokens are per environment; exit 1; the file keeps GHN's 401 without the token", async () => {
    const token = "staging-only/token+1"
    const r = await check(ghnEnv(token))
    expect(r.code).toBe(1)
    expect(r.stdout).toContain("✗ Token and environment: this token is refused by the GHN address set in the options (baseUrl) (HTTP 401: Token is not valid!). Tokens are per environment: a staging token is refused on production and a production token on staging")
    expect(r.stdout).toContain("- Shop 190001: not checked: GHN refused the token")
    expect(r.stdout).toContain("1 check(s) failed.")
    const file = r.file()
    for (const spelling of [token, encodeURIComponent(token)]) {
      expect(file).not.toContain(spelling)
      expect(r.stdout).not.toContain(spelling)
    }
    expect(JSON.parse(file).answers).toEqual([expect.objectContaining({ operation: "shops.list", status: 401, body: { code: 401, message: "Token is not valid!", data: null } })])
  })

  it("says a shop without a pickup address makes Create Order fail; exit 1", async () => {
    const shopId = await shopWithoutAddress(sb.url)
    const r = await check(ghnEnv(OWNER_TOKEN, String(shopId)))
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`✗ Shop ${shopId}: shop ${shopId} (Shop chưa có địa chỉ) has no pickup address: Create Order will fail with 'Address convert from fail'`)
    expect(r.file()).not.toContain(OWNER_TOKEN)
  })

  it("says no GHN service runs on the route; exit 1; options from an --options file", async () => {
    const file = path.join(dir, "options.json")
    writeFileSync(file, JSON.stringify({ token: OWNER_TOKEN, shopId: 190001, environment: sb.url }))
    const r = await check({}, ["--options", file, "--to-district", String(LOCKED.district_id), "--to-ward", LOCKED.ward_code])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain("✗ Services on the route: no GHN service on this route (shop 190001 to Thị trấn Trường Sa, district 1801)")
    expect(r.stdout).toContain("- Fee quote: not checked: no service on the route")
    expect(r.file()).not.toContain(OWNER_TOKEN)
  })

  it("names what is wrong with the options; exit 2", async () => {
    const none = await check({})
    expect(none.code).toBe(2)
    expect(none.stderr).toContain("no GHN token: set GHN_TOKEN or give token in --options")
    const bad = await check({ ...ghnEnv(), GHN_SHOP_ID: "abc" })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("option `shopId`")
    expect(bad.stderr).not.toContain(OWNER_TOKEN)
  })
})
