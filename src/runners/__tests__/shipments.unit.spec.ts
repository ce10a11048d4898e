jest.mock("../../workflows/apply-ghn-shipment", () => ({ applyGhnShipmentWorkflow: jest.fn() }))
jest.mock("../../workflows/capture-ghn-cod", () => ({ captureGhnCodWorkflow: jest.fn() }))

import { MAX_CALLBACK_ATTEMPTS, retryDelayMs } from "../../lib/status/webhook"
import { GHN_MODULE } from "../../modules/ghn"
import { captureGhnCodWorkflow } from "../../workflows/capture-ghn-cod"
import { applyGhnShipmentWorkflow } from "../../workflows/apply-ghn-shipment"
import { applyGhnCallback, applyGhnShipment, applyPendingGhnEvents, recoveryPass, applyGhnOrderInfo } from "../shipments"
import { fakeContainer, stubWorkflow } from "./fakes"
import { ghnProviderIdOf } from "../../lib/runtime/provider-id"

type Callback = { id: string; order_code: string; unknown_order?: boolean; processed_at?: Date | null }

/** The GHN module as these runners use it: stored callbacks, shipments, accounts' Order Info. */
function fakeGhn(opts: { callbacks?: Callback[]; shipments?: { order_code: string; shop_id?: number; provider_id?: string }[] } = {}) {
  const info = jest.fn(async (code: string) => ({ order_code: code, status: "delivering", updated_date: "2026-01-02T03:04:05.000Z", cod_amount: 50000, weight: 700 }))
  return {
    info,
    listGhnWebhookEvents: jest.fn(async (filter: { id?: string }) => (filter.id ? (opts.callbacks ?? []).filter((c) => c.id === filter.id) : opts.callbacks ?? [])),
    listGhnShipments: jest.fn(async (filter: { order_code?: string[] }) =>
      (opts.shipments ?? []).filter((s) => !filter.order_code || filter.order_code.includes(s.order_code)).map((s) => ({ shop_id: 1, provider_id: `fp_${ghnProviderIdOf("ghn")}`, ...s }))
    ),
    markCallbacksFailed: jest.fn(async () => undefined),
    accountOf: jest.fn(() => ({ client: { orders: { info } } })),
  }
}

const applied = (status = "picked", ids = ["cb_1"]) => ({ result: { found: true, applied_event_ids: ids, status } })
const notFound = { result: { found: false, applied_event_ids: [] } }

beforeEach(() => jest.clearAllMocks())

describe("applyGhnShipment", () => {
  it("runs the shipment's workflow once and says what it did", async () => {
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockResolvedValueOnce(applied("delivering"))
    await expect(applyGhnShipment(container, "GHN1")).resolves.toEqual({ outcome: "applied", status: "delivering" })
    expect(run).toHaveBeenCalledWith({ input: { order_code: "GHN1", event: undefined } })
    expect(ghn.markCallbacksFailed).not.toHaveBeenCalled()
  })

  it("is waiting while the store has no shipment for the code, done when nothing was pending", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn() })
    stubWorkflow(applyGhnShipmentWorkflow).mockResolvedValueOnce(notFound).mockResolvedValueOnce(applied("picked", []))
    await expect(applyGhnShipment(container, "GHN1")).resolves.toMatchObject({ outcome: "waiting" })
    await expect(applyGhnShipment(container, "GHN1")).resolves.toEqual({ outcome: "done", status: "picked" })
  })

  it("counts what Order Info just said as applied, with no stored callback", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn() })
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockResolvedValueOnce(applied("delivered", []))
    const event = { type: "order_info", time: "2026-01-02T03:04:05.000Z", status: "delivered", source: "admin" as const }
    await expect(applyGhnShipment(container, "GHN1", event)).resolves.toEqual({ outcome: "applied", status: "delivered" })
    expect(run).toHaveBeenCalledWith({ input: { order_code: "GHN1", event } })
  })

  it("records a failure on the stored callbacks with the back-off, never throws", async () => {
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    stubWorkflow(applyGhnShipmentWorkflow).mockRejectedValueOnce(new Error("lock timeout"))
    const result = await applyGhnShipment(container, "GHN1")
    expect(result.outcome).toBe("failed")
    expect(result.error?.message).toBe("lock timeout")
    expect(ghn.markCallbacksFailed).toHaveBeenCalledWith("GHN1", "lock timeout", retryDelayMs)
  })
})

