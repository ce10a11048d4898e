/**
 * Every documented error shape of the spec, over real HTTP.
 */
import { createGhnClient, GhnApiError, GhnError, type GhnClient } from "../index"
import { fail, ok, useRecordingServer } from "./recording-server"

const TOKEN = "err-token-abcdef0123456789"
const srv = useRecordingServer()
let ghn: GhnClient

beforeEach(() => {
  ghn = createGhnClient({ environment: srv.url, token: TOKEN, shopId: 885, timeoutMs: 3000, retry: { minDelayMs: 1, maxDelayMs: 5 } })
})
afterEach(async () => {
  await ghn.close()
})

async function caught(p: Promise<unknown>): Promise<GhnApiError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(GhnApiError)
    expect(e).toBeInstanceOf(GhnError)
    return e as GhnApiError
  }
  throw new Error("expected a GhnApiError")
}

const order = { to_name: "A", to_phone: "0912345678", to_address: "x", to_district_name: "Quận 1", content: "áo", weight: 500 }

describe("GhnApiError shapes", () => {
  it("validation lines are parsed into fields", async () => {
    const message = [
      "Key: 'CreateOrderRequest.ToName' Error:Field validation for 'ToName' failed on the 'required' tag",
      "Key: 'CreateOrderRequest.Items[0].Quantity' Error:Field validation for 'Quantity' failed on the 'min' tag",
    ].join("\n")
    srv.enqueue(fail(400, message, "USER_ERR_COMMON", "Lỗi dữ liệu"))
    const e = await caught(ghn.orders.create(order))
    expect(e.status).toBe(400)
    expect(e.code).toBe(400)
    expect(e.code_message).toBe("USER_ERR_COMMON")
    expect(e.code_message_value).toBe("Lỗi dữ liệu")
    expect(e.ghn_message).toBe(message)
    expect(e.fields).toEqual([
      { field: "ToName", rule: "required", key: "CreateOrderRequest.ToName" },
      { field: "Quantity", rule: "min", key: "CreateOrderRequest.Items[0].Quantity" },
    ])
    expect(e.operation).toBe("orders.create")
    expect(e.retryable).toBe(false)
    expect(e.message).toBe(`GHN orders.create failed (400 USER_ERR_COMMON): ${message}`)
    expect(srv.requests).toHaveLength(1)
  })

  it("code_message errors (e.g. OTP_NOT_VALID) keep code and value", async () => {
    srv.enqueue(fail(400, "OTP không hợp lệ", "OTP_NOT_VALID", "Mã OTP không hợp lệ"))
    const e = await caught(ghn.affiliate.createShopByOtp({ phone: "0987654321", otp: "000000" }))
    expect(e.code_message).toBe("OTP_NOT_VALID")
    expect(e.fields).toEqual([])
    expect(e.message).toBe("GHN affiliate.createShopByOtp failed (400 OTP_NOT_VALID): OTP không hợp lệ")
  })

  it("errors without code_message (Add Staff unknown shop; route failure)", async () => {
    srv.enqueue(fail(400, "Shop khong ton tai"))
    const e = await caught(ghn.affiliate.addStaffByOtp({ phone: "0987654321", otp: "1", shop_id: 5 }))
    expect(e.code_message).toBeUndefined()
    expect(e.ghn_message).toBe("Shop khong ton tai")
    expect(e.message).toBe("GHN affiliate.addStaffByOtp failed (400): Shop khong ton tai")
  })

  it("ticket errors carry only code, message and data null", async () => {
    srv.enqueue({ status: 404, json: { code: 404, message: "order not found", data: null } })
    const e = await caught(ghn.tickets.create({ order_code: "NOPE", category: "Tư vấn", description: "?" }))
    expect(e.status).toBe(404)
    expect(e.code).toBe(404)
    expect(e.code_message).toBeUndefined()
    expect(e.data).toBeNull()
    expect(srv.requests).toHaveLength(1)
  })

  it("401: the message says tokens are per environment", async () => {
    srv.enqueue(fail(401, "Authorization header is required!"))
    const e = await caught(ghn.shifts.list())
    expect(e.status).toBe(401)
    expect(e.message).toMatch(/GHN shifts\.list failed \(401\): Authorization header is required!/)
    expect(e.message).toMatch(/staging token is refused on production and vice versa/)
    expect(e.retryable).toBe(false)
    expect(srv.requests).toHaveLength(1)
  })

  it("403: permission error is not retried", async () => {
    srv.enqueue(fail(403, "Forbidden"))
    const e = await caught(ghn.orders.info("GHN1"))
    expect(e.status).toBe(403)
    expect(e.message).toMatch(/permission/)
    expect(srv.requests).toHaveLength(1)
  })

  it("Get Service: HTTP 200 with an empty body is SHOP_NOT_FOUND", async () => {
    srv.enqueue({ status: 200, body: "" })
    const e = await caught(ghn.services.available({ shop_id: 123, from_district: 1, to_district: 2 }))
    expect(e.status).toBe(200)
    expect(e.code_message).toBe("SHOP_NOT_FOUND")
    expect(e.message).toMatch(/shop_id 123/)
    expect(e.retryable).toBe(false)
    expect(srv.requests).toHaveLength(1)
  })

  it("an empty 200 body elsewhere is an EMPTY_RESPONSE error, not a crash", async () => {
    srv.enqueue({ status: 200, body: "" })
    const e = await caught(ghn.orders.update({ order_code: "A1", note: "x" }))
    expect(e.code_message).toBe("EMPTY_RESPONSE")
  })

  it("Cancel: HTTP 400 all-or-nothing is thrown; result false is returned", async () => {
    srv.enqueue(fail(400, "Đơn hàng không tồn tại"))
    const e = await caught(ghn.orders.cancel({ order_codes: ["A1", "BAD"] }))
    expect(e.status).toBe(400)
    expect(e.data).toBeNull()
    expect(e.ghn_message).toBe("Đơn hàng không tồn tại")
    srv.enqueue(ok([{ order_code: "A1", result: false, message: "ref-123-abc - Không thể hủy đơn ở trạng thái này" }]))
    const res = await ghn.orders.cancel({ order_codes: ["A1"] })
    expect(res[0]!.result).toBe(false)
    expect(res[0]!.reason).toBe("Không thể hủy đơn ở trạng thái này")
  })

  it("Delivery Again / Return Order: HTTP 200 all failing is returned, not thrown", async () => {
    const entries = [
      { order_code: "A", result: false, message: "Trạng thái đơn hàng không hợp lệ" },
      { order_code: "B", result: false, message: "Order code không tồn tại." },
      { order_code: "C", result: false, message: "Khách hàng không có quyền thay đổi trạng thái đơn hàng." },
    ]
    srv.enqueue(ok(entries), ok(entries))
    const again = await ghn.orders.deliveryAgain(["A", "B", "C"])
    const back = await ghn.orders.returnOrder(["A", "B", "C"])
    expect(again.every((r) => r.result === false)).toBe(true)
    expect(back.map((r) => r.message)).toEqual(entries.map((e) => e.message))
  })

  it("message as an array is joined with '; '", async () => {
    srv.enqueue(fail(400, ["Số điện thoại không hợp lệ", "to_phone invalid"], "PHONE_INVALID"))
    const e = await caught(ghn.orders.create(order))
    expect(e.ghn_message).toBe("Số điện thoại không hợp lệ; to_phone invalid")
    expect(e.message).toBe("GHN orders.create failed (400 PHONE_INVALID): Số điện thoại không hợp lệ; to_phone invalid")
  })

  it("HTTP 200 with a failure code in the body is an error (both status and code are checked)", async () => {
    srv.enqueue({ status: 200, json: { code: 400, message: "Address convert from fail", data: null, code_message: "USER_ERR_COMMON" } })
    const e = await caught(ghn.orders.create(order))
    expect(e.status).toBe(200)
    expect(e.code).toBe(400)
    expect(e.message).toBe("GHN orders.create failed (HTTP 200, code 400 USER_ERR_COMMON): Address convert from fail")
  })

  it("HTTP 200 whose body has no numeric code is no success: INVALID_RESPONSE, never retried (the envelope's code mirrors the status)", async () => {
    for (const body of [{ message: "Success", data: { total: 1 } }, { code: "Success", message: "Success", data: { total: 1 } }, { code: "", data: { total: 1 } }, { code: null, data: { total: 1 } }]) {
      srv.enqueue({ status: 200, json: body })
      const e = await caught(ghn.fees.calculate({ weight: 500, to_district_id: 1442, to_ward_code: "20109" }))
      expect([JSON.stringify(body), e.code_message, e.retryable]).toEqual([JSON.stringify(body), "INVALID_RESPONSE", false])
      expect(e.message).toMatch(/no numeric code|not a GHN envelope/)
    }
    // A digit string is GHN's number, as everywhere else.
    srv.enqueue({ status: 200, json: { code: "200", message: "Success", data: { total: 33000 } } })
    await expect(ghn.fees.calculate({ weight: 500, to_district_id: 1442, to_ward_code: "20109" })).resolves.toMatchObject({ total: 33000 })
  })

  it("a success whose data does not fit the schema is a GhnApiError INVALID_RESPONSE", async () => {
    srv.enqueue(ok({ unexpected: true }))
    const e = await caught(ghn.fees.leadtime({ to_district_id: 1, to_ward_code: "1" }))
    expect(e.code_message).toBe("INVALID_RESPONSE")
    expect(e.message).toMatch(/fees\.leadtime returned a response the client does not understand \(data\.leadtime/)
    expect(e.retryable).toBe(false)
    expect(srv.requests).toHaveLength(1)
  })

  it("non-JSON bodies (an HTML gateway page) are GhnApiError with a snippet", async () => {
    srv.enqueue({ status: 200, body: "<html>hello</html>" })
    const e = await caught(ghn.orders.update({ order_code: "A1" }))
    expect(e.code_message).toBe("INVALID_RESPONSE")
    expect(e.ghn_message).toMatch(/non-JSON response: <html>hello<\/html>/)
  })

  it("SERVER_ERROR_COMMON 500 on a non-retried call: one request, retryable flag set", async () => {
    srv.enqueue(fail(500, "SMS failed", "SERVER_ERROR_COMMON"))
    const e = await caught(ghn.affiliate.getOtp({ phone: "0987654321" }))
    expect(e.status).toBe(500)
    expect(e.retryable).toBe(true)
    expect(e.attempts).toBe(1)
    expect(srv.requests).toHaveLength(1)
  })

  it("Print: ORDER_NOT_FOUND aborts the batch", async () => {
    srv.enqueue(fail(400, "Order not found", "ORDER_NOT_FOUND"))
    const e = await caught(ghn.print.token({ order_codes: ["A", "B"] }))
    expect(e.code_message).toBe("ORDER_NOT_FOUND")
    expect(srv.requests).toHaveLength(1)
  })

  it("Get Ticket: the transient 404 is retried exactly once, then thrown", async () => {
    srv.enqueue({ status: 404, json: { code: 404, message: "ticket not found", data: null } }, ok({ id: 9 }))
    expect((await ghn.tickets.get(9)).id).toBe(9)
    expect(srv.requests).toHaveLength(2)

    srv.reset()
    srv.setFallback({ status: 404, json: { code: 404, message: "ticket not found", data: null } })
    try {
      const e = await caught(ghn.tickets.get(9))
      expect(e.status).toBe(404)
      expect(e.attempts).toBe(2)
      expect(srv.requests).toHaveLength(2)
    } finally {
      srv.setFallback({ status: 500, json: { code: 500, message: "no scripted response", data: null } })
    }
  })
})
