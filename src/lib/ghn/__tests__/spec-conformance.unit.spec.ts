/**
 * The client's request schemas read the spec neither more strictly nor more leniently than it is
 * written (docs/client.md, "Spec conformance"): what the spec allows reaches GHN (here the
 * sandbox, over HTTP) and is accepted there; what it refuses is refused before anything is sent.
 */
import { startGhnSandbox, type GhnSandbox } from "../../../sandbox"
import { orderBody } from "../../../sandbox/__tests__/helpers"
import { createGhnClient, GhnApiError, GhnInputError, type GhnClient, type GhnCreateOrderBody } from "../index"

let sb: GhnSandbox
let ghn: GhnClient

beforeAll(async () => {
  sb = await startGhnSandbox({ port: 0, quiet: true })
  ghn = createGhnClient({ environment: sb.url, token: sb.fixture.owner.token, shopId: sb.fixture.owner.shop_ids[0], timeoutMs: 5000 })
})
afterAll(async () => {
  await ghn.close()
  await sb.close()
})
beforeEach(() => sb.control.reset())
afterEach(async () => {
  // Whatever the client sent, the sandbox's strict reading of the spec found nothing to object to.
  const violations = (await (await fetch(`${sb.url}/_sandbox/violations`)).json()) as { violations: unknown[] }
  expect(violations.violations).toEqual([])
})

// The sandbox tests' Create Order body (HCM receiver by legacy names), as the client takes it.
const order = orderBody() as GhnCreateOrderBody

async function inputError(p: Promise<unknown>): Promise<GhnInputError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(GhnInputError)
    return e as GhnInputError
  }
  throw new Error("expected a GhnInputError")
}

describe("no stricter than the spec", () => {
  it("counts text limits in characters (code points), as GHN does: an emoji is one character", async () => {
    const name = "🙂".repeat(1024) // 2048 UTF-16 units, 1024 characters: at the limit
    const made = await ghn.orders.create({ ...order, to_name: name, note: "📦".repeat(5000) })
    expect(made.order_code).toMatch(/^G/)
    const e = await inputError(ghn.orders.create({ ...order, to_name: `${name}🙂` }))
    expect(e).toMatchObject({ field: "to_name", value: 1025, limit: 1024, rule: "max" })
    expect(e.message).toBe("to_name has 1025 characters, exceeding the Create Order maximum of 1024 characters")
    const ticket = await inputError(ghn.tickets.create({ order_code: "🙂".repeat(33), category: "Tư vấn", description: "x" }))
    expect(ticket).toMatchObject({ field: "order_code", value: 33, limit: 32 })
  })

  it("sends a Create Order item without name or quantity (the spec gives them a limit, not a requirement)", async () => {
    const { content: _c, ...noContent } = order
    const made = await ghn.orders.create({ ...noContent, items: [{ weight: 1200 }, { code: "SKU-2", price: 50000 }] })
    expect(made.order_code).toMatch(/^G/)
  })

  it("sends an empty list to Cancel Order, Delivery Again and Return Order, which answer an empty list", async () => {
    await expect(ghn.orders.cancel({ order_codes: [] })).resolves.toEqual([])
    await expect(ghn.orders.deliveryAgain([])).resolves.toEqual([])
    await expect(ghn.orders.returnOrder([])).resolves.toEqual([])
  })

  it("sends an empty list to Print Order (the spec states a maximum, no minimum), which answers a token", async () => {
    await expect(ghn.print.token({ order_codes: [] })).resolves.toEqual(expect.any(String))
  })

  it("asks Get Shop for a page above 200 shops (the spec states no maximum of limit)", async () => {
    await expect(ghn.shops.list({ limit: 500 })).resolves.toEqual(expect.objectContaining({ shops: expect.any(Array) }))
  })
})

