/**
 * Every operation over real HTTP against the recording server: path, method, headers
 * (Token always, ShopId per the spec's Authentication table), body encoding, typed result.
 */
import { createGhnClient, type GhnClient } from "../index"
import { ok, useRecordingServer, type RecordedRequest } from "./recording-server"

const TOKEN = "test-token-0123456789abcdef"
const SHOP = 885

const srv = useRecordingServer()
let ghn: GhnClient
let noShop: GhnClient

beforeEach(() => {
  ghn = createGhnClient({ environment: srv.url, token: TOKEN, shopId: SHOP, timeoutMs: 3000, retry: { minDelayMs: 1, maxDelayMs: 5 } })
  noShop = createGhnClient({ baseUrl: srv.url + "/", token: TOKEN, timeoutMs: 3000, retry: { minDelayMs: 1, maxDelayMs: 5 } })
})
afterEach(async () => {
  await ghn.close()
  await noShop.close()
})

const only = (): RecordedRequest => {
  expect(srv.requests).toHaveLength(1)
  return srv.requests[0]!
}
const expectJson = (r: RecordedRequest, method: string, path: string, body: unknown) => {
  expect(r.method).toBe(method)
  expect(r.pathname).toBe(path)
  expect(r.headers["token"]).toBe(TOKEN)
  expect(r.contentType).toBe("application/json")
  expect(r.json).toEqual(body)
}

const orderBody = {
  to_name: "Nguyễn Văn A",
  to_phone: "0912345678",
  to_address: "12 Lê Lợi",
  to_ward_name: "Phường Bến Nghé",
  to_district_name: "Quận 1",
  to_province_name: "Hồ Chí Minh",
  client_order_code: "medusa-1",
  weight: 1200,
  length: 20,
  width: 15,
  height: 10,
  service_type_id: 2 as const,
  payment_type_id: 1 as const,
  required_note: "KHONGCHOXEMHANG" as const,
  cod_amount: 350000,
  items: [{ name: "Áo", quantity: 2, price: 150000 }],
  is_new_to_address: false,
}

const feeData = {
  main_service: 22000,
  insurance: 0,
  cod_fee: 0,
  station_do: 0,
  station_pu: 0,
  return: 0,
  r2s: 0,
  coupon: -2000,
}

