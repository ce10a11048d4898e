import { feeBreakdown, feeKey } from "../../parcel/fee-breakdown"
import { attemptsAfter, isNeedsActionStatus, queueActionsOf, returnCostOf } from "../needs-action"

describe("the Needs action queue's rules", () => {
  it("holds the statuses that wait for the merchant, and no other", () => {
    for (const s of ["delivery_fail", "waiting_to_return", "storing", "return_fail", "exception", "lost", "damage"]) expect(isNeedsActionStatus(s)).toBe(true)
    for (const s of ["delivered", "delivering", "return", "returned", "cancel", "ready_to_pick", ""]) expect(isNeedsActionStatus(s)).toBe(false)
  })

  it("keeps GHN's fee breakdown under one name per part, the callback's the newer for parcels recorded with both", () => {
    expect(["MainService", "R2S", "CODFailedFee", "StationDO", "PickRemoteAreasFee", "main_service"].map(feeKey)).toEqual([
      "main_service",
      "r2s",
      "cod_failed_fee",
      "station_do",
      "pick_remote_areas_fee",
      "main_service",
    ])
    expect(feeBreakdown({ MainService: 32000, R2S: 16000, Total: 48000 })).toEqual({ main_service: 32000, r2s: 16000 })
    // A shipment whose JSON merged Create Order's names and a later callback's.
    expect(feeBreakdown({ r2s: 0, main_service: 30000, R2S: 16000, MainService: 32000 })).toEqual({ r2s: 16000, main_service: 32000 })
    expect(feeBreakdown({ R2S: 16000, r2s: 0 })).toEqual({ r2s: 16000 })
    expect(feeBreakdown(null)).toEqual({})
  })

  it("says what a return adds: GHN's bill once made, else the contract's share of the main service, marked estimated", () => {
    expect(returnCostOf({ fees: { MainService: 32000, CODFailedFee: 300 }, total_fee: 35000 }, 0.5)).toEqual({ amount: 16300, estimated: true })
    expect(returnCostOf({ fees: null, total_fee: 35000 }, 0.4)).toEqual({ amount: 14000, estimated: true })
    expect(returnCostOf({ fees: { MainService: 32000, R2S: 16000, Return: 2000 }, total_fee: 50000 }, 0.5)).toEqual({ amount: 18000, estimated: false })
    expect(returnCostOf({ fees: { main_service: 32000, r2s: 20000 }, total_fee: 50000 }, 0.5)).toEqual({ amount: 20000, estimated: false })
  })

  it("offers what GHN's tables allow in each status", () => {
    expect(queueActionsOf("waiting_to_return")).toEqual({ redeliver: true, return: true, update: ["cod_failed_amount", "to_phone", "to_address"] })
    expect(queueActionsOf("delivery_fail")).toEqual({ redeliver: false, return: true, update: ["to_phone", "to_address"] })
    expect(queueActionsOf("storing")).toEqual({ redeliver: true, return: true, update: ["cod_failed_amount", "to_phone", "to_address"] })
    for (const s of ["lost", "damage", "exception"]) expect(queueActionsOf(s)).toEqual({ redeliver: false, return: false, update: [] })
    expect(queueActionsOf("return_fail")).toEqual({ redeliver: false, return: false, update: [] })
  })

  it("counts a failed attempt each time the parcel goes into delivery_fail, not each report of it", () => {
    expect(attemptsAfter("delivering", ["delivery_fail"])).toBe(1)
    expect(attemptsAfter("delivery_fail", ["delivery_fail"])).toBe(0)
    expect(attemptsAfter("picked", ["delivering", "delivery_fail", "delivering", "delivery_fail", "delivery_fail"])).toBe(2)
    expect(attemptsAfter(null, [null, "storing"])).toBe(0)
  })
})
