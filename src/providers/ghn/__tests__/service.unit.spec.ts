import { GhnApiError, GhnNetworkError, type GhnClient } from "../../../lib/ghn"
import { ghnServiceFailureOf } from "../../../lib/runtime/medusa-error"
import type { CachingModule } from "../../../lib/runtime/quote-cache"
import GhnFulfillmentProviderService from "../service"

/** A fake GHN client: the calls the provider makes, recorded, with answers the test sets. */
function fakeClient() {
  const calls: { op: string; args: unknown[] }[] = []
  const record = (op: string, answer: (...args: any[]) => unknown) => async (...args: unknown[]) => {
    calls.push({ op, args })
    return answer(...args)
  }
  const answers = {
    fee: () => ({ total: 36300, service_fee: 33000 }) as unknown,
    services: () => [{ service_id: 53320, short_name: "Hàng nhẹ", service_type_id: 2 }] as unknown,
    cancel: () => [{ order_code: "GHN1", result: true, message: "OK", reason: "OK" }] as unknown,
    info: () => ({ order_code: "GHN1", status: "cancel" }) as unknown,
  }
  const client = {
    fees: { calculate: record("fees.calculate", () => answers.fee()) },
    services: { available: record("services.available", () => answers.services()) },
    orders: {
      create: record("orders.create", () => {
        throw new Error("the provider makes no GHN order")
      }),
      cancel: record("orders.cancel", () => answers.cancel()),
      info: record("orders.info", () => answers.info()),
    },
    print: {
      token: record("print.token", () => "tok123"),
      labelUrl: (token: string, size: string) => `https://ghn.test/print${size}?token=${token}`,
    },
    masterData: {
      provinces: async () => [{ ProvinceID: 202, ProvinceName: "Hồ Chí Minh" }, { ProvinceID: 201, ProvinceName: "Hà Nội" }],
      districts: async (id: number) => (id === 202 ? [{ DistrictID: 1442, DistrictName: "Quận 1" }] : [{ DistrictID: 1484, DistrictName: "Quận Ba Đình" }]),
      wards: async (id: number) => (id === 1442 ? [{ WardCode: "20109", WardName: "Phường Bến Nghé" }] : [{ WardCode: "1A0101", WardName: "Phường Phúc Xá" }]),
      allNewProvinces: async () => [],
      allNewWards: async () => [],
    },
    trackingUrl: (code: string) => `https://donhang.ghn.vn/?order_code=${code}`,
  }
  return { client: client as unknown as GhnClient, calls, answers }
}

const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn(), debug: jest.fn() } as any
const OPTIONS = { token: "t".repeat(20), shopId: 190001, environment: "http://127.0.0.1:1" }

function provider(options: Record<string, unknown> = {}, caching?: CachingModule) {
  const fake = fakeClient()
  const service = new GhnFulfillmentProviderService({ logger, ghnClient: fake.client, caching }, { ...OPTIONS, ...options })
  return { service, ...fake }
}

/** Medusa's caching module as a store of two processes would share it (its Redis provider), in memory. */
function sharedCaching(): CachingModule {
  const kept = new Map<string, object>()
  return {
    get: async ({ key }) => kept.get(key),
    set: async ({ key, data }) => void kept.set(key, data),
    clear: async ({ key }) => void kept.delete(key),
  }
}

const customer = {
  first_name: "An",
  last_name: "Nguyễn Văn",
  phone: "0912345678",
  address_1: "12 Lê Lợi",
  country_code: "vn",
  province: "Hồ Chí Minh",
  city: "Quận 1",
  metadata: { ghn_district_id: 1442, ghn_ward_code: "20109" },
}
const warehouse = { id: "sloc_1", name: "Kho Hà Nội", address: { address_1: "1 Phúc Xá", country_code: "vn", province: "Hà Nội", city: "Quận Ba Đình", phone: "0243", metadata: { ghn_district_id: 1484, ghn_ward_code: "1A0101" } } }
const items = [{ id: "item_1", quantity: 2, unit_price: 150000, variant_id: "v1", variant: { id: "v1", weight: 500, length: 20, width: 15, height: 5 }, product: {} }]