describe("orders", () => {
  it("create: POST JSON with Token + ShopId, typed result with passthrough fields", async () => {
    srv.enqueue(
      ok(
        { order_code: "GHN123ABC", sort_code: "19-16-04", trans_type: "truck", fee: feeData, total_fee: 20000, expected_delivery_time: "2025-07-10T16:59:59Z" },
        { message_display: "Tạo đơn hàng thành công" },
      ),
    )
    const res = await ghn.orders.create(orderBody)
    const r = only()
    expectJson(r, "POST", "/shiip/public-api/v2/shipping-order/create", orderBody)
    expect(r.headers["shopid"]).toBe(String(SHOP))
    expect(res.order_code).toBe("GHN123ABC")
    expect(res.sort_code).toBe("19-16-04")
    expect(res.fee.main_service).toBe(22000)
    expect(res.fee.coupon).toBe(-2000)
    expect(res.total_fee).toBe(20000)
    expect(res.expected_delivery_time).toBe("2025-07-10T16:59:59.000Z")
    expect((res as Record<string, unknown>).trans_type).toBe("truck")
  })

  it("create: the per-call shopId overrides the client's", async () => {
    srv.enqueue(ok({ order_code: "X1", fee: {}, total_fee: 1, expected_delivery_time: "t" }))
    await ghn.orders.create(orderBody, { shopId: 4242 })
    expect(only().headers["shopid"]).toBe("4242")
  })

  it("preview: same body, order_code empty", async () => {
    srv.enqueue(ok({ order_code: "", fee: feeData, total_fee: 20000, expected_delivery_time: "2025-07-10T16:59:59Z" }))
    const res = await ghn.orders.preview(orderBody)
    expectJson(only(), "POST", "/shiip/public-api/v2/shipping-order/preview", orderBody)
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res.order_code).toBe("")
    expect(res.total_fee).toBe(20000)
  })

  it("update: POST JSON, returns null", async () => {
    srv.enqueue(ok(null))
    const res = await ghn.orders.update({ order_code: "GHN123ABC", note: "Gọi trước", cod_amount: 400000, otp: "123456" })
    expectJson(only(), "POST", "/shiip/public-api/v2/shipping-order/update", { order_code: "GHN123ABC", note: "Gọi trước", cod_amount: 400000, otp: "123456" })
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res).toBeNull()
  })

  it("create: a field the spec does not name is refused, named, and nothing is sent", async () => {
    const error = await ghn.orders.create({ ...orderBody, to_district_id: 1442, custom_extra_field: "x" } as typeof orderBody).catch((e) => e)
    expect(error.name).toBe("GhnInputError")
    expect(error.message).toMatch(/to_district_id, custom_extra_field are not fields of Create Order in GHN's spec/)
    expect(srv.requests).toHaveLength(0)
  })

  it("info: GET ?order_code=, one order object", async () => {
    srv.enqueue(
      ok({
        order_code: "GHN123ABC",
        status: "ready_to_pick",
        shop_id: SHOP,
        weight: 1200,
        cod_collect_date: null,
        is_cod_collected: false,
        pickup_shift: {},
        items: [{ name: "Áo", quantity: 2 }],
        something_new: { nested: true },
      }),
    )
    const order = await ghn.orders.info("GHN123ABC")
    const r = only()
    expect(r.method).toBe("GET")
    expect(r.pathname).toBe("/shiip/public-api/v2/shipping-order/detail")
    expect(r.query).toEqual({ order_code: "GHN123ABC" })
    expect(r.headers["shopid"]).toBe(String(SHOP))
    expect(r.body.length).toBe(0)
    expect(order.status).toBe("ready_to_pick")
    expect(order.items?.[0]?.quantity).toBe(2)
    expect((order as Record<string, unknown>).something_new).toEqual({ nested: true })
  })

  it("cancel: per-order results incl. result false (returned, not thrown) and the reason after the last hyphen", async () => {
    srv.enqueue(
      ok([
        { order_code: "A1", result: true, message: "OK" },
        { order_code: "A2", result: false, message: "ERR-CANCEL-0042 - Đơn hàng không thể hủy" },
      ]),
    )
    const res = await ghn.orders.cancel({ order_codes: ["A1", "A2"], reason_code: "SVC-CO002", reason: "hết hàng" })
    expectJson(only(), "POST", "/shiip/public-api/v2/switch-status/cancel", { order_codes: ["A1", "A2"], reason_code: "SVC-CO002", reason: "hết hàng" })
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res).toEqual([
      { order_code: "A1", result: true, message: "OK", reason: "OK" },
      { order_code: "A2", result: false, message: "ERR-CANCEL-0042 - Đơn hàng không thể hủy", reason: "Đơn hàng không thể hủy" },
    ])
  })

  it("deliveryAgain: per-order results, all failing is still returned", async () => {
    srv.enqueue(
      ok([
        { order_code: "A1", result: false, message: "Trạng thái đơn hàng không hợp lệ" },
        { order_code: "ZZ", result: false, message: "Order code không tồn tại." },
      ]),
    )
    const res = await ghn.orders.deliveryAgain(["A1", "ZZ"])
    expectJson(only(), "POST", "/shiip/public-api/v2/switch-status/storing", { order_codes: ["A1", "ZZ"] })
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res.map((r) => r.result)).toEqual([false, false])
    expect(res[1]!.reason).toBe("Order code không tồn tại.")
  })

  it("returnOrder: per-order results", async () => {
    srv.enqueue(
      ok([
        { order_code: "A1", result: true, message: "OK" },
        { order_code: "B2", result: false, message: "Khách hàng không có quyền thay đổi trạng thái đơn hàng." },
      ]),
    )
    const res = await ghn.orders.returnOrder(["A1", "B2"])
    expectJson(only(), "POST", "/shiip/public-api/v2/switch-status/return", { order_codes: ["A1", "B2"] })
    expect(res[0]!.result).toBe(true)
    expect(res[1]!.result).toBe(false)
  })
})