describe("no more lenient than the spec", () => {
  it("counts each item as one parcel, whatever its quantity: one item of 3 units under 20 kg is no heavy goods", async () => {
    const item = { name: "Hộp", quantity: 3, length: 30, width: 20, height: 20, weight: 3000 }
    const e = await inputError(ghn.orders.create({ ...order, service_type_id: 5, weight: 9000, items: [item] }))
    expect(e).toMatchObject({ field: "service_type_id", value: 5, limit: 20000 })
    const quote = await inputError(ghn.fees.calculate({ weight: 9000, to_district_id: 1442, to_ward_code: "20109", service_type_id: 5, items: [item] }))
    expect(quote).toMatchObject({ field: "service_type_id", value: 5 })
    // Two items are two parcels: heavy goods, accepted by GHN.
    const made = await ghn.orders.create({ ...order, service_type_id: 5, weight: 9000, items: [item, { ...item, name: "Hộp 2", quantity: 1 }] })
    expect(made.order_code).toMatch(/^G/)
  })

  it("reads a zero size or weight of a heavy-goods item as missing, as GHN's 'required' does", async () => {
    const e = await inputError(
      ghn.orders.create({ ...order, service_type_id: 5, weight: 25000, items: [{ name: "Tủ", quantity: 1, length: 100, width: 0, height: 40, weight: 25000 }] })
    )
    expect(e.issues.map((i) => [i.field, i.rule])).toEqual([["items[0].width", "required"]])
    const quote = await inputError(
      ghn.fees.calculate({ weight: 25000, to_district_id: 1442, to_ward_code: "20109", service_type_id: 5, items: [{ name: "a", quantity: 1, weight: 12000 }, { name: "b", quantity: 1, weight: 0 }] })
    )
    expect(quote).toMatchObject({ field: "items[1].weight", rule: "required" })
  })

  it("reads a parcel of 20 kg or more sent without a type as heavy goods, as GHN does: items required (none, or an empty list)", async () => {
    const { service_type_id: _s, ...untyped } = order
    const e = await inputError(ghn.orders.create({ ...untyped, weight: 25000 }))
    expect(e).toMatchObject({ field: "items", rule: "required" })
    const empty = await inputError(ghn.orders.create({ ...order, service_type_id: 5, weight: 25000, items: [] }))
    expect(empty).toMatchObject({ field: "items", value: 0, rule: "required" })
    const quote = await inputError(ghn.fees.calculate({ weight: 25000, to_district_id: 1442, to_ward_code: "20109" }))
    expect(quote).toMatchObject({ field: "items", rule: "required" })
    // With its one parcel, GHN quotes and creates it as heavy goods.
    const items = [{ name: "Tủ", quantity: 1, length: 100, width: 60, height: 50, weight: 25000 }]
    const route = sb.fixture.route
    await expect(ghn.fees.calculate({ weight: 25000, to_district_id: route.to_district_id, to_ward_code: route.to_ward_code, items })).resolves.toEqual(expect.objectContaining({ total: expect.any(Number) }))
    const made = await ghn.orders.create({ ...untyped, weight: 25000, items })
    expect(sb.control.getOrder(made.order_code)).toMatchObject({ service_type_id: 5 })
  })

  it("holds light goods to 'under 20 kg' by the items' total when the order declares no weight", async () => {
    const { weight: _w, ...noWeight } = order
    const e = await inputError(ghn.orders.create({ ...noWeight, items: [{ name: "Gạo", quantity: 2, weight: 12000 }] }))
    expect(e).toMatchObject({ field: "items", value: 24000, limit: 19999, rule: "max" })
  })
})

describe("Update Order's fields of the status table", () => {
  it("moves the pickup time and sets document_return and double_check; a past pickup time is GHN's PICKUP_TIME_ERROR", async () => {
    const { order_code } = await ghn.orders.create(order)
    const inTwoDays = Math.floor(sb.control.now() / 1000) + 2 * 86400
    await ghn.orders.update({ order_code, pickup_time: inTwoDays, document_return: true, double_check: true })
    const kept = sb.control.getOrder(order_code)!
    expect(kept).toMatchObject({ document_return: true, double_check: true, pickup_time: new Date(inTwoDays * 1000).toISOString().replace(/\.\d{3}Z$/, "Z") })
    const past = ghn.orders.update({ order_code, pickup_time: Math.floor(sb.control.now() / 1000) - 3600 })
    await expect(past).rejects.toBeInstanceOf(GhnApiError)
    await expect(past).rejects.toMatchObject({ code_message: "PICKUP_TIME_ERROR" })
    const e = await inputError(ghn.orders.update({ order_code, pickup_time: -5, document_return: "yes" as never }))
    expect(e.issues.map((i) => i.field)).toEqual(["pickup_time", "document_return"])
  })
})
