import { createGhnStoreClient, fetchTransport, GhnStoreError, StoreFetch, StoreFetchInit } from "../client"
import { formatDeliveryEstimate, formatExpectedDay, ghnErrorMessage } from "../messages"

type Call = { url: string; init: { method?: string; headers?: Record<string, string>; body?: string } }

/** A fetch that records its calls and answers with the given status and body. */
function fakeFetch(status: number, body: unknown) {
  const calls: Call[] = []
  const fetch = async (url: string, init: Call["init"]) => {
    calls.push({ url, init })
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
  }
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch }
}

describe("createGhnStoreClient", () => {
  it("calls the plugin's store routes with their query parameters, as js-sdk's client.fetch is called", async () => {
    const calls: [string, StoreFetchInit][] = []
    const sdkFetch = (async (path: string, init: StoreFetchInit) => {
      calls.push([path, init])
      return { districts: [{ id: 1484, name: "Quận Ba Đình", aliases: [] }], wards: [], leadtime: { expected_at: "2026-11-25T00:00:00Z", from_estimate_date: null, to_estimate_date: null } }
    }) as StoreFetch
    const client = createGhnStoreClient(sdkFetch)
    expect(await client.districts(201)).toEqual([{ id: 1484, name: "Quận Ba Đình", aliases: [] }])
    await client.wards(1484)
    await client.newWards(79)
    await client.leadtime({ cart_id: "cart_1", option_id: "so_1" })
    expect(calls).toEqual([
      ["/store/ghn/districts", { method: "GET", query: { province_id: 201 } }],
      ["/store/ghn/wards", { method: "GET", query: { district_id: 1484 } }],
      ["/store/ghn/new-wards", { method: "GET", query: { province_id: 79 } }],
      ["/store/ghn/leadtime", { method: "POST", body: { cart_id: "cart_1", option_id: "so_1" } }],
    ])
  })

  it("turns js-sdk's FetchError into a GhnStoreError with its status and message", async () => {
    const client = createGhnStoreClient((async () => {
      throw Object.assign(new Error("Giao hàng GHN tạm thời chưa sẵn sàng"), { status: 503, statusText: "Service Unavailable" })
    }) as StoreFetch)
    const error = await client.provinces().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GhnStoreError)
    expect(error).toMatchObject({ status: 503, message: "Giao hàng GHN tạm thời chưa sẵn sàng", shopper: undefined })
  })
})

describe("fetchTransport", () => {
  it("sends the publishable key and the shopper's language, and builds the query", async () => {
    const { calls, fetch } = fakeFetch(200, { provinces: [], count: 0 })
    await createGhnStoreClient(fetchTransport({ baseUrl: "https://api.shop.vn/", publishableKey: "pk_1", locale: "en", fetch })).districts(201)
    expect(calls[0].url).toBe("https://api.shop.vn/store/ghn/districts?province_id=201")
    expect(calls[0].init.headers).toMatchObject({ "x-publishable-api-key": "pk_1", "accept-language": "en" })
  })

  it("keeps a shopper error's code and parameters, which the kit shows in either language", async () => {
    const answer = {
      type: "invalid_data",
      code: "address_ambiguous",
      message: "Địa chỉ có thể thuộc nhiều phường/xã: …",
      params: { part: "ward", candidates: [{ model: "legacy", label: "Phường 1, Quận 3, Hồ Chí Minh", province_id: 202, province_name: "Hồ Chí Minh" }] },
    }
    const { fetch } = fakeFetch(400, answer)
    const error = await createGhnStoreClient(fetchTransport({ baseUrl: "http://localhost:9000", publishableKey: "pk", fetch }))
      .leadtime({ cart_id: "c", option_id: "o" })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, code: "address_ambiguous", shopper: { code: "address_ambiguous" } })
    expect(ghnErrorMessage(error, "en")).toBe("The address can be in more than one ward: Phường 1, Quận 3, Hồ Chí Minh. Please choose one.")
    expect(ghnErrorMessage(error, "vi")).toBe("Địa chỉ có thể thuộc nhiều phường/xã: Phường 1, Quận 3, Hồ Chí Minh. Vui lòng chọn một.")
  })

  it("shows the server's message for an error without a shopper code", async () => {
    const { fetch } = fakeFetch(404, { type: "not_found", message: "Cart cart_nope was not found" })
    const error = await createGhnStoreClient(fetchTransport({ baseUrl: "http://localhost:9000", publishableKey: "pk", fetch }))
      .leadtime({ cart_id: "cart_nope", option_id: "o" })
      .catch((e: unknown) => e)
    expect(ghnErrorMessage(error, "vi")).toBe("Cart cart_nope was not found")
  })
})

describe("formatDeliveryEstimate", () => {
  const estimate = (from: string | null, to: string | null) => ({ expected_at: "2026-11-27T10:00:00Z", from_estimate_date: from, to_estimate_date: to })

  it("reads GHN's window in Vietnam's time zone: 'Giao dự kiến 25-27/11'", () => {
    // 17:30 UTC on the 24th is already the 25th in Vietnam (UTC+7).
    expect(formatDeliveryEstimate(estimate("2026-11-24T17:30:00Z", "2026-11-27T10:00:00Z"))).toBe("Giao dự kiến 25-27/11")
    expect(formatDeliveryEstimate(estimate("2026-11-24T17:30:00Z", "2026-11-27T10:00:00Z"), "en")).toBe("Estimated delivery Nov 25-27")
  })

  it("names both months across a month's end, and one day when GHN gives one date", () => {
    expect(formatDeliveryEstimate(estimate("2026-11-30T03:00:00Z", "2026-12-02T03:00:00Z"))).toBe("Giao dự kiến 30/11-02/12")
    expect(formatDeliveryEstimate(estimate(null, null))).toBe("Giao dự kiến 27/11")
    expect(formatDeliveryEstimate(estimate(null, null), "en")).toBe("Estimated delivery Nov 27")
  })

  it("shows GHN's end of day on the same day in either form (older …T23:59:59Z, newer …T16:59:59Z)", () => {
    expect(formatDeliveryEstimate(estimate("2024-03-13T23:59:59Z", "2024-03-14T23:59:59Z"))).toBe("Giao dự kiến 13-14/03")
    expect(formatDeliveryEstimate(estimate("2025-03-13T16:59:59Z", "2025-03-14T16:59:59Z"))).toBe("Giao dự kiến 13-14/03")
    expect(formatExpectedDay("2024-03-14T23:59:59Z")).toBe("14/03")
    expect(formatExpectedDay("2025-03-14T16:59:59Z", "en")).toBe("14 Mar")
  })
})