describe("fees and services", () => {
  const feeBody = { weight: 1200, to_district_id: 1442, to_ward_code: "20109", service_type_id: 2 as const, cod_value: 350000, insurance_value: 500000, length: 20, width: 15, height: 10 }

  it("calculate: the newer field set", async () => {
    const quote = {
      total: 36300, service_fee: 36300, insurance_fee: 0, cod_fee: 0, pick_station_fee: 0, coupon_value: 0, r2s_fee: 0, return_again: 0,
      document_return: 0, double_check: 0, pick_remote_areas_fee: 0, deliver_remote_areas_fee: 0, cod_failed_fee: 0, change_to_address_fee: 0,
      change_return_address_fee: 0, return: 0,
    }
    srv.enqueue(ok(quote))
    const res = await ghn.fees.calculate(feeBody)
    expectJson(only(), "POST", "/shiip/public-api/v2/shipping-order/fee", feeBody)
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res).toEqual(quote)
  })

  it("calculate: the older field set is tolerated (missing parts read 0)", async () => {
    srv.enqueue(
      ok({ total: 22000, service_fee: 22000, insurance_fee: 0, pick_station_fee: 0, coupon_value: 0, r2s_fee: 0, document_return: 0, double_check: 0, cod_fee: 0, pick_remote_areas_fee: 0, deliver_remote_areas_fee: 0, cod_failed_fee: 0 }),
    )
    const res = await ghn.fees.calculate(feeBody)
    expect(res.total).toBe(22000)
    expect(res.return_again).toBe(0)
    expect(res.change_to_address_fee).toBe(0)
    expect(res.return).toBe(0)
  })

  it("leadtime", async () => {
    srv.enqueue(ok({ leadtime: 1752163199, leadtime_order: { from_estimate_date: "2025-07-09T00:00:00Z", to_estimate_date: "2025-07-10T16:59:59Z" } }))
    const res = await ghn.fees.leadtime({ to_district_id: 1442, to_ward_code: "20109", service_type_id: 2 })
    expectJson(only(), "POST", "/shiip/public-api/v2/shipping-order/leadtime", { to_district_id: 1442, to_ward_code: "20109", service_type_id: 2 })
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res.leadtime).toBe(1752163199)
    expect(res.leadtime_order?.to_estimate_date).toBe("2025-07-10T16:59:59.000Z")
  })

  it("services.available: shop_id defaults to the client's shopId", async () => {
    srv.enqueue(ok([{ service_id: 53320, short_name: "Hàng nhẹ", service_type_id: 2 }, { service_id: 100039, short_name: "Hàng nặng", service_type_id: 5 }]))
    const res = await ghn.services.available({ from_district: 1447, to_district: 1442 })
    expectJson(only(), "POST", "/shiip/public-api/v2/shipping-order/available-services", { shop_id: SHOP, from_district: 1447, to_district: 1442 })
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res.map((s) => s.service_type_id)).toEqual([2, 5])
  })

  it("services.available: an explicit shop_id is sent in the body", async () => {
    srv.enqueue(ok([]))
    await ghn.services.available({ shop_id: 77, from_district: 1, to_district: 2 })
    expect((only().json as { shop_id: number }).shop_id).toBe(77)
    expect(only().headers["shopid"]).toBe(String(SHOP))
  })
})

