/**
 * The demo's configuration (scripts/demo-common.js): Medusa bound to loopback unless asked, and
 * secrets made once per demo folder, kept there and read again on the next start.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const demo = require("../../../scripts/demo-common.js")

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "ghn-demo-config-"))
const urls = { databaseUrl: "postgres://127.0.0.1/demo", sandboxUrl: "http://127.0.0.1:5410" }

describe("the demo's configuration", () => {
  it("binds Medusa to 127.0.0.1 unless DEMO_HOST asks for another interface", () => {
    const dir = folder()
    const settings = demo.demoSettings({ DEMO_DIR: dir })
    expect(settings.host).toBe("127.0.0.1")
    expect(demo.medusaEnvOf(settings, demo.demoSecrets(settings), urls, {}).HOST).toBe("127.0.0.1")
    expect(demo.isLoopback(settings.host)).toBe(true)
    const exposed = demo.demoSettings({ DEMO_DIR: dir, DEMO_HOST: "0.0.0.0" })
    expect(demo.medusaEnvOf(exposed, demo.demoSecrets(exposed), urls, {}).HOST).toBe("0.0.0.0")
    expect(demo.isLoopback("0.0.0.0")).toBe(false)
    expect(() => demo.demoSettings({ DEMO_HOST: "every-interface" })).toThrow(/DEMO_HOST/)
  })

  it("makes its JWT, cookie and webhook secrets once per demo folder and reuses them", () => {
    const dir = folder()
    const settings = demo.demoSettings({ DEMO_DIR: dir })
    const first = demo.medusaEnvOf(settings, demo.demoSecrets(settings), urls, {})
    for (const key of ["JWT_SECRET", "COOKIE_SECRET", "GHN_WEBHOOK_SECRET"]) {
      expect([key, first[key].length >= 32]).toEqual([key, true])
      expect(["supersecret", "dev-webhook-secret-change-me"]).not.toContain(first[key])
    }
    expect(new Set([first.JWT_SECRET, first.COOKIE_SECRET, first.GHN_WEBHOOK_SECRET]).size).toBe(3)
    // Kept in the folder, readable by its owner only.
    const file = path.join(dir, "secrets.json")
    expect(fs.statSync(file).mode & 0o077).toBe(0)
    // A later start of the same folder: the same secrets.
    const again = demo.medusaEnvOf(settings, demo.demoSecrets(demo.demoSettings({ DEMO_DIR: dir })), urls, {})
    expect([again.JWT_SECRET, again.COOKIE_SECRET, again.GHN_WEBHOOK_SECRET]).toEqual([first.JWT_SECRET, first.COOKIE_SECRET, first.GHN_WEBHOOK_SECRET])
    // Another folder: its own.
    const other = demo.demoSecrets(demo.demoSettings({ DEMO_DIR: folder() }))
    expect(other.jwtSecret).not.toBe(first.JWT_SECRET)
    // GHN_WEBHOOK_SECRET still chooses the webhook's.
    expect(demo.demoSecrets(demo.demoSettings({ DEMO_DIR: dir, GHN_WEBHOOK_SECRET: "my-own-webhook-secret-1234" })).webhookSecret).toBe("my-own-webhook-secret-1234")
  })
})