describe("the GHN provider's quotes", () => {
  it("maps a cart to Calculate Fee: the resolved units, the parcel, the sender's district, and answers GHN's total", async () => {
    const { service, calls } = provider()
    const price = await service.calculatePrice({ service_type_id: 2 }, {}, { currency_code: "vnd", shipping_address: customer, items, from_location: warehouse } as any)
    expect(price).toEqual({ calculated_amount: 36300, is_calculated_price_tax_inclusive: true })
    const fee = calls.find((c) => c.op === "fees.calculate")!
    expect(fee.args[0]).toEqual({
      service_type_id: 2,
      to_district_id: 1442,
      to_ward_code: "20109",
      from_district_id: 1484,
      from_ward_code: "1A0101",
      weight: 1000,
      length: 20,
      width: 15,
      height: 10,
      items: [{ name: expect.any(String), quantity: 2, weight: 500, length: 20, width: 15, height: 5 }],
      insurance_value: 0,
      cod_value: 0,
    })
    expect(calls.find((c) => c.op === "services.available")!.args[0]).toEqual({ shop_id: 190001, from_district: 1484, to_district: 1442 })
  })

  it("refuses a currency other than VND, naming it", async () => {
    const { service, calls } = provider()
    await expect(service.calculatePrice({ service_type_id: 2 }, {}, { currency_code: "usd", shipping_address: customer, items } as any)).rejects.toThrow(/GHN quotes in VND: the cart's currency is USD/)
    expect(calls).toHaveLength(0)
  })

  it("names the services GHN offers when the option's is not served on the route", async () => {
    const { service, answers } = provider()
    answers.services = () => [{ service_id: 100039, short_name: "Hàng nặng", service_type_id: 5 }]
    await expect(service.calculatePrice({ service_type_id: 2 }, {}, { currency_code: "vnd", shipping_address: customer, items, from_location: warehouse } as any)).rejects.toThrow(
      /GHN has no light goods \(service type 2\) service to Phường Bến Nghé, Quận 1; it offers Hàng nặng/
    )
  })

  it("gives a GHN outage as GHN unavailable (the storefront's 503), not as the shopper's fault", async () => {
    const { service, answers } = provider()
    answers.fee = () => {
      throw new GhnNetworkError("connect ECONNREFUSED", { operation: "fees.calculate" })
    }
    const error = await service.calculatePrice({ service_type_id: 2 }, {}, { currency_code: "vnd", shipping_address: customer, items, from_location: warehouse } as any).catch((e) => e)
    expect(ghnServiceFailureOf(error)).toMatchObject({ kind: "ghn_unavailable" })
    expect(error.message).toMatch(/GHN fee quote: .*GHN did not answer: try again in a moment/)
  })
})

describe("checkout through a GHN outage (outageFallback)", () => {
  const ctx = (id = "cart_1") => ({ id, currency_code: "vnd", shipping_address: customer, items, from_location: warehouse }) as any
  const down = (error: unknown) => () => {
    throw error
  }
  const FALLBACK = { outageFallback: { maxQuoteAgeHours: 72, flatAmounts: { light: 40000 } } }

  it("prices from GHN's last quote for the same route and parcel when GHN times out, answers 5xx or cannot be reached, and marks the method", async () => {
    for (const error of [
      new GhnNetworkError("connect ECONNREFUSED 127.0.0.1:443", { operation: "fees.calculate" }),
      new GhnNetworkError("timeout", { operation: "fees.calculate", timeout: true } as any),
      new GhnApiError({ status: 503, code: 503, message: "Service Unavailable", operation: "fees.calculate" } as any),
    ]) {
      const { service, answers } = provider({ ...FALLBACK, quoteCacheTtlSeconds: 0 })
      expect(await service.calculatePrice({ service_type_id: 2 }, {}, ctx())).toEqual({ calculated_amount: 36300, is_calculated_price_tax_inclusive: true })
      answers.fee = down(error)
      expect(await service.calculatePrice({ service_type_id: 2 }, {}, ctx())).toEqual({ calculated_amount: 36300, is_calculated_price_tax_inclusive: true })
      const data = await service.validateFulfillmentData({ service_type_id: 2 }, {}, ctx() as any)
      expect(data.ghn_price_fallback).toEqual({ amount: 36300, source: "last_quote", quoted_at: expect.any(String) })
      // Another parcel on the route has no quote of its own: the flat amount.
      const more = { ...ctx("cart_2"), items: [{ ...items[0], quantity: 5 }] }
      expect((await service.calculatePrice({ service_type_id: 2 }, {}, more)).calculated_amount).toBe(40000)
      expect((await service.validateFulfillmentData({ service_type_id: 2 }, {}, more)).ghn_price_fallback).toEqual({ amount: 40000, source: "flat", quoted_at: null })
    }
  })

  it("never masks GHN's 4xx about the address or parcel, a refused token, or an outage without a price to fall back to", async () => {
    const { service, answers } = provider({ ...FALLBACK, quoteCacheTtlSeconds: 0 })
    await service.calculatePrice({ service_type_id: 2 }, {}, ctx())
    answers.fee = down(new GhnApiError({ status: 400, code: 400, message: "Kích thước vượt quá giới hạn", code_message: "INVALID_PARCEL", operation: "fees.calculate" } as any))
    await expect(service.calculatePrice({ service_type_id: 2 }, {}, ctx())).rejects.toThrow(/Kích thước vượt quá giới hạn/)
    answers.fee = down(new GhnApiError({ status: 401, code: 401, message: "Token is not valid", operation: "fees.calculate" } as any))
    await expect(service.calculatePrice({ service_type_id: 2 }, {}, ctx())).rejects.toThrow(/Token is not valid/)
    // No flat amount for heavy goods, no quote: the outage is the answer.
    answers.services = () => [{ service_id: 53320, short_name: "Hàng nhẹ", service_type_id: 2 }, { service_id: 100039, short_name: "Hàng nặng", service_type_id: 5 }]
    answers.fee = down(new GhnNetworkError("connect ECONNREFUSED", { operation: "fees.calculate" }))
    const error = await service.calculatePrice({ service_type_id: 5 }, {}, ctx()).catch((e) => e)
    expect(ghnServiceFailureOf(error)).toMatchObject({ kind: "ghn_unavailable" })
    // Off by default.
    const plain = provider({ quoteCacheTtlSeconds: 0 })
    await plain.service.calculatePrice({ service_type_id: 2 }, {}, ctx())
    plain.answers.fee = down(new GhnNetworkError("connect ECONNREFUSED", { operation: "fees.calculate" }))
    await expect(plain.service.calculatePrice({ service_type_id: 2 }, {}, ctx())).rejects.toThrow(/GHN did not answer/)
  })

  it("leaves the mark where Medusa keeps shared state (its caching module), not in the instance that priced the cart", async () => {
    const caching = sharedCaching()
    const options = { outageFallback: { maxQuoteAgeHours: 72, holdSeconds: 0, flatAmounts: { light: 40000 } }, quoteCacheTtlSeconds: 0 }
    const pricing = provider(options, caching)
    const validating = provider(options, caching)
    pricing.answers.fee = down(new GhnNetworkError("connect ECONNREFUSED", { operation: "fees.calculate" }))
    expect((await pricing.service.calculatePrice({ service_type_id: 2 }, {}, ctx())).calculated_amount).toBe(40000)
    expect((await validating.service.validateFulfillmentData({ service_type_id: 2 }, {}, ctx())).ghn_price_fallback).toEqual({ amount: 40000, source: "flat", quoted_at: null })
    // By cart and GHN service: another cart, or the cart's heavy-goods option, carries no mark.
    expect((await validating.service.validateFulfillmentData({ service_type_id: 2 }, {}, ctx("cart_2"))).ghn_price_fallback).toBeUndefined()
    expect((await validating.service.validateFulfillmentData({ service_type_id: 5 }, {}, ctx())).ghn_price_fallback).toBeUndefined()
    // GHN answers the cart again: the mark goes.
    pricing.answers.fee = () => ({ total: 36300 }) as unknown
    expect((await pricing.service.calculatePrice({ service_type_id: 2 }, {}, ctx())).calculated_amount).toBe(36300)
    expect((await validating.service.validateFulfillmentData({ service_type_id: 2 }, {}, ctx())).ghn_price_fallback).toBeUndefined()
  })

  it("forgets a quote older than maxQuoteAgeHours, and a cart priced by GHN again is not marked", async () => {
    const { service, answers, calls } = provider({ outageFallback: { maxQuoteAgeHours: 0.1 }, quoteCacheTtlSeconds: 0 })
    const now = Date.now()
    const spy = jest.spyOn(Date, "now").mockReturnValue(now)
    try {
      await service.calculatePrice({ service_type_id: 2 }, {}, ctx())
      answers.fee = down(new GhnNetworkError("socket hang up", { operation: "fees.calculate" }))
      expect((await service.calculatePrice({ service_type_id: 2 }, {}, ctx())).calculated_amount).toBe(36300)
      // For 30 s after an outage, quotes come from the fallback without asking GHN.
      answers.fee = () => ({ total: 37000 }) as unknown
      const asked = calls.filter((c) => c.op === "fees.calculate").length
      expect((await service.calculatePrice({ service_type_id: 2 }, {}, ctx())).calculated_amount).toBe(36300)
      expect(calls.filter((c) => c.op === "fees.calculate").length).toBe(asked)
      spy.mockReturnValue(now + 31_000)
      expect((await service.calculatePrice({ service_type_id: 2 }, {}, ctx())).calculated_amount).toBe(37000)
      expect((await service.validateFulfillmentData({ service_type_id: 2 }, {}, ctx() as any)).ghn_price_fallback).toBeUndefined()
      spy.mockReturnValue(now + 7 * 60_000)
      answers.fee = down(new GhnNetworkError("socket hang up", { operation: "fees.calculate" }))
      await expect(service.calculatePrice({ service_type_id: 2 }, {}, ctx())).rejects.toThrow(/GHN did not answer/)
    } finally {
      spy.mockRestore()
    }
  })
})

describe("the outage fallback's flat price by weight, and a refused token during the hold", () => {
  const ctx = (id: string, quantity: number) => ({ id, currency_code: "vnd", shipping_address: customer, items: [{ ...items[0], quantity }], from_location: warehouse }) as any
  const BANDS = [
    { upToGrams: 1000, amount: 22000 },
    { upToGrams: 3000, amount: 35000 },
    { upToGrams: 10000, amount: 60000 },
  ]

  it("prices a parcel GHN never quoted by the merchant's weight bands, and none above every band", async () => {
    const { service, answers } = provider({ outageFallback: { maxQuoteAgeHours: 72, holdSeconds: 0, flatAmounts: BANDS }, quoteCacheTtlSeconds: 0 })
    answers.fee = () => {
      throw new GhnApiError({ status: 503, code: 503, message: "Service Unavailable", operation: "fees.calculate" } as any)
    }
    // 500 g a shirt: 1 kg, 2.5 kg, 10 kg, then 10.5 kg.
    const priced = []
    for (const [cart, quantity] of [["cart_a", 2], ["cart_b", 5], ["cart_c", 20]] as const) priced.push((await service.calculatePrice({ service_type_id: 2 }, {}, ctx(cart, quantity))).calculated_amount)
    expect(priced).toEqual([22000, 35000, 60000])
    const above = await service.calculatePrice({ service_type_id: 2 }, {}, ctx("cart_d", 21)).catch((e) => e)
    expect(ghnServiceFailureOf(above)).toMatchObject({ kind: "ghn_unavailable" })
  })

  it("asks GHN once in a while during the hold, and a refused token is thrown, logged and kept for the admin's notice", async () => {
    const { service, answers, calls } = provider({ outageFallback: { maxQuoteAgeHours: 72, holdSeconds: 120, flatAmounts: BANDS }, quoteCacheTtlSeconds: 0 })
    const now = Date.now()
    const spy = jest.spyOn(Date, "now").mockReturnValue(now)
    logger.error.mockClear()
    try {
      answers.fee = () => {
        throw new GhnApiError({ status: 503, code: 503, message: "Service Unavailable", operation: "fees.calculate" } as any)
      }
      expect((await service.calculatePrice({ service_type_id: 2 }, {}, ctx("cart_a", 2))).calculated_amount).toBe(22000)
      // The token is revoked while the account is held: the next quotes skip GHN a moment...
      answers.fee = () => {
        throw new GhnApiError({ status: 401, code: 401, message: "Token is not valid!", operation: "fees.calculate" } as any)
      }
      const asked = calls.filter((c) => c.op === "fees.calculate").length
      expect((await service.calculatePrice({ service_type_id: 2 }, {}, ctx("cart_b", 2))).calculated_amount).toBe(22000)
      expect(calls.filter((c) => c.op === "fees.calculate").length).toBe(asked)
      // ...then a probe asks GHN: the refused token is never masked.
      spy.mockReturnValue(now + 6_000)
      await expect(service.calculatePrice({ service_type_id: 2 }, {}, ctx("cart_c", 2))).rejects.toThrow(/Token is not valid/)
      expect(logger.error).toHaveBeenCalledWith(expect.stringMatching(/GHN refused the store's token at checkout \(shop 190001\): .*Token is not valid/))
      const notice = JSON.parse((await (service as any).cache.store.get("notice:refused-token")) ?? "null")
      expect(notice).toEqual({ at: new Date(now + 6_000).toISOString(), shop_id: 190001, code: expect.any(String), message: expect.stringContaining("Token is not valid") })
      expect(JSON.stringify(notice)).not.toContain("127.0.0.1")
      // GHN answers: the hold is over, every quote asks GHN again.
      await expect(service.calculatePrice({ service_type_id: 2 }, {}, ctx("cart_d", 2))).rejects.toThrow(/Token is not valid/)
    } finally {
      spy.mockRestore()
    }
  })
})

describe("the GHN provider's fulfilment", () => {
  it("creates no GHN order: the shipping method's data is kept, the hook makes the order once Medusa accepted the fulfilment", async () => {
    const { service, calls } = provider()
    const data = { service_type_id: 2, ghn_to: { ward_name: "Phường Bến Nghé" } }
    await expect(service.createFulfillment(data)).resolves.toEqual({ data, labels: [] })
    expect(calls).toHaveLength(0)
  })

  it("cancels the GHN order at GHN, and sends nothing for a fulfilment without one", async () => {
    const { service, calls } = provider()
    await expect(service.cancelFulfillment({ service_type_id: 2 })).resolves.toEqual({ service_type_id: 2 })
    expect(calls).toHaveLength(0)
    await expect(service.cancelFulfillment({ order_code: "GHN1", shop_id: 885 })).resolves.toMatchObject({ ghn_cancelled: true })
    expect(calls).toEqual([{ op: "orders.cancel", args: [{ order_codes: ["GHN1"] }, { shopId: 885 }] }])
  })

  it("takes GHN's refusal of an order it had already cancelled as cancelled", async () => {
    const { service, answers } = provider()
    answers.cancel = () => [{ order_code: "GHN1", result: false, message: "x - already", reason: "already" }]
    await expect(service.cancelFulfillment({ order_code: "GHN1" })).resolves.toMatchObject({ ghn_cancelled: true })
  })

  it("refuses to cancel an order past cancelling, naming its status", async () => {
    const { service, answers } = provider()
    answers.cancel = () => [{ order_code: "GHN1", result: false, message: "ERR - Đơn hàng không thể hủy", reason: "Đơn hàng không thể hủy" }]
    answers.info = () => ({ order_code: "GHN1", status: "delivering" })
    await expect(service.cancelFulfillment({ order_code: "GHN1" })).rejects.toThrow(/GHN refused to cancel GHN1: the order is "delivering" \(Đơn hàng không thể hủy\)/)
  })

  it("surfaces GHN's code and text when GHN fails the cancel", async () => {
    const { service, answers } = provider()
    answers.cancel = () => {
      throw new GhnApiError({ operation: "orders.cancel", status: 400, code: 400, code_message: "ORDER_NOT_FOUND", ghn_message: "Order không tồn tại", retryable: false })
    }
    await expect(service.cancelFulfillment({ order_code: "GHN1" })).rejects.toThrow(/ORDER_NOT_FOUND.*Order không tồn tại/)
  })

  it("books nothing for a return at Medusa's call: the return workflow makes the reverse order", async () => {
    const { service, calls } = provider()
    await expect(service.createReturnFulfillment({ data: { x: 1 }, shipping_option: { data: { service_type_id: 5 } } })).resolves.toEqual({
      data: { x: 1, service_type_id: 5, is_return: true },
      labels: [],
    })
    expect(calls).toHaveLength(0)
  })

  it("prints labels in A5, 80x80 and 52x70, each a fresh print token", async () => {
    const { service, calls } = provider()
    const docs = await service.getFulfillmentDocuments({ order_code: "GHN1", shop_id: 885 })
    expect(docs.map((d: any) => [d.size, d.url])).toEqual([
      ["A5", "https://ghn.test/printA5?token=tok123"],
      ["80x80", "https://ghn.test/print80x80?token=tok123"],
      ["52x70", "https://ghn.test/print52x70?token=tok123"],
    ])
    expect(calls).toEqual([{ op: "print.token", args: [{ order_codes: ["GHN1"] }, { shopId: 885 }] }])
  })
})