describe("shops and affiliate", () => {
  it("shops.list: GET with query, Token only (no ShopId even when configured)", async () => {
    srv.enqueue(ok({ last_offset: 2, shops: [{ _id: 1, name: "A", phone: "0900000001", status: 1 }, { _id: 2, name: "B", district_id: 1442, ward_code: "20109", client_id: 9 }] }))
    const res = await ghn.shops.list({ offset: 0, limit: 50, client_phone: "0912345678" })
    const r = only()
    expect(r.method).toBe("GET")
    expect(r.pathname).toBe("/shiip/public-api/v2/shop/all")
    expect(r.query).toEqual({ offset: "0", limit: "50", client_phone: "0912345678" })
    expect(r.headers["token"]).toBe(TOKEN)
    expect(r.headers["shopid"]).toBeUndefined()
    expect(res.last_offset).toBe(2)
    expect(res.shops.map((s) => s._id)).toEqual([1, 2])
  })

  it("shops.listAll pages along last_offset", async () => {
    srv.enqueue(ok({ last_offset: 2, shops: [{ _id: 1 }, { _id: 2 }] }), ok({ last_offset: 3, shops: [{ _id: 3 }] }))
    const res = await ghn.shops.listAll({ pageSize: 2 })
    expect(res.map((s) => s._id)).toEqual([1, 2, 3])
    expect(srv.requests.map((r) => r.query)).toEqual([{ offset: "0", limit: "2" }, { offset: "2", limit: "2" }])
  })

  it("shops.create: POST register with ShopId", async () => {
    srv.enqueue(ok({ shop_id: 12345 }))
    const res = await ghn.shops.create({ name: "Kho 2", phone: "0912345678", address: "1 Lê Lợi", ward_code: "20109", district_id: 1442 })
    expectJson(only(), "POST", "/shiip/public-api/v2/shop/register", { name: "Kho 2", phone: "0912345678", address: "1 Lê Lợi", ward_code: "20109", district_id: 1442 })
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(res).toEqual({ shop_id: 12345 })
  })

  it("affiliate.getOtp: language sent from the client option; ShopId sent when configured", async () => {
    const en = createGhnClient({ environment: srv.url, token: TOKEN, shopId: SHOP, language: "en" })
    try {
      srv.enqueue(ok({ TTL: 300 }))
      const res = await en.affiliate.getOtp({ phone: "0987654321" })
      expectJson(only(), "POST", "/shiip/public-api/v2/shop/affiliateOTP", { phone: "0987654321", language: "en" })
      expect(only().headers["shopid"]).toBe(String(SHOP))
      expect(res.TTL).toBe(300)
    } finally {
      await en.close()
    }
  })

  it("affiliate.getOtp: no ShopId header when none is configured (optional)", async () => {
    srv.enqueue(ok({ TTL: 300 }))
    await noShop.affiliate.getOtp({ phone: "0987654321" })
    expectJson(only(), "POST", "/shiip/public-api/v2/shop/affiliateOTP", { phone: "0987654321" })
    expect(only().headers["shopid"]).toBeUndefined()
  })

  it("affiliate.createShopByOtp", async () => {
    srv.enqueue(ok({ client_id: 2500, shop_id: 99001 }))
    const res = await ghn.affiliate.createShopByOtp({ phone: "0987654321", otp: "123456", district_id: 1442, ward_code: "20109", address: "1 Lê Lợi" })
    expectJson(only(), "POST", "/shiip/public-api/v2/shop/affiliateCreate", { phone: "0987654321", otp: "123456", district_id: 1442, ward_code: "20109", address: "1 Lê Lợi" })
    expect(res).toEqual({ client_id: 2500, shop_id: 99001 })
  })

  it("affiliate.addStaffByOtp returns null", async () => {
    srv.enqueue(ok(null))
    const res = await noShop.affiliate.addStaffByOtp({ phone: "0987654321", otp: "123456", shop_id: 99001 })
    expectJson(only(), "POST", "/shiip/public-api/v2/shop/affiliateCreateWithShop", { phone: "0987654321", otp: "123456", shop_id: 99001 })
    expect(only().headers["shopid"]).toBeUndefined()
    expect(res).toBeNull()
  })

  it("affiliate.findShopAfterFailure: finds the shop left by a partial sequence via Get Shop", async () => {
    const shops = { last_offset: 3, shops: [{ _id: 10, phone: "0900000000", client_id: 1 }, { _id: 11, phone: "+84 987 654 321", client_id: 2500 }, { _id: 12, phone: "0111" }] }
    srv.enqueue(ok(shops))
    const found = await ghn.affiliate.findShopAfterFailure({ phone: "0987654321", knownShopIds: [10] })
    expect(found?._id).toBe(11)
    expect(only().pathname).toBe("/shiip/public-api/v2/shop/all")
    expect(only().headers["shopid"]).toBeUndefined()

    srv.reset()
    srv.enqueue(ok(shops))
    expect(await ghn.affiliate.findShopAfterFailure({ shop_id: 12 })).toMatchObject({ _id: 12 })
    srv.reset()
    srv.enqueue(ok(shops))
    expect(await ghn.affiliate.findShopAfterFailure({ shop_id: 99 })).toBeNull()
    srv.reset()
    srv.enqueue(ok(shops))
    expect(await ghn.affiliate.findShopAfterFailure({ phone: "0987654321", knownShopIds: [11] })).toBeNull()
  })
})

