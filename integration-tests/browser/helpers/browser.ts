/**
 * Debian's Chromium driven by playwright-core (no browser download), headless, with the flags this
 * machine kind needs (no background networking: the network is closed), and a screenshot helper
 * writing to artifacts/browser (git-ignored).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core"
import { ADMIN, ARTIFACTS } from "./admin-store"

export const CHROMIUM = process.env.GHN_CHROMIUM_PATH || "/usr/bin/chromium"

export function assertChromium() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: the admin's browser tests drive Debian's chromium ` +
        `(apt-get update && apt-get install -y chromium; .ci/run does it), or set GHN_CHROMIUM_PATH`
    )
  }
}

/** Headless Chromium; Playwright gives it a fresh, empty profile (a temporary user-data-dir). */
export async function launch(): Promise<Browser> {
  assertChromium()
  return chromium.launch({
    executablePath: CHROMIUM,
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
export async function adminContext(browser: Browser, baseUrl: string, language: "vi" | "en" = "vi"): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 1000 },
    locale: language === "vi" ? "vi-VN" : "en-US",
    timezoneId: "Asia/Ho_Chi_Minh",
    extraHTTPHeaders: { "x-forwarded-proto": "https" },
  })
  // The admin's language (i18next's detector reads the `lng` cookie first).
  await context.addCookies([{ name: "lng", value: language, url: baseUrl }])
  context.setDefaultTimeout(20_000)
  return context
}

/** Logs in through the admin's login form. */
export async function login(page: Page) {
  await page.goto("/app/login")
  await page.locator('input[name="email"]').fill(ADMIN.email)
  await page.locator('input[name="password"]').fill(ADMIN.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL(/\/app\/orders/, { timeout: 30_000 })
}

let shot = 0
/** Saves a full-page screenshot as artifacts/browser/NN-name.png and returns its path. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  const file = path.join(ARTIFACTS, `${String(++shot).padStart(2, "0")}-${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
