import { startApi, line, V2, type Api } from "./helpers"

const MD = "/shiip/public-api/master-data"

describe("GHN sandbox: fee engine, lead time, services, pick shifts", () => {
  let api: Api
  let clock = Date.UTC(2025, 7, 1, 3, 0, 0) // Friday 10:00 in Asia/Ho_Chi_Minh
  const place: Record<string, { district: number; ward: string }> = {}

  async function find(province: string, district: string, ward: string | RegExp) {
    const provinces = (await api.call(`${MD}/province`)).json.data as any[]
    const p = provinces.find((x) => x.ProvinceName === province)
    const d = ((await api.call(`${MD}/district?province_id=${p.ProvinceID}`)).json.data as any[]).find((x) => x.DistrictName === district)
    const w = ((await api.call(`${MD}/ward?district_id=${d.DistrictID}`)).json.data as any[]).find((x) =>
      typeof ward === "string" ? x.WardName === ward : ward.test(x.WardName))
    return { district: d.DistrictID as number, ward: w.WardCode as string }
  }

  beforeAll(async () => {
    api = await startApi({ now: () => clock })
    place.sameDistrict = await find("Hà Nội", "Quận Ba Đình", "Phường Phúc Xá")
    place.sameProvince = await find("Hà Nội", "Quận Hoàn Kiếm", "Phường Hàng Bạc")
    place.sameRegion = await find("Hải Phòng", "Quận Hồng Bàng", /^Phường/)
    place.otherRegion = { district: api.sb.fixture.route.to_district_id, ward: api.sb.fixture.route.to_ward_code }
    place.remote = await find("Hà Nội", "Huyện Ba Vì", /^Xã/)
    place.locked = await find("Khánh Hòa", "Huyện Trường Sa", "Thị trấn Trường Sa")
  })
  afterAll(() => api.sb.close())

  const fee = (body: Record<string, unknown>, o: Parameters<Api["call"]>[1] = {}) => api.call(`${V2}/shipping-order/fee`, { body, ...o })
  const to = (k: string) => ({ to_district_id: place[k].district, to_ward_code: place[k].ward })

  it("main service by distance band and 500 g steps (from the shop: Hà Nội, Ba Đình)", async () => {
    const expected: Record<string, number> = {
      // base + ceil((1200 - 500) / 500) * step
      sameDistrict: 15000 + 2 * 2500,
      sameProvince: 18000 + 2 * 2500,
      sameRegion: 25000 + 2 * 5000,
      otherRegion: 32000 + 2 * 5000,
    }
    for (const [k, v] of Object.entries(expected)) {
      const r = await fee({ ...to(k), weight: 1200, service_type_id: 2 })
      expect([k, r.json.data.service_fee, r.json.data.total]).toEqual([k, v, v])
    }
    const r = await fee({ ...to("sameDistrict"), weight: 500 })
    expect(r.json.data.service_fee).toBe(15000)
    expect(Object.keys(r.json.data).sort()).toEqual([
      "change_return_address_fee", "change_to_address_fee", "cod_failed_fee", "cod_fee", "coupon_value", "deliver_remote_areas_fee",
      "document_return", "double_check", "insurance_fee", "pick_remote_areas_fee", "pick_station_fee", "r2s_fee", "return",
      "return_again", "service_fee", "total",
    ])
  })

  it("volumetric weight L x W x H / 5 and item-derived dimensions decide the chargeable weight", async () => {
    // 50 x 40 x 30 / 5 = 12,000 g > 1,200 g: ceil((12000 - 500) / 500) = 23 steps
    const box = await fee({ ...to("sameDistrict"), weight: 1200, length: 50, width: 40, height: 30 })
    expect(box.json.data.service_fee).toBe(15000 + 23 * 2500)
    // Spec, Calculate Fee rule 2: height = sum of item heights (an item is one parcel, whatever
    // its quantity). items: (10,30,20) -> 30,20,10 ; (25,5,10) -> 25,10,5 ; L=30 W=20 H=10+5=15
    // -> 30 x 20 x 15 / 5 = 1,800 g: ceil((1800 - 500) / 500) = 3 steps
    const items = await fee({
      ...to("sameDistrict"), weight: 1000,
      items: [{ name: "A", quantity: 1, length: 10, width: 30, height: 20 }, { name: "B", quantity: 2, length: 25, width: 5, height: 10 }],
    })
    expect(items.json.data.service_fee).toBe(15000 + 3 * 2500)
  })

  it("insurance (0.5% above 1,000,000), COD (0.5% above 3,000,000), failed-COD (1%), coupon", async () => {
    const base = { ...to("otherRegion"), weight: 500 }
    expect((await fee({ ...base, insurance_value: 1000000 })).json.data.insurance_fee).toBe(0)
    expect((await fee({ ...base, insurance_value: 3000000 })).json.data.insurance_fee).toBe(15000)
    expect((await fee({ ...base, cod_value: 3000000 })).json.data.cod_fee).toBe(0)
    expect((await fee({ ...base, cod_value: 10000000 })).json.data.cod_fee).toBe(50000)
    expect((await fee({ ...base, cod_failed_amount: 200000 })).json.data.cod_failed_fee).toBe(2000)
    const c = await fee({ ...base, coupon: "SANDBOX10", insurance_value: 2000000 })
    expect(c.json.data).toMatchObject({ service_fee: 32000, coupon_value: 3200, insurance_fee: 10000, total: 32000 + 10000 - 3200 })
  })

  it("remote-area parts: a commune of a rural district", async () => {
    const r = await fee({ ...to("remote"), weight: 500 })
    expect(r.json.data.deliver_remote_areas_fee).toBe(15000)
    expect(r.json.data.total).toBe(18000 + 15000)
    const back = await fee({ from_district_id: place.remote.district, from_ward_code: place.remote.ward, ...to("sameProvince"), weight: 500 })
    expect(back.json.data.pick_remote_areas_fee).toBe(10000)
  })

  it("heavy goods (type 5): per parcel, needs items, weights required for multi-parcel", async () => {
    const noItems = await fee({ ...to("otherRegion"), weight: 25000, service_type_id: 5 })
    expect(noItems.json.message).toBe(line("CalculateFeeRequest", "Items", "required"))
    const noWeights = await fee({ ...to("otherRegion"), weight: 25000, service_type_id: 5, items: [{ name: "A", quantity: 1 }, { name: "B", quantity: 1 }] })
    expect(noWeights.json.message.split("\n")).toEqual([line("CalculateFeeRequest.Items[0]", "Weight", "required"), line("CalculateFeeRequest.Items[1]", "Weight", "required")])
    // Spec, Calculate Fee: "weight (required for multi-parcel heavy goods)" and rule 1 "Each item of a
    // heavy-goods order is one parcel": one item of quantity 2 is one parcel, its weight not required.
    const oneParcel = await fee({ ...to("otherRegion"), weight: 25000, service_type_id: 5, items: [{ name: "A", quantity: 2, length: 60, width: 40, height: 40 }] })
    expect([oneParcel.status, oneParcel.json.message]).toEqual([200, "Success"])
    const two = await fee({
      ...to("otherRegion"), weight: 36000, service_type_id: 5,
      items: [{ name: "A", quantity: 1, weight: 24000, length: 60, width: 40, height: 40 }, { name: "B", quantity: 1, weight: 12000, length: 50, width: 40, height: 30 }],
    })
    // parcel A: max(24000, 19200) -> 150000 + 14 * 5000 ; parcel B: max(12000, 12000) -> 150000 + 2 * 5000
    expect(two.json.data.service_fee).toBe(150000 + 14 * 5000 + 150000 + 2 * 5000)
  })

  it("limits and validation lines of Calculate Fee", async () => {
    const R = "CalculateFeeRequest"
    const zero = await fee({ ...to("otherRegion"), weight: 0 })
    expect(zero.json.message).toBe(line(R, "Weight", "required"))
    expect(zero.json.code_message).toBe("USER_ERR_COMMON")
    const big = await fee({ ...to("otherRegion"), weight: 1600001, length: 201, width: 201, height: 201, insurance_value: 5000001, cod_value: 10000001 })
    expect(big.json.message.split("\n")).toEqual([
      line(R, "Height", "max"), line(R, "Length", "max"), line(R, "Weight", "max"), line(R, "Width", "max"),
      line(R, "InsuranceValue", "max"), line(R, "CodValue", "max"),
      // Sent without a type, 1,600,001 g is heavy goods: its items are required too.
      line(R, "Items", "required"),
    ])
    const edge = await fee({ ...to("otherRegion"), weight: 19999, length: 200, width: 200, height: 200, insurance_value: 5000000, cod_value: 10000000 })
    expect(edge.json.code).toBe(200)
    const missing = await fee({ weight: 500 })
    expect(missing.json.message.split("\n")).toEqual([line(R, "ToDistrictID", "required"), line(R, "ToWardCode", "required")])
    const type = await fee({ ...to("otherRegion"), weight: 500, service_type_id: 3 })
    expect(type.json.message).toBe(line(R, "ServiceTypeID", "oneof"))
    const ward = await fee({ to_district_id: place.otherRegion.district, to_ward_code: place.sameDistrict.ward, weight: 500 })
    expect(ward.json.code_message).toBe("WARD_IS_INVALID")
  })

  it("the service-type boundary also holds for quotes", async () => {
    expect((await fee({ ...to("otherRegion"), weight: 19999 })).json.code).toBe(200)
    const light = await fee({ ...to("otherRegion"), weight: 20000, service_type_id: 2 })
    expect(light.status).toBe(400)
    expect(light.json.code_message).toBe("USER_ERR_COMMON")
  })

  it("a locked district has no route (400, message about the route)", async () => {
    const r = await fee({ ...to("locked"), weight: 500 })
    expect(r.status).toBe(400)
    expect(r.json.message).toBe("route not found service")
  })

  it("lead time grows with distance, in Asia/Ho_Chi_Minh", async () => {
    const lt = async (k: string, extra: Record<string, unknown> = {}) => (await api.call(`${V2}/shipping-order/leadtime`, { body: { ...to(k), service_type_id: 2, ...extra } })).json.data
    const a = await lt("sameDistrict")
    const b = await lt("sameProvince")
    const c = await lt("sameRegion")
    const d = await lt("otherRegion")
    expect(a.leadtime).toBeLessThan(b.leadtime)
    expect(b.leadtime).toBeLessThan(c.leadtime)
    expect(c.leadtime).toBeLessThan(d.leadtime)
    // picked today (the 12h-18h shift is still open at 10:00), delivered after 1 day, end of that local day
    expect(a.leadtime_order).toEqual({ from_estimate_date: "2025-08-01T17:00:00Z", to_estimate_date: "2025-08-02T16:59:59Z" })
    expect(a.leadtime).toBe(Date.UTC(2025, 7, 2, 16, 59, 59) / 1000)
    expect(d.leadtime).toBe(Date.UTC(2025, 7, 5, 16, 59, 59) / 1000)
    const heavy = await lt("otherRegion", { service_type_id: 5 })
    expect(heavy.leadtime - d.leadtime).toBe(86400)
    const missing = await api.call(`${V2}/shipping-order/leadtime`, { body: {} })
    expect(missing.json.message.split("\n")).toEqual([line("LeadtimeRequest", "ToDistrictID", "required"), line("LeadtimeRequest", "ToWardCode", "required")])
  })

  it("Get Service: route services, 200 with an empty body for an unknown shop_id, validation, new-format wards", async () => {
    const f = api.sb.fixture
    const call = (body: Record<string, unknown>) => api.call(`${V2}/shipping-order/available-services`, { body })
    const r = await call({ shop_id: f.owner.shop_ids[0], from_district: f.route.from_district_id, to_district: f.route.to_district_id })
    expect((r.json.data as any[]).map((s) => s.service_type_id)).toEqual([2, 5])
    expect(r.json.data[0]).toMatchObject({ service_id: expect.any(Number), short_name: expect.any(String), service_type_id: 2 })
    const unknown = await call({ shop_id: 999999, from_district: f.route.from_district_id, to_district: f.route.to_district_id })
    expect(unknown.status).toBe(200)
    expect(unknown.text).toBe("")
    expect(unknown.headers.get("content-type")).toBeNull()
    const missing = await call({})
    expect(missing.json.code_message).toBe("USER_ERR_COMMON")
    expect(missing.json.message.split("\n")).toHaveLength(3)
    const locked = await call({ shop_id: f.owner.shop_ids[0], from_district: f.route.from_district_id, to_district: place.locked.district })
    expect(locked.json.data).toEqual([])
    // new-model ward ids: Phường Bến Thành maps to a legacy district; Xã Ia Mơ (Gia Lai) has no legacy ward
    const mapped = await call({ shop_id: f.owner.shop_ids[0], from_district: f.route.from_district_id, to_ward_id: 26743 })
    expect((mapped.json.data as any[]).length).toBe(2)
    const unmapped = await call({ shop_id: f.owner.shop_ids[0], from_district: f.route.from_district_id, to_ward_id: 23737 })
    expect(unmapped.json.code_message).toBe("WARD_IS_INVALID")
  })

  it("pick shifts are generated per date (ids change with the date, seconds from today's 00:00)", async () => {
    const r = await api.call(`${V2}/shift/date`, { shopId: null })
    const shifts = r.json.data as any[]
    expect(shifts.length).toBe(5)
    expect(Object.keys(shifts[0]).sort()).toEqual(["from_time", "id", "title", "to_time"])
    expect(shifts[0]).toMatchObject({ from_time: 12 * 3600, to_time: 18 * 3600, title: "Ca lấy 01-08-2025 (12h00 - 18h00)" })
    expect(shifts[1]).toMatchObject({ from_time: 86400 + 7 * 3600, title: "Ca lấy 02-08-2025 (7h00 - 12h00)" })
    clock += 86400000
    const next = (await api.call(`${V2}/shift/date`)).json.data as any[]
    expect(next[0].id).not.toBe(shifts[0].id)
    expect(next[0].id).toBe(shifts[2].id)
    expect(next[0].from_time).toBe(12 * 3600)
    clock -= 86400000
  })
})
