/**
 * Input validation: a violation throws GhnInputError naming field, value and limit, and
 * nothing reaches the server.
 */
import { calculateFeeBodySchema, createGhnClient, GhnInputError, GHN_LIMITS, TICKET_CATEGORIES, type GhnClient } from "../index"
import { useRecordingServer } from "./recording-server"

const TOKEN = "val-token-abcdef0123456789"
const srv = useRecordingServer()
let ghn: GhnClient
let noShop: GhnClient

beforeEach(() => {
  ghn = createGhnClient({ environment: srv.url, token: TOKEN, shopId: 885, timeoutMs: 2000 })
  noShop = createGhnClient({ environment: srv.url, token: TOKEN, timeoutMs: 2000 })
})
afterEach(async () => {
  // nothing may have been sent by any test of this file
  expect(srv.requests).toHaveLength(0)
  await ghn.close()
  await noShop.close()
})

async function inputError(p: Promise<unknown> | (() => unknown)): Promise<GhnInputError> {
  try {
    await (typeof p === "function" ? p() : p)
  } catch (e) {
    expect(e).toBeInstanceOf(GhnInputError)
    return e as GhnInputError
  }
  throw new Error("expected a GhnInputError")
}

const order = { to_name: "A", to_phone: "0912345678", to_address: "x", to_district_name: "Quận 1", content: "áo", weight: 500 }
const fee = { weight: 500, to_district_id: 1442, to_ward_code: "20109" }
/** One parcel of heavy goods as items (a body of 20 kg or more without a type is heavy goods: items required). */
const heavyItems = (weight: number) => [{ name: "tủ", quantity: 1, length: 100, width: 60, height: 50, weight }]

