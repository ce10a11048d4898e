import { ShipmentRepository } from "../shipment"
import { fakeBaseRepository } from "./fake-manager"

describe("the shipment repository's write of GHN's news", () => {
  it("writes the fields given in one statement, JSON as jsonb, a cleared field as null, and nothing else", async () => {
    const { baseRepository, statements } = fakeBaseRepository()
    const at = new Date("2026-11-29T08:00:00Z")
    const history = { events: [{ status: "picked", type: "switch_status", time: at.toISOString(), source: "webhook" }] }
    await new ShipmentRepository({ baseRepository }).writeFields("ghnship_1", { history, status: "picked", status_at: at, status_reason: null, weight: undefined })
    expect(statements).toEqual([
      {
        sql: "update ghn_shipment set history = ?::jsonb, status = ?, status_at = ?, status_reason = ?, updated_at = now() where id = ? and deleted_at is null",
        bindings: [JSON.stringify(history), "picked", at, null, "ghnship_1"],
        transaction: false,
      },
    ])
  })

  it("never writes a column it does not know, and sends nothing when no field is given", async () => {
    const { baseRepository, statements } = fakeBaseRepository()
    const repository = new ShipmentRepository({ baseRepository })
    await repository.writeFields("ghnship_1", { order_id: "order_2", "status = 'x'; --": 1 } as never)
    await repository.writeFields("ghnship_1", {})
    expect(statements).toEqual([])
  })

  it("joins the caller's transaction when its context holds one", async () => {
    const { baseRepository, statements, transactionManager } = fakeBaseRepository()
    await new ShipmentRepository({ baseRepository }).writeFields("ghnship_1", { fees: null, cod_amount: 0 }, { transactionManager })
    expect(statements.map((s) => [s.sql, s.bindings, s.transaction])).toEqual([
      ["update ghn_shipment set fees = ?::jsonb, cod_amount = ?, updated_at = now() where id = ? and deleted_at is null", [null, 0, "ghnship_1"], true],
    ])
  })
})

describe("the shipment repository's reads of one parcel", () => {
  it("reads a parcel, or its order, by its GHN order code in one indexed statement each", async () => {
    const { baseRepository, statements } = fakeBaseRepository((sql) => (sql.startsWith("select order_id") ? [{ order_id: null }] : [{ id: "ghnship_1", order_code: "GHN1" }]))
    const repository = new ShipmentRepository({ baseRepository })
    expect(await repository.byOrderCode("GHN1")).toEqual({ id: "ghnship_1", order_code: "GHN1" })
    expect(await repository.parcelOrder("GHN1")).toEqual({ order_id: null })
    expect(statements.map((s) => [s.sql, s.bindings])).toEqual([
      ["select * from ghn_shipment where order_code = ? and deleted_at is null limit 1", ["GHN1"]],
      ["select order_id from ghn_shipment where order_code = ? and deleted_at is null limit 1", ["GHN1"]],
    ])
  })
})
