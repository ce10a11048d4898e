import { startApi, orderBody, line, V2, type Api } from "./helpers"
import { MasterData } from "../masterdata"

const MD = "/shiip/public-api/master-data"
const V3 = "/shiip/public-api/v3/master-data"

describe("GHN sandbox: master data", () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api.sb.close())

  it("legacy provinces: GHN fields, HN 201 and HCM 202, exact diacritics, NameExtension variants", async () => {
    const r = await api.call(`${MD}/province`)
    expect(r.status).toBe(200)
    expect(r.json.code).toBe(200)
    expect(r.json.message).toBe("Success")
    const list = r.json.data as any[]
    expect(list).toHaveLength(63)
    const hn = list.find((p) => p.ProvinceID === 201)
    const hcm = list.find((p) => p.ProvinceID === 202)
    expect(Object.keys(hn).sort()).toEqual(["CanUpdateCOD", "Code", "NameExtension", "ProvinceID", "ProvinceName", "Status"])
    expect(hn.ProvinceName).toBe("Hà Nội")
    expect(hn.NameExtension).toEqual(expect.arrayContaining(["Ha Noi", "Hanoi", "Thành phố Hà Nội"]))
    expect(hcm.ProvinceName).toBe("Hồ Chí Minh")
    expect(hcm.NameExtension).toEqual(expect.arrayContaining(["TP HCM", "Ho Chi Minh", "Thành phố Hồ Chí Minh", "Sài Gòn"]))
    expect(list.map((p) => p.ProvinceName)).toEqual(expect.arrayContaining(["Đà Nẵng", "Bà Rịa - Vũng Tàu", "Huế"]))
    expect(new Set(list.map((p) => p.ProvinceID)).size).toBe(63)
  })

  it("Get Province needs ShopId; district and ward lists need only Token", async () => {
    const r = await api.call(`${MD}/province`, { shopId: null })
    expect(r.status).toBe(400)
    expect(r.json.message).toBe(line("Header", "ShopID", "required"))
    expect((await api.call(`${MD}/district?province_id=202`, { shopId: null })).status).toBe(200)
    expect((await api.call(`${MD}/province`, { token: null })).status).toBe(401)
    expect((await api.call(`${MD}/district`, { token: null })).status).toBe(401)
  })

  it("legacy districts by GET ?province_id= and POST body, with short-form NameExtension", async () => {
    const g = await api.call(`${MD}/district?province_id=202`)
    const p = await api.call(`${MD}/district`, { body: { province_id: 202 } })
    expect(g.json.data).toEqual(p.json.data)
    const q1 = (g.json.data as any[]).find((d) => d.DistrictName === "Quận 1")
    expect(Object.keys(q1).sort()).toEqual(["CanUpdateCOD", "Code", "DistrictID", "DistrictName", "NameExtension", "ProvinceID", "Status", "SupportType", "Type"])
    expect(q1.ProvinceID).toBe(202)
    expect(q1.NameExtension).toEqual(expect.arrayContaining(["Q.1", "Quận 01", "Quan 1", "Q1"]))
    expect(q1.SupportType).toBe(3)
    const all = await api.call(`${MD}/district`)
    expect((all.json.data as any[]).length).toBeGreaterThan(690)
    const bad = await api.call(`${MD}/district?province_id=abc`)
    expect(bad.status).toBe(400)
    expect(bad.json.code_message).toBe("USER_ERR_COMMON")
  })

  it("legacy wards: WardCode is a string, GET and POST, required district_id, null for a district without wards", async () => {
    const dists = (await api.call(`${MD}/district?province_id=202`)).json.data as any[]
    const q1 = dists.find((d) => d.DistrictName === "Quận 1")
    const g = await api.call(`${MD}/ward?district_id=${q1.DistrictID}`)
    const p = await api.call(`${MD}/ward`, { body: { district_id: q1.DistrictID } })
    expect(g.json.data).toEqual(p.json.data)
    const bn = (g.json.data as any[]).find((w) => w.WardName === "Phường Bến Nghé")
    expect(bn.WardCode).toBe("26740")
    expect(typeof bn.WardCode).toBe("string")
    expect(Object.keys(bn).sort()).toEqual(["CanUpdateCOD", "DistrictID", "NameExtension", "Status", "SupportType", "WardCode", "WardName"])
    expect(bn.NameExtension).toEqual(expect.arrayContaining(["P. Bến Nghé", "Phuong Ben Nghe", "Bến Nghé"]))
    const missing = await api.call(`${MD}/ward`, { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.json.message).toBe(line("WardRequest", "DistrictID", "required"))
    // island district without wards (Huyện Hoàng Sa, Đà Nẵng)
    const provinces = (await api.call(`${MD}/province`)).json.data as any[]
    const dn = provinces.find((x) => x.ProvinceName === "Đà Nẵng")
    const dnd = (await api.call(`${MD}/district?province_id=${dn.ProvinceID}`)).json.data as any[]
    const hs = dnd.find((d) => d.DistrictName === "Huyện Hoàng Sa")
    expect(hs.SupportType).toBe(0)
    const w = await api.call(`${MD}/ward?district_id=${hs.DistrictID}`)
    expect(w.status).toBe(200)
    expect(w.json.data).toBeNull()
  })

  it("contains GHN-like special entries (đặc biệt, vật tư) that name matching skips", async () => {
    const hcmd = (await api.call(`${MD}/district?province_id=202`)).json.data as any[]
    const special = hcmd.find((d) => d.DistrictName === "Quận Đặc Biệt")
    expect(special).toBeDefined()
    const q1 = hcmd.find((d) => d.DistrictName === "Quận 1")
    const wards = (await api.call(`${MD}/ward?district_id=${q1.DistrictID}`)).json.data as any[]
    expect(wards.some((w) => w.WardName === "Phường Vật Tư")).toBe(true)
    const r = await api.call(`${V2}/shipping-order/preview`, { body: orderBody({ to_ward_name: "Phường Vật Tư", to_district_name: "Quận 1" }) })
    expect(r.status).toBe(400)
    expect(r.json.message).toBe("Address convert to fail")
    const r2 = await api.call(`${V2}/shipping-order/preview`, { body: orderBody({ to_ward_name: "Phường Đặc Biệt", to_district_name: "Quận Đặc Biệt" }) })
    expect(r2.status).toBe(400)
  })

  it("new model: v3 provinces (limit <= 200, paging) and wards by province", async () => {
    const r = await api.call(`${V3}/province/all?offset=0&limit=200`)
    expect(r.status).toBe(200)
    const list = r.json.data as any[]
    expect(list).toHaveLength(34)
    const hn = list.find((p) => p._id === 1)
    expect(hn.name).toBe("Thành phố Hà Nội")
    expect(Object.keys(hn).sort()).toEqual(["_id", "code", "extension_names", "name", "status", "type"])
    expect(hn.extension_names).toEqual(expect.arrayContaining(["Hanoi", "Ha Noi"]))
    const page = await api.call(`${V3}/province/all?offset=10&limit=5`)
    expect((page.json.data as any[]).map((p) => p._id)).toEqual(list.slice(10, 15).map((p) => p._id))
    const over = await api.call(`${V3}/province/all?limit=201`)
    expect(over.status).toBe(400)
    expect(over.json.message).toBe(line("ProvinceListRequest", "Limit", "lte"))
    const w = await api.call(`${V3}/ward/all-by-province-id?province_id=79&offset=0&limit=200`)
    const wards = w.json.data as any[]
    expect(wards.length).toBe(169)
    const bt = wards.find((x) => x.name === "Phường Bến Thành")
    expect(Object.keys(bt).sort()).toEqual(["_id", "extension_names", "name", "parent_id", "status", "type"])
    expect(bt.parent_id).toBe(79)
    expect(bt.type).toBe("Phường")
    expect(wards.some((x) => x.name === "Phường Đặc Biệt")).toBe(true)
    expect(wards.some((x) => x.name === "Đặc khu Côn Đảo")).toBe(true)
    const missing = await api.call(`${V3}/ward/all-by-province-id`)
    expect(missing.json.message).toBe(line("WardListRequest", "ProvinceID", "required"))
  })

  it("name resolution is diacritics-insensitive and NameExtension aware (legacy and new model)", async () => {
    const variants = [
      { to_ward_name: "phuong ben thanh", to_district_name: "quan 1", to_province_name: "ho chi minh" },
      { to_ward_name: "P. Bến Thành", to_district_name: "Q.1", to_province_name: "TP HCM" },
      { to_ward_name: "Bến Thành", to_district_name: "Quận 01", to_province_name: "Thành phố Hồ Chí Minh" },
    ]
    for (const v of variants) {
      const r = await api.call(`${V2}/shipping-order/preview`, { body: orderBody(v) })
      expect(r.json).toMatchObject({ code: 200 })
    }
    const nw = await api.call(`${V2}/shipping-order/preview`, {
      body: orderBody({ is_new_to_address: true, to_ward_name: "Phuong Ben Thanh", to_district_name: "", to_province_name: "TPHCM" }),
    })
    expect(nw.json.code).toBe(200)
  })

  // How fast it is built is bench:sandbox-fee's to measure, not a test's to time.
  it("stable ids, independent of the run", () => {
    const a = new MasterData()
    const b = new MasterData()
    expect(a.districts.map((d) => d.DistrictID + d.DistrictName)).toEqual(b.districts.map((d) => d.DistrictID + d.DistrictName))
    expect(a.districtsByProvince.get(201)![0]).toMatchObject({ DistrictID: 1442, DistrictName: "Quận Ba Đình" })
  })
})