describe("orders", () => {
  it("Create Order weight cap: 50000 g", async () => {
    const e = await inputError(ghn.orders.create({ ...order, weight: 60000, items: heavyItems(60000) }))
    expect(e.message).toBe("weight = 60000 exceeds the Create Order maximum of 50000 g")
    expect(e).toMatchObject({ field: "weight", value: 60000, limit: 50000, rule: "max", operation: "orders.create" })
  })

  it("several failures are all reported, the first in the message", async () => {
    const e = await inputError(
      ghn.orders.create({ ...order, weight: 60000, items: heavyItems(60000), length: 201, cod_amount: 50_000_001, insurance_value: 5_000_001, required_note: "XEM" as never }),
    )
    expect(e.issues.map((i) => i.field)).toEqual(["weight", "length", "cod_amount", "insurance_value", "required_note"])
    expect(e.issues[1]).toMatchObject({ field: "length", value: 201, limit: 200 })
    expect(e.issues[1]!.message).toBe("length = 201 exceeds the Create Order maximum of 200 cm")
    expect(e.issues[2]!.message).toBe("cod_amount = 50000001 exceeds the Create Order maximum of 50000000 VND")
    expect(e.issues[4]).toMatchObject({ field: "required_note", value: "XEM", limit: ["KHONGCHOXEMHANG", "CHOXEMHANGKHONGTHU", "CHOTHUHANG"], rule: "oneof" })
    expect(e.message).toMatch(/^weight = 60000 exceeds the Create Order maximum of 50000 g \(and 4 more: length, cod_amount, insurance_value, required_note\)$/)
  })

  it("service_type_id 2 is for goods under 20,000 g, in Create Order and Calculate Fee (spec: 2 = under 20 kg)", async () => {
    const created = await inputError(ghn.orders.create({ ...order, service_type_id: 2, weight: 20000 } as never))
    expect(created).toMatchObject({ field: "weight", value: 20000, limit: 19999, rule: "max" })
    expect(created.message).toMatch(/service_type_id 2 \(light goods, under 20000 g\): use service_type_id 5/)
    const quoted = await inputError(ghn.fees.calculate({ ...fee, service_type_id: 2, weight: 25000 }))
    expect(quoted).toMatchObject({ field: "weight", value: 25000, limit: 19999 })
  })

  it("a body of 20 kg or more without a type is heavy goods (5) in Create Order and Calculate Fee alike: items required, an empty list too", async () => {
    const created = await inputError(ghn.orders.create({ ...order, weight: 25000 }))
    expect(created).toMatchObject({ field: "items", rule: "required", limit: 1 })
    expect(created.message).toMatch(/items is required by Create Order when service_type_id is 5 \(a parcel of 20,000 g or more sent without service_type_id is heavy goods\)/)
    const quoted = await inputError(ghn.fees.calculate({ ...fee, weight: 25000 }))
    expect(quoted).toMatchObject({ field: "items", rule: "required" })
    const empty = await inputError(ghn.orders.create({ ...order, service_type_id: 5, weight: 25000, items: [] }))
    expect(empty).toMatchObject({ field: "items", value: 0, rule: "required" })
    const unsized = await inputError(ghn.orders.create({ ...order, weight: 25000, items: [{ name: "tủ", quantity: 1 }] }))
    expect(unsized.issues.map((i) => i.field)).toEqual(["items[0].length", "items[0].width", "items[0].height", "items[0].weight"])
  })

  it("Create Order COD cap is 50,000,000 (a value above the fee cap is fine)", async () => {
    const e = await inputError(ghn.orders.create({ ...order, cod_amount: 60_000_000 }))
    expect(e).toMatchObject({ field: "cod_amount", limit: GHN_LIMITS.createOrder.maxCodAmount })
  })

  it("text lengths", async () => {
    const cases: Array<[string, number]> = [
      ["to_name", 1024],
      ["to_address", 1024],
      ["from_name", 1024],
      ["from_address", 1024],
      ["return_name", 1024],
      ["return_address", 1024],
      ["client_order_code", 50],
      ["content", 2000],
      ["note", 5000],
    ]
    for (const [field, max] of cases) {
      const e = await inputError(ghn.orders.create({ ...order, [field]: "x".repeat(max + 1) }))
      expect(e).toMatchObject({ field, value: max + 1, limit: max, rule: "max" })
      expect(e.message).toBe(`${field} has ${max + 1} characters, exceeding the Create Order maximum of ${max} characters`)
    }
    const e = await inputError(ghn.orders.create({ ...order, items: [{ name: "n".repeat(513), quantity: 1 }] }))
    expect(e).toMatchObject({ field: "items[0].name", value: 513, limit: 512 })
  })

  it("items[].quantity >= 1", async () => {
    const e = await inputError(ghn.orders.create({ ...order, items: [{ name: "a", quantity: 1 }, { name: "b", quantity: 0 }] }))
    expect(e).toMatchObject({ field: "items[1].quantity", value: 0, limit: 1, rule: "min" })
    expect(e.message).toBe("items[1].quantity = 0 is below the Create Order minimum of 1")
  })

  it("service_type_id 5 requires items with length, width, height and weight", async () => {
    let e = await inputError(ghn.orders.create({ ...order, service_type_id: 5, weight: 25000 }))
    expect(e).toMatchObject({ field: "items", rule: "required" })
    e = await inputError(ghn.orders.create({ ...order, service_type_id: 5, weight: 30000, items: [{ name: "tủ", quantity: 1, length: 100, weight: 30000 }] }))
    expect(e.issues.map((i) => i.field)).toEqual(["items[0].width", "items[0].height"])
  })

  it("content is required when items is absent; service_type_id must be 2 or 5", async () => {
    const { content: _c, ...noContent } = order
    let e = await inputError(ghn.orders.create(noContent))
    expect(e).toMatchObject({ field: "content", limit: "required" })
    e = await inputError(ghn.orders.create({ ...order, service_type_id: 3 as never }))
    expect(e).toMatchObject({ field: "service_type_id", value: 3, limit: [2, 5] })
  })

  it("to_district_name per address model", async () => {
    const { to_district_name: _d, ...noDistrict } = order
    let e = await inputError(ghn.orders.create(noDistrict))
    expect(e).toMatchObject({ field: "to_district_name", limit: "required" })
    e = await inputError(ghn.orders.preview({ ...order, is_new_to_address: true }))
    expect(e).toMatchObject({ field: "to_district_name", operation: "orders.preview" })
  })

  it("to_district_name is required for the legacy model even with a to_district_id (the spec names no ids in Create Order)", async () => {
    // Spec, Create Order: "to_district_name | String | Required when is_new_to_address is false"; the
    // recipient block names to_ward_name, to_district_name, to_province_name, and no district or ward id.
    const { to_district_name: _d, ...noDistrict } = order
    const e = await inputError(ghn.orders.create({ ...noDistrict, to_district_id: 1442, to_ward_code: "20109" }))
    expect(e).toMatchObject({ operation: "orders.create" })
    // The ids are no Create Order fields at all: refused, named, beside the missing name.
    expect(e.issues.map((i) => [i.field, i.limit])).toEqual(expect.arrayContaining([["to_district_name", "required"], ["to_district_id", "not in the spec"]]))
  })

  it("heavy goods (5) take 20 kg or more, or several parcels: a single light parcel is refused as type 5", async () => {
    const e = await inputError(ghn.orders.create({ ...order, service_type_id: 5, weight: 5000, items: [{ name: "hộp", quantity: 1, length: 20, width: 20, height: 20, weight: 5000 }] }))
    expect(e).toMatchObject({ field: "service_type_id", value: 5, limit: 20000 })
    expect(e.message).toMatch(/a single parcel of 5000 g is light goods/)
  })

  it("wrong types are named", async () => {
    const e = await inputError(ghn.orders.create({ ...order, weight: 12.5 }))
    expect(e).toMatchObject({ field: "weight", value: 12.5, rule: "type" })
    expect(e.message).toMatch(/weight = 12.5 must be an integer/)
  })

  it("update: order_code required, same caps", async () => {
    let e = await inputError(ghn.orders.update({ order_code: "", weight: 1 }))
    expect(e.field).toBe("order_code")
    e = await inputError(ghn.orders.update({ order_code: "A1", cod_amount: 50_000_001 }))
    expect(e).toMatchObject({ field: "cod_amount", limit: 50_000_000, operation: "orders.update" })
    expect(e.message).toBe("cod_amount = 50000001 exceeds the Update Order maximum of 50000000 VND")
  })

  it("cancel / delivery again / return: codes are not empty; reason_code from the list", async () => {
    let e = await inputError(ghn.orders.cancel({ order_codes: ["A"], reason_code: "NOPE" as never }))
    expect(e.field).toBe("reason_code")
    e = await inputError(ghn.orders.deliveryAgain([""]))
    expect(e.operation).toBe("orders.deliveryAgain")
    e = await inputError(ghn.orders.returnOrder([""]))
    expect(e.field).toBe("order_codes[0]")
    e = await inputError(ghn.orders.info(""))
    expect(e.field).toBe("order_code")
  })
})

