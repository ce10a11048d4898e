/**
 * The plugin's admin in a real browser: headless Chromium (the system's, else the one from npm: see
 * helpers/browser.ts) driven by playwright-core, against the
 * built admin of the development store (medusa build + medusa start, NODE_ENV=production) with the
 * GHN sandbox. Each test saves screenshots under artifacts/browser/ (git-ignored); two of them are
 * the README's pictures (GHN_DOCS_IMAGES=1 writes them to docs/images/).
 *
 * Runs in `npm test` (jest's integration project). Without any usable Chromium it skips with a
 * banner (fails under CI=true); GHN_SKIP_BROWSER=1 skips it; GHN_E2E_REBUILD=1 forces a fresh build.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { AdminStore, startAdminStore, WEBHOOK } from "./helpers/admin-store"
import { adminContext, describeBrowser, docsScreenshot, launch, login, screenshot } from "./helpers/browser"
import { pdfPages } from "../../src/lib/handover/__tests__/pdf-text"
import { waitFor } from "../helpers/wait"


const CUSTOMER_PHONE = "0901000004"

describeBrowser()("GHN admin in a browser", () => {
  let store: AdminStore
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let token: string
  const files = fs.mkdtempSync(path.join(os.tmpdir(), "ghn-admin-files-"))

  /** GET on the store's admin API with a bearer token (to wait for what the webhooks do). */
  const adminGet = async (p: string) => {
    const res = await fetch(`${store.url}${p}`, { headers: { authorization: `Bearer ${token}` } })
    if (!res.ok) throw new Error(`GET ${p} -> ${res.status} ${await res.text()}`)
    return res.json()
  }

  const until = (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => waitFor(check, { what, timeoutMs, intervalMs: 200 })

  /** A day (YYYY-MM-DD) typed into a day field as the admin's language writes it, then Enter. */
  const typeDay = async (field: Locator, day: string, language: "vi" | "en") => {
    const [y, m, d] = day.split("-")
    await field.fill(language === "vi" ? `${d}/${m}/${y}` : `${m}/${d}/${y}`)
    await field.press("Enter")
  }

  /** Words of Medusa UI's English defaults and of the plugin's English texts that a Vietnamese screen must not show. */
  const ENGLISH = /\b(Prev|Next|results|pages|Search|Clear all|Custom|Starting|Ending|Parcels|Delivered|Returned|Ready to ship|Handover|Scanned|GHN cannot|cannot deliver|no GHN ward)\b|mm\/dd\/yyyy/
  const expectNoEnglish = async (p: Page, root: Locator) => {
    const text = await root.innerText()
    expect(text.match(ENGLISH)?.[0] ?? null).toBeNull()
    const placeholders = await root.locator("input[placeholder]").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).placeholder))
    for (const placeholder of placeholders) expect(placeholder.match(ENGLISH)?.[0] ?? null).toBeNull()
    void p
  }

  /**
   * A chart as a person reads it: values on its value axis, its categories' labels, a tooltip with
   * the exact figure when the pointer is on a column and when the keyboard moves through them.
   */
  const checkChart = async (p: Page, chart: Locator, expected: { labels?: string[]; figure: RegExp }) => {
    await chart.locator("[data-chart-bar]").first().waitFor()
    // SVG text has no innerText: its text content is what a person reads.
    const values = await chart.locator(".ghn-chart-y-axis text, .ghn-chart-x-axis text").allTextContents()
    expect(values.filter((v) => /\d/.test(v)).length).toBeGreaterThanOrEqual(2)
    const labels = [...(await chart.locator(".ghn-chart-x-axis text").allTextContents()), ...(await chart.locator("[data-chart-label]").allTextContents())]
    for (const label of expected.labels ?? []) expect(labels.join(" | ")).toContain(label)
    // The pointer on the first column: the tooltip's exact figure.
    const column = chart.locator("[data-chart-column]:has([data-chart-bar])").first()
    // In view first: the pointer moves in the window, and a chart lower on the tab is below it.
    await column.scrollIntoViewIfNeeded()
    const box = (await column.locator("[data-chart-bar]").first().boundingBox())!
    await p.mouse.move(box.x + box.width / 2, box.y + Math.max(1, box.height / 2))
    const tooltip = chart.locator('[data-testid="ghn-chart-tooltip"]')
    await tooltip.waitFor()
    expect(await tooltip.innerText()).toMatch(expected.figure)
    await p.mouse.move(0, 0)
    await tooltip.waitFor({ state: "detached" })
    // The keyboard: Tab to the chart (it has an accessible name), then the arrow keys.
    const frame = chart.locator("[data-chart]")
    expect(await frame.getAttribute("aria-label")).toBeTruthy()
    expect(await frame.getAttribute("tabindex")).toBe("0")
    await frame.focus()
    await tooltip.waitFor()
    await p.keyboard.press("End")
    await until("the tooltip of the last column", async () => (await chart.locator("[data-chart-column][data-active]").getAttribute("data-chart-column")) === String((await chart.locator("[data-chart-column]").count()) - 1))
    await frame.blur()
  }

  /** An order placed by a customer and fulfilled with GHN (the demo's own script); its shipment recorded. */
  const ghnOrder = async (opts: { heavy?: boolean } = {}) => {
    const placed = await store.placeFulfilledOrder(opts)
    await until("the GHN shipment record", async () => (await adminGet(`/admin/ghn/orders/${placed.order_id}/shipments`)).shipments.length === 1)
    return { orderId: placed.order_id, code: placed.ghn_order_code, displayId: placed.display_id }
  }

  const shipmentStatus = async (orderId: string) => (await adminGet(`/admin/ghn/orders/${orderId}/shipments`)).shipments[0]?.status

  const openOrder = async (orderId: string, code: string) => {
    await page.goto(`/app/orders/${orderId}`)
    const card = page.locator(`[data-testid="ghn-shipment"][data-order-code="${code}"]`)
    await card.waitFor()
    return card
  }

  beforeAll(async () => {
    const started = Date.now()
    // The browser first: without one the tests fail at once, before the store's build.
    browser = await launch()
    store = await startAdminStore()
    token = await store.adminToken()
    context = await adminContext(browser, store.url, "vi")
    page = await context.newPage()
    process.stdout.write(`[admin-e2e] store and browser ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
  })

  afterAll(async () => {
    await browser?.close().catch(() => {})
    await store?.stop().catch((e) => process.stderr.write(`[admin-e2e] stop: ${e.message}\n`))
    fs.rmSync(files, { recursive: true, force: true })
  })

  /** A test that keeps a picture of the page when it fails. */
  const it = (name: string, fn: () => Promise<void>) =>
    test(name, async () => {
      try {
        await fn()
      } catch (error) {
        if (page) await screenshot(page, `failed-${name.replace(/\W+/g, "-").slice(0, 50)}`).catch(() => {})
        throw error
      }
    })

  it("logs in to the built admin", async () => {
    await login(page)
    // The plugin's page is in the sidebar, labelled through the plugin's translations.
    await page.locator('a[href="/app/ghn"]').first().waitFor()
    expect(await page.locator('a[href="/app/ghn"]').first().innerText()).toContain("GHN")
    await screenshot(page, "logged-in")
  })

  it("opens an order with a GHN fulfilment: status, timeline with GHN's reasons, fees, COD", async () => {
    const { orderId, code } = await ghnOrder()
    for (const status of ["picking", "picked", "storing", "delivering"]) store.sandbox.control.setOrderStatus(code, status)
    store.sandbox.control.setOrderStatus(code, "delivery_fail", "GHN-DFC1A2")
    await store.sandbox.control.flushWebhooks()
    await until("every webhook applied", async () => {
      const [s] = (await adminGet(`/admin/ghn/orders/${orderId}/shipments`)).shipments
      return s?.status === "delivery_fail" && s.history.length === 6
    })

    const card = await openOrder(orderId, code)
    await expect(card.locator('[data-testid="ghn-order-code"]').innerText()).resolves.toBe(code)
    await expect(card.locator('[data-testid="ghn-status"]').first().innerText()).resolves.toBe("Giao hàng thất bại")
    const timeline = card.locator('[data-testid="ghn-timeline"] li')
    await expect(timeline.count()).resolves.toBe(6)
    // Newest first.
    await expect(timeline.first().innerText()).resolves.toContain("Giao hàng thất bại")
    // GHN's reason of the failed delivery, with its code.
    await expect(card.locator('[data-testid="ghn-reason"]').first().innerText()).resolves.toContain("GHN-DFC1A2")
    await expect(card.locator('[data-testid="ghn-fee"]').innerText()).resolves.toMatch(/52\.000/)
    await expect(card.locator('[data-testid="ghn-cod"]').innerText()).resolves.toMatch(/690\.000/)
    // Offered in delivery_fail: return to sender (not deliver again); not cancel.
    await card.locator('[data-testid="ghn-more"]').click()
    await page.locator('[data-testid="ghn-return"]').waitFor()
    expect(await page.locator('[data-testid="ghn-redeliver"]').count()).toBe(0)
    expect(await page.locator('[data-testid="ghn-cancel"]').count()).toBe(0)
    await page.keyboard.press("Escape")
    await page.locator('[data-testid="ghn-return"]').waitFor({ state: "detached" })
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, "order-ghn-panel-vi")

    // The same panel in English (the admin's language).
    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 900 })
    const en = await english.newPage()
    await login(en)
    await en.goto(`/app/orders/${orderId}`)
    const enCard = en.locator(`[data-testid="ghn-shipment"][data-order-code="${code}"]`)
    await expect(enCard.locator('[data-testid="ghn-status"]').first().innerText()).resolves.toBe("Delivery failed")
    await enCard.scrollIntoViewIfNeeded()
    await screenshot(en, "order-ghn-panel-en")
    // The README's picture of the order's GHN panel: the panel alone.
    await docsScreenshot(enCard, "order-ghn-panel")
    await english.close()
  })

  it("prints an 80x80 label: the label page opens and shows the order code", async () => {
    const { orderId, code } = await ghnOrder()
    const card = await openOrder(orderId, code)
    await card.locator('[data-testid="ghn-print-label"]').click()
    const [label] = await Promise.all([context.waitForEvent("page"), page.locator('[data-testid="ghn-label-80x80"]').click()])
    await label.waitForURL(/print80x80\?token=/)
    await label.waitForLoadState()
    const html = await label.content()
    expect(html).toContain(code)
    expect(html).toMatch(/size:\s*80mm 80mm/)
    await expect(label.locator("body").innerText()).resolves.toContain(code)
    await screenshot(label, "label-80x80")
    await label.close()
  })

  it("cancel is refused after pickup, with GHN's message shown", async () => {
    const { orderId, code } = await ghnOrder()
    // GHN picks the parcel up while its webhooks do not reach the store: the store still shows
    // "ready to pick" and offers to cancel; GHN refuses.
    store.sandbox.control.setWebhook(null)
    store.sandbox.control.advanceClock(120_000) // the courier comes a while after the order was made
    store.sandbox.control.setOrderStatus(code, "picking")
    store.sandbox.control.setOrderStatus(code, "picked")
    store.sandbox.control.setWebhook(`${store.url.replace("localhost", "127.0.0.1")}/hooks/ghn`, { [WEBHOOK.header]: WEBHOOK.secret })
    expect(await shipmentStatus(orderId)).toBe("ready_to_pick")

    const card = await openOrder(orderId, code)
    await card.locator('[data-testid="ghn-more"]').click()
    await page.locator('[data-testid="ghn-cancel"]').click()
    // The confirmation (danger prompt), then GHN's refusal.
    const dialog = page.getByRole("alertdialog")
    await dialog.waitFor()
    await dialog.getByRole("button", { name: "Hủy đơn" }).click()
    const refusal = card.locator('[data-testid="ghn-cancel-refusal"]')
    await refusal.waitFor()
    const text = await refusal.innerText()
    expect(text).toContain("GHN từ chối hủy đơn")
    // GHN's refusal in the admin's language (the panel's call sends it), GHN's status beside it.
    expect(text).toContain(`GHN từ chối huỷ ${code}`)
    expect(text).toContain('"picked"')
    expect(text).not.toMatch(/refused to cancel|past the statuses/)
    // The panel read GHN's real status after the refusal.
    await until("the refreshed status", async () => (await card.locator('[data-testid="ghn-status"]').first().getAttribute("data-status")) === "picked")
    await screenshot(page, "cancel-refused")
    const f = (await adminGet(`/admin/orders/${orderId}?fields=fulfillments.id,fulfillments.canceled_at`)).order.fulfillments[0]
    expect(f.canceled_at).toBeNull()
  })

  it("moves the pickup time and switches the double check in the edit drawer; a past pickup time is GHN's refusal in words", async () => {
    const { orderId, code } = await ghnOrder()
    const card = await openOrder(orderId, code)
    await card.locator('[data-testid="ghn-more"]').click()
    await page.locator('[data-testid="ghn-edit"]').click()
    const drawer = page.locator('[data-testid="ghn-edit-drawer"]')
    await drawer.waitFor()
    // The picker reads Vietnam wall-clock time (UTC+7), as GHN and the admin show times.
    const vietnamMinute = (ms: number) => new Date(ms + 7 * 3600_000).toISOString().slice(0, 16)
    const now = store.sandbox.control.now()
    // The day as the admin's language writes it (dd/mm/yyyy in Vietnamese), the time as hh:mm.
    const pickAt = async (ms: number) => {
      const [day, minute] = vietnamMinute(ms).split("T")
      await typeDay(drawer.locator('[data-testid="ghn-edit-pickup-day"]'), day, "vi")
      await drawer.locator('[data-testid="ghn-edit-pickup-time"]').fill(minute)
    }
    await pickAt(now - 2 * 3600_000)
    await drawer.locator('[data-testid="ghn-edit-save"]').click()
    const error = drawer.locator('[data-testid="ghn-edit-error"]')
    await error.waitFor()
    await expect(error.innerText()).resolves.toContain("GHN từ chối thời gian lấy hàng: thời điểm này đã qua")
    await screenshot(page, "edit-pickup-time-refused")

    const tomorrow = now + 86_400_000
    await pickAt(tomorrow)
    await drawer.locator('[data-testid="ghn-edit-double_check"]').click()
    await drawer.locator('[data-testid="ghn-edit-save"]').click()
    await until("the drawer closes after GHN took the change", async () => !(await drawer.isVisible()))
    const minute = Math.floor(tomorrow / 60_000) * 60_000
    expect(store.sandbox.control.getOrder(code)).toMatchObject({
      pickup_time: new Date(minute).toISOString().replace(".000Z", "Z"),
      double_check: true,
      document_return: false,
    })
  })

  it("creates a ticket with an attachment, then replies", async () => {
    const { orderId, code } = await ghnOrder()
    const photo = path.join(files, "ảnh-hộp-móp.png")
    fs.writeFileSync(photo, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"))
    const csv = path.join(files, "bang-ke.csv")
    fs.writeFileSync(csv, "a,b\n")

    await openOrder(orderId, code)
    await page.locator('[data-testid="ghn-ticket-new"]').click()
    const drawer = page.locator('[data-testid="ghn-ticket-create"]')
    await drawer.waitFor()
    await drawer.locator('[data-testid="ghn-category-complaint"]').click()
    await drawer.locator('[data-testid="ghn-ticket-description"]').fill("Khách báo hộp bị móp khi nhận hàng. Nhờ GHN kiểm tra.")
    await expect(drawer.locator('[data-testid="ghn-counter"]').innerText()).resolves.toMatch(/^5\d \/ 2[.,]000$/)
    // A .csv is refused in the browser already; the PNG is fine.
    await drawer.locator('[data-testid="ghn-attachments-file"]').setInputFiles([csv, photo])
    await expect(drawer.locator('[data-testid="ghn-attachment-error"]').innerText()).resolves.toContain(".csv")
    expect(await drawer.locator('[data-testid="ghn-ticket-submit"]').isDisabled()).toBe(true)
    await drawer.locator('[data-testid="ghn-attachment"]', { hasText: "bang-ke.csv" }).getByRole("button").click()
    await screenshot(page, "ticket-create")
    await drawer.locator('[data-testid="ghn-ticket-submit"]').click()

    // The new ticket opens; GHN has it, with the file.
    const view = page.locator('[data-testid="ghn-ticket-drawer"]')
    await view.waitFor()
    const [record] = (await adminGet(`/admin/ghn/tickets?order_id=${orderId}`)).tickets
    expect(record).toMatchObject({ order_code: code, category: "Khiếu nại", status_id: 1 })
    const atGhn = store.sandbox.control.getTicket(record.ticket_id)
    expect(atGhn.attachments.map((a: any) => a.name)).toEqual(["ảnh-hộp-móp.png"])
    await page.keyboard.press("Escape")

    // Support answers and waits for the store: the ticket stands out.
    store.sandbox.control.setTicketStatus(record.ticket_id, 2, "Chào anh/chị, vui lòng gửi thêm ảnh tem vận đơn.")
    await page.reload()
    const row = page.locator(`[data-testid="ghn-ticket-row"][data-ticket-id="${record.ticket_id}"]`)
    await row.waitFor()
    await until("the waiting ticket to stand out", async () => (await row.getAttribute("data-waiting")) === "true")
    await row.scrollIntoViewIfNeeded()
    await screenshot(page, "ticket-waiting")
    await row.click()
    await view.locator('[data-testid="ghn-ticket-waiting"]').waitFor()
    await expect(view.locator('[data-testid="ghn-message"]').first().innerText()).resolves.toContain("vui lòng gửi thêm ảnh tem vận đơn")

    await view.locator('[data-testid="ghn-ticket-reply"]').fill("Em gửi ảnh tem vận đơn ạ.")
    await view.locator('[data-testid="ghn-reply-attachments-file"]').setInputFiles([photo])
    await view.locator('[data-testid="ghn-ticket-send"]').click()
    await until("the reply in the conversation", async () => (await view.locator('[data-testid="ghn-message"]').count()) === 2)
    await expect(view.locator('[data-testid="ghn-message"]').nth(1).innerText()).resolves.toContain("Em gửi ảnh tem vận đơn ạ.")
    // The spec: a reply leaves GHN's status as it is (support moves it): the ticket still shows GHN's 2.
    expect(await view.locator('[data-testid="ticket-status"]').first().getAttribute("data-status-id")).toBe("2")
    await screenshot(page, "ticket-replied")
    const replied = store.sandbox.control.getTicket(record.ticket_id)
    expect(replied.conversations.at(-1).attachments.map((a: any) => a.name)).toEqual(["ảnh-hộp-móp.png"])
    await page.keyboard.press("Escape")
  })

  it("onboards a partner's customer with the OTP read from the sandbox's SMS outbox", async () => {
    await page.goto("/app/settings/ghn")
    const section = page.locator('[data-testid="ghn-onboarding"]')
    await section.waitFor()
    // The connection check of the configured token and shop.
    await page.locator('[data-testid="ghn-connection-overall"]').waitFor()
    await expect(page.locator('[data-testid="ghn-connection-shop"]').getAttribute("data-ok")).resolves.toBe("true")

    await section.locator('[data-testid="ghn-onboarding-phone"]').fill(CUSTOMER_PHONE)
    await section.locator('[data-testid="ghn-onboarding-get-otp"]').click()
    const countdown = section.locator('[data-testid="ghn-onboarding-countdown"]')
    await countdown.waitFor()
    const seconds = Number(await countdown.getAttribute("data-seconds"))
    expect(seconds).toBeGreaterThan(250)
    expect(seconds).toBeLessThanOrEqual(300)

    // The customer reads the SMS: here, the sandbox's outbox.
    const sms = (await (await fetch(`${store.sandboxUrl}/_sandbox/sms?phone=${CUSTOMER_PHONE}`)).json()) as any[]
    const otp = String(sms.filter((s) => s.otp && !s.used).at(-1).otp)
    expect(otp).toMatch(/^\d{6}$/)
    const cells = section.locator('[data-testid="ghn-onboarding-otp"] input')
    for (let i = 0; i < otp.length; i++) await cells.nth(i).fill(otp[i])
    await expect(cells.nth(5).inputValue()).resolves.toBe(otp[5])
    await screenshot(page, "onboarding-otp")
    await section.locator('[data-testid="ghn-onboarding-submit"]').click()

    const result = section.locator('[data-testid="ghn-onboarding-result"]')
    await result.waitFor()
    expect(await result.getAttribute("data-outcome")).toBe("created")
    await expect(result.locator('[data-testid="ghn-onboarding-shop-name"]').innerText()).resolves.toContain("Lê Văn Cường - Nguyễn Văn An")
    // The new shop is in the account's shop list.
    await until("the new shop in the list", async () => (await page.locator('[data-testid="ghn-shop-row"]', { hasText: "Lê Văn Cường" }).count()) === 1)
    await screenshot(page, "onboarding-done")
  })

  it("checks the GHN account from Settings -> GHN -> Connection: every line's verdict and words in Vietnamese and English (as the CLI says them), and a refused token", async () => {
    const READ_ONLY = ["token", "shop", "addresses", "services", "fee", "leadtime", "shifts"]
    /** Runs the check from the page and gives each line as the merchant reads it. */
    const runCheck = async (p: Page, beforeRun?: () => void) => {
      await p.goto("/app/settings/ghn")
      const section = p.locator('[data-testid="ghn-account-check"]')
      await section.waitFor()
      // the page's own GHN calls first (connection, shops), so that a fault set here meets the check's call
      await p.locator('[data-testid="ghn-connection-overall"]').waitFor()
      await p.waitForLoadState("networkidle")
      beforeRun?.()
      await section.locator('[data-testid="ghn-account-check-run"]').click()
      const result = section.locator('[data-testid="ghn-account-check-result"]')
      await result.waitFor()
      const lines = result.locator('[data-testid^="ghn-account-check-"][data-status]')
      const shown = []
      for (let i = 0; i < (await lines.count()); i++) {
        const line = lines.nth(i)
        shown.push({
          id: (await line.getAttribute("data-testid"))!.replace("ghn-account-check-", ""),
          status: await line.getAttribute("data-status"),
          verdict: await line.locator('[data-testid="ghn-account-check-verdict"]').innerText(),
          title: await line.locator('[data-testid="ghn-account-check-title"]').innerText(),
          message: await line.locator('[data-testid="ghn-account-check-message"]').innerText(),
          fix: (await line.locator('[data-testid="ghn-account-check-fix"]').count()) ? await line.locator('[data-testid="ghn-account-check-fix"]').innerText() : null,
        })
      }
      await section.scrollIntoViewIfNeeded()
      return { section, result, shown }
    }
    const noRawText = (texts: string[]) => {
      for (const text of texts) {
        expect(text).not.toMatch(/\{\{|accountCheck\.|\b(token|shop|fee|skip|test_order)\.\w+/)
        expect(text.trim()).not.toBe("")
      }
    }

    // In Vietnamese: every read-only check passes against the sandbox, each line in Vietnamese.
    const vi = await runCheck(page)
    expect(await vi.result.getAttribute("data-ok")).toBe("true")
    expect(vi.shown.map((l) => [l.id, l.status, l.verdict])).toEqual(READ_ONLY.map((id) => [id, "ok", "Đạt"]))
    const viText = Object.fromEntries(vi.shown.map((l) => [l.id, `${l.title} | ${l.message}`]))
    expect(viText.token).toMatch(/^Token và môi trường \| Token được địa chỉ GHN đặt trong cấu hình \(baseUrl\) chấp nhận; tài khoản có \d+ cửa hàng$/)
    expect(viText.shop).toBe("Cửa hàng 190001 | Cửa hàng 190001 (Sandbox Shop Hà Nội) đang hoạt động, lấy hàng tại 12 Phan Đình Phùng, Phường Trúc Bạch, Quận Ba Đình, Hà Nội")
    expect(viText.addresses).toMatch(/^Tỉnh, quận, phường \| GHN có 63 tỉnh\/thành; tuyến mẫu: Phường Trúc Bạch -> .+, Hồ Chí Minh$/)
    expect(viText.services).toMatch(/^Dịch vụ trên tuyến \| \d+ dịch vụ GHN đến .+: Hàng nhẹ/)
    expect(viText.fee).toMatch(/^Báo phí \| Kiện 500 g, 20×15×10 cm đến .+: phí [\d.]+ ₫$/)
    expect(viText.leadtime).toMatch(/^Thời gian giao dự kiến \| Kiện gửi hôm nay đến .+ vào \d{4}-\d{2}-\d{2}( – \d{4}-\d{2}-\d{2})? \(ngày theo giờ Việt Nam\)$/)
    expect(viText.shifts).toMatch(/^Ca lấy hàng hôm nay \| GHN có \d+ ca lấy hàng: .+/)
    expect(vi.shown.every((l) => l.fix === null)).toBe(true)
    noRawText(vi.shown.flatMap((l) => [l.title, l.message]))
    await expect(vi.result.locator('[data-testid="ghn-account-check-summary"]').innerText()).resolves.toBe("Mọi mục đều đạt")
    // one GHN account: no provider id to read, its environment and shop in words
    await expect(vi.result.locator('[data-testid="ghn-account-check-account"]').innerText()).resolves.toBe("URL riêng (sandbox) · Cửa hàng 190001")
    await screenshot(page, "account-check-vi")

    // GHN refuses the token: the failure, what to do, and the checks it leaves undone, in Vietnamese.
    try {
      const refused = await runCheck(page, () =>
        store.sandbox.control.setFaults([{ path: "/shiip/public-api/v2/shop/all", failure_rate: 1, failure_status: 401, failure_message: "Token is not valid!", count: 1 }]),
      )
      expect(await refused.result.getAttribute("data-ok")).toBe("false")
      await expect(refused.result.locator('[data-testid="ghn-account-check-summary"]').innerText()).resolves.toBe("1 mục không đạt")
      const [token, ...rest] = refused.shown
      expect(token).toEqual({
        id: "token",
        status: "fail",
        verdict: "Không đạt",
        title: "Token và môi trường",
        message:
          "Địa chỉ GHN đặt trong cấu hình (baseUrl) từ chối token này (HTTP 401: Token is not valid!). Token gắn với từng môi trường: token staging bị production từ chối và token production bị staging từ chối",
        fix: "→ Dùng token của địa chỉ GHN trong cấu hình (với sandbox: token mà `ghn-sandbox` in ra)",
      })
      expect(rest.map((l) => [l.id, l.status, l.verdict, l.message, l.fix])).toEqual(
        READ_ONLY.slice(1).map((id) => [id, "skip", "Chưa kiểm tra", "Chưa kiểm tra: GHN từ chối token", null]),
      )
      expect(rest[0]!.title).toBe("Cửa hàng 190001")
      noRawText(refused.shown.flatMap((l) => [l.title, l.message, l.fix ?? "-"]))
      await screenshot(page, "account-check-refused-token-vi")
    } finally {
      store.sandbox.control.clearFaults()
    }

    // In English: the same lines, word for word what medusa-ghn-check prints (the route's English texts).
    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 900 })
    const enPage = await english.newPage()
    await login(enPage)
    const en = await runCheck(enPage)
    const res = await fetch(`${store.url}/admin/ghn/settings/check`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" })
    const cli = ((await res.json()) as { accounts: { checks: { id: string; title: string; message: string; fix?: string }[] }[] }).accounts[0]!.checks
    expect(en.shown.map((l) => [l.id, l.status, l.verdict])).toEqual(READ_ONLY.map((id) => [id, "ok", "OK"]))
    // the lead time's and the fee's lines hold today's values: the same in both runs
    expect(en.shown.map((l) => ({ id: l.id, title: l.title, message: l.message }))).toEqual(cli.map((c) => ({ id: c.id, title: c.title, message: c.message })))
    expect(en.shown.find((l) => l.id === "shop")!.message).toBe("shop 190001 (Sandbox Shop Hà Nội) is active and picks up at 12 Phan Đình Phùng, Phường Trúc Bạch, Quận Ba Đình, Hà Nội")
    noRawText(en.shown.flatMap((l) => [l.title, l.message]))
    await screenshot(enPage, "account-check-en")
    await english.close()
  })

  it("prints the labels of three orders in bulk", async () => {
    const orders = [await ghnOrder(), await ghnOrder(), await ghnOrder()]
    await page.goto("/app/ghn")
    await page.locator('[data-testid="ghn-shipments-page"]').waitFor()
    for (const o of orders) {
      const row = page.locator("tr", { hasText: o.code })
      await row.waitFor()
      await row.getByRole("checkbox").click()
    }
    await screenshot(page, "bulk-selected")
    await page.getByRole("button", { name: /^In nhãn/ }).last().click()
    const modal = page.locator('[data-testid="ghn-bulk-print"]')
    await modal.waitFor()
    await modal.locator('[data-testid="ghn-bulk-size-52x70"]').click()
    const [labels] = await Promise.all([context.waitForEvent("page"), modal.locator('[data-testid="ghn-bulk-print-start"]').click()])
    await modal.locator('[data-testid="ghn-bulk-progress"][data-phase="done"]').waitFor()
    await screenshot(page, "bulk-done")
    await labels.waitForURL(/print52x70\?token=/)
    await labels.waitForLoadState()
    const html = await labels.content()
    for (const o of orders) expect(html).toContain(o.code)
    expect(html).toMatch(/size:\s*52mm 70mm/)
    await screenshot(labels, "bulk-labels-52x70")
    await labels.close()

    // The README's picture of the GHN page, in English, 1280 wide.
    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 800 })
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/ghn")
    await en.locator('[data-testid="ghn-shipments-page"]').waitFor()
    await en.locator("tr", { hasText: orders[2].code }).waitFor()
    // The sidebar and the table, down to the table's end.
    const box = (await en.locator('[data-testid="ghn-shipments-page"]').boundingBox())!
    await docsScreenshot(en, "ghn-page", { x: 0, y: 0, width: 1280, height: Math.min(800, Math.ceil(box.y + box.height + 16)) })
    await english.close()
  })

  it("reconciles a delivered parcel's COD on the GHN page's COD tab and on the order", async () => {
    const { orderId, code, displayId } = await ghnOrder()
    for (const status of ["picking", "picked", "delivering", "delivered"]) store.sandbox.control.setOrderStatus(code, status)
    await store.sandbox.control.flushWebhooks()
    await until("the COD captured on delivery", async () => (await adminGet(`/admin/ghn/orders/${orderId}/shipments`)).shipments[0]?.cod_capture_status === "captured")

    await page.goto("/app/ghn?tab=cod")
    const row = page.locator("tr", { hasText: code })
    await row.waitFor()
    // Expected, GHN's COD, collected and captured: the order total; not transferred yet.
    await expect(row.innerText()).resolves.toMatch(new RegExp(`#${displayId}[\\s\\S]*690\\.000[\\s\\S]*690\\.000`))
    await expect(page.locator('[data-testid="ghn-cod-totals"]').innerText()).resolves.toMatch(/đã thu 690\.000/)
    expect(await page.locator('[data-testid="ghn-cod-csv"]').getAttribute("href")).toMatch(/\/admin\/ghn\/cod\?filter=all&format=csv$/)
    await screenshot(page, "cod-tab-collected")

    // GHN pays the shop; the filter of what is collected but not transferred no longer lists it.
    store.sandbox.control.transferCod([code])
    await store.sandbox.control.flushWebhooks()
    await until("the transfer recorded", async () => (await adminGet(`/admin/ghn/orders/${orderId}/shipments`)).shipments[0]?.is_cod_transferred === true)
    await page.reload()
    await page.locator('[data-testid="ghn-cod-filter"]').click()
    await page.getByRole("option", { name: "Đã thu, chưa chuyển" }).click()
    await row.waitFor({ state: "detached" })
    await screenshot(page, "cod-tab-untransferred")

    const card = await openOrder(orderId, code)
    await expect(card.locator('[data-testid="ghn-cod-capture"]').innerText()).resolves.toMatch(/690\.000/)
    await expect(card.locator('[data-testid="ghn-cod-state"]').innerText()).resolves.toMatch(/chuyển/)
  })

  it("works the Needs action queue: counts in the tab, GHN's reasons, a bulk re-delivery GHN refuses for one parcel of three, the order's banner", async () => {
    const held = await ghnOrder()
    const waiting = await ghnOrder()
    const failed = await ghnOrder()
    for (const status of ["picked", "storing"]) store.sandbox.control.setOrderStatus(held.code, status)
    for (const status of ["picked", "delivering", "delivery_fail", "waiting_to_return"]) store.sandbox.control.setOrderStatus(waiting.code, status)
    for (const status of ["picked", "delivering"]) store.sandbox.control.setOrderStatus(failed.code, status)
    store.sandbox.control.setOrderStatus(failed.code, "delivery_fail", "GHN-DFC1A4")
    await store.sandbox.control.flushWebhooks()
    await until("the three parcels in the queue", async () => {
      const page = await adminGet("/admin/ghn/needs-action?limit=200")
      return [held, waiting, failed].every((o) => page.parcels.some((p: { order_code: string }) => p.order_code === o.code))
    })
    const total = (await adminGet("/admin/ghn/needs-action?limit=1")).total

    await page.goto("/app/ghn?tab=action")
    const queue = page.locator('[data-testid="ghn-queue"]')
    await queue.waitFor()
    // The count arrives with the queue's own request.
    await until("the tab's count", async () => (await page.locator('[data-testid="ghn-tab-action"]').innerText()) === `Cần xử lý (${total})`)
    const failedRow = queue.locator("tr", { hasText: failed.code })
    await failedRow.waitFor()
    await expect(failedRow.locator('[data-testid="ghn-queue-reason"]').innerText()).resolves.toMatch(/Người nhận từ chối nhận hàng[\s\S]*GHN-DFC1A4/)
    await expect(failedRow.locator('[data-testid="ghn-queue-attempts"]').innerText()).resolves.toBe("1")
    await expect(failedRow.locator('[data-testid="ghn-queue-return-cost"]').innerText()).resolves.toMatch(/^≈ /)
    for (const o of [held, waiting, failed]) await queue.locator("tr", { hasText: o.code }).getByRole("checkbox").click()
    await page.getByRole("button", { name: /^Giao lại/ }).last().click()
    await page.getByRole("button", { name: "Giao lại" }).last().click()
    const results = page.locator('[data-testid="ghn-queue-results"]')
    await results.waitFor()
    const lines = await results.locator('[data-testid="ghn-queue-result"]').allInnerTexts()
    expect(lines).toEqual([`${held.code}: đã nhận`, `${waiting.code}: đã nhận`, `${failed.code}: bị từ chối: Trạng thái đơn hàng không hợp lệ`])
    await screenshot(page, "needs-action-vi")

    // The order's panel says a parcel waits, and leads to the queue of that order.
    await openOrder(failed.orderId, failed.code)
    const banner = page.locator('[data-testid="ghn-needs-action-banner"]')
    await expect(banner.innerText()).resolves.toContain(failed.code)
    // The receiver's history with the store's COD parcels, and trusting them (codRisk never refuses a trusted receiver).
    const receiver = page.locator('[data-testid="ghn-receiver"]')
    await expect(receiver.locator('[data-testid="ghn-receiver-summary"]').innerText()).resolves.toMatch(/đơn COD bị hoàn|chưa có đơn COD/)
    await receiver.locator('[data-testid="ghn-receiver-trust"]').click()
    await expect(receiver.locator('[data-testid="ghn-receiver-trusted"]').innerText()).resolves.toBe("Tin cậy")
    await expect(receiver.locator('[data-testid="ghn-receiver-trust"]').innerText()).resolves.toBe("Bỏ tin cậy")
    await banner.locator('[data-testid="ghn-needs-action-link"]').click()
    await page.waitForURL(new RegExp(`tab=action&order_id=${failed.orderId}`))
    await page.locator('[data-testid="ghn-queue-code"]', { hasText: failed.code }).waitFor()
    await expect(page.locator('[data-testid="ghn-queue-code"]').allInnerTexts()).resolves.toEqual([failed.code])

    // In English, and the README's picture of the queue.
    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 800 })
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/ghn?tab=action")
    await en.locator('[data-testid="ghn-queue"] tr', { hasText: failed.code }).waitFor()
    await until("the tab's count in English", async () => (await en.locator('[data-testid="ghn-tab-action"]').innerText()) === `Needs action (${total})`)
    await expect(en.locator('[data-testid="ghn-queue"]').innerText()).resolves.toContain("GHN's reason")
    await docsScreenshot(en.locator('[data-testid="ghn-action-page"]'), "needs-action")
    // The receiver, trusted, on the order's panel in English.
    await en.goto(`/app/orders/${failed.orderId}`)
    await expect(en.locator('[data-testid="ghn-receiver-trusted"]').innerText()).resolves.toBe("Trusted")
    await expect(en.locator('[data-testid="ghn-receiver-summary"]').innerText()).resolves.toMatch(/COD parcels? came back|no COD parcel delivered or returned yet/)
    await english.close()
  })

  it("shows the variants GHN re-weighs on the GHN page and applies GHN's suggestion after showing the old and new measures", async () => {
    // The demo's heavy-goods order: one variant (a 25 kg paint bucket), re-measured at GHN's hub.
    const { orderId, code } = await ghnOrder({ heavy: true })
    store.sandbox.control.updateOrderWeight(code, { weight: 30000, length: 61, width: 42, height: 33 })
    await store.sandbox.control.flushWebhooks()
    await until("GHN's measures recorded", async () => (await adminGet(`/admin/ghn/orders/${orderId}/shipments`)).shipments[0]?.weight === 30000)
    const report = await adminGet("/admin/ghn/reweigh")
    const line = report.variants.find((v: { order_codes: string[] }) => v.order_codes.includes(code))
    expect(line).toEqual(expect.objectContaining({ parcels: 1, suggested: expect.objectContaining({ length: 61, width: 42, height: 33 }) }))

    await page.goto("/app/ghn?tab=reweigh")
    const tab = page.locator('[data-testid="ghn-reweigh"]')
    await tab.waitFor()
    await expect(page.locator('[data-testid="ghn-tab-reweigh"]').innerText()).resolves.toBe("Cân lại")
    const row = tab.locator('[data-testid="ghn-reweigh-row"]', { hasText: line.sku ?? line.title ?? line.variant_id })
    await row.waitFor()
    await expect(row.locator('[data-testid="ghn-reweigh-suggested"]').innerText()).resolves.toContain("61 × 42 × 33")
    await screenshot(page, "reweigh-vi")
    await row.locator('[data-testid="ghn-reweigh-apply"]').click()
    await expect(page.getByRole("alertdialog").innerText()).resolves.toMatch(/Hiện tại: [\s\S]*Mới: [\s\S]*61 × 42 × 33/)
    await page.getByRole("alertdialog").getByRole("button", { name: "Áp dụng" }).click()
    await until("the variant's new measures", async () => {
      const { variants } = await adminGet(`/admin/product-variants?id=${line.variant_id}&fields=id,length,width,height`)
      return variants[0]?.length === line.suggested.length && variants[0]?.height === line.suggested.height
    })

    // In English, and the README's picture of the report.
    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 800 })
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/ghn?tab=reweigh")
    await en.locator('[data-testid="ghn-reweigh-row"]').first().waitFor()
    await expect(en.locator('[data-testid="ghn-tab-reweigh"]').innerText()).resolves.toBe("Re-weighing")
    await docsScreenshot(en.locator('[data-testid="ghn-reweigh-page"]'), "reweigh")
    await english.close()
  })

  it("resolves customers' saved addresses from the GHN page and lists the one its customer must choose again, in Vietnamese and English", async () => {
    const post = async (p: string, body: unknown) => {
      const res = await fetch(`${store.url}${p}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) })
      if (!res.ok) throw new Error(`POST ${p} -> ${res.status} ${await res.text()}`)
      return res.json()
    }
    const { customer } = await post("/admin/customers", { email: "binh.saved@example.vn", first_name: "Bình", last_name: "Trần" })
    // Xã Phong Thạnh of Giá Rai (Bạc Liêu until 2025) with the province it joined: the old ward, or the 2025 ward of Cà Mau of that name elsewhere.
    await post(`/admin/customers/${customer.id}/addresses`, { address_1: "8 Ấp Phong Lạc", address_2: "Xã Phong Thạnh", city: "Thị xã Giá Rai", province: "Cà Mau", country_code: "vn" })
    await page.goto("/app/ghn?tab=addresses")
    const tab = page.locator('[data-testid="ghn-saved-addresses"]')
    await tab.waitFor()
    await expect(page.locator('[data-testid="ghn-tab-addresses"]').innerText()).resolves.toBe("Địa chỉ đã lưu")
    await tab.locator('[data-testid="ghn-saved-addresses-resolve"]').click()
    const row = tab.locator('[data-testid="ghn-saved-address-row"]', { hasText: "binh.saved@example.vn" })
    await row.waitFor()
    await expect(row.innerText()).resolves.toMatch(/Trần Bình[\s\S]*8 Ấp Phong Lạc, Xã Phong Thạnh, Thị xã Giá Rai, Cà Mau[\s\S]*chia tách hoặc trùng tên[\s\S]*Xã Phong Thạnh, Thị xã Giá Rai, Bạc Liêu/)
    await screenshot(page, "saved-addresses-vi")

    const english = await adminContext(browser, store.url, "en")
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/ghn?tab=addresses")
    await en.locator('[data-testid="ghn-saved-address-row"]', { hasText: "binh.saved@example.vn" }).waitFor()
    await expect(en.locator('[data-testid="ghn-tab-addresses"]').innerText()).resolves.toBe("Saved addresses")
    await expect(en.locator('[data-testid="ghn-saved-addresses"]').innerText()).resolves.toContain("A ward split by the reform, or a shared name")
    await screenshot(en, "saved-addresses-en")
    await english.close()
  })

  it("draws the Insights tab's charts with their tables, and redraws them when the range changes, in Vietnamese and English", async () => {
    // A COD parcel delivered and not yet transferred: the COD chart has cash waiting at GHN.
    const delivered = await ghnOrder()
    for (const status of ["picking", "picked", "delivering", "delivered"]) store.sandbox.control.setOrderStatus(delivered.code, status)
    await store.sandbox.control.flushWebhooks()
    await until("the COD parcel delivered", async () => (await shipmentStatus(delivered.orderId)) === "delivered")
    const vnDay = (msAgo: number) => new Date(Date.now() - msAgo + 7 * 3600_000).toISOString().slice(0, 10)
    const today = vnDay(0)
    const yesterday = vnDay(86_400_000)
    const { insights } = await adminGet(`/admin/ghn/insights?from=${yesterday}&to=${today}`)
    expect(insights.outcomes.totals.parcels).toBeGreaterThan(0)

    await page.goto("/app/ghn?tab=insights")
    const tab = page.locator('[data-testid="ghn-insights"]')
    await expect(page.locator('[data-testid="ghn-tab-insights"]').innerText()).resolves.toBe("Thống kê")
    const bars = (chart: string) => tab.locator(`[data-testid="ghn-insights-${chart}-chart"] [data-chart-bar]`)
    await bars("outcomes").first().waitFor()
    for (const chart of ["provinces", "cod", "fees"]) await bars(chart).first().waitFor()
    await expect(tab.locator('[data-testid="ghn-insights-outcomes"]').innerText()).resolves.toContain("Kiện hàng theo kết quả")
    // Each chart: values on its axis, its categories named, the exact figure in its tooltip (pointer and keyboard).
    const chart = (name: string) => tab.locator(`[data-testid="ghn-insights-${name}-chart"]`)
    const [y, m, d] = today.split("-")
    await checkChart(page, chart("outcomes"), { labels: [`${d}/${m}`], figure: /Đã giao: \d+/ })
    await checkChart(page, chart("provinces"), { labels: ["Hồ Chí Minh"], figure: /\d+([,.]\d+)?\s?%/ })
    await checkChart(page, chart("cod"), { figure: /\d[\d.]*\s₫/ })
    await checkChart(page, chart("fees"), { figure: /[\d.]+\s₫/ })
    // The dates in Vietnamese order, and no English on the tab.
    expect(await tab.locator('[data-testid="ghn-insights-to"]').inputValue()).toBe(`${d}/${m}/${y}`)
    await expectNoEnglish(page, tab)
    // Dark mode: the chart takes Medusa UI's colours from its CSS variables, never fixed ones: the
    // bars its tag colours (the same in both themes), a bar's figure its base text, which changes.
    const outcomes = tab.locator('[data-testid="ghn-insights-outcomes-chart"]')
    const colours = async () => ({
      bar: await outcomes.locator("[data-chart-bar]").first().evaluate((el) => ({ style: (el as SVGElement).style.fill, shown: getComputedStyle(el).fill })),
      figure: await tab.locator('[data-testid="ghn-insights-provinces-chart"] [data-chart-figure]').first().evaluate((el) => getComputedStyle(el).fill),
    })
    const light = await colours()
    await page.evaluate(() => document.documentElement.classList.add("dark"))
    const dark = await colours()
    expect(light.bar.style).toMatch(/^var\(--tag-/)
    expect(dark.bar.shown).toMatch(/^rgb/)
    expect(dark.figure).not.toBe(light.figure)
    await screenshot(page, "insights-dark-vi")
    await page.evaluate(() => document.documentElement.classList.remove("dark"))

    // The range narrowed to yesterday and today: the table's total is the API's.
    await typeDay(tab.locator('[data-testid="ghn-insights-from"]'), yesterday, "vi")
    const total = tab.locator('[data-testid="ghn-insights-outcomes-table"] tr').last()
    await until("the table of the new range", async () => (await total.innerText()).includes("Tổng") && (await tab.locator('[data-testid="ghn-insights-outcomes-chart"]').getAttribute("data-columns")) === "2")
    const cells = (await total.locator("td").allInnerTexts()).slice(1).map(Number)
    expect(cells.reduce((a, b) => a + b, 0)).toBe(insights.outcomes.totals.parcels)
    expect(cells[0]).toBe(insights.outcomes.totals.delivered)
    // Yesterday alone: nothing was created; the charts give way to the empty state, and come back.
    await typeDay(tab.locator('[data-testid="ghn-insights-to"]'), yesterday, "vi")
    await tab.locator('[data-testid="ghn-empty"]').waitFor()
    expect(await bars("outcomes").count()).toBe(0)
    expect(await tab.locator('[data-testid="ghn-insights-csv"]').getAttribute("href")).toMatch(new RegExp(`/admin/ghn/insights\\?from=${yesterday}&to=${yesterday}&group=day&format=csv$`))
    await typeDay(tab.locator('[data-testid="ghn-insights-to"]'), today, "vi")
    await bars("outcomes").first().waitFor()
    await screenshot(page, "insights-vi")

    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 2200 })
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/ghn?tab=insights")
    const enTab = en.locator('[data-testid="ghn-insights"]')
    await enTab.locator('[data-testid="ghn-insights-outcomes-chart"] [data-chart-bar]').first().waitFor()
    await expect(en.locator('[data-testid="ghn-tab-insights"]').innerText()).resolves.toBe("Insights")
    await expect(enTab.innerText()).resolves.toMatch(/Parcels by outcome[\s\S]*Success and returns by province[\s\S]*GHN's failure reasons[\s\S]*Promised against actual delivery[\s\S]*Cash on delivery[\s\S]*checkout quote against GHN's bill/)
    await typeDay(enTab.locator('[data-testid="ghn-insights-from"]'), yesterday, "en")
    await typeDay(enTab.locator('[data-testid="ghn-insights-to"]'), yesterday, "en")
    await enTab.locator('[data-testid="ghn-empty"]').waitFor()
    await expect(enTab.locator('[data-testid="ghn-empty"]').innerText()).resolves.toContain("No parcels in this range")
    await typeDay(enTab.locator('[data-testid="ghn-insights-to"]'), today, "en")
    await enTab.locator('[data-testid="ghn-insights-outcomes-chart"] [data-chart-bar]').first().waitFor()
    await checkChart(en, enTab.locator('[data-testid="ghn-insights-outcomes-chart"]'), { labels: [`${m}/${d}`], figure: /Delivered: \d+/ })
    await screenshot(en, "insights-en")
    // The README's picture of the Insights tab: the demo's sample parcels (spread over three weeks,
    // four provinces, every outcome, a late one, COD awaiting at each age), the default range.
    await store.placeSamples()
    await en.goto("/app/ghn?tab=insights")
    await until("the samples' provinces", async () => {
      const text = await enTab.locator('[data-testid="ghn-insights-provinces-chart"]').innerText().catch(() => "")
      return ["Hà Nội", "Đà Nẵng", "Cần Thơ", "Hồ Chí Minh"].every((p) => text.includes(p))
    })
    expect(Number(await enTab.locator('[data-testid="ghn-insights-outcomes-chart"]').getAttribute("data-columns"))).toBe(30)
    // Every province named under the punctuality chart (not only the first and the last).
    await checkChart(en, enTab.locator('[data-testid="ghn-insights-punctuality-chart"]'), { labels: ["Hà Nội", "Đà Nẵng", "Cần Thơ", "Hồ Chí Minh"], figure: /On time: \d+/ })
    await expect(enTab.locator('[data-testid="ghn-insights-punctuality"]').innerText()).resolves.toContain("2+ days late")
    // The tab's top (the range, the outcomes per day, the first-attempt rate and the provinces): what a store owner sees first.
    await enTab.evaluate((el) => el.scrollIntoView({ block: "start" }))
    const top = (await enTab.boundingBox())!
    const provinces = (await enTab.locator('[data-testid="ghn-insights-provinces"]').boundingBox())!
    await docsScreenshot(en, "insights", { x: top.x, y: top.y, width: top.width, height: Math.ceil(provinces.y + provinces.height - top.y) })
    await english.close()
  })

  it("shows the Health tab per GHN account, its figures the route's, in Vietnamese with no English, and in English", async () => {
    const { health } = await adminGet("/admin/ghn/health")
    await page.goto("/app/ghn?tab=health")
    const tab = page.locator('[data-testid="ghn-health"]')
    const account = tab.locator('[data-testid="ghn-health-account"]').first()
    await account.waitFor()
    await expect(page.locator('[data-testid="ghn-tab-health"]').innerText()).resolves.toBe("Tình trạng")
    await expect(tab.innerText()).resolves.toContain("Tình trạng kết nối GHN")
    // GHN was called for this store's orders: the last hour's answers, in the table of classes.
    const first = health.accounts[0]
    expect(Number(await account.getAttribute("data-shop"))).toBe(first.shop_id)
    const hour = (await account.locator('[data-testid="ghn-health-calls"] tbody tr').first().locator("td").allInnerTexts()).slice(1, 7).map(Number)
    expect(hour[0]).toBeGreaterThan(0)
    expect(await account.locator('[data-testid="ghn-health-budget"]').innerText()).toMatch(/Phút bận nhất trong giờ: \d+ trên \d+ lần gọi/)
    for (const figure of ["token", "errors", "budget", "quiet", "cod"]) await account.locator(`[data-testid="ghn-health-${figure}"]`).waitFor()
    await expectNoEnglish(page, tab)
    expect((await tab.innerText()).match(/\b(Health|Last callback|Token accepted|Request budget|Parcels in transit|Cash-on-delivery|Last hour|Last day|never)\b/)?.[0] ?? null).toBeNull()
    await screenshot(page, "health-vi")

    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 1400 })
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/ghn?tab=health")
    const enTab = en.locator('[data-testid="ghn-health"]')
    await enTab.locator('[data-testid="ghn-health-account"]').first().waitFor()
    await expect(enTab.innerText()).resolves.toMatch(/Health of the GHN integration[\s\S]*Last callback from GHN[\s\S]*Request budget[\s\S]*Last hour/)
    await screenshot(en, "health-en")
    await english.close()
  })

  it("shows the Set-up checklist in Settings -> GHN, each line with its state and the link that fixes it, in Vietnamese and English", async () => {
    const { lines } = await adminGet("/admin/ghn/setup")
    await page.goto("/app/settings/ghn")
    const checklist = page.locator('[data-testid="ghn-setup"]')
    await checklist.locator('[data-testid="ghn-setup-locations"]').waitFor()
    await expect(checklist.innerText()).resolves.toContain("Thiết lập")
    for (const line of lines as { key: string; ok: boolean; link: string }[]) {
      const row = checklist.locator(`[data-testid="ghn-setup-${line.key}"]`)
      expect(await row.getAttribute("data-ok")).toBe(String(line.ok))
      expect(await row.locator(`[data-testid="ghn-setup-${line.key}-link"]`).getAttribute("href")).toBe(`/app${line.link}`)
    }
    await expect(checklist.locator('[data-testid="ghn-setup-locations"]').innerText()).resolves.toContain("Kho hàng giao bằng GHN")
    await screenshot(page, "setup-vi")

    const english = await adminContext(browser, store.url, "en")
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/settings/ghn")
    const enChecklist = en.locator('[data-testid="ghn-setup"]')
    await enChecklist.locator('[data-testid="ghn-setup-webhook"]').waitFor()
    await expect(enChecklist.innerText()).resolves.toMatch(/Set-up[\s\S]*Stock locations shipping with GHN[\s\S]*GHN shipping options exist/)
    await screenshot(en, "setup-en")
    await english.close()
  })
  it("creates a location's GHN shipping options from the Set-up checklist after showing the plan, refuses them the second time, and sets a location's GHN shop, in Vietnamese and English", async () => {
    const adminPost = async (p: string, body: unknown) => {
      const res = await fetch(`${store.url}${p}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) })
      if (!res.ok) throw new Error(`POST ${p} -> ${res.status} ${await res.text()}`)
      return res.json()
    }
    const address = { address_1: "18 Phó Đức Chính", address_2: "Phường Phúc Xá", city: "Quận Ba Đình", province: "Hà Nội", country_code: "vn", phone: "0987654321" }
    const newLocation = async (name: string) => (await adminPost("/admin/stock-locations", { name, address })).stock_location as { id: string; name: string }
    const optionsOf = async (locationId: string) => (await adminGet(`/admin/shipping-options?stock_location_id=${locationId}&fields=id,name,provider_id&limit=50`)).shipping_options as { id: string; name: string; provider_id: string }[]

    /** Opens the checklist's drawer, picks the location and waits for its plan. */
    const planFor = async (p: Page, location: string) => {
      await p.goto("/app/settings/ghn")
      await p.locator('[data-testid="ghn-setup-create-options"]').click()
      const drawer = p.locator('[data-testid="ghn-shipping-options-drawer"]')
      await drawer.locator('[data-testid="ghn-shipping-options-location"]').click()
      await p.getByRole("option", { name: location, exact: true }).click()
      await drawer.locator('[data-testid="ghn-shipping-options-plan"]').waitFor()
      return drawer
    }

    const hadong = await newLocation("Kho Hà Đông")
    const drawer = await planFor(page, hadong.name)
    const plan = drawer.locator('[data-testid="ghn-shipping-options-plan"]')
    await expect(plan.innerText()).resolves.toMatch(/Tạo bộ giao hàng mới "Kho Hà Đông GHN"[\s\S]*Bật nhà vận chuyển GHN \(ghn_ghn\)/)
    expect(await plan.locator('[data-testid="ghn-shipping-options-planned"]').allInnerTexts()).toEqual([
      expect.stringMatching(/GHN - Hàng nhẹ \(light goods\)\s*giao hàng/),
      expect.stringMatching(/GHN - Hàng nặng \(heavy goods\)\s*giao hàng/),
      expect.stringMatching(/GHN - Trả hàng nhẹ \(return, light goods\)\s*trả hàng/),
      expect.stringMatching(/GHN - Trả hàng nặng \(return, heavy goods\)\s*trả hàng/),
    ])
    expect(await optionsOf(hadong.id)).toEqual([])
    await screenshot(page, "shipping-options-plan-vi")
    await expect(drawer.locator('[data-testid="ghn-shipping-options-create"]').innerText()).resolves.toBe("Tạo 4 phương thức")
    await drawer.locator('[data-testid="ghn-shipping-options-create"]').click()
    await page.getByText("Đã tạo 4 phương thức vận chuyển GHN.").waitFor()
    const created = await optionsOf(hadong.id)
    expect(created.map((o) => o.name).sort()).toEqual(["GHN - Hàng nhẹ (light goods)", "GHN - Hàng nặng (heavy goods)", "GHN - Trả hàng nhẹ (return, light goods)", "GHN - Trả hàng nặng (return, heavy goods)"].sort())
    expect(created.every((o) => o.provider_id === "ghn_ghn")).toBe(true)

    // The second time: the plan names the options already there, and nothing can be created.
    const again = await planFor(page, hadong.name)
    await expect(again.locator('[data-testid="ghn-shipping-options-duplicates"]').innerText()).resolves.toContain("Vùng này đã có phương thức GHN cho cùng dịch vụ: GHN - Hàng nhẹ (light goods)")
    expect(await again.locator('[data-testid="ghn-shipping-options-create"]').isDisabled()).toBe(true)
    await screenshot(page, "shipping-options-refused-vi")
    expect(await optionsOf(hadong.id)).toHaveLength(4)
    await page.keyboard.press("Escape")

    // The location's GHN shop: chosen from the account's shops, from the next fulfilment on.
    const row = page.locator(`[data-testid="ghn-location-row"][data-location-id="${hadong.id}"]`)
    await row.locator('[data-testid="ghn-location-shop-select"]').click()
    await page.getByRole("option", { name: /^190002 · / }).click()
    await page.getByText("Kho Hà Đông gửi hàng từ cửa hàng GHN 190002, từ lần giao hàng tới.").waitFor()
    await until("the row's new shop", async () => /^190002 .*đặt tại đây/.test(await row.locator('[data-testid="ghn-location-shop"]').innerText()))
    const { locations } = await adminGet("/admin/ghn/location-shops")
    expect(locations.find((l: { id: string }) => l.id === hadong.id)).toMatchObject({ shop_id: 190002, source: "stored" })
    await screenshot(page, "location-shop-vi")

    const english = await adminContext(browser, store.url, "en")
    const en = await english.newPage()
    await login(en)
    const longbien = await newLocation("Kho Long Biên")
    const enDrawer = await planFor(en, longbien.name)
    await expect(enDrawer.locator('[data-testid="ghn-shipping-options-plan"]').innerText()).resolves.toMatch(/A new fulfilment set "Kho Long Biên GHN" with the service zone "Việt Nam \(GHN, Kho Long Biên\)"[\s\S]*rename the options afterwards/)
    await enDrawer.locator('[data-testid="ghn-shipping-options-create"]', { hasText: "Create 4 options" }).click()
    await en.getByText("4 GHN shipping options created.").waitFor()
    expect(await optionsOf(longbien.id)).toHaveLength(4)
    const enAgain = await planFor(en, longbien.name)
    await expect(enAgain.locator('[data-testid="ghn-shipping-options-duplicates"]').innerText()).resolves.toContain("This zone already has GHN options for the same services")
    expect(await enAgain.locator('[data-testid="ghn-shipping-options-create"]').isDisabled()).toBe(true)
    await screenshot(en, "shipping-options-refused-en")
    await en.keyboard.press("Escape")
    const enRow = en.locator(`[data-testid="ghn-location-row"][data-location-id="${hadong.id}"]`)
    await enRow.locator('[data-testid="ghn-location-shop"]', { hasText: "set here" }).waitFor()
    await english.close()
  })

  it("ships the orders ready to ship in one run from the GHN page: select all, create, watch its progress, print every label, open the handover list, in Vietnamese and English", async () => {
    // Customers' orders waiting to be shipped (the demo's own script), beside any an earlier test left.
    expect(await store.placeOrders(4)).toMatchObject({ placed: 4, failed: 0 })
    const before = await adminGet("/admin/ghn/ready-to-ship?limit=20")
    expect(before.count).toBeGreaterThanOrEqual(4)
    const blocked = (before.orders as { id: string; problems: unknown[] }[]).filter((o) => o.problems.length).map((o) => o.id)

    await page.goto("/app/ghn?tab=ready")
    const ready = page.locator('[data-testid="ghn-ready-page"]')
    await ready.locator("tbody tr").first().waitFor()
    // The tab's count is a query of its own, answered after the list's rows may be: waited for.
    await until("the tab's count", async () => (await page.locator('[data-testid="ghn-tab-ready"]').innerText()) === `Chờ giao GHN (${before.count})`)
    await expect(ready.locator('[data-testid="ghn-ready-create-all"]').innerText()).resolves.toBe(`Tạo đơn GHN cho cả ${before.count} đơn`)
    await expect(ready.locator("tbody tr").count()).resolves.toBe(before.orders.length)
    await screenshot(page, "ready-to-ship-vi")

    // Select every order of the page, then the command bar's "Create GHN orders".
    await ready.locator("thead").getByRole("checkbox").click()
    await page.getByText(`Đã chọn ${before.orders.length}`).waitFor()
    await page.getByRole("button", { name: /^Tạo đơn GHN(?! cho)/ }).click()
    await page.getByText(`Đang tạo ${before.orders.length} đơn GHN`).first().waitFor()

    // Its progress, live, to the end: each order created but those GHN would refuse, each of those with its reason.
    const counts = ready.locator('[data-testid="ghn-run-counts"]')
    await until("the run's end", async () => (await counts.innerText()).endsWith("đã xong"), 120_000)
    const total = before.orders.length
    const created = total - blocked.length
    await expect(counts.innerText()).resolves.toBe(`${total}/${total}: ${created} đã tạo, ${blocked.length} lỗi · đã xong`)
    await expect(ready.locator('[data-testid="ghn-run-failure"]').count()).resolves.toBe(blocked.length)
    // GHN's refusals in Vietnamese (GHN's own words beside them), the paging too: no English on the tab.
    await expectNoEnglish(page, ready)
    const [run] = (await adminGet("/admin/ghn/shipping-runs?limit=1")).shipping_runs
    const { shipping_run } = await adminGet(`/admin/ghn/shipping-runs/${run.id}`)
    const codes = (shipping_run.results as { status: string; ghn_order_code?: string }[]).filter((r) => r.status === "created").map((r) => r.ghn_order_code!)
    expect(codes).toHaveLength(created)
    // The tab's count is what is left: the orders GHN would refuse.
    await until("the tab's new count", async () => (await page.locator('[data-testid="ghn-tab-ready"]').innerText()) === `Chờ giao GHN (${before.count - created})`)
    await screenshot(page, "ready-to-ship-run-vi")

    // Every label of the run on one GHN print page (A5 by default).
    const [labels] = await Promise.all([context.waitForEvent("page"), ready.locator('[data-testid="ghn-run-labels"]').click()])
    await labels.waitForURL(/printA5\?token=/)
    await labels.waitForLoadState()
    const labelsHtml = await labels.content()
    for (const code of codes) expect(labelsHtml).toContain(code)
    await labels.close()

    // The door check in the Handover view: every parcel but one scanned (as a USB scanner types: the code and Enter), one twice, a code of no run.
    await ready.locator('[data-testid="ghn-run-scan"]').click()
    const view = page.locator('[data-testid="ghn-handover"]')
    await view.waitFor()
    const field = view.locator('[data-testid="ghn-handover-code"]')
    const last = view.locator('[data-testid="ghn-handover-last"]')
    for (const code of codes.slice(0, -1)) {
      await field.pressSequentially(code)
      await field.press("Enter")
      await view.locator(`[data-testid="ghn-handover-parcel"][data-order-code="${code}"][data-state="scanned"]`).waitFor()
      expect(await last.getAttribute("data-result")).toBe("parcel")
    }
    await field.fill(codes[0])
    await field.press("Enter")
    await view.locator('[data-testid="ghn-handover-last"][data-result="repeat"]').waitFor()
    const { shipments } = await adminGet("/admin/ghn/shipments?limit=50")
    const elsewhere = (shipments as { order_code: string }[]).map((sh) => sh.order_code).find((code) => !codes.includes(code))!
    await field.fill(elsewhere)
    await field.press("Enter")
    await view.locator('[data-testid="ghn-handover-last"][data-result="unknown"]').waitFor()
    await expect(last.innerText()).resolves.toBe(`✗ ${elsewhere}: không thuộc đợt giao nào`)
    await expect(view.locator('[data-testid="ghn-handover-foreign"]').innerText()).resolves.toContain(elsewhere)
    const missingCode = codes.at(-1)!
    await expect(view.locator('[data-testid="ghn-handover-waiting"] [data-testid="ghn-handover-parcel"]').allInnerTexts()).resolves.toEqual([expect.stringContaining(missingCode)])
    await expect(view.locator('[data-testid="ghn-handover-counts"]').innerText()).resolves.toContain(`Đã quét ${codes.length - 1}/${codes.length}`)
    await view.locator('[data-testid="ghn-handover-complete"]').click()
    await view.locator('[data-testid="ghn-handover-state"]', { hasText: "Hoàn tất lúc" }).waitFor()
    await expect(view.locator('[data-testid="ghn-handover-waiting"]').innerText()).resolves.toMatch(new RegExp(`^Thiếu khi hoàn tất[\\s\\S]*${missingCode}`))
    await expectNoEnglish(page, view)
    await screenshot(page, "handover-scan-vi")
    // Kept with the run.
    expect((await adminGet(`/admin/ghn/shipping-runs/${run.id}/scan`)).scan).toMatchObject({ status: "completed", missing: [missingCode] })

    // The handover record the driver signs: A4 pages, the run's parcels, the totals, the scan and the signatures.
    const [record] = await Promise.all([context.waitForEvent("page"), view.locator('[data-testid="ghn-handover-record"]').click()])
    await record.waitForLoadState()
    const recordText = await record.locator("body").innerText()
    for (const code of codes) expect(recordText).toContain(code)
    expect(recordText).toMatch(/BIÊN BẢN BÀN GIAO HÀNG CHO GHN[\s\S]*Cửa hàng GHN \/ GHN shop[\s\S]*Địa chỉ lấy hàng \/ Pickup address/)
    expect(recordText).toContain(`Tổng cộng / Total: ${created} kiện / parcels`)
    expect(recordText).toContain(`Đã quét / Scanned: ${created - 1}/${created}`)
    expect(recordText).toContain(`Chưa quét / Not scanned: ${missingCode}`)
    expect(recordText).toMatch(/Đại diện cửa hàng \/ Shop staff[\s\S]*Tài xế GHN \/ GHN driver/)
    expect(await record.locator("script").count()).toBe(0)
    await record.emulateMedia({ media: "print" })
    await screenshot(record, "handover-record")
    await record.close()
    // The PDF holds what the HTML holds.
    const pdf = Buffer.from(await (await fetch(`${store.url}/admin/ghn/shipping-runs/${run.id}/handover?format=pdf`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer())
    const pdfText = pdfPages(pdf).flat().join("\n")
    for (const code of codes) expect(pdfText).toContain(code)
    expect(pdfText).toContain(`Đã quét / Scanned: ${created - 1}/${created}`)
    await page.keyboard.press("Escape")
    await view.waitFor({ state: "detached" })

    // In English: a few more orders wait, and the finished run is in the list of runs.
    await store.placeOrders(3)
    const after = await adminGet("/admin/ghn/ready-to-ship?limit=1")
    const english = await adminContext(browser, store.url, "en", { width: 1280, height: 900 })
    const en = await english.newPage()
    await login(en)
    await en.goto("/app/ghn?tab=ready")
    const enReady = en.locator('[data-testid="ghn-ready-page"]')
    await enReady.locator("tbody tr").first().waitFor()
    await until("the tab's count in English", async () => (await en.locator('[data-testid="ghn-tab-ready"]').innerText()) === `Ready to ship (${after.count})`)
    const runRow = enReady.locator('[data-testid="ghn-run-list"] button').first()
    await expect(runRow.innerText()).resolves.toContain(`${total} of ${total}: ${created} created, ${blocked.length} failed · finished`)
    await runRow.click()
    await expect(enReady.locator('[data-testid="ghn-run-counts"]').innerText()).resolves.toBe(`${total} of ${total}: ${created} created, ${blocked.length} failed · finished`)
    await expect(enReady.locator('[data-testid="ghn-run-labels"]').innerText()).resolves.toBe("Print all labels")
    await expect(enReady.locator('[data-testid="ghn-run-handover"]').innerText()).resolves.toBe("Handover list")
    await screenshot(en, "ready-to-ship-run-en")
    // The Handover view in English, its check completed: the README's picture.
    await enReady.locator('[data-testid="ghn-run-scan"]').click()
    const enView = en.locator('[data-testid="ghn-handover"]')
    await enView.locator('[data-testid="ghn-handover-state"]', { hasText: "Completed" }).waitFor()
    await expect(enView.locator('[data-testid="ghn-handover-counts"]').innerText()).resolves.toContain(`Scanned ${created - 1} of ${created}`)
    await expect(enView.locator('[data-testid="ghn-handover-waiting"]').innerText()).resolves.toMatch(/^Missing at completion/)
    await docsScreenshot(en, "handover")
    await en.keyboard.press("Escape")
    await enView.waitFor({ state: "detached" })
    // The README's picture: the tab with the orders waiting and the finished run, down to the table's end.
    await en.locator('[data-testid="ghn-tab-ready"]').scrollIntoViewIfNeeded()
    const box = (await enReady.locator("table").boundingBox())!
    await docsScreenshot(en, "ready-to-ship", { x: 0, y: 0, width: 1280, height: Math.min(900, Math.ceil(box.y + box.height + 16)) })
    await english.close()
  })
})
