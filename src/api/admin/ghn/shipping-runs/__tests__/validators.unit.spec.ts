import { MAX_RUN_ORDERS } from "../../../../../lib/shipping-run/shipping-run"
import { accepted, refusal } from "../../../../__tests__/api-answers"
import { CreateShippingRunBody, HandoverQuery, ScanBody, ReadyToShipQuery, RunLabelsQuery, ShippingRunsQuery } from "../validators"

const ids = (n: number) => Array.from({ length: n }, (_, i) => `order_${i}`)
const EITHER = "give either order_ids (the orders chosen) or filter (every order ready to ship that matches it)"

describe("Ready to ship (GET /admin/ghn/ready-to-ship)", () => {
  it("reads its filters and paging from text", async () => {
    await expect(accepted(ReadyToShipQuery, { placed_from: "2026-03-01", payment: "cod", service_type_id: "5", problems_only: "true", limit: "200" })).resolves.toEqual({
      placed_from: new Date("2026-03-01T00:00:00.000Z"),
      payment: "cod",
      service_type_id: 5,
      problems_only: true,
      limit: 200,
      offset: 0,
    })
    await expect(accepted(ReadyToShipQuery, {})).resolves.toEqual({ problems_only: false, limit: 50, offset: 0 })
  })

  it.each([
    ["a date that is none", { placed_to: "yesterday" }, "Expected type: 'date' for field 'placed_to', got: 'yesterday'"],
    ["a payment other than cod or prepaid", { payment: "card" }, "Expected: 'cod, prepaid' for field 'payment', but got: 'card'"],
    ["a service GHN does not sell here", { service_type_id: "3" }, "service_type_id must be 2 (light goods) or 5 (heavy goods)"],
    ["a blank location", { location_id: " " }, "Value for field 'location_id' too small, expected at least: '1'"],
    ["more than 200 a page", { limit: "201" }, "Value for field 'limit' too big, expected at most: '200'"],
    ["a negative offset", { offset: "-1" }, "Value for field 'offset' too small, expected at least: '0'"],
  ])("refuses %s", async (_, input, message) => {
    await expect(refusal(ReadyToShipQuery, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("a shipping run (POST /admin/ghn/shipping-runs)", () => {
  it("takes the orders chosen, or a filter, and a pickup shift", async () => {
    await expect(accepted(CreateShippingRunBody, { order_ids: ids(MAX_RUN_ORDERS), pick_shift: 2 })).resolves.toMatchObject({ pick_shift: 2 })
    await expect(accepted(CreateShippingRunBody, { filter: { payment: "prepaid" } })).resolves.toEqual({ filter: { payment: "prepaid", problems_only: false } })
  })

  it.each([
    ["neither orders nor a filter", {}, EITHER],
    ["both orders and a filter", { order_ids: ["order_1"], filter: {} }, EITHER],
    ["an empty selection", { order_ids: [] }, "Value for field 'order_ids' too small, expected at least: '1'"],
    ["more orders than a run takes", { order_ids: ids(MAX_RUN_ORDERS + 1) }, `Value for field 'order_ids' too big, expected at most: '${MAX_RUN_ORDERS}'`],
    ["an order listed twice", { order_ids: ["order_1", "order_2", "order_1"] }, "order_ids: order_1 is listed twice"],
    ["a pickup shift that is no id", { order_ids: ["order_1"], pick_shift: "morning" }, "Expected type: 'number' for field 'pick_shift', got: 'morning'"],
    ["a filter GHN's list has not", { filter: { color: "red" } }, "Unrecognized fields: 'color'"],
    ["an unknown field", { order_ids: ["order_1"], dry_run: true }, "Unrecognized fields: 'dry_run'"],
  ])("refuses %s", async (_, input, message) => {
    await expect(refusal(CreateShippingRunBody, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("a run's list, labels and handover sheet", () => {
  it("take paging, a label size and a sheet format, with defaults", async () => {
    await expect(accepted(ShippingRunsQuery, {})).resolves.toEqual({ limit: 20, offset: 0 })
    await expect(accepted(RunLabelsQuery, { size: "52x70" })).resolves.toEqual({ size: "52x70" })
    await expect(accepted(HandoverQuery, {})).resolves.toEqual({ format: "html" })
    await expect(accepted(HandoverQuery, { format: "pdf", shop_id: "190001" })).resolves.toEqual({ format: "pdf", shop_id: 190001 })
  })

  it("reads a scanned code as compared: spaces and control characters dropped, upper case", async () => {
    await expect(accepted(ScanBody, { code: " lbk3qx\r\n" })).resolves.toEqual({ code: "LBK3QX" })
    await expect(accepted(ScanBody, { code: "1042-1" })).resolves.toEqual({ code: "1042-1" })
  })

  it.each([
    ["runs, more than 100 a page", ShippingRunsQuery, { limit: "101" }, "Value for field 'limit' too big, expected at most: '100'"],
    ["labels, a size GHN has not", RunLabelsQuery, { size: "A4" }, "Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'A4'"],
    ["handover, a format other than csv, html or pdf", HandoverQuery, { format: "docx" }, "Expected: 'csv, html, pdf' for field 'format', but got: 'docx'"],
    ["handover, a shop that is no id", HandoverQuery, { shop_id: "abc" }, "Expected type: 'number' for field 'shop_id', got: 'abc'"],
    ["a scan of nothing", ScanBody, { code: "  \r\n" }, "code must be a GHN code or a client order code: letters, digits, \"-\", \"_\" or \".\", at most 64"],
    ["a scan of markup", ScanBody, { code: "<script>" }, "code must be a GHN code or a client order code: letters, digits, \"-\", \"_\" or \".\", at most 64"],
    ["a scan longer than a code", ScanBody, { code: "A".repeat(201) }, "Value for field 'code' too big, expected at most: '200'"],
    ["a scan with another field", ScanBody, { code: "LBK3QX", run_id: "x" }, "Unrecognized fields: 'run_id'"],
  ])("refuse %s", async (_, schema, input, message) => {
    await expect(refusal(schema, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})