describe("tickets", () => {
  const ticket = {
    id: 7001,
    type: "Khiếu nại",
    reason: "Hàng bị móp",
    order_code: "GHN123ABC",
    description: "Hàng bị móp",
    status: "Đang xử lý",
    status_id: 1,
    created_at: "2025-07-01T10:00:00+07:00",
    updated_at: "2025-07-01T10:00:00+07:00",
    created_by: 5,
    conversations: [],
    attachments: [],
  }

  it("create without files: application/x-www-form-urlencoded, never JSON", async () => {
    srv.enqueue(ok(ticket))
    const res = await ghn.tickets.create({ order_code: "GHN123ABC", category: "Khiếu nại", description: "Hàng bị móp" })
    const r = only()
    expect(r.method).toBe("POST")
    expect(r.pathname).toBe("/shiip/public-api/ticket/create")
    expect(r.contentType).toBe("application/x-www-form-urlencoded")
    expect(r.json).toBeUndefined()
    expect(Object.fromEntries(new URLSearchParams(r.text))).toEqual({ order_code: "GHN123ABC", category: "Khiếu nại", description: "Hàng bị móp" })
    expect(r.headers["shopid"]).toBe(String(SHOP))
    expect(res.id).toBe(7001)
    expect(res.conversations).toEqual([])
  })

  it("create with files: multipart/form-data with every field and file", async () => {
    srv.enqueue(ok(ticket))
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46])
    await noShop.tickets.create({
      order_code: "GHN123ABC",
      category: "Hối Giao/Lấy/Trả hàng",
      description: "Giao giúp",
      attachments: [
        { filename: "photo.PNG", content: png },
        { filename: "bill.pdf", content: pdf, contentType: "application/pdf" },
      ],
    })
    const r = only()
    expect(r.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(r.headers["shopid"]).toBeUndefined()
    const form = await new Response(new Uint8Array(r.body), { headers: { "content-type": r.contentType } }).formData()
    expect(form.get("order_code")).toBe("GHN123ABC")
    expect(form.get("category")).toBe("Hối Giao/Lấy/Trả hàng")
    expect(form.get("description")).toBe("Giao giúp")
    const files = form.getAll("attachments") as File[]
    expect(files.map((f) => f.name)).toEqual(["photo.PNG", "bill.pdf"])
    expect(files.map((f) => f.type)).toEqual(["image/png", "application/pdf"])
    expect(Buffer.from(await files[0]!.arrayBuffer())).toEqual(png)
  })

  it("reply: urlencoded without files, multipart with files; returns the conversation entry", async () => {
    srv.enqueue(ok({ body: "Đã nhận", from_email: "shop@example.com" }), ok({ body: "Ảnh" }))
    const entry = await ghn.tickets.reply({ ticket_id: 7001, description: "Đã nhận" })
    expect(entry.body).toBe("Đã nhận")
    let r = srv.requests[0]!
    expect(r.pathname).toBe("/shiip/public-api/ticket/reply")
    expect(r.contentType).toBe("application/x-www-form-urlencoded")
    expect(Object.fromEntries(new URLSearchParams(r.text))).toEqual({ ticket_id: "7001", description: "Đã nhận" })

    await ghn.tickets.reply({ ticket_id: 7001, description: "Ảnh", attachments: [{ filename: "a.jpg", content: Buffer.from("x") }] })
    r = srv.requests[1]!
    expect(r.contentType).toMatch(/^multipart\/form-data/)
    const form = await new Response(new Uint8Array(r.body), { headers: { "content-type": r.contentType } }).formData()
    expect(form.get("ticket_id")).toBe("7001")
    expect((form.get("attachments") as File).name).toBe("a.jpg")
  })

  it("get: GET ?ticket_id=", async () => {
    srv.enqueue(ok({ ...ticket, status_id: 2, conversations: [{ body: "Vui lòng gửi ảnh", created_at: "2025-07-01T11:00:00+07:00" }] }))
    const res = await ghn.tickets.get(7001)
    const r = only()
    expect(r.method).toBe("GET")
    expect(r.pathname).toBe("/shiip/public-api/ticket/detail")
    expect(r.query).toEqual({ ticket_id: "7001" })
    expect(r.headers["shopid"]).toBe(String(SHOP))
    expect(res.status_id).toBe(2)
    expect(res.conversations[0]!.body).toBe("Vui lòng gửi ảnh")
  })
})