describe("applyGhnCallback (the webhook's event)", () => {
  it("applies the event's order code", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn() })
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockResolvedValue(applied())
    await expect(applyGhnCallback(container, { event_id: "cb_1", order_code: "GHN1" })).resolves.toBe("applied")
    expect(run).toHaveBeenCalledTimes(1)
    expect(run).toHaveBeenCalledWith({ input: { order_code: "GHN1", event: undefined } })
  })

  it("reads an older version's event (its callback id only) from the stored callback", async () => {
    const ghn = fakeGhn({ callbacks: [{ id: "cb_1", order_code: "GHN7", processed_at: null }] })
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockResolvedValue(applied())
    await expect(applyGhnCallback(container, { event_id: "cb_1" })).resolves.toBe("applied")
    expect(run).toHaveBeenCalledWith({ input: { order_code: "GHN7", event: undefined } })
  })

  it("is done without a run when the stored callback is gone or already applied", async () => {
    const ghn = fakeGhn({ callbacks: [{ id: "cb_done", order_code: "GHN7", processed_at: new Date() }] })
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(applyGhnShipmentWorkflow)
    await expect(applyGhnCallback(container, { event_id: "cb_gone" })).resolves.toBe("done")
    await expect(applyGhnCallback(container, { event_id: "cb_done" })).resolves.toBe("done")
    expect(run).not.toHaveBeenCalled()
  })

  it("coalesces a burst of one shipment's events into one more run after the running one", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn() })
    let finish!: () => void
    const run = stubWorkflow(applyGhnShipmentWorkflow)
      .mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve(applied()))))
      .mockResolvedValue(applied("storing"))
    const first = applyGhnCallback(container, { event_id: "cb_1", order_code: "GHN1" })
    await expect(applyGhnCallback(container, { event_id: "cb_2", order_code: "GHN1" })).resolves.toBe("done")
    await expect(applyGhnCallback(container, { event_id: "cb_3", order_code: "GHN1" })).resolves.toBe("done")
    finish()
    await expect(first).resolves.toBe("applied")
    expect(run).toHaveBeenCalledTimes(2)
    // Once the burst is over, the next event runs again.
    await applyGhnCallback(container, { event_id: "cb_4", order_code: "GHN1" })
    expect(run).toHaveBeenCalledTimes(3)
  })

  it("does not run again after a failure (the stored tries and the recovery pass take over)", async () => {
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    let fail!: () => void
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockImplementationOnce(() => new Promise((_, reject) => (fail = () => reject(new Error("GHN down")))))
    const first = applyGhnCallback(container, { event_id: "cb_1", order_code: "GHN1" })
    await applyGhnCallback(container, { event_id: "cb_2", order_code: "GHN1" })
    fail()
    await expect(first).resolves.toBe("failed")
    expect(run).toHaveBeenCalledTimes(1)
    expect(ghn.markCallbacksFailed).toHaveBeenCalledWith("GHN1", "GHN down", retryDelayMs)
  })
})

describe("applyPendingGhnEvents (the recovery pass's callbacks)", () => {
  it("does nothing when nothing is due", async () => {
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(applyGhnShipmentWorkflow)
    await expect(applyPendingGhnEvents(container)).resolves.toEqual({ applied: 0, waiting: 0, failed: 0, done: 0, seen: 0 })
    expect(run).not.toHaveBeenCalled()
    expect(ghn.listGhnShipments).not.toHaveBeenCalled()
  })

  it("reads only callbacks with tries left and due, oldest first in GHN time", async () => {
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    stubWorkflow(applyGhnShipmentWorkflow)
    await applyPendingGhnEvents(container, { limit: 20 })
    const [filter, config] = ghn.listGhnWebhookEvents.mock.calls[0] as unknown as [Record<string, unknown>, Record<string, unknown>]
    expect(filter).toMatchObject({ processed_at: null, attempts: { $lt: MAX_CALLBACK_ATTEMPTS } })
    expect(config).toMatchObject({ order: { event_time: "ASC" }, take: 20 })
  })

  it("runs once per shipment, and leaves unknown orders' callbacks waiting until their shipment exists", async () => {
    const ghn = fakeGhn({
      callbacks: [
        { id: "cb_1", order_code: "A" },
        { id: "cb_2", order_code: "A" },
        { id: "cb_3", order_code: "NOW_KNOWN", unknown_order: true },
        { id: "cb_4", order_code: "STILL_UNKNOWN", unknown_order: true },
        { id: "cb_5", order_code: "STILL_UNKNOWN", unknown_order: true },
        { id: "cb_6", order_code: "B" },
      ],
      shipments: [{ order_code: "NOW_KNOWN" }],
    })
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockImplementation(async ({ input }: { input: { order_code: string } }) => {
      if (input.order_code === "B") throw new Error("GHN down")
      return applied()
    })
    await expect(applyPendingGhnEvents(container)).resolves.toEqual({ applied: 2, waiting: 2, failed: 1, done: 0, seen: 6 })
    expect(run.mock.calls.map(([arg]) => arg.input.order_code)).toEqual(["A", "NOW_KNOWN", "B"])
    expect(ghn.listGhnShipments).toHaveBeenCalledWith({ order_code: ["NOW_KNOWN", "STILL_UNKNOWN"] }, { select: ["order_code"] })
    expect(ghn.markCallbacksFailed).toHaveBeenCalledWith("B", "GHN down", retryDelayMs)
  })
})

