jest.mock("@medusajs/medusa/core-flows", () => ({ createOrderFulfillmentWorkflow: jest.fn() }))
jest.mock("../../workflows/create-ghn-order", () => ({ createGhnOrderWorkflow: jest.fn() }))
jest.mock("../../workflows/finish-run-fulfillment", () => ({ finishRunFulfillmentWorkflow: jest.fn() }))

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { ghnProviderIdOf } from "../../lib/runtime/provider-id"
import { PICK_SHIFT_METADATA_KEY, RUN_METADATA_KEY } from "../../lib/shipping-run/shipping-run"
import { GHN_MODULE } from "../../modules/ghn"
import type { ShippingRunOrderRow, ShippingRunRow } from "../../modules/ghn/repositories/shipping-run"
import { executeShippingRun, resumeShippingRuns, unfulfilledItems } from "../shipping-runs"
import { fakeContainer, stubWorkflow } from "./fakes"

const GHN = ghnProviderIdOf("ghn")
const RUN_CREATED = new Date("2026-03-01T08:00:00Z")

type Item = { id: string; quantity: unknown; requires_shipping?: boolean | null; detail?: { fulfilled_quantity?: unknown } | null }
type Fulfillment = { id: string; provider_id?: string | null; canceled_at?: unknown; created_at?: string | Date; data?: { order_code?: string; is_return?: boolean } | null }
type Order = { id: string; status?: string; items?: Item[]; fulfillments?: Fulfillment[] }

const item = (id: string, quantity: number, fulfilled = 0): Item => ({ id, quantity, detail: { fulfilled_quantity: fulfilled } })

function runRow(over: Partial<ShippingRunRow> = {}): ShippingRunRow {
  return {
    id: "run_1", status: "running", created_by: "user_1", pick_shift: null, pick_shift_title: null, filter: null, total: 0,
    started_at: null, finished_at: null, leased_until: null, lease_owner: null, created_at: RUN_CREATED, ...over,
  } as ShippingRunRow
}

function orderRow(orderId: string): ShippingRunOrderRow {
  return { id: `row_${orderId}`, run_id: "run_1", order_id: orderId, display_id: orderId.replace("order_", ""), provider_id: GHN, status: "running" } as ShippingRunOrderRow
}

/**
 * A run's store, Medusa's query and the GHN module as the runner reads them: `orders` is what
 * Medusa holds, `queue` the run's queued orders; every settle is recorded.
 */
function fakeRun(orders: Order[], opts: { run?: Partial<ShippingRunRow>; queue?: string[]; lease?: boolean } = {}) {
  const queue = (opts.queue ?? orders.map((o) => o.id)).map(orderRow)
  const settled: Record<string, unknown> = {}
  const store = {
    lease: jest.fn(async (_runId: string, _owner: string) => opts.lease ?? true),
    get: jest.fn(async (id: string) => runRow({ id, ...opts.run })),
    renew: jest.fn(async () => true),
    claimNext: jest.fn(async (_runId: string, _owner: string): Promise<ShippingRunOrderRow | undefined> => queue.shift()),
    settle: jest.fn(async (rowId: string, result: unknown) => void (settled[rowId] = result)),
    completeIfDone: jest.fn(async (_runId: string) => queue.length === 0),
    release: jest.fn(async (_runId: string, _owner: string) => undefined),
    abandoned: jest.fn(async (): Promise<string[]> => []),
  }
  const budget = { available: jest.fn(async () => undefined) }
  const ghn = { shippingRuns: store, accountOf: jest.fn(() => ({ client: { budget } })) }
  const made = new Map<string, string>()
  const query = {
    graph: jest.fn(async ({ entity, filters }: { entity: string; filters: { id: string } }) => {
      if (entity === "order") return { data: orders.filter((o) => o.id === filters.id) }
      return { data: [{ id: filters.id, data: { order_code: made.get(filters.id) } }] }
    }),
  }
  const { container, logger } = fakeContainer({ [GHN_MODULE]: ghn, [ContainerRegistrationKeys.QUERY]: query })
  const run = stubWorkflow(createOrderFulfillmentWorkflow).mockImplementation(async ({ input }: { input: { order_id: string } }) => {
    made.set(`ful_${input.order_id}`, `GHN_${input.order_id}`)
    return { result: { id: `ful_${input.order_id}` } }
  })
  return { container, logger, store, budget, settled, run }
}

beforeEach(() => jest.clearAllMocks())