describe("print, shifts, tracking", () => {
  it("print.token and label URLs on the client's base URL", async () => {
    srv.enqueue(ok({ token: "print-tok-1" }))
    const token = await ghn.print.token({ order_codes: ["A1", "A2"], item_index: [0] })
    expectJson(only(), "POST", "/shiip/public-api/v2/a5/gen-token", { order_codes: ["A1", "A2"], item_index: [0] })
    expect(only().headers["shopid"]).toBe(String(SHOP))
    expect(token).toBe("print-tok-1")
    expect(ghn.print.labelUrl(token, "A5")).toBe(`${srv.url}/a5/public-api/printA5?token=print-tok-1`)
    expect(ghn.print.labelUrl(token, "80x80")).toBe(`${srv.url}/a5/public-api/print80x80?token=print-tok-1`)
    expect(ghn.print.labelUrl(token, "52x70")).toBe(`${srv.url}/a5/public-api/print52x70?token=print-tok-1`)
    const prod = createGhnClient({ environment: "production", token: TOKEN })
    expect(prod.print.labelUrls("a b")).toEqual({
      A5: "https://online-gateway.ghn.vn/a5/public-api/printA5?token=a%20b",
      "80x80": "https://online-gateway.ghn.vn/a5/public-api/print80x80?token=a%20b",
      "52x70": "https://online-gateway.ghn.vn/a5/public-api/print52x70?token=a%20b",
    })
    await prod.close()
  })

  it("shifts.list: Token only, never ShopId", async () => {
    srv.enqueue(ok([{ id: 2, title: "Ca lấy 12-03-2025 (12h00 - 18h00)", from_time: 43200, to_time: 64800 }]))
    const res = await ghn.shifts.list()
    const r = only()
    expect(r.method).toBe("GET")
    expect(r.pathname).toBe("/shiip/public-api/v2/shift/date")
    expect(r.headers["token"]).toBe(TOKEN)
    expect(r.headers["shopid"]).toBeUndefined()
    expect(res[0]).toEqual({ id: 2, title: "Ca lấy 12-03-2025 (12h00 - 18h00)", from_time: 43200, to_time: 64800 })
  })

  it("trackingUrl: default production page, configurable base", async () => {
    expect(ghn.trackingUrl("GHN 1")).toBe("https://donhang.ghn.vn/?order_code=GHN%201")
    const c = createGhnClient({ environment: "staging", token: TOKEN, trackingUrlBase: "https://tracking.example/?code=" })
    expect(c.trackingUrl("X")).toBe("https://tracking.example/?code=X")
    expect(c.baseUrl).toBe("https://dev-online-gateway.ghn.vn")
    expect(c.environment).toBe("staging")
    await c.close()
  })
})