describe("ShopId", () => {
  it("missing where required: GhnInputError naming shopId, nothing sent", async () => {
    const calls: Array<() => Promise<unknown>> = [
      () => noShop.orders.create(order),
      () => noShop.orders.preview(order),
      () => noShop.orders.update({ order_code: "A" }),
      () => noShop.orders.info("A"),
      () => noShop.orders.cancel({ order_codes: ["A"] }),
      () => noShop.orders.deliveryAgain(["A"]),
      () => noShop.orders.returnOrder(["A"]),
      () => noShop.fees.calculate(fee),
      () => noShop.fees.leadtime({ to_district_id: 1, to_ward_code: "1" }),
      () => noShop.services.available({ shop_id: 1, from_district: 1, to_district: 2 }),
      () => noShop.print.token({ order_codes: ["A"] }),
      () => noShop.masterData.provinces(),
      () => noShop.shops.create({ name: "x" }),
    ]
    for (const call of calls) {
      const e = await inputError(call())
      expect(e.field).toBe("shopId")
      expect(e.limit).toBe("required")
      expect(e.message).toMatch(/^shopId is required by /)
    }
  })

  it("Get Service needs a body shop_id (defaulted from the client)", async () => {
    const e = await inputError(noShop.services.available({ from_district: 1, to_district: 2 }))
    expect(e.field).toBe("shop_id")
  })

  it("a per-call shopId must be a positive integer", async () => {
    const e = await inputError(ghn.fees.calculate(fee, { shopId: -1 }))
    expect(e).toMatchObject({ field: "shopId", value: -1 })
  })
})

