import { IntentMoveError } from "../../../../lib/parcel/create-intent"
import { IntentRepository } from "../intent"
import { fakeBaseRepository } from "./fake-manager"

const pending = { id: "ghnint_1", client_order_code: "1042-1", status: "pending" }

describe("the intent repository's moves", () => {
  it("writes the status and GHN's order code in one statement, a compare-and-set on the status read", async () => {
    const { baseRepository, statements } = fakeBaseRepository((sql) => (sql.startsWith("update") ? [{ id: pending.id }] : []))
    await new IntentRepository({ baseRepository }).move(pending, "created", { order_code: "GHN1", fulfillment_id: "ful_1" })
    expect(statements).toHaveLength(1)
    expect(statements[0].sql).toBe(
      "update ghn_create_intent set status = ?, updated_at = now(), body = null, order_code = ?, fulfillment_id = ? where id = ? and status = ? and deleted_at is null returning id"
    )
    expect(statements[0].bindings).toEqual(["created", "GHN1", "ful_1", pending.id, "pending"])
  })

  it("keeps the body of an orphan (its cancellation is retried) and writes only the fields given", async () => {
    const { baseRepository, statements } = fakeBaseRepository(() => [{ id: pending.id }])
    await new IntentRepository({ baseRepository }).move(pending, "orphan", { error: "timeout", next_attempt_at: null, note: undefined })
    expect(statements.map((s) => s.sql)).toEqual([
      "update ghn_create_intent set status = ?, updated_at = now(), error = ?, next_attempt_at = ? where id = ? and status = ? and deleted_at is null returning id",
    ])
  })

  it("refuses an illegal move before any statement", async () => {
    const { baseRepository, statements } = fakeBaseRepository()
    const repository = new IntentRepository({ baseRepository })
    await expect(repository.move({ ...pending, status: "cancelled" }, "created", { order_code: "GHN1" })).rejects.toThrow(IntentMoveError)
    await expect(repository.move({ ...pending, status: "abandoned" }, "orphan")).rejects.toThrow('cannot move from "abandoned" to "orphan"')
    expect(statements).toEqual([])
  })

  it("names the status another process moved it to when the compare-and-set finds none", async () => {
    const { baseRepository } = fakeBaseRepository((sql) => (sql.startsWith("select status") ? [{ status: "created" }] : []))
    await expect(new IntentRepository({ baseRepository }).move(pending, "abandoned")).rejects.toThrow('cannot move from "created" to "abandoned"')
  })

  it("joins the caller's transaction when its context holds one", async () => {
    const { baseRepository, statements, transactionManager } = fakeBaseRepository(() => [{ id: pending.id }])
    await new IntentRepository({ baseRepository }).move(pending, "created", { order_code: "GHN1" }, { transactionManager })
    expect(statements.map((s) => s.transaction)).toEqual([true])
  })

  it("takes the next sequence of the order's parcels or returns", async () => {
    const { baseRepository, statements } = fakeBaseRepository(() => [{ last: 2 }])
    expect(await new IntentRepository({ baseRepository }).nextSequence("order_1", "return")).toBe(3)
    expect(statements[0].bindings).toEqual(["order_1", "return"])
  })
})