describe("master data", () => {
  it("provinces: GET with ShopId (required)", async () => {
    srv.enqueue(ok([{ ProvinceID: 202, ProvinceName: "Hồ Chí Minh", CanUpdateCOD: true, Code: "8", NameExtension: ["HCM"], Status: 1 }]))
    const res = await ghn.masterData.provinces()
    const r = only()
    expect(r.method).toBe("GET")
    expect(r.pathname).toBe("/shiip/public-api/master-data/province")
    expect(r.headers["shopid"]).toBe(String(SHOP))
    expect(res[0]!.ProvinceName).toBe("Hồ Chí Minh")
  })

  it("districts: POST { province_id }; ShopId sent when known, omitted otherwise", async () => {
    srv.enqueue(ok([{ DistrictID: 1442, ProvinceID: 202, DistrictName: "Quận 1", SupportType: 3, Status: 1 }]), ok([]))
    const res = await ghn.masterData.districts(202)
    expectJson(srv.requests[0]!, "POST", "/shiip/public-api/master-data/district", { province_id: 202 })
    expect(srv.requests[0]!.headers["shopid"]).toBe(String(SHOP))
    expect(res[0]!.DistrictID).toBe(1442)
    await noShop.masterData.districts(202)
    expect(srv.requests[1]!.headers["shopid"]).toBeUndefined()
  })

  it("wards: POST { district_id }; data null is []; WardCode is a string", async () => {
    srv.enqueue(ok([{ WardCode: 20109, DistrictID: 1442, WardName: "Phường Bến Nghé" }]), ok(null))
    const res = await ghn.masterData.wards(1442)
    expectJson(srv.requests[0]!, "POST", "/shiip/public-api/master-data/ward", { district_id: 1442 })
    expect(res[0]!.WardCode).toBe("20109")
    expect(await ghn.masterData.wards(9999)).toEqual([])
  })

  it("newProvinces / newWards: GET with offset and limit", async () => {
    srv.enqueue(ok([{ _id: 79, name: "Thành phố Hồ Chí Minh", extension_names: ["HCM"], type: 1, status: 1 }]), ok([{ _id: 26734, name: "Phường Sài Gòn", parent_id: 79, status: 1 }]))
    const provinces = await ghn.masterData.newProvinces({ offset: 0, limit: 50 })
    expect(srv.requests[0]!.method).toBe("GET")
    expect(srv.requests[0]!.pathname).toBe("/shiip/public-api/v3/master-data/province/all")
    expect(srv.requests[0]!.query).toEqual({ offset: "0", limit: "50" })
    expect(provinces[0]!.name).toBe("Thành phố Hồ Chí Minh")
    const wards = await ghn.masterData.newWards({ province_id: 79 })
    expect(srv.requests[1]!.pathname).toBe("/shiip/public-api/v3/master-data/ward/all-by-province-id")
    expect(srv.requests[1]!.query).toEqual({ province_id: "79" })
    expect(wards[0]!.parent_id).toBe(79)
  })

  it("allNewProvinces / allNewWards page with limit 200 until a short page", async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ _id: from + i, name: `P${from + i}` }))
    srv.enqueue(ok(page(0, 200)), ok(page(200, 200)), ok(page(400, 3)))
    const all = await ghn.masterData.allNewProvinces()
    expect(all).toHaveLength(403)
    expect(srv.requests.map((r) => r.query)).toEqual([
      { offset: "0", limit: "200" },
      { offset: "200", limit: "200" },
      { offset: "400", limit: "200" },
    ])
    srv.reset()
    srv.enqueue(ok({ items: page(0, 5) }))
    const wards = await ghn.masterData.allNewWards(79)
    expect(wards).toHaveLength(5)
    expect(srv.requests[0]!.query).toEqual({ province_id: "79", offset: "0", limit: "200" })
  })
})