describe("fees", () => {
  it("weight: required, non-zero, max 1,600,000", async () => {
    let e = await inputError(ghn.fees.calculate({ ...fee, weight: 0 }))
    expect(e).toMatchObject({ field: "weight", value: 0, limit: 1 })
    expect(e.message).toBe("weight = 0 is below the Calculate Fee minimum of 1 g")
    e = await inputError(ghn.fees.calculate({ ...fee, weight: 1_600_001, items: [{ name: "tủ", quantity: 1 }] }))
    expect(e.message).toBe("weight = 1600001 exceeds the Calculate Fee maximum of 1600000 g")
    const { weight: _w, ...noWeight } = fee
    e = await inputError(ghn.fees.calculate(noWeight as never))
    expect(e).toMatchObject({ field: "weight", limit: "required" })
  })

  it("the caps differ: 60 kg passes the fee schema but Create Order refuses it", async () => {
    expect(calculateFeeBodySchema.safeParse({ ...fee, weight: 60000, cod_value: 10_000_000 }).success).toBe(true)
    const e = await inputError(ghn.orders.create({ ...order, weight: 60000 }))
    expect(e.limit).toBe(50000)
  })

  it("cod_value cap is 10,000,000 on Calculate Fee; insurance 5,000,000; sides 200", async () => {
    let e = await inputError(ghn.fees.calculate({ ...fee, cod_value: 10_000_001 }))
    expect(e.message).toBe("cod_value = 10000001 exceeds the Calculate Fee maximum of 10000000 VND")
    e = await inputError(ghn.fees.calculate({ ...fee, insurance_value: 5_000_001 }))
    expect(e).toMatchObject({ field: "insurance_value", limit: 5_000_000 })
    e = await inputError(ghn.fees.calculate({ ...fee, height: 250 }))
    expect(e).toMatchObject({ field: "height", value: 250, limit: 200 })
  })

  it("to_district_id and to_ward_code are required", async () => {
    const e = await inputError(ghn.fees.calculate({ weight: 500 } as never))
    expect(e.issues.map((i) => i.field)).toEqual(["to_district_id", "to_ward_code"])
    const l = await inputError(ghn.fees.leadtime({ to_district_id: 1 } as never))
    expect(l.field).toBe("to_ward_code")
  })

  it("type 5 needs items; multi-parcel items need weights; quantity >= 1", async () => {
    let e = await inputError(ghn.fees.calculate({ ...fee, service_type_id: 5, weight: 25000 }))
    expect(e.field).toBe("items")
    e = await inputError(ghn.fees.calculate({ ...fee, service_type_id: 5, items: [{ name: "a", quantity: 1, weight: 1 }, { name: "b", quantity: 1 }] }))
    expect(e.field).toBe("items[1].weight")
    e = await inputError(ghn.fees.calculate({ ...fee, items: [{ name: "a", quantity: 0 }] }))
    expect(e).toMatchObject({ field: "items[0].quantity", value: 0, limit: 1 })
  })
})

