import { FINAL_STATUSES, GHN_STATUSES, refusedMove } from "../status"

describe("the moves of a GHN order the plugin applies", () => {
  it("takes every status the spec names from ready_to_pick, and none it does not name", () => {
    for (const to of GHN_STATUSES) expect([to, refusedMove("ready_to_pick", to)]).toEqual([to, null])
    expect(refusedMove("delivering", "scrap")).toBe("unknown_status")
    expect(refusedMove(null, "scrap")).toBe("unknown_status")
  })

  it("never leaves a final status: a late cancel or return of a delivered parcel stays in the history", () => {
    for (const from of FINAL_STATUSES) {
      for (const to of GHN_STATUSES) expect([from, to, refusedMove(from, to)]).toEqual([from, to, from === to ? null : "after_final"])
    }
  })

  it("cancels only before pickup", () => {
    expect(refusedMove("picking", "cancel")).toBeNull()
    expect(refusedMove("money_collect_picking", "cancel")).toBeNull()
    for (const from of ["picked", "storing", "transporting", "delivering", "delivery_fail", "waiting_to_return", "return"]) {
      expect([from, refusedMove(from, "cancel")]).toEqual([from, "cancel_after_pickup"])
    }
  })

  it("takes the moves GHN makes after pickup, back and forth between its hubs and a failed delivery", () => {
    const path = ["picked", "storing", "transporting", "sorting", "delivering", "delivery_fail", "storing", "delivering", "delivered"]
    for (let i = 1; i < path.length; i++) expect(refusedMove(path[i - 1], path[i])).toBeNull()
    const back = ["delivery_fail", "waiting_to_return", "return", "return_transporting", "return_sorting", "returning", "returned"]
    for (let i = 1; i < back.length; i++) expect(refusedMove(back[i - 1], back[i])).toBeNull()
  })
})
