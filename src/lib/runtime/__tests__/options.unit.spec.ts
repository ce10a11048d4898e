import { parseGhnOptions, shopIdForLocation } from "../options"

describe("GHN options", () => {
  it("applies the defaults", () => {
    const options = parseGhnOptions({ token: "t", shopId: 123 })
    expect(options).toMatchObject({
      environment: "production",
      weightUnit: "g",
      dimensionUnit: "cm",
      paymentTypeId: 1,
      requiredNote: "KHONGCHOXEMHANG",
      insurance: "none",
      quoteCacheTtlSeconds: 300,
      webhookHeader: "x-ghn-webhook-secret",
    })
  })

  it("names every bad option", () => {
    expect(() => parseGhnOptions({ shopId: -1, requiredNote: "XEM" })).toThrow(/option `token`.*option `shopId`.*option `requiredNote`/)
    expect(() => parseGhnOptions({ token: "t", shopId: 1, environment: "prod" })).toThrow(
      'option `environment`: expected "production", "staging" or an http(s) URL (the sandbox), got "prod"'
    )
    expect(() => parseGhnOptions({ token: "t", shopId: 1, webhookSecret: "short" })).toThrow(/option `webhookSecret`/)
  })

  it("refuses a misspelt option, naming the option it resembles", () => {
    expect(() => parseGhnOptions({ token: "t", shopId: 1, shop_id: 2 })).toThrow("option `shop_id` is not an option of medusa-fulfillment-ghn; did you mean `shopId`?")
    expect(() => parseGhnOptions({ token: "t", shopId: 1, codPaymentProvider: ["pp_system_default"] })).toThrow("did you mean `codPaymentProviders`?")
    // Keys Medusa adds to module options resemble none and pass.
    expect(parseGhnOptions({ token: "t", shopId: 1, database: {} }).shopId).toBe(1)
  })

  it("takes baseUrl as the environment and maps stock locations to shops", () => {
    const options = parseGhnOptions({ token: "t", shopId: "7", baseUrl: "http://127.0.0.1:5410", locationShops: { sloc_hcm: 8 } })
    expect(options.environment).toBe("http://127.0.0.1:5410")
    expect(shopIdForLocation(options, "sloc_hcm")).toBe(8)
    expect(shopIdForLocation(options, "sloc_other")).toBe(7)
    expect(shopIdForLocation(options, undefined)).toBe(7)
  })
  it("takes the outage fallback's flat amounts by weight band, never a missing amount, and checks the trusted proxies", () => {
    const base = { token: "t".repeat(20), shopId: 190001 }
    const bands = [{ upToGrams: 2000, amount: 30000 }, { upToGrams: 20000, amount: 0 }]
    expect(parseGhnOptions({ ...base, outageFallback: { flatAmounts: bands } }).outageFallback?.flatAmounts).toEqual(bands)
    expect(parseGhnOptions({ ...base, outageFallback: { flatAmounts: { light: 35000 } } }).outageFallback?.flatAmounts).toEqual({ light: 35000 })
    for (const [flatAmounts, named] of [
      [[{ upToGrams: 2000 }], "amount"],
      [[], "at least one band"],
      [[{ upToGrams: 5000, amount: 1 }, { upToGrams: 2000, amount: 2 }], "increasing upToGrams"],
      [{}, "at least one of them"],
    ] as const) {
      expect(() => parseGhnOptions({ ...base, outageFallback: { flatAmounts } })).toThrow(named)
    }
    expect(parseGhnOptions(base).trustedProxies).toEqual([])
    expect(parseGhnOptions({ ...base, trustedProxies: ["10.0.0.0/8", "2001:db8::/32"] }).trustedProxies).toEqual(["10.0.0.0/8", "2001:db8::/32"])
    expect(() => parseGhnOptions({ ...base, trustedProxies: ["10.0.0.0/40"] })).toThrow(/trustedProxies.0.*prefix length must be 0 to 32/)
  })
})
