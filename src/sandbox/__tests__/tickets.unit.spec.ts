import { Blob } from "node:buffer"
import { fetch, FormData } from "undici"
import { startApi, orderBody, line, V2, type Api } from "./helpers"

const T = "/shiip/public-api/ticket"
const FORM = { "Content-Type": "application/x-www-form-urlencoded" }

describe("GHN sandbox: tickets", () => {
  let api: Api
  let orderCode = ""
  beforeAll(async () => {
    api = await startApi()
    orderCode = (await api.call(`${V2}/shipping-order/create`, { body: orderBody() })).json.data.order_code
  })
  afterAll(() => api.sb.close())

  const form = (fields: Record<string, string>, o: { token?: string; shopId?: number | null; path?: string } = {}) =>
    api.call(o.path ?? `${T}/create`, { token: o.token, shopId: o.shopId ?? null, rawBody: new URLSearchParams(fields).toString(), headers: FORM })

  async function multipart(path: string, fields: Record<string, string>, files: Array<{ name: string; size: number }>, token = api.sb.fixture.owner.token) {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.append(k, v)
    for (const f of files) fd.append("attachments", new Blob([Buffer.alloc(f.size, 1)]) as any, f.name)
    const res = await fetch(api.sb.url + path, { method: "POST", headers: { Token: token }, body: fd })
    return { status: res.status, json: (await res.json()) as any }
  }

  it("a JSON body is ignored: every field reads as empty and the request fails (400, code/message/data only)", async () => {
    const r = await api.call(`${T}/create`, { shopId: null, body: { order_code: orderCode, category: "Tư vấn", description: "x" } })
    expect(r.status).toBe(400)
    expect(Object.keys(r.json).sort()).toEqual(["code", "data", "message"])
    expect(r.json.message.split("\n")).toEqual([
      line("CreateTicketRequest", "OrderCode", "required"),
      line("CreateTicketRequest", "Category", "required"),
      line("CreateTicketRequest", "Description", "required"),
    ])
  })

  it("values in the query string are not read", async () => {
    const r = await api.call(`${T}/create?order_code=${orderCode}&category=T%C6%B0%20v%E1%BA%A5n&description=x`, { shopId: null, rawBody: "", headers: FORM })
    expect(r.status).toBe(400)
  })

  it("creates a ticket (form-urlencoded): status 1 'Đang xử lý', empty conversations, reason copies description", async () => {
    const r = await form({ order_code: orderCode, category: "Khiếu nại", description: "Hàng bị móp" })
    expect(r.status).toBe(200)
    expect(r.json.data).toMatchObject({
      id: expect.any(Number), type: "Khiếu nại", order_code: orderCode, description: "Hàng bị móp", reason: "Hàng bị móp",
      status: "Đang xử lý", status_id: 1, conversations: [], client_id: String(api.sb.fixture.owner.client_id),
      shop_id: String(api.sb.fixture.owner.shop_ids[0]), title: `${orderCode} - Khiếu nại`,
    })
    expect(r.json.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it("accepts exactly the four categories", async () => {
    for (const c of ["Tư vấn", "Khiếu nại", "Hối Giao/Lấy/Trả hàng", "Thay đổi thông tin"]) {
      expect((await form({ order_code: orderCode, category: c, description: "x" })).json.data.type).toBe(c)
    }
    const bad = await form({ order_code: orderCode, category: "Khác", description: "x" })
    expect(bad.json.message).toBe(line("CreateTicketRequest", "Category", "oneof"))
    const long = await form({ order_code: "X".repeat(33), category: "Tư vấn", description: "y".repeat(2001) })
    expect(long.json.message.split("\n")).toEqual([line("CreateTicketRequest", "OrderCode", "max"), line("CreateTicketRequest", "Description", "max")])
  })

  it("multipart attachments: up to 10 files of ~2 MB, allowed extensions only (.csv refused)", async () => {
    const fields = { order_code: orderCode, category: "Tư vấn", description: "Kèm ảnh" }
    const ok = await multipart(`${T}/create`, fields, [{ name: "anh.jpg", size: 1000 }, { name: "bien-ban.pdf", size: 2 * 1024 * 1024 }])
    expect(ok.status).toBe(200)
    expect(ok.json.data.attachments).toEqual([
      expect.objectContaining({ name: "anh.jpg", size: 1000 }),
      expect.objectContaining({ name: "bien-ban.pdf", size: 2 * 1024 * 1024 }),
    ])
    const eleven = await multipart(`${T}/create`, fields, Array.from({ length: 11 }, (_, i) => ({ name: `a${i}.png`, size: 10 })))
    expect(eleven.status).toBe(400)
    expect(eleven.json.data).toBeNull()
    const big = await multipart(`${T}/create`, fields, [{ name: "lon.png", size: 2 * 1024 * 1024 + 1 }])
    expect(big.status).toBe(400)
    const csv = await multipart(`${T}/create`, fields, [{ name: "ds.csv", size: 10 }])
    expect(csv.status).toBe(400)
    expect((await multipart(`${T}/create`, fields, Array.from({ length: 10 }, (_, i) => ({ name: `a${i}.docx`, size: 10 })))).status).toBe(200)
  })

  it("unknown order -> 404; order of another account -> 403", async () => {
    expect((await form({ order_code: "GNOPE000", category: "Tư vấn", description: "x" })).status).toBe(404)
    const f = api.sb.fixture
    const r = await form({ order_code: orderCode, category: "Tư vấn", description: "x" }, { token: f.partner.token })
    expect(r.status).toBe(403)
    expect(r.json).toEqual({ code: 403, message: expect.any(String), data: null })
  })

  it("Get Ticket: 400 missing or non-numeric id, 404 unknown, 403 foreign; public conversations only", async () => {
    const id = (await form({ order_code: orderCode, category: "Tư vấn", description: "Hỏi" })).json.data.id
    expect((await api.call(`${T}/detail`, { shopId: null })).status).toBe(400)
    expect((await api.call(`${T}/detail?ticket_id=abc`, { shopId: null })).status).toBe(400)
    expect((await api.call(`${T}/detail?ticket_id=42`, { shopId: null })).status).toBe(404)
    const f = api.sb.fixture
    expect((await api.call(`${T}/detail?ticket_id=${id}`, { token: f.partner.token, shopId: null })).status).toBe(403)
    // the support side adds a private note and a public reply, and waits for the customer
    const moved = await api.call(`/_sandbox/tickets/${id}/status`, { token: null, shopId: null, body: { status_id: 2, reply: "Bạn gửi thêm ảnh nhé", private_note: "nội bộ" } })
    expect(moved.status).toBe(200)
    const g = await api.call(`${T}/detail?ticket_id=${id}`, { shopId: null })
    expect(g.json.data).toMatchObject({ status_id: 2, status: "Chờ KH phản hồi" })
    expect(g.json.data.conversations).toEqual([expect.objectContaining({ body: "Bạn gửi thêm ảnh nhé" })])
    expect(g.json.data.conversations[0].private).toBeUndefined()
  })

  it("Create Feedback: recorded as a public customer reply, status unchanged in the response; support moves 1 -> 2 -> 3", async () => {
    const id = (await form({ order_code: orderCode, category: "Tư vấn", description: "Hỏi" })).json.data.id
    const bad = await form({ ticket_id: "abc", description: "x" }, { path: `${T}/reply` })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe(line("ReplyTicketRequest", "TicketID", "required"))
    expect((await form({ ticket_id: String(id) }, { path: `${T}/reply` })).status).toBe(400)
    expect((await form({ ticket_id: String(id), description: "z".repeat(2001) }, { path: `${T}/reply` })).status).toBe(400)
    expect((await form({ ticket_id: "999", description: "x" }, { path: `${T}/reply` })).status).toBe(404)
    expect((await form({ ticket_id: String(id), description: "x" }, { path: `${T}/reply`, token: api.sb.fixture.partner.token })).status).toBe(403)
    await api.call(`/_sandbox/tickets/${id}/status`, { token: null, shopId: null, body: { status_id: 2, reply: "Cần thêm thông tin" } })
    const r = await form({ ticket_id: String(id), description: "Đây là ảnh" }, { path: `${T}/reply` })
    expect(r.status).toBe(200)
    expect(r.json.data).toEqual({ body: "Đây là ảnh", from_email: expect.any(String) })
    const g = await api.call(`${T}/detail?ticket_id=${id}`, { shopId: null })
    expect(g.json.data.conversations.map((c: any) => c.body)).toEqual(["Cần thêm thông tin", "Đây là ảnh"])
    expect(g.json.data.status_id).toBe(2) // the spec: a reply leaves the status as it is
    const done = await api.call(`/_sandbox/tickets/${id}/status`, { token: null, shopId: null, body: { status_id: 3, reply: "Đã xử lý xong" } })
    expect(done.json).toMatchObject({ status_id: 3, status: "Hoàn thành" })
    const bad4 = await api.call(`/_sandbox/tickets/${id}/status`, { token: null, shopId: null, body: { status_id: 4 } })
    expect(bad4.status).toBe(400)
    const multi = await multipart(`${T}/reply`, { ticket_id: String(id), description: "file" }, [{ name: "x.csv", size: 5 }])
    expect(multi.status).toBe(400)
  })
})
