/**
 * The storefront kit (medusa-fulfillment-ghn/storefront) in a real browser: a small checkout
 * page built with Vite from integration-tests/storefront/page (the kit from src/storefront, React
 * and @medusajs/js-sdk from node_modules), served on its own origin and talking to the
 * development store over CORS. A shopper picks the address with the keyboard, the cart gets a
 * GHN quote and a delivery estimate and completes, and the order's address carries GHN's ids.
 * Also the store API's shopper errors: stable code, parameters, Vietnamese by default.
 *
 * Skipped with a banner where no Chromium can be found (see integration-tests/browser/helpers/browser.ts).
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import type { Browser, Page } from "playwright-core"
import { BROWSER_WAIT_MS, describeBrowser, docsScreenshot, launch } from "../browser/helpers/browser"
import { freshGhnStore, WEBHOOK } from "../helpers/fresh-store"
import { freePort } from "../helpers/ports"
import { sandbox } from "../helpers/sandbox"
import { checkout, createCart, CUSTOMER_ADDRESS, explained, fulfilOrder, movedTo, SeededStore, storeHeaders } from "../helpers/store"
import { guideClassNames } from "./starter-guide"


// The page is served from 127.0.0.1 on a port chosen later; the store API (localhost) must
// answer it CORS. Read when the runner loads medusa-config.ts, after this line (jest gives each
// test file its own copy of process.env).
process.env.STORE_CORS = "/^http:\\/\\/127\\.0\\.0\\.1:\\d+$/"

const ROOT = path.resolve(__dirname, "../..")
const PAGE = path.join(__dirname, "page")

/** Builds the page with Vite in a child process (Vite's ESM API and jest's module system do not mix). */
function buildPage(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = spawn(process.execPath, [path.join(path.dirname(require.resolve("vite/package.json")), "bin/vite.js"), "build", "--config", path.join(PAGE, "vite.config.mjs")], {
      cwd: ROOT,
      env: { ...process.env, GHN_PAGE_OUT: outDir, NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    vite.stdout.on("data", (chunk) => (output += chunk))
    vite.stderr.on("data", (chunk) => (output += chunk))
    vite.on("error", reject)
    vite.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${output}`))))
  })
}

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" }

/** Serves the built page, as a storefront's own host does. */
async function servePage(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = await freePort()
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, ""))
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" })
    fs.createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

describeBrowser()("storefront kit", () => {
  medusaIntegrationTestRunner({
    inApp: true,
    testSuite: ({ api: rawApi, getContainer }) => {
      const api = explained(rawApi)
      const out = fs.mkdtempSync(path.join(os.tmpdir(), "ghn-storefront-page-"))
      let page: { origin: string; close: () => Promise<void> }
      let browser: Browser
      let store: SeededStore
      let admin: { headers: Record<string, string> }

      beforeAll(async () => {
        const started = Date.now()
        await buildPage(out)
        const built = Date.now()
        page = await servePage(out)
        browser = await launch()
        process.stdout.write(`[storefront] page built in ${((built - started) / 1000).toFixed(1)} s; browser up in ${((Date.now() - built) / 1000).toFixed(1)} s\n`)
      })

      afterAll(async () => {
        await browser?.close().catch(() => {})
        await page?.close()
        fs.rmSync(out, { recursive: true, force: true })
      })

      beforeEach(async () => {
        ({ admin, store } = await freshGhnStore(api, getContainer()))
      })

      /** A cart with a shirt and no address yet: the page sets it. */
      async function emptyCart() {
        const { data } = await api.post("/store/carts", { region_id: store.regionId, email: "khach@example.vn", items: [{ variant_id: store.variants.shirt, quantity: 1 }] }, storeHeaders(store))
        return data.cart.id as string
      }

      async function openCheckout(cartId: string, params: Record<string, string> = {}): Promise<Page> {
        const context = await browser.newContext({ locale: "vi-VN", timezoneId: "Asia/Ho_Chi_Minh" })
        context.setDefaultTimeout(BROWSER_WAIT_MS)
        const tab = await context.newPage()
        const errors: string[] = []
        tab.on("pageerror", (error) => errors.push(error.message))
        const query = new URLSearchParams({ api: rawApi.defaults.baseURL, key: store.publishableKey, cart: cartId, option: store.options.light, ...params })
        await tab.goto(`${page.origin}/index.html?${query}`)
        await tab.getByRole("combobox").first().waitFor()
        if (errors.length) throw new Error(`the page failed: ${errors.join("; ")}`)
        return tab
      }

      /** Types into a level's combobox and picks with the keyboard; returns the option picked. */
      async function pick(tab: Page, label: string, typed: string, expected: string, moves: ("ArrowDown" | "ArrowUp")[] = []) {
        const box = tab.getByRole("combobox", { name: label })
        await box.focus()
        await tab.keyboard.type(typed)
        await tab.getByRole("option", { name: expected, exact: true }).waitFor()
        for (const key of moves) await tab.keyboard.press(key)
        const active = await box.getAttribute("aria-activedescendant")
        expect(await tab.locator(`[id="${active}"]`).textContent()).toBe(expected)
        expect(await box.getAttribute("aria-expanded")).toBe("true")
        await tab.keyboard.press("Enter")
        expect(await box.inputValue()).toBe(expected)
        expect(await box.getAttribute("aria-expanded")).toBe("false")
      }

      /** Saves the address, waits for GHN's quote and estimate (then runs `meanwhile`), and places the order. */
      async function placeOrder(tab: Page, meanwhile: () => Promise<void> = async () => {}) {
        await tab.getByLabel("Số nhà, đường").fill("12 Lê Lợi")
        await tab.getByRole("button", { name: "Lưu địa chỉ" }).click()
        const quote = tab.getByTestId("quote")
        await quote.waitFor()
        await meanwhile()
        await tab.locator("[data-ghn-estimate]").waitFor()
        const amount = Number(await quote.getAttribute("data-amount"))
        const estimate = await tab.locator("[data-ghn-estimate]").textContent()
        await tab.getByRole("button", { name: "Đặt hàng" }).click()
        const orderId = await tab.getByTestId("order").textContent()
        const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*shipping_address,*shipping_methods`, admin)
        return { amount, estimate, order: data.order }
      }

      it("a shopper picks province, district and ward with the keyboard; GHN quotes; the order's address carries the ids", async () => {
        const cartId = await emptyCart()
        const tab = await openCheckout(cartId)
        // Accents folded: "ho chi minh" finds "Hồ Chí Minh".
        await pick(tab, "Tỉnh/Thành phố", "ho chi minh", "Hồ Chí Minh")
        // "quan 1" puts Quận 1 before Quận 10 and the rest; down and up again, then Enter.
        await pick(tab, "Quận/Huyện", "quan 1", "Quận 1", ["ArrowDown", "ArrowUp"])
        // Escape leaves a half-typed search and restores the (empty) pick.
        const ward = tab.getByRole("combobox", { name: "Phường/Xã" })
        await ward.focus()
        await tab.keyboard.type("ben ng")
        await tab.keyboard.press("Escape")
        expect(await ward.inputValue()).toBe("")
        await pick(tab, "Phường/Xã", "ben nghe", "Phường Bến Nghé")

        const { amount, estimate, order } = await placeOrder(tab, async () => {
          // A returning shopper sees the address saved on the cart picked again, from its ids.
          const again = await openCheckout(cartId, { saved: "1" })
          const ward = again.getByRole("combobox", { name: "Phường/Xã" })
          await again.waitForFunction(() => [...document.querySelectorAll("input[role=combobox]")].every((box) => (box as HTMLInputElement).value))
          expect(await again.getByRole("combobox", { name: "Tỉnh/Thành phố" }).inputValue()).toBe("Hồ Chí Minh")
          expect(await again.getByRole("combobox", { name: "Quận/Huyện" }).inputValue()).toBe("Quận 1")
          expect(await ward.inputValue()).toBe("Phường Bến Nghé")
          await again.context().close()
        })
        const districts = (await api.get("/store/ghn/districts?province_id=202", storeHeaders(store))).data.districts
        const quan1 = districts.find((d: { name: string }) => d.name === "Quận 1")
        const wards = (await api.get(`/store/ghn/wards?district_id=${quan1.id}`, storeHeaders(store))).data.wards
        const benNghe = wards.find((w: { name: string }) => w.name === "Phường Bến Nghé")
        expect(order.shipping_address).toMatchObject({
          province: "Hồ Chí Minh",
          city: "Quận 1",
          address_2: "Phường Bến Nghé",
          address_1: "12 Lê Lợi",
          metadata: { ghn_district_id: quan1.id, ghn_ward_code: benNghe.id },
        })
        // The quote is the sandbox's fee for the shirt from the Hà Nội warehouse to those ids.
        const fee = await sandbox.fee({
          service_type_id: 2, weight: 500, length: 30, width: 20, height: 3, insurance_value: 250000,
          from: { district: "Quận Ba Đình", ward: "Phường Phúc Xá" }, to: { district: "Quận 1", ward: "Phường Bến Nghé" },
        })
        expect(amount).toBe(fee.total)
        expect(order.shipping_methods[0].amount).toBe(fee.total)
        expect(estimate).toMatch(/^Giao dự kiến \d{2}(-\d{2})?\/\d{2}/)
        await tab.context().close()
      })

      /**
       * Where a combobox's label sits against its input: the label's text (a Range over it) and the
       * line the input's text takes (the middle of its content box, one font high), once the
       * label's transition has ended.
       */
      async function labelAndInput(tab: Page, name: string) {
        const box = tab.getByRole("combobox", { name })
        await box.evaluate((input) => Promise.all(document.querySelector(`label[for="${input.id}"]`)!.getAnimations().map((a) => a.finished)))
        return box.evaluate((input) => {
          const label = document.querySelector(`label[for="${input.id}"]`)!
          const range = document.createRange()
          range.selectNodeContents(label)
          const text = range.getBoundingClientRect()
          const field = input.getBoundingClientRect()
          const css = getComputedStyle(input)
          const top = field.top + parseFloat(css.borderTopWidth) + parseFloat(css.paddingTop)
          const bottom = field.bottom - parseFloat(css.borderBottomWidth) - parseFloat(css.paddingBottom)
          // A single-line input centres its text, one font high (1.2 em, as a Range measures the label's).
          const line = parseFloat(css.fontSize) * 1.2
          return {
            label: { top: text.top, bottom: text.bottom, left: text.left, right: text.right },
            input: { top: field.top, bottom: field.bottom, left: field.left, right: field.right },
            textLine: { top: (top + bottom) / 2 - line / 2, bottom: (top + bottom) / 2 + line / 2 },
            height: field.height,
            border: css.borderTopWidth,
            placeholder: (input as HTMLInputElement).placeholder,
            inputClass: input.className,
            labelClass: label.className,
            fieldClass: input.parentElement!.className,
          }
        })
      }

      it("the starter's checkout as docs/storefront.md wires it: pickers in the starter's look, only the GHN option the cart fits, the estimate, the confirmed order's tracking", async () => {
        const markdown = fs.readFileSync(path.join(ROOT, "docs", "storefront.md"), "utf8")
        const guide = guideClassNames(markdown, "ghnFieldClassNames")
        await sandbox.webhook(`${rawApi.defaults.baseURL.replace(/\/$/, "")}/hooks/ghn`, { [WEBHOOK.header]: WEBHOOK.secret })
        const context = await browser.newContext({ locale: "vi-VN", timezoneId: "Asia/Ho_Chi_Minh", viewport: { width: 860, height: 900 } })
        context.setDefaultTimeout(BROWSER_WAIT_MS)
        try {
          const cartId = await emptyCart()
          const tab = await context.newPage()
          const query = (look: string) => new URLSearchParams({ api: rawApi.defaults.baseURL, key: store.publishableKey, cart: cartId, option: store.options.light, look })
          await tab.goto(`${page.origin}/index.html?${query("starter")}`)
          await pick(tab, "Tỉnh/Thành phố", "ho chi minh", "Hồ Chí Minh")
          await pick(tab, "Quận/Huyện", "quan 1", "Quận 1")
          await pick(tab, "Phường/Xã", "ben nghe", "Phường Bến Nghé")
          await tab.getByLabel("Số nhà, tên đường").fill("12 Lê Lợi")
          await tab.getByLabel("Số nhà, tên đường").blur()
          for (const name of ["Tỉnh/Thành phố", "Quận/Huyện", "Phường/Xã"]) {
            const field = await labelAndInput(tab, name)
            // The guide's classes, on the kit's own.
            for (const [part, own] of [["input", field.inputClass], ["label", field.labelClass], ["field", field.fieldClass]] as const) {
              expect(own.split(" ")).toEqual(expect.arrayContaining(guide[part].split(" ")))
            }
            // Styled by them as the starter's Input: 44 px high (h-11), a 1 px border, a blank placeholder.
            expect(field).toMatchObject({ height: 44, border: "1px", placeholder: " " })
            // The floating label sits inside the field, above the line the picked name takes.
            expect(field.label.bottom).toBeLessThanOrEqual(field.textLine.top + 0.5)
            expect(field.label.top).toBeGreaterThanOrEqual(field.input.top)
            expect(field.label.left).toBeGreaterThanOrEqual(field.input.left)
          }
          await docsScreenshot(tab.getByTestId("address-step"), "storefront-address")

          // Medusa lists both GHN options for the cart; the 500 g shirt fits light goods only.
          const listed = (await api.get(`/store/shipping-options?cart_id=${cartId}`, storeHeaders(store))).data.shipping_options.map((o: { id: string }) => o.id)
          expect(listed).toEqual(expect.arrayContaining([store.options.light, store.options.heavy]))
          await tab.getByRole("button", { name: "Lưu địa chỉ" }).click()
          const delivery = tab.getByTestId("delivery-step")
          const light = delivery.locator(`[data-option="${store.options.light}"]`)
          await light.locator("[data-ghn-estimate]").waitFor()
          expect(await light.locator("[data-ghn-estimate]").textContent()).toMatch(/^Giao dự kiến \d{2}(-\d{2})?\/\d{2}/)
          expect(await light.locator("[data-price]").textContent()).toMatch(/^[\d.]+ ₫$/)
          expect(await delivery.locator(`[data-option="${store.options.heavy}"]`).count()).toBe(0)
          expect(await delivery.getByRole("alert").count()).toBe(0)
          await docsScreenshot(delivery, "storefront-delivery")

          await light.click()
          await tab.getByRole("button", { name: "Đặt hàng" }).click()
          const confirmed = tab.getByTestId("confirmed")
          await confirmed.getByText("Đơn hàng chưa được giao cho GHN").waitFor()
          const { data } = await api.get("/admin/orders?fields=id,display_id&order=-created_at&limit=1", admin)
          const fulfillment = await fulfilOrder(api, admin, store, data.orders[0].id)
          const code = fulfillment.data.order_code as string
          await movedTo(api, admin, code, "picked", "delivering")
          await confirmed.locator(`[data-ghn-parcel="${code}"][data-ghn-step="out_for_delivery"]`).waitFor()
          expect(await confirmed.getByRole("heading", { name: "Đang giao hàng" }).getAttribute("class")).toContain(guideClassNames(markdown, "ghnTrackingClassNames").status)
          await docsScreenshot(confirmed, "storefront-confirmed")

          // Without a design system: the kit's stylesheet puts each label above its input.
          const plain = await context.newPage()
          await plain.goto(`${page.origin}/index.html?${query("kit")}`)
          await pick(plain, "Tỉnh/Thành phố", "ha noi", "Hà Nội")
          const field = await labelAndInput(plain, "Tỉnh/Thành phố")
          expect(field.label.bottom).toBeLessThanOrEqual(field.input.top)
          expect(field).toMatchObject({ height: 40, border: "1px", inputClass: "ghn-combobox-input", labelClass: "ghn-combobox-label" })
        } finally {
          await context.close()
          await sandbox.webhook(null)
        }
      })

      /** The starter's checkout (look=starter: the guide's classes on every field) in a browser of that size, with a touch screen when asked. */
      async function starterTab(cartId: string, { width = 1280, height = 800, touch = false, locale = "vi" }: { width?: number; height?: number; touch?: boolean; locale?: string } = {}) {
        const context = await browser.newContext({ locale: locale === "en" ? "en-US" : "vi-VN", timezoneId: "Asia/Ho_Chi_Minh", viewport: { width, height }, hasTouch: touch })
        context.setDefaultTimeout(BROWSER_WAIT_MS)
        const tab = await context.newPage()
        const errors: string[] = []
        tab.on("pageerror", (error) => errors.push(error.message))
        const query = new URLSearchParams({ api: rawApi.defaults.baseURL, key: store.publishableKey, cart: cartId, option: store.options.light, look: "starter", locale })
        await tab.goto(`${page.origin}/index.html?${query}`)
        await tab.getByRole("combobox").first().waitFor()
        if (errors.length) throw new Error(`the page failed: ${errors.join("; ")}`)
        return tab
      }

      /**
       * The open list of the focused combobox, each option the shopper can see (inside the list's
       * box and the viewport) checked at its centre: is the element there that option, or does
       * something else (the next field) cover it? With the list's box and the viewport's height.
       */
      async function visibleOptions(tab: Page) {
        return tab.evaluate(() => {
          const input = document.activeElement as HTMLInputElement
          const list = document.getElementById(input.getAttribute("aria-controls")!)!
          const box = list.getBoundingClientRect()
          const options = [...list.querySelectorAll<HTMLElement>("[role=option]")].flatMap((option) => {
            const r = option.getBoundingClientRect()
            const x = (r.left + r.right) / 2
            const y = (r.top + r.bottom) / 2
            if (y < Math.max(0, box.top) || y > Math.min(innerHeight, box.bottom)) return []
            const hit = document.elementFromPoint(x, y)
            return [{ option: option.textContent, hit: hit === option || option.contains(hit) ? "the option" : `${hit?.tagName.toLowerCase()}.${String(hit?.className).split(" ")[0]}` }]
          })
          return {
            options,
            list: { top: box.top, bottom: box.bottom, left: box.left, right: box.right, scrolls: list.scrollHeight > list.clientHeight, placement: list.getAttribute("data-ghn-placement") },
            input: (() => { const r = input.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right } })(),
            viewport: { width: innerWidth, height: innerHeight },
            inBody: list.parentElement === document.body,
          }
        })
      }

      /** Every option the shopper can see is the element under its centre (no field painted over it); the list hugs its input, on screen. */
      async function expectOptionsOnTop(tab: Page) {
        const seen = await visibleOptions(tab)
        expect(seen.options.length).toBeGreaterThan(0)
        expect(seen.options.filter((o) => o.hit !== "the option")).toEqual([])
        expect(seen.inBody).toBe(true)
        expect(seen.list.top).toBeGreaterThanOrEqual(0)
        expect(seen.list.bottom).toBeLessThanOrEqual(seen.viewport.height)
        expect(Math.abs(seen.list.left - seen.input.left)).toBeLessThanOrEqual(1)
        if (seen.list.placement === "above") expect(seen.list.bottom).toBeLessThanOrEqual(seen.input.top)
        else expect(seen.list.top).toBeGreaterThanOrEqual(seen.input.bottom)
        return seen
      }

      /** A click (mouse) or a tap (touch screen) at the centre of what the locator finds. */
      async function press(tab: Page, how: "mouse" | "touch", target: ReturnType<Page["locator"]>) {
        await target.scrollIntoViewIfNeeded()
        const box = (await target.boundingBox())!
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
        if (how === "touch") await tab.touchscreen.tap(x, y)
        else await tab.mouse.click(x, y)
      }

      /** Opens a level by a click or a tap, checks its whole list is on top, narrows it by typing (if asked) and picks by a click or a tap. */
      async function pickBy(tab: Page, how: "mouse" | "touch", label: string, expected: string, typed?: string) {
        const box = tab.getByRole("combobox", { name: label })
        await tab.waitForFunction((id) => !(document.getElementById(id!) as HTMLInputElement).disabled, await box.getAttribute("id"))
        await press(tab, how, box)
        await tab.getByRole("option").first().waitFor()
        expect(await box.getAttribute("aria-expanded")).toBe("true")
        expect(await box.evaluate((input) => input === document.activeElement)).toBe(true)
        const whole = await expectOptionsOnTop(tab)
        if (typed) await tab.keyboard.type(typed)
        const option = tab.getByRole("option", { name: expected, exact: true })
        await option.waitFor()
        await option.scrollIntoViewIfNeeded()
        await expectOptionsOnTop(tab)
        await press(tab, how, option)
        expect(await box.inputValue()).toBe(expected)
        expect(await box.getAttribute("aria-expanded")).toBe("false")
        return whole
      }

      it.each([
        [1280, 800],
        [390, 844],
      ])("the starter's pickers at %i px wide: each level picked by a mouse click and by a touch tap, every visible option on top of the fields below it", async (width, height) => {
        for (const how of ["mouse", "touch"] as const) {
          const tab = await starterTab(await emptyCart(), { width, height, touch: how === "touch" })
          try {
            // The province's list opens over the district and ward fields (each `relative z-0`, as the guide's classes make them).
            const provinces = await pickBy(tab, how, "Tỉnh/Thành phố", "Hồ Chí Minh", "ho chi")
            if (width === 390) expect(provinces.list.scrolls).toBe(true) // 63 provinces: the list scrolls within, on screen
            await pickBy(tab, how, "Quận/Huyện", "Quận 1", "quan 1")
            // The ward without typing: the option scrolled to within the list.
            await pickBy(tab, how, "Phường/Xã", "Phường Bến Nghé")

            // The ward's field near the screen's bottom (the page pushed down a screen, then scrolled): its list opens above it, still on top and on screen.
            await tab.evaluate(() => {
              document.body.style.paddingTop = `${innerHeight}px`
              document.body.style.paddingBottom = `${innerHeight}px`
              const ward = [...document.querySelectorAll<HTMLInputElement>("input[role=combobox]")].pop()!
              window.scrollTo(0, window.scrollY + ward.getBoundingClientRect().bottom - innerHeight + 60)
            })
            const ward = tab.getByRole("combobox", { name: "Phường/Xã" })
            const box = (await ward.boundingBox())!
            if (how === "touch") await tab.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
            else await tab.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
            await tab.getByRole("option").first().waitFor()
            const flipped = await expectOptionsOnTop(tab)
            expect(flipped.list.placement).toBe("above")
            // Scrolling the page moves the list with its input.
            await tab.evaluate(() => new Promise((done) => {
              window.scrollBy(0, -40)
              requestAnimationFrame(() => requestAnimationFrame(done))
            }))
            const moved = await expectOptionsOnTop(tab)
            expect(moved.list.bottom - moved.input.top).toBeCloseTo(flipped.list.bottom - flipped.input.top, 0)
            await tab.keyboard.press("Escape")
            expect(await ward.inputValue()).toBe("Phường Bến Nghé")
          } finally {
            await tab.context().close()
          }
        }
      })

      it("the starter's pickers by the keyboard alone at 390 px: Tab into each, type, arrows, Enter, Escape; the address saved", async () => {
        const cartId = await emptyCart()
        const tab = await starterTab(cartId, { width: 390, height: 844 })
        try {
          const focused = () => tab.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.querySelector(`label[for="${document.activeElement?.id}"]`)?.firstChild?.textContent ?? document.activeElement?.textContent)
          await tab.getByLabel("Số nhà, tên đường").focus()
          await tab.keyboard.type("12 Lê Lợi")
          await tab.keyboard.press("Tab")
          await tab.keyboard.press("Tab")
          expect(await focused()).toBe("Tỉnh/Thành phố")
          await tab.keyboard.type("ho chi minh")
          await tab.getByRole("option", { name: "Hồ Chí Minh", exact: true }).waitFor()
          await expectOptionsOnTop(tab)
          await tab.keyboard.press("Enter")
          expect(await tab.getByRole("combobox", { name: "Tỉnh/Thành phố" }).inputValue()).toBe("Hồ Chí Minh")
          await tab.keyboard.press("Tab")
          expect(await focused()).toBe("Quận/Huyện")
          // ArrowDown opens the whole list on its first option; type to filter, down and up again, Enter.
          await tab.waitForFunction(() => document.querySelectorAll("input[role=combobox]")[1].getAttribute("aria-busy") !== "true")
          await tab.keyboard.press("ArrowDown")
          expect(await tab.getByRole("combobox", { name: "Quận/Huyện" }).getAttribute("aria-expanded")).toBe("true")
          await expectOptionsOnTop(tab)
          await tab.keyboard.type("quan 1")
          await tab.keyboard.press("ArrowDown")
          await tab.keyboard.press("ArrowUp")
          await tab.keyboard.press("Enter")
          expect(await tab.getByRole("combobox", { name: "Quận/Huyện" }).inputValue()).toBe("Quận 1")
          await tab.keyboard.press("Tab")
          expect(await focused()).toBe("Phường/Xã")
          await tab.keyboard.type("ben ng")
          await tab.keyboard.press("Escape")
          expect(await tab.getByRole("combobox", { name: "Phường/Xã" }).inputValue()).toBe("")
          expect(await tab.getByRole("combobox", { name: "Phường/Xã" }).getAttribute("aria-expanded")).toBe("false")
          // Tab with one match typed out picks it.
          await tab.keyboard.type("ben nghe")
          await tab.getByRole("option", { name: "Phường Bến Nghé", exact: true }).waitFor()
          await tab.keyboard.press("Tab")
          expect(await tab.getByRole("combobox", { name: "Phường/Xã" }).inputValue()).toBe("Phường Bến Nghé")
          expect(await focused()).toBe("Lưu địa chỉ")
          await tab.keyboard.press("Enter")
          await tab.getByTestId("delivery-step").locator(`[data-option="${store.options.light}"] [data-price]`).waitFor()
        } finally {
          await tab.context().close()
        }
      })

      it.each([
        ["vi", ["Tỉnh/Thành phố", "Quận/Huyện", "Phường/Xã"], "Vui lòng chọn tỉnh/thành phố", "Vui lòng chọn phường/xã", "Lưu địa chỉ"],
        ["en", ["Province/City", "District", "Ward/Commune"], "Please choose a province/city", "Please choose a ward/commune", "Lưu địa chỉ"],
      ])("required pickers (%s): the starter's mark, aria-required, and a submission with one empty stopped with the kit's message on it", async (locale, [province, district, ward], noProvince, noWard, save) => {
        const markdown = fs.readFileSync(path.join(ROOT, "docs", "storefront.md"), "utf8")
        const guide = guideClassNames(markdown, "ghnFieldClassNames")
        const tab = await starterTab(await emptyCart(), { locale })
        try {
          const submitted = () => tab.getByRole("button", { name: save }).getAttribute("data-submitted")
          for (const name of [province, district, ward]) {
            const box = tab.getByRole("combobox", { name })
            expect(await box.getAttribute("aria-required")).toBe("true")
            // The starter's mark: an asterisk after the label's text, in the guide's class (text-rose-500), out of the accessible name.
            const mark = await box.evaluate((input) => {
              const span = document.querySelector(`label[for="${input.id}"] > span`)!
              return { text: span.textContent, className: span.className, hidden: span.getAttribute("aria-hidden"), colour: getComputedStyle(span).color }
            })
            expect(mark).toMatchObject({ text: "*", hidden: "true" })
            expect(mark.className.split(" ")).toEqual(expect.arrayContaining(["ghn-required", ...guide.required.split(" ")]))
            expect(mark.colour).toBe("rgb(244, 63, 94)") // Tailwind's rose-500
          }
          await tab.getByLabel("Số nhà, tên đường").fill("12 Lê Lợi")
          // Nothing picked: the province says so; the form is not submitted.
          await tab.getByRole("button", { name: save }).click()
          const provinceBox = tab.getByRole("combobox", { name: province })
          const alert = tab.getByRole("alert")
          await alert.waitFor()
          expect(await alert.textContent()).toBe(noProvince)
          expect(await provinceBox.getAttribute("aria-invalid")).toBe("true")
          expect(await provinceBox.getAttribute("aria-describedby")).toBe(await alert.getAttribute("id"))
          expect(await alert.getAttribute("class")).toContain(guide.error)
          expect(await submitted()).toBe("0")
          // Province and district picked, the ward left empty: the ward says so.
          await pick(tab, province, "ho chi minh", "Hồ Chí Minh")
          expect(await tab.getByRole("alert").count()).toBe(0)
          await pick(tab, district, "quan 1", "Quận 1")
          await tab.getByRole("button", { name: save }).click()
          await tab.getByRole("alert").waitFor()
          expect(await tab.getByRole("alert").textContent()).toBe(noWard)
          expect(await tab.getByRole("combobox", { name: ward }).getAttribute("aria-invalid")).toBe("true")
          expect(await tab.getByRole("combobox", { name: ward }).getAttribute("aria-describedby")).toBe(await tab.getByRole("alert").getAttribute("id"))
          expect(await submitted()).toBe("0")
          // Picked: the message goes, the form submits.
          await pick(tab, ward, "ben nghe", "Phường Bến Nghé")
          expect(await tab.getByRole("alert").count()).toBe(0)
          await tab.getByRole("button", { name: save }).click()
          await tab.getByTestId("delivery-step").waitFor()
          expect(await submitted()).toBe("1")
        } finally {
          await tab.context().close()
        }
      })

      it("a 25 kg cart in the starter's delivery step is offered GHN heavy goods only, picked by touch at 390 px", async () => {
        const { data } = await api.post("/store/carts", { region_id: store.regionId, email: "khach@example.vn", items: [{ variant_id: store.variants.heavyBox, quantity: 1 }] }, storeHeaders(store))
        const tab = await starterTab(data.cart.id, { width: 390, height: 844, touch: true })
        try {
          await pickBy(tab, "touch", "Tỉnh/Thành phố", "Hồ Chí Minh", "ho chi")
          await pickBy(tab, "touch", "Quận/Huyện", "Quận 1", "quan 1")
          await pickBy(tab, "touch", "Phường/Xã", "Phường Bến Nghé", "ben nghe")
          await tab.getByLabel("Số nhà, tên đường").fill("12 Lê Lợi")
          await press(tab, "touch", tab.getByRole("button", { name: "Lưu địa chỉ" }))
          const delivery = tab.getByTestId("delivery-step")
          const heavy = delivery.locator(`[data-option="${store.options.heavy}"]`)
          await heavy.locator("[data-ghn-estimate]").waitFor()
          expect(await heavy.locator("[data-price]").textContent()).toMatch(/^[\d.]+ ₫$/)
          expect(await delivery.locator(`[data-option="${store.options.light}"]`).count()).toBe(0)
          expect(await delivery.getByRole("alert").count()).toBe(0)
        } finally {
          await tab.context().close()
        }
      })

      it("picks province -> ward in the 2025 model, in English", async () => {
        const tab = await openCheckout(await emptyCart(), { model: "new", locale: "en" })
        expect(await tab.getByRole("combobox").count()).toBe(2)
        const provinces = (await api.get("/store/ghn/new-provinces", storeHeaders(store))).data.provinces
        const hcm = provinces.find((p: { name: string }) => /Hồ Chí Minh/.test(p.name))
        await pick(tab, "Province/City", "ho chi minh", hcm.name)
        await pick(tab, "Ward/Commune", "ben thanh", "Phường Bến Thành")
        await tab.getByLabel("Street").fill("12 Lê Lợi")
        await tab.getByRole("button", { name: "Save address" }).click()
        await tab.getByTestId("quote").waitFor()
        expect(await tab.locator("[data-ghn-estimate]").textContent()).toMatch(/^Estimated delivery [A-Z][a-z]{2} \d+/)
        await tab.getByRole("button", { name: "Place order" }).click()
        const orderId = await tab.getByTestId("order").textContent()
        const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*shipping_address`, admin)
        const wards = (await api.get(`/store/ghn/new-wards?province_id=${hcm.id}`, storeHeaders(store))).data.wards
        const benThanh = wards.find((w: { name: string }) => w.name === "Phường Bến Thành")
        expect(data.order.shipping_address).toMatchObject({ province: hcm.name, address_2: "Phường Bến Thành", metadata: { ghn_province_id: hcm.id, ghn_ward_id: benThanh.id } })
        await tab.context().close()
      })

      it("answers a shopper's address error with a stable code, its candidates and a message in the shopper's language", async () => {
        const { data } = await api.post(
          "/store/carts",
          { region_id: store.regionId, shipping_address: { ...CUSTOMER_ADDRESS, address_2: "Phường Bến Nghẹ Xyz" }, items: [{ variant_id: store.variants.shirt, quantity: 1 }] },
          storeHeaders(store)
        )
        const calculate = (headers: Record<string, string>) =>
          rawApi.post(`/store/shipping-options/${store.options.light}/calculate`, { cart_id: data.cart.id, data: {} }, {
            headers: { "x-publishable-api-key": store.publishableKey, ...headers },
            validateStatus: () => true,
          })
        const vi = await calculate({})
        expect(vi.status).toBe(400)
        expect(vi.headers["content-language"]).toBe("vi")
        expect(vi.data).toMatchObject({ type: "invalid_data", code: "address_not_found", params: { part: "ward" }, message: expect.stringMatching(/^GHN không tìm thấy phường\/xã/) })
        expect(vi.data.params.candidates.length).toBeGreaterThan(0)
        expect(vi.data.params.candidates[0]).toMatchObject({ label: expect.any(String), province_id: expect.any(Number) })
        const en = await calculate({ "accept-language": "en-US,en;q=0.9,vi;q=0.5" })
        expect(en.data).toMatchObject({ code: "address_not_found", message: expect.stringMatching(/^GHN cannot deliver to the shipping address: no GHN ward matches/) })
        // js-sdk's locale header wins over the browser's languages.
        expect((await calculate({ "accept-language": "vi", "x-medusa-locale": "en-US" })).data.message).toMatch(/^GHN cannot deliver/)
      })

      it("shows a guest their parcel's journey moving as GHN moves it, in Vietnamese and in English", async () => {
        await sandbox.webhook(`${rawApi.defaults.baseURL.replace(/\/$/, "")}/hooks/ghn`, { [WEBHOOK.header]: WEBHOOK.secret })
        try {
          const cart = await createCart(api, store, [{ variant_id: store.variants.shirt, quantity: 1 }])
          const order = await checkout(api, store, cart.id, store.options.light)
          const fulfillment = await fulfilOrder(api, admin, store, order.id)
          const code = fulfillment.data.order_code as string
          const cod = Number(fulfillment.data.cod_amount)
          const number = (await api.get(`/admin/orders/${order.id}?fields=display_id`, admin)).data.order.display_id
          const open = async (language: string) => {
            const context = await browser.newContext({ locale: language === "vi" ? "vi-VN" : "en-US", timezoneId: "Asia/Ho_Chi_Minh" })
            const tab = await context.newPage()
            const query = new URLSearchParams({ api: rawApi.defaults.baseURL, key: store.publishableKey, track: "1", email: "khach@example.vn", number: String(number), locale: language })
            await tab.goto(`${page.origin}/index.html?${query}`)
            return tab
          }
          const vi = await open("vi")
          const parcel = vi.locator(`[data-ghn-parcel="${code}"]`)
          await parcel.waitFor()
          expect(await parcel.getByRole("heading").textContent()).toBe("Chờ lấy hàng")
          expect(await parcel.getByRole("link", { name: code }).getAttribute("href")).toContain(code)
          // A guest (email and number) is never told the cash to hand over (the fake-courier scam): only the order's customer is.
          expect(cod).toBeGreaterThan(0)
          expect(await parcel.locator(".ghn-parcel-cash").count()).toBe(0)

          // GHN moves the parcel; the page shows it without a reload.
          const moved = (status: string) => movedTo(api, admin, code, status)
          await moved("picked")
          await moved("delivering")
          await vi.waitForFunction((c) => document.querySelector(`[data-ghn-parcel="${c}"]`)?.getAttribute("data-ghn-step") === "out_for_delivery", code)
          // Each step's words, its time (a <time> element) aside.
          const steps = (tab: Page) =>
            tab
              .getByRole("list", { name: /Hành trình đơn hàng|Parcel journey/ })
              .getByRole("listitem")
              .evaluateAll((items) => items.map((li) => (li.textContent ?? "").replace(li.querySelector("time")?.textContent ?? "", "").trim()))
          expect(await steps(vi)).toEqual(["Chờ lấy hàng", "Đã lấy hàng", "Đang giao hàng"])
          await moved("delivery_fail:GHN-DFC1A2")
          await vi.waitForFunction((c) => document.querySelector(`[data-ghn-parcel="${c}"]`)?.getAttribute("data-ghn-step") === "delivery_failed", code)
          // Nor GHN's free-text reasons (they may carry the receiver's words, a phone, an hour).
          expect(await parcel.locator(".ghn-parcel-reason").count()).toBe(0)

          const en = await open("en")
          await en.locator(`[data-ghn-parcel="${code}"][data-ghn-step="delivery_failed"]`).waitFor()
          expect(await en.getByRole("heading").textContent()).toBe("Delivery attempt failed")
          expect(await steps(en)).toEqual(["Waiting for pickup", "Picked up", "Out for delivery", "Delivery attempt failed"])
          expect(await en.locator(".ghn-parcel-cash").count()).toBe(0)
          await moved("delivering")
          await moved("delivered")
          await en.locator(`[data-ghn-parcel="${code}"][data-ghn-step="delivered"]`).waitFor()
          expect(await en.locator(".ghn-parcel-cash").count()).toBe(0)
          await vi.context().close()
          await en.context().close()
        } finally {
          await sandbox.webhook(null)
        }
      })

      it.each([
        ["vi", "Lưu địa chỉ", /cần chọn lại phường\/xã sau khi sắp xếp đơn vị hành chính năm 2025/],
        ["en", "Save address", /needs its ward chosen again after Vietnam's 2025 reform/],
      ])("offers a customer the choice their saved address needs (a ward the 2025 reform left ambiguous), in %s", async (locale, save, question) => {
        // A customer's address saved before the reform, resolved by the plugin ahead of checkout.
        const customers = getContainer().resolve(Modules.CUSTOMER)
        const old = { first_name: "An", last_name: "Nguyễn Văn", phone: "0912345678", address_1: "8 Ấp Phong Lạc", address_2: "Xã Phong Thạnh", city: "Thị xã Giá Rai", province: "Cà Mau", country_code: "vn" }
        const [customer] = await customers.createCustomers([{ email: `an.${locale}@example.vn`, addresses: [old] }] as never)
        await api.post("/admin/ghn/address-choices/resolve", {}, admin)
        const [address] = await customers.listCustomerAddresses({ customer_id: customer.id })
        const choice = (address.metadata as any).ghn_choice
        expect(choice.candidates.length).toBeGreaterThan(1)
        // The storefront shows the customer's saved address (GET /store/customers/me/addresses gives its metadata).
        const cartId = await emptyCart()
        const tab = await openCheckout(cartId, { address: JSON.stringify({ ...old, metadata: address.metadata }), locale })
        const group = tab.getByRole("group", { name: question })
        await group.waitFor()
        expect(await group.getByRole("button").allTextContents()).toEqual(choice.candidates.map((c: { label: string }) => c.label))
        // The customer picks the 2025 ward: the picker shows it, the address saves with its ids.
        const picked = choice.candidates.find((c: { model: string }) => c.model === "new")
        await group.getByRole("button", { name: picked.label }).click()
        await group.waitFor({ state: "detached" })
        expect(await tab.getByRole("combobox").count()).toBe(2)
        await tab.waitForFunction(() => [...document.querySelectorAll("input[role=combobox]")].every((box) => (box as HTMLInputElement).value))
        expect(await tab.getByRole("combobox").nth(1).inputValue()).toBe(picked.ward_name)
        await tab.getByRole("button", { name: save }).click()
        await tab.getByTestId("quote").waitFor()
        // The cart's address carries the chosen ward's ids, the question cleared (Medusa's store API does not return a cart address's metadata: read in the database).
        const pg = getContainer().resolve("__pg_connection__") as { raw(sql: string, binds: unknown[]): Promise<{ rows: { metadata: Record<string, unknown> }[] }> }
        const { rows } = await pg.raw("select a.metadata from cart c join cart_address a on a.id = c.shipping_address_id where c.id = ?", [cartId])
        expect(rows[0].metadata).toMatchObject({ ghn_province_id: picked.province_id, ghn_ward_id: picked.ward_id })
        expect(rows[0].metadata.ghn_choice ?? "").toBe("")
        await tab.context().close()
      })

      it("names a parcel over GHN's limits by code and parameters", async () => {
        const { data } = await api.post(
          "/store/carts",
          { region_id: store.regionId, shipping_address: CUSTOMER_ADDRESS, items: [{ variant_id: store.variants.tooHeavy, quantity: 1 }] },
          storeHeaders(store)
        )
        const answer = await rawApi.post(`/store/shipping-options/${store.options.heavy}/calculate`, { cart_id: data.cart.id, data: {} }, {
          headers: { "x-publishable-api-key": store.publishableKey },
          validateStatus: () => true,
        })
        expect(answer.status).toBe(400)
        expect(answer.data).toEqual({
          type: "invalid_data",
          code: "parcel_too_heavy",
          params: { weight_g: 60000, limit_g: 50000 },
          message: "Kiện hàng nặng 60 kg, vượt mức 50 kg GHN nhận cho một đơn.",
        })
      })
    },
  })
})
