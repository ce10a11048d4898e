jest.mock("../../workflows/recover-ghn-intent", () => ({ recoverGhnIntentWorkflow: jest.fn() }))

import { PENDING_GRACE_MS } from "../../lib/parcel/create-intent"
import { GHN_MODULE } from "../../modules/ghn"
import { recoverGhnIntentWorkflow } from "../../workflows/recover-ghn-intent"
import { dueGhnIntents, recoverGhnIntents } from "../intents"
import { fakeContainer, stubWorkflow } from "./fakes"

type Filter = { status: string; updated_at?: { $lt: Date }; next_attempt_at?: { $lte: Date } }

function fakeGhn(due: { pending?: string[]; orphan?: string[] } = {}) {
  return {
    listGhnCreateIntents: jest.fn(async (filter: Filter, _config: Record<string, unknown>) => (due[filter.status as "pending" | "orphan"] ?? []).map((id) => ({ id }))),
  }
}

const NOW = Date.parse("2026-03-01T10:00:00Z")

beforeEach(() => jest.clearAllMocks())
afterEach(() => jest.useRealTimers())

describe("dueGhnIntents", () => {
  it("finds pending intents older than the grace and orphans whose next try has come, each oldest first", async () => {
    jest.useFakeTimers({ now: NOW })
    const ghn = fakeGhn({ pending: ["int_p1", "int_p2"], orphan: ["int_o1"] })
    const { container } = fakeContainer({ [GHN_MODULE]: ghn })
    await expect(dueGhnIntents(container, 10)).resolves.toEqual(["int_p1", "int_p2", "int_o1"])
    expect(ghn.listGhnCreateIntents).toHaveBeenCalledWith(
      { status: "pending", updated_at: { $lt: new Date(NOW - PENDING_GRACE_MS) } },
      { select: ["id"], take: 10, order: { updated_at: "ASC" } }
    )
    expect(ghn.listGhnCreateIntents).toHaveBeenCalledWith(
      { status: "orphan", next_attempt_at: { $lte: new Date(NOW) } },
      { select: ["id"], take: 10, order: { next_attempt_at: "ASC" } }
    )
  })
})

describe("recoverGhnIntents", () => {
  it("runs each due intent in its own workflow run; one failure stops no other", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn({ pending: ["int_1", "int_2"], orphan: ["int_3"] }) })
    const run = stubWorkflow(recoverGhnIntentWorkflow)
      .mockResolvedValueOnce({ result: { intent_id: "int_1", outcome: "created", order_code: "GHN1" } })
      .mockRejectedValueOnce(new Error("GHN 500"))
      .mockResolvedValueOnce({ result: { intent_id: "int_3", outcome: "cancelled", order_code: "GHN3" } })
    await expect(recoverGhnIntents(container)).resolves.toEqual([
      { intent_id: "int_1", outcome: "created", order_code: "GHN1" },
      { intent_id: "int_2", outcome: "unchanged", error: "GHN 500" },
      { intent_id: "int_3", outcome: "cancelled", order_code: "GHN3" },
    ])
    expect(run.mock.calls.map(([arg]) => arg.input)).toEqual([{ intent_id: "int_1" }, { intent_id: "int_2" }, { intent_id: "int_3" }])
  })

  it("runs nothing when no intent is due", async () => {
    const { container } = fakeContainer({ [GHN_MODULE]: fakeGhn() })
    const run = stubWorkflow(recoverGhnIntentWorkflow)
    await expect(recoverGhnIntents(container)).resolves.toEqual([])
    expect(run).not.toHaveBeenCalled()
  })
})
