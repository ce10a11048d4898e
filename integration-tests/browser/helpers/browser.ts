/**
 * Headless Chromium driven by playwright-core (which downloads no browser), with the flags this
 * machine kind needs (no background networking: the network is closed), and a screenshot helper
 * writing to artifacts/browser (git-ignored).
 *
 * Which Chromium (GHN_BROWSER):
 *  - unset / "auto": GHN_CHROMIUM_PATH when set, else the system's /usr/bin/chromium when present,
 *    else the one from npm (@sparticuz/chromium, a devDependency: see npm-chromium.ts);
 *  - "npm": always the one from npm (.ci/run sets it, so CI proves the Node-only path);
 *  - "system": GHN_CHROMIUM_PATH or /usr/bin/chromium only.
 * With none usable the browser tests skip with a banner, except under CI=true, where they fail.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core"
import { describeWhen } from "../../helpers/requirements"
import { ADMIN, ARTIFACTS, ROOT as ADMIN_ROOT } from "./admin-store"
import { npmChromium, npmChromiumUnavailable } from "./npm-chromium"

const SYSTEM_CHROMIUM = "/usr/bin/chromium"
/**
 * The ceiling of a browser's wait (a locator, an action, a page): what it waits for comes from the
 * store (a quote, a list, a page's data), which a loaded machine makes slow, not wrong.
 */
export const BROWSER_WAIT_MS = 60_000

const MODE = (process.env.GHN_BROWSER || "auto").toLowerCase()

type Choice = { kind: "system" | "npm"; path?: string }

/** The browser this run will use, or why there is none. */
export function chooseBrowser(): Choice | { missing: string } {
  if (!["auto", "npm", "system"].includes(MODE)) return { missing: `GHN_BROWSER=${MODE}: use auto, npm or system` }
  const explicit = process.env.GHN_CHROMIUM_PATH
  if (MODE !== "npm") {
    if (explicit) return fs.existsSync(explicit) ? { kind: "system", path: explicit } : { missing: `GHN_CHROMIUM_PATH=${explicit} does not exist` }
    if (fs.existsSync(SYSTEM_CHROMIUM)) return { kind: "system", path: SYSTEM_CHROMIUM }
    if (MODE === "system") return { missing: `no Chromium at ${SYSTEM_CHROMIUM} (GHN_BROWSER=system): install it or set GHN_CHROMIUM_PATH` }
  }
  const why = npmChromiumUnavailable()
  return why ? { missing: `no Chromium: none at ${SYSTEM_CHROMIUM} or GHN_CHROMIUM_PATH, and the npm one cannot run: ${why}` } : { kind: "npm" }
}

/** Why no browser can be used here (null when one can, or when a wrong GHN_CHROMIUM_PATH must fail). */
function browserMissing(): string | null {
  const choice = chooseBrowser()
  // A GHN_CHROMIUM_PATH that does not exist is a mistake to fix, not a machine without a browser.
  if (process.env.GHN_CHROMIUM_PATH && "missing" in choice && MODE !== "npm") return null
  return "missing" in choice ? choice.missing : null
}

/** `describe` for browser tests: skipped with a banner when no browser can be found (failing under CI). */
export function describeBrowser(): jest.Describe {
  if (process.env.GHN_SKIP_BROWSER === "1") return describe.skip
  return describeWhen(browserMissing(), "the admin's browser tests need a headless Chromium")
}

/** `test` for one browser test in a suite that runs without a browser otherwise: same rule. */
export function testBrowser(): jest.It {
  if (process.env.GHN_SKIP_BROWSER === "1") return test.skip
  return describeWhen(browserMissing(), "a browser test needs a headless Chromium") === describe ? test : test.skip
}

/** Headless Chromium; Playwright gives it a fresh, empty profile (a temporary user-data-dir). */
export async function launch(): Promise<Browser> {
  const choice = chooseBrowser()
  if ("missing" in choice) throw new Error(`the browser tests need a headless Chromium: ${choice.missing}`)
  let executablePath = choice.path!
  let env: Record<string, string> | undefined
  if (choice.kind === "npm") {
    const npm = await npmChromium()
    executablePath = npm.executablePath
    env = { ...(process.env as Record<string, string>), ...npm.env }
  }
  process.stdout.write(`[browser] ${choice.kind === "npm" ? "Chromium from npm (@sparticuz/chromium)" : "system Chromium"}: ${executablePath}\n`)
  return chromium.launch({
    executablePath,
    env,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  })
}

/**
 * A browser context for the admin: the store runs with NODE_ENV=production, whose session cookie
 * is Secure; the header tells Medusa (proxy: true) that TLS ended at a proxy, as in a deployment.
 */
export async function adminContext(
  browser: Browser,
  baseUrl: string,
  language: "vi" | "en" = "vi",
  viewport = { width: 1440, height: 1000 }
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: language === "vi" ? "vi-VN" : "en-US",
    timezoneId: "Asia/Ho_Chi_Minh",
    extraHTTPHeaders: { "x-forwarded-proto": "https" },
  })
  // The admin's language (i18next's detector reads the `lng` cookie first).
  await context.addCookies([{ name: "lng", value: language, url: baseUrl }])
  context.setDefaultTimeout(BROWSER_WAIT_MS)
  return context
}

/** Logs in through the admin's login form. */
export async function login(page: Page, user: { email: string; password: string } = ADMIN) {
  await page.goto("/app/login")
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL(/\/app\/orders/, { timeout: BROWSER_WAIT_MS })
}

let shot = 0
/** Saves a full-page screenshot as artifacts/browser/NN-name.png and returns its path. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const file = path.join(ARTIFACTS, `${String(++shot).padStart(2, "0")}-${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

export const DOCS_IMAGES = path.join(ADMIN_ROOT, "docs", "images")

/**
 * A picture for the README: always saved as artifacts/browser/docs-NAME.png; also written to
 * docs/images/NAME.png (the committed copy) when GHN_DOCS_IMAGES=1, so an ordinary test run leaves
 * the work tree clean. A locator is cropped to its element, a page to its viewport (or `clip`).
 */
export async function docsScreenshot(target: Page | Locator, name: string, clip?: { x: number; y: number; width: number; height: number }) {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const file = path.join(ARTIFACTS, `docs-${name}.png`)
  await target.screenshot({ path: file, animations: "disabled", ...(clip ? { clip } : {}) })
  if (process.env.GHN_DOCS_IMAGES === "1") {
    fs.mkdirSync(DOCS_IMAGES, { recursive: true })
    fs.copyFileSync(file, path.join(DOCS_IMAGES, `${name}.png`))
  }
  return file
}
