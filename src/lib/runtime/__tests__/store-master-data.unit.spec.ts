import { AddressResolver, type MasterDataSource } from "../../address/address-resolver"
import { RequestBudget } from "../../ghn/budget"
import { CallerShares, withCaller } from "../caller-shares"
import { StoreBudgetSpent, StoreMasterData } from "../store-master-data"

/** GHN's master data, 3 provinces of 2 districts each; every call counted. */
function source() {
  const calls: string[] = []
  const data: MasterDataSource = {
    provinces: async () => (calls.push("provinces"), [201, 202, 203].map((id) => ({ ProvinceID: id, ProvinceName: `Tỉnh ${id}` }))),
    districts: async (p) => (calls.push(`districts:${p}`), [p * 10 + 1, p * 10 + 2].map((id) => ({ DistrictID: id, DistrictName: `Quận ${id}` }))),
    wards: async (d) => (calls.push(`wards:${d}`), [{ WardCode: `${d}01`, WardName: `Phường ${d}` }]),
    allNewProvinces: async () => (calls.push("new-provinces"), [{ _id: 1, name: "Hà Nội" }]),
    allNewWards: async (p) => (calls.push(`new-wards:${p}`), [{ _id: 100, name: "Phường Ba Đình" }]),
  }
  return { calls, data }
}

describe("the storefront's address lists", () => {
  it("refuses an id GHN does not list from the lists held, never asking GHN about it", async () => {
    const { calls, data } = source()
    const store = new StoreMasterData(new AddressResolver(data), new RequestBudget({ perSecond: 1, burst: 100 }))
    await expect(store.districts(999)).rejects.toThrow("province_id 999 is not a province (legacy model) GHN lists")
    await expect(store.wards(999)).rejects.toThrow("district_id 999 is not a district (legacy model) GHN lists")
    await expect(store.newWards(999)).rejects.toThrow("province_id 999 is not a province (new model) GHN lists")
    const after = calls.length
    for (let id = 1000; id < 1100; id++) {
      await expect(store.districts(id)).rejects.toThrow(/not a province/)
      await expect(store.wards(id)).rejects.toThrow(/not a district/)
    }
    expect(calls.length).toBe(after)
    expect(calls.some((c) => /999|10\d\d/.test(c))).toBe(false)
    expect((await store.wards(2021)).map((w) => w.id)).toEqual(["202101"])
  })

  it("pays the lists not held from the budget, and refuses past it without calling GHN", async () => {
    const { calls, data } = source()
    let now = 0
    const store = new StoreMasterData(new AddressResolver(data), new RequestBudget({ perSecond: 1, burst: 3, now: () => now }))
    await store.districts(201) // provinces + districts:201
    await store.districts(202) // districts:202
    const spent = await store.districts(203).catch((e) => e)
    expect(spent).toBeInstanceOf(StoreBudgetSpent)
    expect(spent.retryAfterSeconds).toBeGreaterThan(0)
    expect(calls).toEqual(["provinces", "districts:201", "districts:202"])
    // Lists held cost nothing, budget or not.
    expect((await store.districts(201)).length).toBe(2)
    now = 2_000
    expect((await store.districts(203)).length).toBe(2)
  })

  it("takes each caller's share before the store's budget: one caller cannot spend the store's lookups alone", async () => {
    const { calls, data } = source()
    let now = 0
    const store = new StoreMasterData(new AddressResolver(data), new RequestBudget({ perSecond: 1, burst: 100, now: () => now }), new CallerShares(1 / 60, 2, 100, () => now))
    await withCaller("198.51.100.7", () => store.districts(201)) // provinces + districts:201: the caller's two
    const spent = await withCaller("198.51.100.7", () => store.districts(202)).catch((e) => e)
    expect(spent).toBeInstanceOf(StoreBudgetSpent)
    expect(spent.message).toMatch(/from this address right now \(each address may make 1 a minute\)/)
    expect(spent.retryAfterSeconds).toBeGreaterThan(0)
    // Another caller, and the lists already held, still go.
    expect((await withCaller("2001:db8:1:2::/64", () => store.districts(202))).length).toBe(2)
    expect((await withCaller("198.51.100.7", () => store.districts(201))).length).toBe(2)
    expect(calls).toEqual(["provinces", "districts:201", "districts:202"])
    // A lead time not cached is paid the same way.
    expect(() => withCaller("198.51.100.7", () => store.payCall())).toThrow(StoreBudgetSpent)
  })

  it("keeps at most its bound of lists, the least recently used dropped", async () => {
    const { calls, data } = source()
    const resolver = new AddressResolver(data, 24 * 3600_000, 3)
    await resolver.wards(1)
    await resolver.wards(2)
    await resolver.wards(1)
    await resolver.wards(3)
    await resolver.wards(4) // drops wards:2, the least recently used
    expect([resolver.holds("wards:1"), resolver.holds("wards:2"), resolver.holds("wards:3"), resolver.holds("wards:4")]).toEqual([true, false, true, true])
    expect(calls).toEqual(["wards:1", "wards:2", "wards:3", "wards:4"])
  })
})