describe("unfulfilledItems", () => {
  it("lists the lines still to ship, as the admin's Fulfill items would", () => {
    const order: Order = {
      id: "order_1",
      items: [item("li_half", 2, 1), item("li_done", 1, 1), { id: "li_digital", quantity: 1, requires_shipping: false }, { id: "li_new", quantity: "3" }],
    }
    expect(unfulfilledItems(order)).toEqual([
      { id: "li_half", quantity: 1 },
      { id: "li_new", quantity: 3 },
    ])
    expect(unfulfilledItems({ id: "order_2" })).toEqual([])
  })
})

describe("executeShippingRun", () => {
  it("fulfils each claimed order's lines still to ship through Medusa's workflow, settles it created with its GHN order code, then completes the run", async () => {
    const f = fakeRun([
      { id: "order_1", status: "pending", items: [item("li_1", 2, 1), item("li_2", 1)] },
      { id: "order_2", status: "pending", items: [item("li_3", 1)] },
    ], { run: { pick_shift: 3 } })
    await executeShippingRun(f.container, "run_1")
    expect(f.store.lease).toHaveBeenCalledWith("run_1", expect.any(String))
    expect(f.run.mock.calls.map(([arg]) => arg.input)).toEqual([
      { order_id: "order_1", items: [{ id: "li_1", quantity: 1 }, { id: "li_2", quantity: 1 }], metadata: { [RUN_METADATA_KEY]: "run_1", [PICK_SHIFT_METADATA_KEY]: 3 }, created_by: "user_1" },
      { order_id: "order_2", items: [{ id: "li_3", quantity: 1 }], metadata: { [RUN_METADATA_KEY]: "run_1", [PICK_SHIFT_METADATA_KEY]: 3 }, created_by: "user_1" },
    ])
    expect(f.settled).toEqual({
      row_order_1: { status: "created", fulfillment_id: "ful_order_1", ghn_order_code: "GHN_order_1" },
      row_order_2: { status: "created", fulfillment_id: "ful_order_2", ghn_order_code: "GHN_order_2" },
    })
    expect(f.budget.available).toHaveBeenCalledTimes(2)
    expect(f.store.completeIfDone).toHaveBeenCalledWith("run_1")
    expect(f.store.release).not.toHaveBeenCalled()
  })

  it("sends nothing to GHN for an order gone, cancelled or still a draft", async () => {
    const f = fakeRun([{ id: "order_c", status: "canceled", items: [item("li_1", 1)] }, { id: "order_d", status: "draft", items: [item("li_2", 1)] }], {
      queue: ["order_gone", "order_c", "order_d"],
    })
    await executeShippingRun(f.container, "run_1")
    expect(f.run).not.toHaveBeenCalled()
    expect(f.settled).toEqual({
      // Each with its stable reason, which the admin words in its own language.
      row_order_gone: { status: "failed", error_code: "not_found", error: "order order_gone no longer exists", error_params: { reason: "order_gone" } },
      row_order_c: { status: "failed", error_code: "not_allowed", error: "order #c is canceled: nothing was sent to GHN", error_params: { reason: "order_closed", status: "canceled" } },
      row_order_d: { status: "failed", error_code: "not_allowed", error: "order #d is draft: nothing was sent to GHN", error_params: { reason: "order_closed", status: "draft" } },
    })
  })

  it("finds again the fulfilment it made before its worker stopped, and fails an order with nothing left to ship", async () => {
    const after = new Date(RUN_CREATED.getTime() + 60_000).toISOString()
    const before = new Date(RUN_CREATED.getTime() - 60_000).toISOString()
    const later = new Date(RUN_CREATED.getTime() + 120_000).toISOString()
    const shipped = [item("li_1", 1, 1)]
    const f = fakeRun([
      // Made by this run: the newest live GHN order fulfilment since the run began.
      { id: "order_mine", status: "pending", items: shipped, fulfillments: [
        { id: "ful_old", provider_id: GHN, created_at: before, data: { order_code: "GHN_OLD" } },
        { id: "ful_mine", provider_id: GHN, created_at: after, data: { order_code: "GHN_MINE" } },
        { id: "ful_return", provider_id: GHN, created_at: later, data: { order_code: "GHN_RET", is_return: true } },
        { id: "ful_cancelled", provider_id: GHN, created_at: later, canceled_at: later, data: { order_code: "GHN_X" } },
        { id: "ful_manual", provider_id: "manual_manual", created_at: later, data: { order_code: "NOT_GHN" } },
      ] },
      // Its GHN order still being made (the intents' recovery completes it).
      { id: "order_making", status: "pending", items: shipped, fulfillments: [{ id: "ful_making", provider_id: GHN, created_at: after, data: {} }] },
      // Shipped by hand, before the run or by another provider.
      { id: "order_by_hand", status: "pending", items: shipped, fulfillments: [
        { id: "ful_before", provider_id: GHN, created_at: before, data: { order_code: "GHN_B" } },
        { id: "ful_manual", provider_id: "manual_manual", created_at: after, data: null },
      ] },
    ])
    await executeShippingRun(f.container, "run_1")
    expect(f.run).not.toHaveBeenCalled()
    expect(f.settled).toEqual({
      row_order_mine: { status: "created", fulfillment_id: "ful_mine", ghn_order_code: "GHN_MINE" },
      row_order_making: {
        status: "failed",
        error_code: "not_allowed",
        error: "fulfilment ful_making holds these items and its GHN order is still being made (the intents' recovery completes it)",
        error_params: { reason: "fulfilment_pending" },
        fulfillment_id: "ful_making",
      },
      row_order_by_hand: { status: "failed", error_code: "not_allowed", error: "nothing left to ship: every item is fulfilled", error_params: { reason: "nothing_to_ship" }, fulfillment_id: null },
    })
  })

  it("records one order's failure with its code and goes on with the next", async () => {
    const f = fakeRun([
      { id: "order_1", status: "pending", items: [item("li_1", 1)] },
      { id: "order_2", status: "pending", items: [item("li_2", 1)] },
    ])
    f.run.mockRejectedValueOnce(Object.assign(new Error("the receiver's phone is not a phone"), { code: "PHONE_INVALID" }))
    await executeShippingRun(f.container, "run_1")
    expect(f.settled).toEqual({
      row_order_1: { status: "failed", error_code: "PHONE_INVALID", error: "the receiver's phone is not a phone", error_params: null },
      row_order_2: { status: "created", fulfillment_id: "ful_order_2", ghn_order_code: "GHN_order_2" },
    })
    expect(f.logger.warn).toHaveBeenCalledWith("GHN: shipping run run_1: order #1 failed: the receiver's phone is not a phone")
    expect(f.store.completeIfDone).toHaveBeenCalled()
  })

  it("claims nothing without the run's lease", async () => {
    const f = fakeRun([{ id: "order_1", status: "pending", items: [item("li_1", 1)] }], { lease: false })
    await executeShippingRun(f.container, "run_1")
    expect(f.store.claimNext).not.toHaveBeenCalled()
    expect(f.settled).toEqual({})
  })

  it("completes an empty run at once", async () => {
    const f = fakeRun([])
    await executeShippingRun(f.container, "run_1")
    expect(f.store.claimNext).toHaveBeenCalledTimes(1)
    expect(f.store.completeIfDone).toHaveBeenCalledTimes(1)
    expect(f.run).not.toHaveBeenCalled()
  })

  it("gives the lease back when claiming fails, for the resume job to continue the run elsewhere", async () => {
    const f = fakeRun([{ id: "order_1", status: "pending", items: [item("li_1", 1)] }])
    f.store.claimNext.mockRejectedValueOnce(new Error("connection reset"))
    await executeShippingRun(f.container, "run_1")
    expect(f.store.release).toHaveBeenCalledWith("run_1", expect.any(String))
    expect(f.logger.warn).toHaveBeenCalledWith("GHN: shipping run run_1 stopped in this process, the resume job continues it: connection reset")
  })

  it("runs a run once per process: a second call while it runs returns at once", async () => {
    const f = fakeRun([{ id: "order_1", status: "pending", items: [item("li_1", 1)] }])
    const first = executeShippingRun(f.container, "run_1")
    await executeShippingRun(f.container, "run_1")
    await first
    expect(f.store.lease).toHaveBeenCalledTimes(1)
    expect(f.run).toHaveBeenCalledTimes(1)
  })
})

describe("resumeShippingRuns", () => {
  it("continues each abandoned run here without waiting for it", async () => {
    const f = fakeRun([])
    f.store.abandoned.mockResolvedValueOnce(["run_a", "run_b"])
    f.store.lease.mockResolvedValue(false)
    await expect(resumeShippingRuns(f.container)).resolves.toEqual(["run_a", "run_b"])
    await new Promise((resolve) => setImmediate(resolve))
    expect(f.store.lease.mock.calls.map(([id]) => id)).toEqual(["run_a", "run_b"])
  })
})
