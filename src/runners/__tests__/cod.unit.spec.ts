jest.mock("../../workflows/capture-ghn-cod", () => ({ captureGhnCodWorkflow: jest.fn() }))
jest.mock("../../workflows/utils/cod-checks", () => ({ orderCodChecks: jest.fn() }))

import { GHN_MODULE } from "../../modules/ghn"
import { captureGhnCodWorkflow } from "../../workflows/capture-ghn-cod"
import { orderCodChecks } from "../../workflows/utils/cod-checks"
import { backfillOrderCodChecks, CAPTURE_RETRY_AFTER_MS, captureDueGhnCod, captureGhnCod } from "../cod"
import { fakeContainer, stubWorkflow } from "./fakes"

function fakeGhn(due: { id?: string; order_code: string }[] = []) {
  return {
    listGhnShipments: jest.fn(async (_filter: Record<string, unknown>, _config?: Record<string, unknown>) => due),
    updateGhnShipments: jest.fn(async () => undefined),
  }
}

beforeEach(() => jest.clearAllMocks())

describe("captureGhnCod", () => {
  it("runs the capture workflow for the order code and answers its result", async () => {
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(captureGhnCodWorkflow).mockResolvedValue({ result: { kind: "capture", amount: 150000 } })
    await expect(captureGhnCod(container, "GHN1")).resolves.toEqual({ kind: "capture", amount: 150000 })
    expect(run).toHaveBeenCalledWith({ input: { order_code: "GHN1" } })
    expect(ghn.updateGhnShipments).not.toHaveBeenCalled()
  })

  it("runs again while a part of the COD is left (the COD payment's, then a collection's), at most three parts", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn() })
    const run = stubWorkflow(captureGhnCodWorkflow)
      .mockResolvedValueOnce({ result: { kind: "capture", amount: 400000, more: true } })
      .mockResolvedValueOnce({ result: { kind: "mark_paid", amount: 100000, more: false } })
    await expect(captureGhnCod(container, "GHN1")).resolves.toEqual({ kind: "mark_paid", amount: 100000, more: false })
    expect(run).toHaveBeenCalledTimes(2)
    const always = stubWorkflow(captureGhnCodWorkflow).mockResolvedValue({ result: { kind: "capture", amount: 1, more: true } })
    await captureGhnCod(container, "GHN2")
    expect(always).toHaveBeenCalledTimes(3)
  })

  it("records a failure on the shipment for the admin, with its time (the recovery pass retries it a minute later), warns and answers null", async () => {
    const ghn = fakeGhn([{ id: "ghnship_1", order_code: "GHN1" }])
    const { container, logger } = fakeContainer({ [GHN_MODULE]: ghn })
    stubWorkflow(captureGhnCodWorkflow).mockRejectedValue(new Error("payment provider down"))
    await expect(captureGhnCod(container, "GHN1")).resolves.toBeNull()
    expect(ghn.listGhnShipments).toHaveBeenCalledWith({ order_code: "GHN1" }, { select: ["id"] })
    // A run that failed before it marked the parcel (the order's lock held by a killed process) has no other time: without it, never retried.
    expect(ghn.updateGhnShipments).toHaveBeenCalledWith({ id: "ghnship_1", cod_capture_status: "failed", cod_capture_error: "payment provider down", cod_captured_at: expect.any(Date) })
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("GHN1 could not be captured: payment provider down"))
  })

  it("records nothing when the shipment is gone", async () => {
    const ghn = fakeGhn([])
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    stubWorkflow(captureGhnCodWorkflow).mockRejectedValue(new Error("boom"))
    await expect(captureGhnCod(container, "GHN1")).resolves.toBeNull()
    expect(ghn.updateGhnShipments).not.toHaveBeenCalled()
  })
})