describe("applyGhnOrderInfo (polling, the admin's refresh)", () => {
  it("asks Order Info in the order given and applies each answer as the source's event", async () => {
    const ghn = fakeGhn({ shipments: [{ order_code: "B", shop_id: 2 }, { order_code: "A", shop_id: 1 }] })
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockResolvedValue(applied("delivering", []))
    await expect(applyGhnOrderInfo(container, ["A", "B"], "poll")).resolves.toEqual([
      { order_code: "A", status: "delivering" },
      { order_code: "B", status: "delivering" },
    ])
    expect(ghn.info.mock.calls).toEqual([
      ["A", { shopId: 1, background: true }],
      ["B", { shopId: 2, background: true }],
    ])
    expect(run.mock.calls[0][0].input).toMatchObject({
      order_code: "A",
      event: { type: "order_info", time: "2026-01-02T03:04:05.000Z", status: "delivering", source: "poll", cod_amount: 50000, weight: 700 },
    })
  })

  it("reports GHN's failure without a run, and a failed run with its error", async () => {
    const ghn = fakeGhn({ shipments: [{ order_code: "A" }, { order_code: "B" }] })
    const ghnDown = new Error("GHN 500")
    ghn.info.mockRejectedValueOnce(ghnDown)
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const run = stubWorkflow(applyGhnShipmentWorkflow).mockRejectedValue(new Error("lock timeout"))
    const [a, b] = await applyGhnOrderInfo(container, ["A", "B"])
    expect(a).toEqual({ order_code: "A", error: "GHN 500", cause: ghnDown })
    expect(b).toMatchObject({ order_code: "B", error: "lock timeout" })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it("asks nothing for codes the store does not have", async () => {
    const ghn = fakeGhn()
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    stubWorkflow(applyGhnShipmentWorkflow)
    await expect(applyGhnOrderInfo(container, ["NOPE"])).resolves.toEqual([])
    expect(ghn.info).not.toHaveBeenCalled()
  })
})

describe("recoveryPass", () => {
  it("applies the due callbacks, then captures the due CODs", async () => {
    const ghn = fakeGhn({ callbacks: [{ id: "cb_1", order_code: "A" }], shipments: [{ order_code: "A" }] })
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    const order: string[] = []
    stubWorkflow(applyGhnShipmentWorkflow).mockImplementation(async () => (order.push("apply"), applied()))
    stubWorkflow(captureGhnCodWorkflow).mockImplementation(async () => (order.push("capture"), { result: { kind: "capture" } }))
    await expect(recoveryPass(container)).resolves.toEqual({
      callbacks: { applied: 1, waiting: 0, failed: 0, done: 0, seen: 1 },
      cod: { due: 1, captured: 1 },
    })
    expect(order).toEqual(["apply", "capture"])
  })
})

describe("codCheckMoves (when an application refreshes the order's COD check)", () => {
  it("refreshes on a COD change and on a parcel cancelled or delivered (or leaving those), not on a move in transit", () => {
    const { codCheckMoves } = jest.requireActual("../shipments") as typeof import("../shipments")
    expect(codCheckMoves({ status_changed: true, previous_status: "picked", status: "storing" })).toBe(false)
    expect(codCheckMoves({ status_changed: false, status: "delivering" })).toBe(false)
    expect(codCheckMoves({ status_changed: false, status: "delivering", cod_changed: true })).toBe(true)
    expect(codCheckMoves({ status_changed: true, previous_status: "delivering", status: "delivered" })).toBe(true)
    expect(codCheckMoves({ status_changed: true, previous_status: "ready_to_pick", status: "cancel" })).toBe(true)
  })
})