describe("print and tickets", () => {
  it("print: at most 10,000 codes (no minimum: an empty list is sent, spec-conformance.unit.spec.ts)", async () => {
    const codes = Array.from({ length: 10_001 }, (_, i) => `C${i}`)
    const e = await inputError(ghn.print.token({ order_codes: codes }))
    expect(e).toMatchObject({ field: "order_codes", value: 10_001, limit: 10_000 })
    expect(e.message).toBe("order_codes has 10001 entries, exceeding the Print Order maximum of 10000")
  })

  it("print.labelUrl refuses an unknown size", async () => {
    const e = await inputError(() => ghn.print.labelUrl("t", "A4" as never))
    expect(e.field).toBe("size")
  })

  const ticket = { order_code: "GHN123", category: TICKET_CATEGORIES[1], description: "móp" }

  it("ticket order_code 1..32, category exactly as spelled, description 1..2000", async () => {
    let e = await inputError(ghn.tickets.create({ ...ticket, order_code: "" }))
    expect(e).toMatchObject({ field: "order_code", value: 0, limit: 1 })
    e = await inputError(ghn.tickets.create({ ...ticket, order_code: "x".repeat(33) }))
    expect(e).toMatchObject({ field: "order_code", value: 33, limit: 32 })
    e = await inputError(ghn.tickets.create({ ...ticket, category: "Khieu nai" as never }))
    expect(e).toMatchObject({ field: "category", value: "Khieu nai", limit: [...TICKET_CATEGORIES] })
    e = await inputError(ghn.tickets.create({ ...ticket, description: "d".repeat(2001) }))
    expect(e).toMatchObject({ field: "description", value: 2001, limit: 2000 })
    e = await inputError(ghn.tickets.reply({ ticket_id: 1, description: "" }))
    expect(e.field).toBe("description")
  })

  it("ticket_id: a positive integer", async () => {
    for (const id of [0, -3, 1.5, Number.NaN]) {
      const e = await inputError(ghn.tickets.reply({ ticket_id: id, description: "x" }))
      expect(e.field).toBe("ticket_id")
    }
    expect((await inputError(ghn.tickets.get(0))).field).toBe("ticket_id")
    expect((await inputError(ghn.tickets.reply({ ticket_id: "12" as never, description: "x" }))).field).toBe("ticket_id")
  })

  it("attachments: at most 10, each <= 2 MB, allowed extensions, .csv refused", async () => {
    const f = (filename: string, size = 10) => ({ filename, content: new Uint8Array(size) })
    let e = await inputError(ghn.tickets.create({ ...ticket, attachments: Array.from({ length: 11 }, (_, i) => f(`${i}.png`)) }))
    expect(e).toMatchObject({ field: "attachments", value: 11, limit: 10 })
    e = await inputError(ghn.tickets.create({ ...ticket, attachments: [f("big.pdf", 2 * 1024 * 1024 + 1)] }))
    expect(e).toMatchObject({ field: "attachments[0]", value: 2 * 1024 * 1024 + 1, limit: 2 * 1024 * 1024, rule: "max" })
    e = await inputError(ghn.tickets.create({ ...ticket, attachments: [f("ok.png"), f("data.csv")] }))
    expect(e).toMatchObject({ field: "attachments[1]", value: "data.csv", rule: "extension" })
    expect(e.message).toMatch(/\.csv files are refused/)
    e = await inputError(ghn.tickets.reply({ ticket_id: 1, description: "x", attachments: [f("run.exe")] }))
    expect(e.field).toBe("attachments[0]")
  })

  it("affiliate required fields", async () => {
    expect((await inputError(ghn.affiliate.getOtp({ phone: "" }))).field).toBe("phone")
    expect((await inputError(ghn.affiliate.createShopByOtp({ phone: "09", otp: "" }))).field).toBe("otp")
    expect((await inputError(ghn.affiliate.addStaffByOtp({ phone: "09", otp: "1" } as never))).field).toBe("shop_id")
    expect((await inputError(ghn.affiliate.findShopAfterFailure({}))).rule).toBe("required")
  })

  it("master data and shops", async () => {
    expect((await inputError(ghn.masterData.districts(0))).field).toBe("province_id")
    expect((await inputError(ghn.masterData.wards(-1))).field).toBe("district_id")
    expect((await inputError(ghn.masterData.newProvinces({ limit: 201 }))).limit).toBe(200)
    expect((await inputError(ghn.shops.list({ offset: -1 }))).field).toBe("offset")
    expect((await inputError(ghn.shops.create({ name: "" }))).field).toBe("name")
  })
})

describe("createGhnClient options", () => {
  it("environment / baseUrl / token are checked; the token value is never echoed", () => {
    expect(() => createGhnClient({ token: "t" })).toThrow(/environment .* or baseUrl is required/)
    expect(() => createGhnClient({ environment: "prod", token: "t" })).toThrow(/not "production", "staging" or an http\(s\):\/\/ URL/)
    expect(() => createGhnClient({ environment: "production", token: "" })).toThrow(/token is required/)
    expect(() => createGhnClient({ environment: "production", token: "t", shopId: 0 })).toThrow(GhnInputError)
    expect(() => createGhnClient({ environment: "production", token: "t", timeoutMs: 0 })).toThrow(/timeoutMs/)
    const c = createGhnClient({ environment: "http://127.0.0.1:5410///", token: "t" })
    expect(c.baseUrl).toBe("http://127.0.0.1:5410")
    expect(c.environment).toBe("custom")
    void c.close()
    const p = createGhnClient({ environment: "production", token: "t" })
    expect(p.baseUrl).toBe("https://online-gateway.ghn.vn")
    void p.close()
  })
})
