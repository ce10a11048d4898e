import { GHN_LIMITS } from "../../../../lib/ghn/constants"
import { NEEDS_ACTION_STATUSES } from "../../../../lib/status/needs-action"
import { accepted, refusal } from "../../../__tests__/api-answers"
import {
  AddressChoicesQuery,
  ApplyMeasuresBody,
  CodReportQuery,
  INSIGHTS_MAX_DAYS,
  InsightsQuery,
  LabelQuery,
  LabelsBody,
  NeedsActionQuery,
  ReweighQuery,
  ShipmentsQuery,
  SwitchStatusBody,
  TrustReceiverBody,
  UpdateShipmentBody,
} from "../validators"

const MAX_COD = GHN_LIMITS.createOrder.maxCodAmount
const codes = (n: number) => Array.from({ length: n }, (_, i) => `GHN${i}`)

describe("labels (POST /admin/ghn/labels, GET ...?size)", () => {
  it("takes order codes and a size, A5 unless told", async () => {
    await expect(accepted(LabelsBody, { order_codes: [" GHN1 "] })).resolves.toEqual({ order_codes: ["GHN1"], size: "A5" })
    await expect(accepted(LabelsBody, { order_codes: codes(GHN_LIMITS.print.maxOrderCodes), size: "80x80" })).resolves.toMatchObject({ size: "80x80" })
    await expect(accepted(LabelQuery, {})).resolves.toEqual({ size: "A5" })
  })

  it.each([
    ["no order codes", {}, "Field 'order_codes' is required"],
    ["an empty list", { order_codes: [] }, "Value for field 'order_codes' too small, expected at least: '1'"],
    ["more than GHN prints at once", { order_codes: codes(GHN_LIMITS.print.maxOrderCodes + 1) }, `Value for field 'order_codes' too big, expected at most: '${GHN_LIMITS.print.maxOrderCodes}'`],
    ["a code that is not text", { order_codes: [5] }, "order_codes must be GHN order codes (text), got 5"],
    ["a blank code", { order_codes: [" "] }, "Value for field 'order_codes, 0' too small, expected at least: '1'"],
    ["a size GHN has not", { order_codes: ["GHN1"], size: "A4" }, "Expected: 'A5, 80x80, 52x70' for field 'size', but got: 'A4'"],
    ["an unknown field", { order_codes: ["GHN1"], copies: 2 }, "Unrecognized fields: 'copies'"],
  ])("refuses %s", async (_, input, message) => {
    await expect(refusal(LabelsBody, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("redeliver and return (SwitchStatusBody)", () => {
  it("takes distinct order codes", async () => {
    await expect(accepted(SwitchStatusBody, { order_codes: ["GHN1", "GHN2"] })).resolves.toEqual({ order_codes: ["GHN1", "GHN2"] })
  })

  it("refuses an order listed twice, naming it", async () => {
    await expect(refusal(SwitchStatusBody, { order_codes: ["GHN1", "GHN2", "GHN1"] })).resolves.toBe("Invalid request: order_codes: GHN1 is listed twice")
  })
})

describe("a shipment's update (POST /admin/ghn/shipments/:order_code)", () => {
  it("takes the fields GHN's Update Order changes, the phone in its national form", async () => {
    await expect(accepted(UpdateShipmentBody, { note: "Gọi trước", to_phone: "+84 912 345 678", cod_amount: MAX_COD, required_note: "CHOTHUHANG" })).resolves.toEqual({
      note: "Gọi trước",
      to_phone: "0912345678",
      cod_amount: MAX_COD,
      required_note: "CHOTHUHANG",
    })
  })

  it.each([
    ["nothing to change", {}, "nothing to change: give note, required_note, to_name, to_phone, to_address, cod_amount, cod_failed_amount, pickup_time, document_return, double_check"],
    ["an OTP alone", { otp: "1234" }, "nothing to change: give note, required_note, to_name, to_phone, to_address, cod_amount, cod_failed_amount, pickup_time, document_return, double_check"],
    ["a note longer than GHN's", { note: "x".repeat(GHN_LIMITS.createOrder.maxNote + 1) }, `Value for field 'note' too big, expected at most: '${GHN_LIMITS.createOrder.maxNote}'`],
    ["a required note GHN has not", { required_note: "OPEN" }, "Expected: 'KHONGCHOXEMHANG, CHOXEMHANGKHONGTHU, CHOTHUHANG' for field 'required_note', but got: 'OPEN'"],
    ["a phone that is not Vietnamese", { to_phone: "123" }, 'to_phone must be a Vietnamese mobile (10 digits from 03, 05, 07, 08 or 09) or landline (11 digits from 02), written 0…, +84… or 84…; got "123"'],
    ["a negative COD", { cod_amount: -1 }, "Value for field 'cod_amount' too small, expected at least: '0'"],
    ["a COD over GHN's limit", { cod_amount: MAX_COD + 1 }, `Value for field 'cod_amount' too big, expected at most: '${MAX_COD}'`],
    ["a COD in fractions of a đồng", { cod_amount: 1.5 }, "Expected type: 'int' for field 'cod_amount', got: '1.5'"],
    ["a failed-delivery COD over GHN's limit", { cod_failed_amount: MAX_COD + 1 }, `Value for field 'cod_failed_amount' too big, expected at most: '${MAX_COD}'`],
    ["a pickup time before 1970", { pickup_time: -5 }, "Value for field 'pickup_time' too small, expected at least: '0'"],
    ["a field GHN does not update", { weight: 500 }, "Unrecognized fields: 'weight'"],
  ])("refuses %s", async (_, input, message) => {
    await expect(refusal(UpdateShipmentBody, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("lists' queries", () => {
  it("take their paging as text, with defaults", async () => {
    await expect(accepted(ShipmentsQuery, { limit: "20", offset: "40", status: "delivered", has_cod: "true" })).resolves.toEqual({ limit: 20, offset: 40, status: "delivered", has_cod: "true" })
    await expect(accepted(CodReportQuery, {})).resolves.toEqual({ filter: "all", format: "json", limit: 50, offset: 0 })
    await expect(accepted(AddressChoicesQuery, { limit: "200" })).resolves.toEqual({ limit: 200, offset: 0 })
  })

  it("read the Needs action statuses comma-separated, all of them by default", async () => {
    await expect(accepted(NeedsActionQuery, { status: "delivery_fail, storing" })).resolves.toMatchObject({ status: ["delivery_fail", "storing"] })
    await expect(accepted(NeedsActionQuery, {})).resolves.toMatchObject({ status: [...NEEDS_ACTION_STATUSES] })
  })

  it.each([
    ["shipments, more than 200 a page", ShipmentsQuery, { limit: "201" }, "Value for field 'limit' too big, expected at most: '200'"],
    ["shipments, a negative offset", ShipmentsQuery, { offset: "-1" }, "Value for field 'offset' too small, expected at least: '0'"],
    ["shipments, has_cod not true or false", ShipmentsQuery, { has_cod: "yes" }, "Expected: 'true, false' for field 'has_cod', but got: 'yes'"],
    ["Needs action, a status not of the queue", NeedsActionQuery, { status: "delivery_fail,delivered" }, `status: delivered is not a status of the queue (${NEEDS_ACTION_STATUSES.join(", ")})`],
    ["Needs action, more than 200 a page", NeedsActionQuery, { limit: "201" }, "Value for field 'limit' too big, expected at most: '200'"],
    ["COD report, an unknown filter", CodReportQuery, { filter: "late" }, "Expected: 'all, uncollected, untransferred, differences' for field 'filter', but got: 'late'"],
    ["COD report, a format other than json or csv", CodReportQuery, { format: "xlsx" }, "Expected: 'json, csv' for field 'format', but got: 'xlsx'"],
    ["address choices, more than 200 a page", AddressChoicesQuery, { limit: "201" }, "Value for field 'limit' too big, expected at most: '200'"],
    ["address choices, a negative offset", AddressChoicesQuery, { offset: "-1" }, "Value for field 'offset' too small, expected at least: '0'"],
  ])("refuse %s", async (_, schema, input, message) => {
    await expect(refusal(schema, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("receivers and re-weighing", () => {
  it("take a receiver's trust as a boolean, and days and measures within bounds", async () => {
    await expect(accepted(TrustReceiverBody, { trusted: false })).resolves.toEqual({ trusted: false })
    await expect(accepted(ReweighQuery, { days: "365", format: "csv" })).resolves.toEqual({ days: 365, format: "csv" })
    await expect(accepted(ApplyMeasuresBody, { weight: 0.5, height: 100_000 })).resolves.toEqual({ weight: 0.5, height: 100_000 })
  })

  it.each([
    ["trust, no answer", TrustReceiverBody, {}, "Field 'trusted' is required"],
    ["trust, not a boolean", TrustReceiverBody, { trusted: "yes" }, "Expected type: 'boolean' for field 'trusted', got: 'yes'"],
    ["re-weighing, no day", ReweighQuery, { days: "0" }, "Value for field 'days' too small, expected at least: '1'"],
    ["re-weighing, more than a year", ReweighQuery, { days: "366" }, "Value for field 'days' too big, expected at most: '365'"],
    ["measures, none", ApplyMeasuresBody, {}, "nothing to change: give weight, length, width or height"],
    ["measures, a weight of 0", ApplyMeasuresBody, { weight: 0 }, "Value for field 'weight' too small, expected at least: '0'"],
    ["measures, a side over 100,000", ApplyMeasuresBody, { length: 100_001 }, "Value for field 'length' too big, expected at most: '100000'"],
    ["measures, a weight over 1,000,000", ApplyMeasuresBody, { weight: 1_000_001 }, "Value for field 'weight' too big, expected at most: '1000000'"],
    ["measures, a weight as text", ApplyMeasuresBody, { weight: "5" }, "Expected type: 'number' for field 'weight', got: '5'"],
    ["measures, an unknown field", ApplyMeasuresBody, { weight: 5, volume: 3 }, "Unrecognized fields: 'volume'"],
  ])("refuse %s", async (_, schema, input, message) => {
    await expect(refusal(schema, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})

describe("insights (GET /admin/ghn/insights)", () => {
  it(`takes calendar days at most ${INSIGHTS_MAX_DAYS} days apart, grouped by day unless told`, async () => {
    await expect(accepted(InsightsQuery, { from: "2024-01-01", to: "2024-12-31" })).resolves.toEqual({ from: "2024-01-01", to: "2024-12-31", group: "day", format: "json" })
    await expect(accepted(InsightsQuery, { from: "2026-01-01", to: "2026-01-01", group: "week", format: "csv" })).resolves.toMatchObject({ group: "week", format: "csv" })
  })

  it.each([
    ["a day that does not exist", { from: "2026-02-30" }, "from must be a calendar day written YYYY-MM-DD"],
    ["a day written otherwise", { to: "01/02/2026" }, "to must be a calendar day written YYYY-MM-DD"],
    ["a range that ends before it starts", { from: "2026-02-01", to: "2026-01-31" }, "to (2026-01-31) must not be before from (2026-02-01)"],
    ["a range over the most", { from: "2025-01-01", to: "2026-01-02" }, `the range from 2025-01-01 to 2026-01-02 spans 367 days; at most ${INSIGHTS_MAX_DAYS}`],
    ["a group by month", { group: "month" }, "Expected: 'day, week' for field 'group', but got: 'month'"],
  ])("refuses %s", async (_, input, message) => {
    await expect(refusal(InsightsQuery, input)).resolves.toBe(`Invalid request: ${message}`)
  })
})
