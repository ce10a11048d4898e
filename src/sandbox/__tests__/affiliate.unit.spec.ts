import { startApi, line, V2, type Api } from "./helpers"

describe("GHN sandbox: shops and the affiliate (OTP) flows", () => {
  let api: Api
  let clock = Date.UTC(2025, 7, 1, 3, 0, 0)
  beforeAll(async () => {
    api = await startApi({ now: () => clock })
  })
  afterAll(() => api.sb.close())
  beforeEach(() => api.sb.control.reset())

  const partner = () => ({ token: api.sb.fixture.partner.token, shopId: null as null })
  const getOtp = (phone: string) => api.call(`${V2}/shop/affiliateOTP`, { ...partner(), body: { phone } })
  const smsFor = async (phone: string) => (await api.call(`/_sandbox/sms?phone=${phone}`)).json as any[]
  const shopsOf = async (token: string) => (await api.call(`${V2}/shop/all`, { token, shopId: null })).json.data.shops as any[]

  it("Get OTP: sends an SMS to the customer's phone, answers the TTL", async () => {
    const c = api.sb.fixture.customer
    const r = await getOtp(c.phone)
    expect(r.json).toEqual({ code: 200, message: "Success", data: { TTL: 300 } })
    const sms = await smsFor(c.phone)
    expect(sms).toHaveLength(1)
    expect(sms[0]).toMatchObject({ phone: c.phone, otp: expect.stringMatching(/^\d{6}$/), purpose: "affiliate", created_at: "2025-08-01T03:00:00Z" })
    expect(sms[0].text).toContain(sms[0].otp)
  })

  it("Get OTP errors: missing phone, own phone, unregistered phone (USER_ERR_COMMON), SMS failure (SERVER_ERROR_COMMON)", async () => {
    const missing = await api.call(`${V2}/shop/affiliateOTP`, { ...partner(), body: {} })
    expect(missing.json.message).toBe(line("AffiliateOTPRequest", "Phone", "required"))
    const own = await getOtp(api.sb.fixture.partner.phone)
    expect([own.status, own.json.code_message]).toEqual([400, "USER_ERR_COMMON"])
    const unknown = await getOtp("0999999999")
    expect([unknown.status, unknown.json.code_message]).toEqual([400, "USER_ERR_COMMON"])
    const lang = await api.call(`${V2}/shop/affiliateOTP`, { ...partner(), body: { phone: "0999999999", language: "en" } })
    expect(lang.json.code_message_value).toBe("Invalid request data, please check again.")
    const badLang = await api.call(`${V2}/shop/affiliateOTP`, { ...partner(), body: { phone: "0999999999", language: "fr" } })
    expect(badLang.json.message).toBe(line("AffiliateOTPRequest", "Language", "oneof"))
    api.sb.control.setFaults({ path: `${V2}/shop/affiliateOTP`, sms_fail: true, count: 1 })
    const fail = await getOtp(api.sb.fixture.customer.phone)
    expect([fail.status, fail.json.code_message]).toEqual([500, "SERVER_ERROR_COMMON"])
    expect(await smsFor(api.sb.fixture.customer.phone)).toHaveLength(0)
    expect((await getOtp(api.sb.fixture.customer.phone)).json.code).toBe(200)
  })

  it("Create Shop by OTP: shop owned by the customer, generated name, partner added as staff, OTP single use", async () => {
    const f = api.sb.fixture
    await getOtp(f.customer.phone)
    const otp = api.sb.control.lastOtp(f.customer.phone)!
    const wrong = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp: otp === "000000" ? "111111" : "000000" } })
    expect(wrong.json.code_message).toBe("OTP_NOT_VALID")
    const noOtp = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone } })
    expect(noOtp.json.code_message).toBe("OTP_NOT_VALID")
    const r = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp } })
    expect(r.json.code).toBe(200)
    expect(r.json.data).toEqual({ client_id: f.customer.client_id, shop_id: expect.any(Number) })
    const shop = (await shopsOf(f.customer.token)).find((s) => s._id === r.json.data.shop_id)
    expect(shop).toMatchObject({ client_id: f.customer.client_id, name: `${f.customer.name} - ${f.partner.name}`, status: 1 })
    // address fell back to the customer's default shop
    const home = (await shopsOf(f.customer.token)).find((s) => s._id === f.customer.shop_ids[0])
    expect(shop).toMatchObject({ district_id: home.district_id, ward_code: home.ward_code, address: home.address })
    expect((await shopsOf(f.partner.token)).map((s) => s._id)).toContain(r.json.data.shop_id)
    const again = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp } })
    expect(again.json.code_message).toBe("OTP_NOT_VALID")
    const unregistered = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: "0999999999", otp } })
    expect(unregistered.json.code_message).toBe("USER_ERR_COMMON")
  })

  it("Create Shop by OTP: district_id and ward_code each fall back on their own (a district alone is valid; a bad one is not)", async () => {
    const f = api.sb.fixture
    const home = (await shopsOf(f.customer.token)).find((s) => s._id === f.customer.shop_ids[0])
    const district = f.addresses.hanoi_pickup?.district_id ?? 1442
    await getOtp(f.customer.phone)
    const r = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp: api.sb.control.lastOtp(f.customer.phone)!, district_id: district } })
    expect(r.json.code).toBe(200)
    const shop = (await shopsOf(f.customer.token)).find((s) => s._id === r.json.data.shop_id)
    expect(shop).toMatchObject({ district_id: district, ward_code: home.ward_code })
    await getOtp(f.customer.phone)
    const bad = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp: api.sb.control.lastOtp(f.customer.phone)!, district_id: 999999 } })
    expect(bad.json.code_message).toBe("WARD_IS_INVALID")
  })

  it("OTP expires after its TTL", async () => {
    const f = api.sb.fixture
    await getOtp(f.customer.phone)
    const otp = api.sb.control.lastOtp(f.customer.phone)!
    clock += 301000
    try {
      const r = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp } })
      expect(r.json.code_message).toBe("OTP_NOT_VALID")
    } finally {
      clock -= 301000
    }
  })

  it("documented partial effect: adding the partner as staff fails after the shop was created; the shop stays", async () => {
    const f = api.sb.fixture
    await getOtp(f.customer.phone)
    const otp = api.sb.control.lastOtp(f.customer.phone)!
    const before = (await shopsOf(f.customer.token)).length
    api.sb.control.setFaults({ path: `${V2}/shop/affiliateCreate`, partial_failure: true, count: 1 })
    const r = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp } })
    expect([r.status, r.json.code_message]).toEqual([500, "SERVER_ERROR_COMMON"])
    const after = await shopsOf(f.customer.token)
    expect(after.length).toBe(before + 1)
    const orphan = after[after.length - 1]
    expect((await shopsOf(f.partner.token)).map((s) => s._id)).not.toContain(orphan._id)
    // the OTP was not invalidated: a retry creates another shop (check Get Shop before retrying)
    const retry = await api.call(`${V2}/shop/affiliateCreate`, { ...partner(), body: { phone: f.customer.phone, otp } })
    expect(retry.json.code).toBe(200)
    expect(retry.json.data.shop_id).not.toBe(orphan._id)
  })

  it("Add Staff to Shop by OTP: unknown shop, not the owner, wrong OTP, success, already staff", async () => {
    const f = api.sb.fixture
    const shopId = f.customer.shop_ids[0]
    await getOtp(f.customer.phone)
    const otp = api.sb.control.lastOtp(f.customer.phone)!
    const call = (body: Record<string, unknown>) => api.call(`${V2}/shop/affiliateCreateWithShop`, { ...partner(), body })
    const unknown = await call({ phone: f.customer.phone, otp, shop_id: 999999 })
    expect(unknown.json).toEqual({ code: 400, message: "Shop khong ton tai", data: null })
    const notOwner = await call({ phone: f.customer.phone, otp, shop_id: f.owner.shop_ids[0] })
    expect(notOwner.json.code_message).toBe("CLIENT_NOT_BELONG_OF_SHOP")
    const wrong = await call({ phone: f.customer.phone, otp: "x", shop_id: shopId })
    expect(wrong.json.code_message).toBe("OTP_NOT_VALID")
    const missing = await call({ phone: f.customer.phone, otp })
    expect(missing.json.message).toBe(line("AffiliateCreateWithShopRequest", "ShopID", "required"))
    const ok = await call({ phone: f.customer.phone, otp, shop_id: shopId })
    expect(ok.json).toEqual({ code: 200, message: "Success", data: null })
    expect((await shopsOf(f.partner.token)).map((s) => s._id)).toContain(shopId)
    await getOtp(f.customer.phone)
    const dup = await call({ phone: f.customer.phone, otp: api.sb.control.lastOtp(f.customer.phone), shop_id: shopId })
    expect(dup.json.code_message).toBe("CLIENT_HAVE_EXISTED")
  })

  it("Create Shop: PHONE_INVALID, WARD_IS_INVALID, validation, success owned by the caller", async () => {
    const f = api.sb.fixture
    const reg = (body: Record<string, unknown>) => api.call(`${V2}/shop/register`, { body })
    expect((await reg({ name: "A" })).json.code_message).toBe("PHONE_INVALID")
    expect((await reg({ name: "A", phone: "abc" })).json.code_message).toBe("PHONE_INVALID")
    expect((await reg({ phone: "0987000111" })).json.message).toBe(line("RegisterShopRequest", "Name", "required"))
    const badWard = await reg({ name: "A", phone: "0987000111", district_id: f.route.to_district_id, ward_code: f.route.from_ward_code })
    expect(badWard.json.code_message).toBe("WARD_IS_INVALID")
    const ok = await reg({ name: "Kho Quận 1", phone: "+84 987 000 111", address: "1 Lê Lợi", district_id: f.route.to_district_id, ward_code: f.route.to_ward_code })
    expect(ok.json.code).toBe(200)
    const shop = (await shopsOf(f.owner.token)).find((s) => s._id === ok.json.data.shop_id)
    expect(shop).toMatchObject({ name: "Kho Quận 1", phone: "0987000111", client_id: f.owner.client_id, district_id: f.route.to_district_id, ward_code: f.route.to_ward_code })
  })

  it("Get Shop: cursor paging, negative offset or limit rejected, client_phone filter", async () => {
    const f = api.sb.fixture
    const all = await api.call(`${V2}/shop/all`, { shopId: null })
    expect(all.json.data.shops.map((s: any) => s._id)).toEqual([190001, 190002, 190003])
    expect(all.json.data.last_offset).toBe(190003)
    expect(Object.keys(all.json.data.shops[0])).toEqual(expect.arrayContaining(["_id", "name", "phone", "address", "ward_code", "district_id", "client_id", "status"]))
    expect(all.json.data.shops[2].status).toBe(2)
    const page = await api.call(`${V2}/shop/all?offset=190001&limit=1`, { shopId: null })
    expect(page.json.data).toMatchObject({ last_offset: 190002, shops: [expect.objectContaining({ _id: 190002 })] })
    const neg = await api.call(`${V2}/shop/all?offset=-1`, { shopId: null })
    expect([neg.status, neg.json.code_message, neg.json.message]).toEqual([400, "USER_ERR_COMMON", line("GetShopRequest", "Offset", "gte")])
    const negL = await api.call(`${V2}/shop/all?limit=-5`, { shopId: null })
    expect(negL.status).toBe(400)
    const staff = await api.call(`${V2}/shop/all?client_phone=${f.staff.phone}`, { shopId: null })
    expect(staff.json.data.shops.map((s: any) => s._id)).toEqual([190001])
    const staffView = await api.call(`${V2}/shop/all`, { token: f.staff.token, shopId: null })
    expect(staffView.json.data.shops.map((s: any) => s._id)).toEqual([190001])
  })
})