describe("captureDueGhnCod (the recovery pass's second half)", () => {
  afterEach(() => jest.useRealTimers())

  it("asks for delivered COD shipments never tried, stopped midway, or failed at least CAPTURE_RETRY_AFTER_MS ago", async () => {
    jest.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") })
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    stubWorkflow(captureGhnCodWorkflow)
    await captureDueGhnCod(container, { limit: 7 })
    const [filter, config] = ghn.listGhnShipments.mock.calls[0]
    expect(filter).toMatchObject({ status: "delivered", is_return: false, cod_amount: { $gt: 0 }, order_id: { $ne: null } })
    expect(filter.$or).toEqual([
      { cod_capture_status: null },
      { cod_capture_status: "capturing" },
      { cod_capture_status: "failed", cod_captured_at: { $lte: new Date(Date.parse("2026-03-01T10:00:00Z") - CAPTURE_RETRY_AFTER_MS) } },
    ])
    expect(CAPTURE_RETRY_AFTER_MS).toBe(60_000)
    expect(config).toMatchObject({ take: 7, order: { cod_captured_at: "ASC" } })
  })

  it("captures each due shipment in turn and counts only the captures made", async () => {
    const ghn = fakeGhn([{ order_code: "A" }, { order_code: "B" }, { order_code: "C" }, { order_code: "D" }])
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(captureGhnCodWorkflow)
      .mockResolvedValueOnce({ result: { kind: "capture" } })
      .mockResolvedValueOnce({ result: { kind: "captured" } })
      .mockRejectedValueOnce(new Error("payment provider down"))
      .mockResolvedValueOnce({ result: { kind: "skip", reason: "captureCodOnDelivery is off" } })
    await expect(captureDueGhnCod(container)).resolves.toEqual({ due: 4, captured: 1 })
    expect(run.mock.calls.map(([arg]) => arg.input.order_code)).toEqual(["A", "B", "C", "D"])
  })

  it("captures nothing when nothing is due", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn() })
    const run = stubWorkflow(captureGhnCodWorkflow)
    await expect(captureDueGhnCod(container)).resolves.toEqual({ due: 0, captured: 0 })
    expect(run).not.toHaveBeenCalled()
  })
})

describe("backfillOrderCodChecks (orders shipped before the COD check existed)", () => {
  it("checks every order without a check, a keyset page at a time, moving past an order Medusa no longer has", async () => {
    const pages: Record<string, string[]> = { "": ["order_a", "order_b"], order_b: ["order_c"] }
    const ghn = {
      ordersWithoutCodCheck: jest.fn(async (after: string, _limit: number) => pages[after] ?? []),
      saveOrderCodChecks: jest.fn(async () => undefined),
    }
    const { container } = fakeContainer({ [GHN_MODULE]: ghn, query: {} })
    const check = { order_cod: 100000, order_cod_due: 100000, order_cod_difference: 0 }
    // order_b is gone from Medusa: no check for it, and the next page still comes.
    ;(orderCodChecks as jest.Mock).mockImplementation(async (_ghn: unknown, _query: unknown, ids: string[]) => ({
      displayIds: new Map(),
      checks: new Map(ids.filter((id) => id !== "order_b").map((id) => [id, check])),
    }))
    await expect(backfillOrderCodChecks(container, { batch: 2 })).resolves.toEqual({ checked: 3 })
    expect(ghn.ordersWithoutCodCheck.mock.calls).toEqual([["", 2], ["order_b", 2]])
    expect(ghn.saveOrderCodChecks.mock.calls).toEqual([[[{ order_id: "order_a", ...check }]], [[{ order_id: "order_c", ...check }]]])
  })

  it("asks once and checks nothing when every order has its check", async () => {
    const ghn = { ordersWithoutCodCheck: jest.fn(async () => []), saveOrderCodChecks: jest.fn() }
    const { container } = fakeContainer({ [GHN_MODULE]: ghn, query: {} })
    await expect(backfillOrderCodChecks(container)).resolves.toEqual({ checked: 0 })
    expect(ghn.ordersWithoutCodCheck).toHaveBeenCalledWith("", 200)
    expect(ghn.saveOrderCodChecks).not.toHaveBeenCalled()
  })
})
