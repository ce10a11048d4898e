import { startApi, orderBody, line, V2, type Api } from "./helpers"

const FEE_KEYS = [
  "main_service", "insurance", "cod_fee", "station_do", "station_pu", "return", "r2s", "return_again", "coupon",
  "document_return", "double_check", "double_check_deliver", "pick_remote_areas_fee", "deliver_remote_areas_fee",
  "pick_remote_areas_fee_return", "deliver_remote_areas_fee_return", "cod_failed_fee", "change_to_address_fee",
  "change_return_address_fee",
]

describe("GHN sandbox: orders", () => {
  let api: Api
  const NOW = Date.UTC(2025, 7, 1, 3, 0, 0) // 10:00 in Asia/Ho_Chi_Minh
  beforeAll(async () => {
    api = await startApi({ now: () => NOW })
  })
  afterAll(() => api.sb.close())
  beforeEach(() => api.sb.control.reset())

  const create = (extra: Record<string, unknown> = {}, o: Parameters<Api["call"]>[1] = {}) =>
    api.call(`${V2}/shipping-order/create`, { body: orderBody(extra), ...o })
  const setStatus = async (code: string, ...path: string[]) => {
    for (const s of path) api.sb.control.setOrderStatus(code, s)
  }

  it("records every request field the spec does not name for its operation (GET /_sandbox/violations)", async () => {
    // Spec, Create Order: the recipient block takes names (to_ward_name, to_district_name, ...), no ids.
    await create({ to_district_id: 1442, to_ward_code: "20109", items: [{ name: "Áo", quantity: 1, price: 1000, weight: 100, color: "đỏ" }] })
    // Spec, Calculate Fee: items carry name, code, quantity, length, width, height, weight; no price.
    await api.call(`${V2}/shipping-order/fee`, { body: { weight: 500, to_district_id: 1442, to_ward_code: "20109", service_type_id: 2, items: [{ name: "Áo", quantity: 1, price: 1000 }] } })
    const { json } = await api.call("/_sandbox/violations", { method: "GET" })
    expect(json.violations.map((v: { operation: string; field: string }) => `${v.operation}: ${v.field}`)).toEqual([
      "Create Order: to_district_id",
      "Create Order: to_ward_code",
      "Create Order: items[0].color",
      "Calculate Fee: items[0].price",
    ])
    api.sb.control.reset()
    expect((await api.call("/_sandbox/violations", { method: "GET" })).json.violations).toEqual([])
  })

  it("creates an order in ready_to_pick with GHN's success envelope and keeps every field", async () => {
    const r = await create({
      client_order_code: "MEDUSA-1001",
      note: "Gọi trước khi giao",
      items: [{ name: "Áo thun", code: "SKU-1", quantity: 2, price: 150000, length: 20, width: 15, height: 3, weight: 300 }],
    })
    expect(r.status).toBe(200)
    expect(r.json.code).toBe(200)
    expect(r.json.message).toBe("Success")
    expect(r.json.message_display).toContain(r.json.data.order_code)
    expect(r.json.code_message_value).toBe("")
    const d = r.json.data
    expect(d.order_code).toMatch(/^G[0-9A-Z]{7}$/)
    expect(Object.keys(d.fee).sort()).toEqual([...FEE_KEYS].sort())
    expect(d.total_fee).toBe(Object.values(d.fee as Record<string, number>).reduce((a, b) => a + b, 0))
    expect(d.expected_delivery_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const o = api.sb.control.getOrder(d.order_code)!
    expect(o).toMatchObject({
      status: "ready_to_pick",
      client_order_code: "MEDUSA-1001",
      to_name: "Nguyễn Thị Hoa",
      to_phone: "0912345678",
      to_address: "135 Nam Kỳ Khởi Nghĩa",
      to_ward_name: "Phường Bến Thành",
      to_district_name: "Quận 1",
      to_province_name: "Hồ Chí Minh",
      to_ward_code: "26743",
      from_name: "Sandbox Shop Hà Nội",
      from_phone: api.sb.fixture.owner.phone,
      from_ward_code: "00004",
      from_district_id: 1442,
      return_name: "Sandbox Shop Hà Nội",
      weight: 1200,
      length: 20,
      width: 15,
      height: 10,
      cod_amount: 250000,
      insurance_value: 300000,
      required_note: "KHONGCHOXEMHANG",
      note: "Gọi trước khi giao",
      content: "Áo thun x 2",
      service_type_id: 2,
      payment_type_id: 1,
      total_fee: d.total_fee,
      fee: d.fee,
    })
    expect(o.items).toEqual([expect.objectContaining({ name: "Áo thun", code: "SKU-1", quantity: 2, price: 150000, weight: 300 })])
    expect((o.pick_shift as number[]).length).toBe(1)
    expect(o.history).toEqual([expect.objectContaining({ status: "ready_to_pick" })])
  })

  it("reusing client_order_code returns the first order code and creates no duplicate", async () => {
    const a = await create({ client_order_code: "DUP-1" })
    const b = await create({ client_order_code: "DUP-1", to_name: "Người khác" })
    expect(b.json.code).toBe(200)
    expect(b.json.data.order_code).toBe(a.json.data.order_code)
    expect(api.sb.control.listOrders()).toHaveLength(1)
    // unique per shop: the second shop gets its own order
    const c = await create({ client_order_code: "DUP-1" }, { shopId: api.sb.fixture.owner.shop_ids[1] })
    expect(c.json.data.order_code).not.toBe(a.json.data.order_code)
  })

  it("Create Order limits: one validation line per failed field, in GHN's format", async () => {
    const long = (n: number) => "x".repeat(n)
    const r = await create({
      to_name: long(1025), to_address: long(1025), from_name: long(1025), from_address: long(1025),
      return_name: long(1025), return_address: long(1025), client_order_code: long(51), weight: 50001,
      length: 201, width: 201, height: 201, content: long(2001), cod_amount: 50000001, insurance_value: 5000001,
      note: long(5001), items: [{ name: long(513), quantity: 0 }, { name: "ok", quantity: -1 }],
    })
    expect(r.status).toBe(400)
    expect(r.json.code).toBe(400)
    expect(r.json.data).toBeNull()
    expect(r.json.code_message).toBe("USER_ERR_COMMON")
    const R = "CreateOrderRequest"
    expect(r.json.message.split("\n")).toEqual([
      line(R, "ToName", "max"),
      line(R, "ToAddress", "max"),
      line(R, "FromName", "max"),
      line(R, "FromAddress", "max"),
      line(R, "ReturnName", "max"),
      line(R, "ReturnAddress", "max"),
      line(R, "ClientOrderCode", "max"),
      line(R, "Weight", "max"),
      line(R, "Length", "max"),
      line(R, "Width", "max"),
      line(R, "Height", "max"),
      line(R, "Content", "max"),
      line(R, "CodAmount", "max"),
      line(R, "InsuranceValue", "max"),
      line(R, "Note", "max"),
      line(`${R}.Items[0]`, "Name", "max"),
      line(`${R}.Items[0]`, "Quantity", "min"),
      line(`${R}.Items[1]`, "Quantity", "min"),
    ])
    // the limits themselves are accepted
    const ok = await create({ to_name: long(1024), client_order_code: long(50), weight: 19999, cod_amount: 50000000, insurance_value: 5000000, note: long(5000), length: 20, width: 20, height: 20 })
    expect(ok.json.code).toBe(200)
  })

  it("required_note other than the three values, wrong JSON types, malformed phones", async () => {
    const a = await create({ required_note: "XEMHANG" })
    expect(a.json.message).toBe(line("CreateOrderRequest", "RequiredNote", "oneof"))
    expect(a.json.code_message).toBe("USER_ERR_COMMON")
    const b = await create({ weight: "1200" })
    expect(b.status).toBe(400)
    expect(b.json.message).toBe("json: cannot unmarshal string into Go struct field CreateOrderRequest.weight of type int")
    for (const f of ["to_phone", "from_phone", "return_phone"]) {
      const c = await create({ [f]: "12345" })
      expect([f, c.status, c.json.code_message]).toEqual([f, 400, "PHONE_INVALID"])
    }
    const d = await create({ to_phone: "+84 912 345 678" })
    expect(d.json.code).toBe(200)
    expect(api.sb.control.getOrder(d.json.data.order_code)!.to_phone).toBe("0912345678")
  })

  it("new-model addresses (ward + province, no district) and legacy ids are accepted", async () => {
    const a = await create({ is_new_to_address: true, to_ward_name: "Phường Sài Gòn", to_district_name: "", to_province_name: "Thành phố Hồ Chí Minh" })
    expect(a.json.code).toBe(200)
    expect(api.sb.control.getOrder(a.json.data.order_code)).toMatchObject({ to_ward_name: "Phường Sài Gòn", to_district_name: "", is_new_to_address: true })
    const missingProvince = await create({ is_new_to_address: true, to_ward_name: "Phường Sài Gòn", to_district_name: "", to_province_name: "" })
    expect(missingProvince.json.message).toBe(line("CreateOrderRequest", "ToProvinceName", "required"))
    const legacyMissingDistrict = await create({ to_district_name: "" })
    expect(legacyMissingDistrict.json.message).toBe(line("CreateOrderRequest", "ToDistrictName", "required"))
    const ids = await create({ to_ward_name: "", to_district_name: "", to_province_name: "", to_ward_code: "26740", to_district_id: 1472 })
    expect(ids.json.code).toBe(200)
    expect(api.sb.control.getOrder(ids.json.data.order_code)!.to_ward_name).toBe("Phường Bến Nghé")
    const unknown = await create({ to_ward_name: "Phường Không Có" })
    expect(unknown.json.message).toBe("Address convert to fail")
  })

  it("items: dimensions derived from items, content generated, type 5 needs items with sizes", async () => {
    const r = await create({
      length: 0, width: 0, height: 0, weight: 0, content: "",
      items: [
        { name: "Hộp A", quantity: 1, length: 10, width: 30, height: 20, weight: 400 },
        { name: "Hộp B", quantity: 2, length: 25, width: 5, height: 10, weight: 300 },
      ],
    })
    expect(r.json.code).toBe(200)
    const o = api.sb.control.getOrder(r.json.data.order_code)!
    // item A: sides 30,20,10; item B: 25,10,5 -> L=max(30,25)=30, W=max(20,10)=20, H=10+5=15 (spec: the sum of item heights)
    expect(o).toMatchObject({ length: 30, width: 20, height: 15, weight: 1000, converted_weight: 1800, calculate_weight: 1800, content: "Hộp A x 1, Hộp B x 2" })
    const heavy = await create({ service_type_id: 5, weight: 25000 })
    expect(heavy.json.message).toBe(line("CreateOrderRequest", "Items", "required"))
    const heavy2 = await create({ service_type_id: 5, weight: 25000, items: [{ name: "Tủ", quantity: 1 }] })
    expect(heavy2.json.message.split("\n")).toEqual(["Length", "Width", "Height", "Weight"].map((f) => line("CreateOrderRequest.Items[0]", f, "required")))
    const ok = await create({ service_type_id: 5, weight: 25000, items: [{ name: "Tủ", quantity: 1, length: 100, width: 50, height: 40, weight: 25000 }] })
    expect(ok.json.code).toBe(200)
  })

  it("service-type boundary: 2 under 20 kg, 5 at 20 kg or more or multi-parcel", async () => {
    const light = await create({ weight: 20000 })
    expect(light.status).toBe(400)
    expect(light.json.code_message).toBe("USER_ERR_COMMON")
    expect(light.json.message).toContain("20.000")
    const single = await create({ service_type_id: 5, weight: 5000, items: [{ name: "Tủ", quantity: 1, length: 50, width: 40, height: 30, weight: 5000 }] })
    expect(single.json.code_message).toBe("USER_ERR_COMMON")
    // Spec: each item of a heavy-goods order is one parcel: two items are two parcels, one item of quantity 2 is one.
    const multi = await create({ service_type_id: 5, weight: 5000, items: [1, 2].map((n) => ({ name: `Kiện ${n}`, quantity: 1, length: 50, width: 40, height: 30, weight: 2500 })) })
    expect(multi.json.code).toBe(200)
    const oneItem = await create({ service_type_id: 5, weight: 5000, items: [{ name: "Kiện", quantity: 2, length: 50, width: 40, height: 30, weight: 2500 }] })
    expect(oneItem.json.code_message).toBe("USER_ERR_COMMON")
  })

  it("ROUTE_NOT_FOUND_SERVICE (locked district) and SERVICE_NOT_FOUND_CONFIG_FEE (heavy goods to an island)", async () => {
    const r = await create({ to_ward_name: "Thị trấn Trường Sa", to_district_name: "Huyện Trường Sa", to_province_name: "Khánh Hòa" })
    expect(r.status).toBe(400)
    expect(r.json.code_message).toBe("ROUTE_NOT_FOUND_SERVICE")
    const island = { to_ward_name: "Thị trấn Cô Tô", to_district_name: "Huyện Cô Tô", to_province_name: "Quảng Ninh" }
    const light = await create(island)
    expect(light.json.code).toBe(200)
    const heavy = await create({ ...island, service_type_id: 5, weight: 25000, items: [{ name: "Tủ", quantity: 1, length: 100, width: 50, height: 40, weight: 25000 }] })
    expect(heavy.json.code_message).toBe("SERVICE_NOT_FOUND_CONFIG_FEE")
  })

  it("a shop without a pickup address fails with 'Address convert from fail' unless from_* is sent", async () => {
    const reg = await api.call(`${V2}/shop/register`, { body: { name: "Shop chưa có địa chỉ", phone: "0987000111" } })
    const shopId = reg.json.data.shop_id
    const r = await create({}, { shopId })
    expect(r.status).toBe(400)
    expect(r.json.message).toBe("Address convert from fail")
    const ok = await create({ from_ward_name: "Phường Bến Nghé", from_district_name: "Quận 1", from_province_name: "Hồ Chí Minh", from_address: "2 Công xã Paris" }, { shopId })
    expect(ok.json.code).toBe(200)
  })

  it("Preview Order: same calculation, no order, empty order_code, no message_display", async () => {
    const p = await api.call(`${V2}/shipping-order/preview`, { body: orderBody({ client_order_code: "P-1" }) })
    const c = await create({ client_order_code: "P-1" })
    expect(p.json.data.order_code).toBe("")
    expect(p.json.message_display).toBeUndefined()
    expect(p.json.data.fee).toEqual(c.json.data.fee)
    expect(p.json.data.total_fee).toBe(c.json.data.total_fee)
    expect(p.json.data.expected_delivery_time).toBe(c.json.data.expected_delivery_time)
    expect(api.sb.control.listOrders()).toHaveLength(1)
  })

  it("Order Info: one object; unknown code -> 400 'Đơn hàng không tồn tại' without code_message; missing code -> validation", async () => {
    const c = await create({ client_order_code: "INFO-1" })
    const code = c.json.data.order_code
    const r = await api.call(`${V2}/shipping-order/detail?order_code=${code}`)
    expect(r.json.code).toBe(200)
    expect(Array.isArray(r.json.data)).toBe(false)
    expect(r.json.data).toMatchObject({ order_code: code, client_order_code: "INFO-1", status: "ready_to_pick", shop_id: 190001, client_id: 2510001, cod_amount: 250000, calculate_weight: 1200 })
    expect(r.json.data.pickup_shift).toEqual({ from_time: expect.any(String), to_time: expect.any(String) })
    const u = await api.call(`${V2}/shipping-order/detail?order_code=GNOPE000`)
    expect(u.json).toEqual({ code: 400, message: "Đơn hàng không tồn tại", data: null })
    const m = await api.call(`${V2}/shipping-order/detail`)
    expect(m.json.message).toBe(line("OrderDetailRequest", "OrderCode", "required"))
  })

  it("Update Order follows the status table field by field", async () => {
    const c = await create()
    const code = c.json.data.order_code
    const upd = (body: Record<string, unknown>) => api.call(`${V2}/shipping-order/update`, { body: { order_code: code, ...body } })
    // ready_to_pick: everything
    expect((await upd({ from_name: "Kho Hà Nội", to_name: "Trần B", note: "n1" })).json).toEqual({ code: 200, message: "Success", data: null })
    expect(api.sb.control.getOrder(code)).toMatchObject({ from_name: "Kho Hà Nội", to_name: "Trần B", note: "n1" })
    // picking: not sender info nor pick_shift
    await setStatus(code, "picking")
    expect((await upd({ from_name: "Kho 2", to_name: "Trần C", weight: 1500 })).json.code).toBe(200)
    let o = api.sb.control.getOrder(code)!
    expect(o).toMatchObject({ from_name: "Kho Hà Nội", to_name: "Trần C", weight: 1500 })
    expect((o.update_log as any[]).at(-1)).toEqual({ at: expect.any(String), applied: ["to_name", "weight"], refused: ["from_name"] })
    // delivering: no content, no weight; note and receiver yes
    await setStatus(code, "picked", "storing", "transporting", "sorting", "delivering")
    await upd({ content: "Đổi", weight: 2000, note: "n2", to_phone: "0987654321" })
    o = api.sb.control.getOrder(code)!
    expect(o).toMatchObject({ content: "Áo thun", weight: 1500, note: "n2", to_phone: "0987654321" })
    // return: return_name and return_phone only
    await setStatus(code, "delivery_fail", "return")
    await upd({ return_name: "Kho trả", return_address: "Địa chỉ mới", note: "n3" })
    o = api.sb.control.getOrder(code)!
    expect(o).toMatchObject({ return_name: "Kho trả", note: "n2" })
    expect(o.return_address).not.toBe("Địa chỉ mới")
    // returned: nothing
    await setStatus(code, "returning", "returned")
    await upd({ return_name: "X", note: "n4" })
    expect(api.sb.control.getOrder(code)).toMatchObject({ return_name: "Kho trả", note: "n2" })
    // unknown order
    const u = await api.call(`${V2}/shipping-order/update`, { body: { order_code: "GNOPE000", note: "x" } })
    expect(u.json).toEqual({ code: 400, message: "Đơn hàng không tồn tại", data: null })
    const v = await api.call(`${V2}/shipping-order/update`, { body: { note: "x" } })
    expect(v.json.message).toBe(line("UpdateOrderRequest", "OrderCode", "required"))
  })

  it("Update Order: changing cod_amount needs the OTP sent by SMS to the caller's own phone (single use, TTL)", async () => {
    const c = await create()
    const code = c.json.data.order_code
    const owner = api.sb.fixture.owner
    const upd = (body: Record<string, unknown>) => api.call(`${V2}/shipping-order/update`, { body: { order_code: code, ...body } })
    const first = await upd({ cod_amount: 400000 })
    expect(first.status).toBe(400)
    expect(first.json.code_message).toBe("OTP_NOT_VALID")
    const sms = (await api.call(`/_sandbox/sms?phone=${owner.phone}`)).json as any[]
    expect(sms.at(-1)).toMatchObject({ phone: owner.phone, purpose: "update_cod", otp: expect.stringMatching(/^\d{6}$/) })
    const otp = sms.at(-1).otp
    expect((await upd({ cod_amount: 400000, otp: otp === "000000" ? "111111" : "000000" })).json.code_message).toBe("OTP_NOT_VALID")
    expect(api.sb.control.getOrder(code)!.cod_amount).toBe(250000)
    expect((await upd({ cod_amount: 400000, otp })).json.code).toBe(200)
    expect(api.sb.control.getOrder(code)!.cod_amount).toBe(400000)
    expect(api.sb.control.webhooks({ order_code: code }).map((w) => w.type)).toContain("update_cod")
    expect((await upd({ cod_amount: 500000, otp })).json.code_message).toBe("OTP_NOT_VALID")
    // expiry
    await upd({ cod_amount: 600000 })
    const otp2 = api.sb.control.lastOtp(owner.phone)!
    api.sb.control.advanceClock(301000)
    expect((await upd({ cod_amount: 600000, otp: otp2 })).json.code_message).toBe("OTP_NOT_VALID")
  })

  it("Update Order: PICKUP_TIME_ERROR for a pickup time in the past", async () => {
    const c = await create()
    const r = await api.call(`${V2}/shipping-order/update`, { body: { order_code: c.json.data.order_code, pickup_time: Math.floor(NOW / 1000) - 3600 } })
    expect(r.json.code_message).toBe("PICKUP_TIME_ERROR")
    const ok = await api.call(`${V2}/shipping-order/update`, { body: { order_code: c.json.data.order_code, pickup_time: Math.floor(NOW / 1000) + 3600 } })
    expect(ok.json.code).toBe(200)
  })

  it("Cancel Order: all-or-nothing on a bad code; result false when the status can no longer be cancelled", async () => {
    const a = (await create()).json.data.order_code
    const b = (await create()).json.data.order_code
    const bad = await api.call(`${V2}/switch-status/cancel`, { body: { order_codes: [a, "GNOPE000"] } })
    expect(bad.status).toBe(400)
    expect(bad.json).toEqual({ code: 400, message: "Đơn hàng không tồn tại", data: null })
    expect(api.sb.control.getOrder(a)!.status).toBe("ready_to_pick")
    await setStatus(b, "picking", "picked")
    const r = await api.call(`${V2}/switch-status/cancel`, { body: { order_codes: [a, b], reason_code: "SVC-CO002" } })
    expect(r.json.code).toBe(200)
    expect(r.json.data).toEqual([
      { order_code: a, result: true, message: "OK" },
      { order_code: b, result: false, message: expect.any(String) },
    ])
    expect(api.sb.control.getOrder(a)).toMatchObject({ status: "cancel", reason_code: "SVC-CO002" })
    expect(api.sb.control.getOrder(b)!.status).toBe("picked")
    const badReason = await api.call(`${V2}/switch-status/cancel`, { body: { order_codes: [a], reason_code: "NOPE" } })
    expect(badReason.json.message).toBe(line("CancelOrderRequest", "ReasonCode", "oneof"))
    // a foreign order aborts the batch too
    const f = api.sb.fixture
    const p = await api.call(`${V2}/switch-status/cancel`, { token: f.partner.token, shopId: f.partner.shop_ids[0], body: { order_codes: [b] } })
    expect(p.json.message).toBe("Đơn hàng không tồn tại")
  })

  it("Delivery Again and Return Order answer per order with GHN's exact messages", async () => {
    const a = (await create()).json.data.order_code
    const b = (await create()).json.data.order_code
    const foreign = (await api.call(`${V2}/shipping-order/create`, { token: api.sb.fixture.partner.token, shopId: api.sb.fixture.partner.shop_ids[0], body: orderBody() })).json.data.order_code
    await setStatus(a, "picking", "picked", "storing", "transporting", "sorting", "delivering", "delivery_fail", "waiting_to_return")
    const again = await api.call(`${V2}/switch-status/storing`, { body: { order_codes: [a, b, "GNOPE000", foreign] } })
    expect(again.status).toBe(200)
    expect(again.json.data).toEqual([
      { order_code: a, result: true, message: "OK" },
      { order_code: b, result: false, message: "Trạng thái đơn hàng không hợp lệ" },
      { order_code: "GNOPE000", result: false, message: "Order code không tồn tại." },
      { order_code: foreign, result: false, message: "Khách hàng không có quyền thay đổi trạng thái đơn hàng." },
    ])
    expect(api.sb.control.getOrder(a)!.status).toBe("storing")
    const ret = await api.call(`${V2}/switch-status/return`, { body: { order_codes: [a, b, "GNOPE000", foreign] } })
    expect(ret.json.data).toEqual([
      { order_code: a, result: true, message: "OK" },
      { order_code: b, result: false, message: "Trạng thái đơn hàng không hợp lệ" },
      { order_code: "GNOPE000", result: false, message: "Order code không tồn tại." },
      { order_code: foreign, result: false, message: "Khách hàng không có quyền thay đổi trạng thái đơn hàng." },
    ])
    const o = api.sb.control.getOrder(a)!
    expect(o.status).toBe("return")
    expect((o.fee as any).r2s).toBeGreaterThan(0)
  })

  it("Print: all-or-nothing ORDER_NOT_FOUND, at most 10,000 codes, HTML labels, token expiry after 30 minutes", async () => {
    const a = (await create({ cod_amount: 1234000 })).json.data.order_code
    const tooMany = await api.call(`${V2}/a5/gen-token`, { body: { order_codes: Array.from({ length: 10001 }, (_, i) => `G${i}`) } })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.message).toBe("Not support over 10000 orders")
    const bad = await api.call(`${V2}/a5/gen-token`, { body: { order_codes: [a, "GNOPE000"] } })
    expect(bad.json.code_message).toBe("ORDER_NOT_FOUND")
    const ok = await api.call(`${V2}/a5/gen-token`, { body: { order_codes: [a] } })
    const token = ok.json.data.token
    expect(typeof token).toBe("string")
    const page = await api.call(`/a5/public-api/printA5?token=${token}`, { token: null, shopId: null })
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toContain("text/html")
    expect(page.text).toContain(a)
    expect(page.text).toContain("1.234.000 đ")
    api.sb.control.advanceClock(29 * 60 * 1000)
    expect((await api.call(`/a5/public-api/print80x80?token=${token}`, { token: null, shopId: null })).status).toBe(200)
    api.sb.control.advanceClock(2 * 60 * 1000)
    const expired = await api.call(`/a5/public-api/print52x70?token=${token}`, { token: null, shopId: null })
    expect(expired.status).toBe(400)
    expect(expired.headers.get("content-type")).toContain("text/html")
    expect(expired.text).toContain("hết hạn")
    const unknown = await api.call(`/a5/public-api/printA5?token=nope`, { token: null, shopId: null })
    expect(unknown.status).toBe(404)
    expect(unknown.text).toContain("<html")
  })
})
