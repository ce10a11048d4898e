/**
 * Admin routes of GHN support tickets (/admin/ghn/tickets...): multipart forms checked on the
 * server, sent to GHN (the sandbox) as forms, recorded to list an order's tickets, read with the
 * public conversation, replied to; GHN's refusals surfaced with code and text; sessions required.
 */
import { medusaIntegrationTestRunner } from "../helpers/medusa-runner"
import { freshGhnStore } from "../helpers/fresh-store"
import { Answer, form, fulfilledGhnOrder, PNG, raw, sandboxSupport } from "../helpers/ghn-admin"
import { sandbox } from "../helpers/sandbox"
import { explained, SeededStore } from "../helpers/store"


const CATEGORY = "Khiếu nại"

medusaIntegrationTestRunner({
  inApp: true,
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = explained(rawApi)
    let admin: { headers: Record<string, string> }
    let store: SeededStore
    let base: string

    const call = (method: string, path: string, opts: { json?: unknown; form?: FormData; session?: boolean } = {}): Promise<Answer> =>
      raw(base, method, path, { ...opts, headers: opts.session === false ? {} : admin.headers })

    beforeAll(async () => {
      base = api.defaults.baseURL
    })

    beforeEach(async () => {
      ({ admin, store } = await freshGhnStore(api, getContainer()))
    })

    afterEach(async () => {
      await sandboxSupport.clearFaults()
    })

    it("creates a ticket with attachments as a GHN form, lists it on its order, reads and answers the conversation", async () => {
      const { orderId, code } = await fulfilledGhnOrder(api, admin, store)
      const created = await call("POST", "/admin/ghn/tickets", {
        form: form({ order_code: code, category: CATEGORY, description: "Hàng bị móp méo khi giao" }, [
          { name: "ảnh-hộp.png", bytes: PNG, type: "image/png" },
          { name: "biên bản.pdf", bytes: Buffer.from("%PDF-1.4\n%test\n"), type: "application/pdf" },
        ]),
      })
      expect(created.status).toBe(201)
      const ticket = created.body.ticket
      expect(ticket).toMatchObject({ order_code: code, order_id: orderId, shop_id: 190001, category: CATEGORY, status_id: 1, waiting_for_reply: false })
      expect(ticket.ticket_id).toBeGreaterThan(0)

      // GHN received a multipart form with both files (names kept in UTF-8) and the description.
      const atGhn = await sandboxSupport.ticket(ticket.ticket_id)
      expect(atGhn).toMatchObject({ order_code: code, type: CATEGORY, description: "Hàng bị móp méo khi giao" })
      expect(atGhn.attachments.map((a: any) => a.name)).toEqual(["ảnh-hộp.png", "biên bản.pdf"])
      expect(atGhn.attachments[0].size).toBe(PNG.length)

      // Listed on its order (GHN has no list API: the store's record).
      const listed = await call("GET", `/admin/ghn/tickets?order_id=${orderId}`)
      expect(listed.status).toBe(200)
      expect(listed.body.count).toBe(1)
      expect(listed.body.tickets[0]).toMatchObject({ ticket_id: ticket.ticket_id, category: CATEGORY })

      // Support answers and waits for the store: status 2 shows after a refreshing list.
      await sandboxSupport.setTicketStatus(ticket.ticket_id, 2, "Anh/chị vui lòng gửi thêm ảnh tem vận đơn")
      const refreshed = await call("GET", `/admin/ghn/tickets?order_id=${orderId}&refresh=true`)
      expect(refreshed.body.tickets[0]).toMatchObject({ status_id: 2, waiting_for_reply: true, status: "Chờ KH phản hồi" })

      const read = await call("GET", `/admin/ghn/tickets/${ticket.ticket_id}`)
      expect(read.status).toBe(200)
      expect(read.body.ticket.conversations.map((c: any) => c.body)).toEqual(["Anh/chị vui lòng gửi thêm ảnh tem vận đơn"])
      expect(read.body.ticket.ghn.title).toBe(`${code} - ${CATEGORY}`)

      const replied = await call("POST", `/admin/ghn/tickets/${ticket.ticket_id}/reply`, {
        form: form({ description: "Đã gửi ảnh tem" }, [{ name: "tem.jpg", bytes: PNG, type: "image/jpeg" }]),
      })
      expect(replied.status).toBe(201)
      expect(replied.body.entry.body).toBe("Đã gửi ảnh tem")
      // The spec: a reply leaves GHN's status as it is; support moves it (1, 2, 3), not the store.
      expect(replied.body.ticket).toMatchObject({ status_id: 2, waiting_for_reply: true, conversation_count: 2 })
      const after = await sandboxSupport.ticket(ticket.ticket_id)
      expect(after.conversations.at(-1)).toMatchObject({ body: "Đã gửi ảnh tem" })
      expect(after.conversations.at(-1).attachments.map((a: any) => a.name)).toEqual(["tem.jpg"])

      // Filters: by order code, and by status.
      expect((await call("GET", `/admin/ghn/tickets?order_code=${code}`)).body.count).toBe(1)
      expect((await call("GET", `/admin/ghn/tickets?status_id=3`)).body.count).toBe(0)
    })

    it("forwards an attachment under its safe base name, never a path the sender made up", async () => {
      const { code } = await fulfilledGhnOrder(api, admin, store)
      const created = await call("POST", "/admin/ghn/tickets", {
        form: form({ order_code: code, category: CATEGORY, description: "Ảnh" }, [
          { name: "../../etc/passwd.png", bytes: PNG, type: "image/png" },
          { name: "..\\..\\boot\\.tem giao.jpg", bytes: PNG, type: "image/jpeg" },
        ]),
      })
      expect(created.status).toBe(201)
      const atGhn = await sandboxSupport.ticket(created.body.ticket.ticket_id)
      expect(atGhn.attachments.map((a: any) => a.name)).toEqual(["passwd.png", "tem giao.jpg"])
    })

    it("accepts a urlencoded form and a JSON body too (GHN always gets a form)", async () => {
      const { code } = await fulfilledGhnOrder(api, admin, store)
      const fields = new URLSearchParams({ order_code: code, category: "Tư vấn", description: "Khi nào lấy hàng?" })
      const res = await fetch(`${base}/admin/ghn/tickets`, { method: "POST", headers: { ...admin.headers, "content-type": "application/x-www-form-urlencoded" }, body: fields })
      expect(res.status).toBe(201)
      const urlencoded = await res.json()
      expect((await sandboxSupport.ticket(urlencoded.ticket.ticket_id)).attachments).toEqual([])
      const json = await call("POST", "/admin/ghn/tickets", { json: { order_code: code, category: "Thay đổi thông tin", description: "Đổi số điện thoại người nhận" } })
      expect(json.status).toBe(201)
      expect((await sandboxSupport.ticket(json.body.ticket.ticket_id)).type).toBe("Thay đổi thông tin")
    })

    it("refuses bad forms with 400 naming the field, before anything reaches GHN", async () => {
      const { code } = await fulfilledGhnOrder(api, admin, store)
      const before = await sandbox.requestCount("/shiip/public-api/ticket/create")
      const post = (fields: Record<string, string>, files: Parameters<typeof form>[1] = []) => call("POST", "/admin/ghn/tickets", { form: form(fields, files) })
      const ok = { order_code: code, category: CATEGORY, description: "Mô tả" }
      const cases: [Answer, string][] = [
        [await post({ category: CATEGORY, description: "x" }), "order_code"],
        [await post({ ...ok, order_code: "G".repeat(33) }), "order_code"],
        [await post({ ...ok, category: "Khieu nai" }), "category"],
        [await post({ ...ok, category: "khiếu nại" }), "category"],
        [await post({ ...ok, description: "" }), "description"],
        [await post({ ...ok, description: "đ".repeat(2001) }), "description"],
        [await post(ok, [{ name: "bang-ke.csv", bytes: Buffer.from("a,b\n1,2\n"), type: "text/csv" }]), "attachments[0]"],
        [await post(ok, [{ name: "a.png", bytes: PNG }, { name: "virus.exe", bytes: Buffer.from("MZ") }]), "attachments[1]"],
        [await post(ok, [{ name: "noextension", bytes: PNG }]), "attachments[0]"],
        [await post(ok, [{ name: "big.jpg", bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 1) }]), "attachments[0]"],
        [await post(ok, [{ name: "huge.jpg", bytes: Buffer.alloc(3 * 1024 * 1024, 1) }]), "attachments"],
        [await post(ok, Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }))), "attachments"],
        [await post(ok, [{ name: "a.png", bytes: PNG, field: "files" }]), "files"],
      ]
      for (const [answer, field] of cases) {
        expect({ field, status: answer.status }).toEqual({ field, status: 400 })
        expect(answer.body.message).toContain(`'${field}'`)
      }
      expect(cases[6][0].body.message).toContain(".csv files are refused")
      // Exactly 10 files of exactly 2 MB are fine.
      const max = await post(ok, Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.jpg`, bytes: Buffer.alloc(2 * 1024 * 1024, 1) })))
      expect(max.status).toBe(201)
      expect(await sandbox.requestCount("/shiip/public-api/ticket/create")).toBe(before + 1)

      const badId = await call("POST", "/admin/ghn/tickets/abc/reply", { form: form({ description: "x" }) })
      expect(badId.status).toBe(400)
      expect(badId.body.message).toContain("'ticket_id'")
      const noText = await call("POST", `/admin/ghn/tickets/${max.body.ticket.ticket_id}/reply`, { form: form({}) })
      expect(noText.status).toBe(400)
      expect(noText.body.message).toContain("'description'")
      const badStatus = await call("GET", "/admin/ghn/tickets?status_id=7")
      expect(badStatus.status).toBe(400)
      expect(badStatus.body.message).toContain("status_id")
    })

    it("surfaces GHN's refusals with their code and text", async () => {
      const { code } = await fulfilledGhnOrder(api, admin, store)
      // Not an order of this store: refused here, GHN is not asked.
      const foreign = await call("POST", "/admin/ghn/tickets", { json: { order_code: "GNOTOURS", category: CATEGORY, description: "x" } })
      expect(foreign.status).toBe(404)
      expect(foreign.body.message).toContain("GNOTOURS")

      // GHN refuses (403: the ticket permission is missing): our 400 carries GHN's code and text.
      await sandboxSupport.faults([{ path: "/shiip/public-api/ticket/create", failure_rate: 1, failure_status: 403, failure_message: "Bạn không có quyền tạo ticket", count: 1 }])
      const refused = await call("POST", "/admin/ghn/tickets", { json: { order_code: code, category: CATEGORY, description: "x" } })
      // GHN refusing the account (403) is a 502 telling the admin to check the connection, never a 4xx of the admin's.
      expect(refused.status).toBe(502)
      expect(refused.body.code).toBe("GHN_403")
      expect(refused.body.message).toContain("GHN Create Ticket")
      expect(refused.body.message).toContain("Bạn không có quyền tạo ticket")
      expect((await call("GET", `/admin/ghn/tickets?order_code=${code}`)).body.count).toBe(0)

      // Get Ticket's lasting 404 (the client retries one transient 404 first).
      const made = await call("POST", "/admin/ghn/tickets", { json: { order_code: code, category: CATEGORY, description: "x" } })
      expect(made.status).toBe(201)
      await sandboxSupport.faults([{ path: "/shiip/public-api/ticket/detail", failure_rate: 1, failure_status: 404, failure_message: "ticket not found", count: 2 }])
      const lost = await call("GET", `/admin/ghn/tickets/${made.body.ticket.ticket_id}`)
      expect(lost.status).toBe(404)
      expect(lost.body.code).toBe("GHN_404")
      expect(lost.body.message).toContain("ticket not found")
      // A tolerant list keeps the stored status and says why it could not refresh it.
      await sandboxSupport.faults([{ path: "/shiip/public-api/ticket/detail", failure_rate: 1, failure_status: 500, count: 50 }])
      const stale = await call("GET", `/admin/ghn/tickets?order_code=${code}&refresh=true`)
      expect(stale.status).toBe(200)
      expect(stale.body.tickets[0].sync_error).toContain("500")

      // A ticket this store never opened.
      const unknown = await call("GET", "/admin/ghn/tickets/999999")
      expect(unknown.status).toBe(404)
    })

    it("needs an admin session on every ticket route", async () => {
      const anon = (method: string, path: string, f?: FormData) => call(method, path, { session: false, form: f })
      for (const answer of [
        await anon("GET", "/admin/ghn/tickets"),
        await anon("POST", "/admin/ghn/tickets", form({ order_code: "G1", category: CATEGORY, description: "x" })),
        await anon("GET", "/admin/ghn/tickets/3000001"),
        await anon("POST", "/admin/ghn/tickets/3000001/reply", form({ description: "x" })),
      ]) {
        expect(answer.status).toBe(401)
      }
    })
  },
})
