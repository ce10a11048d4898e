import { MAX_CALLBACK_ATTEMPTS } from "../../../../lib/status/webhook"
import { CallbackRepository } from "../callback"
import { fakeBaseRepository } from "./fake-manager"

const parsed = { type: "switch_status", status: "picked", time: "2026-11-20T08:00:00.000Z", source: "webhook" }
/** A callback body as GHN sends it (stored before callbacks were kept parsed). */
const legacyBody = { Type: "switch_status", Status: "picked", OrderCode: "GHN1", Time: "2026-11-20T08:00:00.000Z" }

describe("the callback repository", () => {
  it("hands the pending callbacks over parsed, parsing and keeping an old one, and sets aside one GHN cannot send", async () => {
    const { baseRepository, statements } = fakeBaseRepository((sql) =>
      sql.startsWith("select")
        ? [
            { id: "ghnevt_1", event: parsed, body: null },
            { id: "ghnevt_2", event: null, body: legacyBody },
            { id: "ghnevt_3", event: null, body: { hello: "world" } },
          ]
        : []
    )
    const pending = await new CallbackRepository({ baseRepository }).parsePending("GHN1")
    expect(pending.map((p) => p.id)).toEqual(["ghnevt_1", "ghnevt_2"])
    expect(pending[1].event).toMatchObject({ type: "switch_status", status: "picked" })
    const [, keep, setAside] = statements
    expect(keep.sql).toBe("update ghn_webhook_event set event = ?::jsonb, body = null where id = ?")
    expect(keep.bindings[1]).toBe("ghnevt_2")
    expect(setAside.sql).toMatch(/^update ghn_webhook_event set attempts = \?, next_attempt_at = null, error = \?/)
    expect(setAside.bindings[0]).toBe(MAX_CALLBACK_ATTEMPTS)
    expect(setAside.bindings[1]).toMatch(/^not a callback GHN can send: /)
    expect(statements).toHaveLength(3)
  })

  it("counts a failed try on each pending callback of the order code, in one transaction, with the delay of its own count", async () => {
    const { baseRepository, statements } = fakeBaseRepository((sql) =>
      sql.startsWith("select")
        ? [
            { id: "ghnevt_1", attempts: 0 },
            { id: "ghnevt_2", attempts: 7 },
          ]
        : []
    )
    const before = Date.now()
    await new CallbackRepository({ baseRepository }).markFailed("GHN1", "no shipment", (attempts) => (attempts < 8 ? attempts * 1000 : null))
    const [, first, last] = statements
    expect(statements.every((s) => s.transaction)).toBe(true)
    expect(first.bindings.slice(0, 2)).toEqual([1, "no shipment"])
    expect((first.bindings[2] as Date).getTime()).toBeGreaterThanOrEqual(before + 1000)
    expect(last.bindings).toEqual([8, "no shipment", null, "ghnevt_2"])
  })

  it("reads nothing for no order codes", async () => {
    const { baseRepository, statements } = fakeBaseRepository()
    expect(await new CallbackRepository({ baseRepository }).failedOf([])).toEqual(new Map())
    expect(statements).toEqual([])
  })
})
