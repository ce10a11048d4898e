import type { ParcelTracking } from "../lib/status/parcel-tracking"
import { isShopperErrorCode, ShopperError, ShopperLocale } from "../lib/checkout/shopper-errors"

/** A unit of GHN's lists as the plugin's store routes answer them (test and internal entries left out). */
export type GhnUnit<Id extends number | string> = { id: Id; name: string; aliases: string[] }
/** Legacy model (before 01/07/2025): province -> district -> ward; a ward's id is GHN's WardCode. */
export type GhnProvince = GhnUnit<number>
export type GhnDistrict = GhnUnit<number>
export type GhnWard = GhnUnit<string>
/** New two-level model (from 01/07/2025): province -> ward, numeric ids. */
export type GhnNewProvince = GhnUnit<number>
export type GhnNewWard = GhnUnit<number>

/** GHN's delivery estimate for a cart and a GHN shipping option (POST /store/ghn/leadtime). */
export type GhnLeadtime = {
  /** GHN's `leadtime`, ISO 8601 */
  expected_at: string
  /** earliest and latest delivery (GHN's leadtime_order), ISO 8601, when GHN gives them */
  from_estimate_date: string | null
  to_estimate_date: string | null
}

/** A parcel of an order as the shopper reads it (GET /store/ghn/orders/:id/tracking, POST /store/ghn/tracking). */
export type { ParcelTracking as GhnParcelTracking, TrackingStep as GhnTrackingStep } from "../lib/status/parcel-tracking"

/** An order's GHN parcels, their statuses in the shopper's language. */
export type GhnOrderTracking = { order: { display_id: number }; locale: ShopperLocale; parcels: ParcelTracking[] }

export type StoreFetchInit = {
  method: "GET" | "POST"
  query?: Record<string, string | number>
  body?: Record<string, unknown>
  headers?: Record<string, string>
}

/**
 * How the client reaches the store API: `@medusajs/js-sdk`'s `sdk.client.fetch` has this shape
 * (bind it: `sdk.client.fetch.bind(sdk.client)`), or use `fetchTransport` over plain `fetch`.
 * It resolves to the parsed JSON body and rejects on a non-2xx answer.
 */
export type StoreFetch = <T>(path: string, init: StoreFetchInit) => Promise<T>

/**
 * An error of the store API. `shopper` holds the stable code and parameters of an error a shopper
 * can act on (address, parcel, GHN unavailable) when the transport kept the answer's body
 * (`fetchTransport` does; js-sdk's FetchError keeps only the message, already in the shopper's language).
 */
export class GhnStoreError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly shopper?: ShopperError
  ) {
    super(message)
    this.name = "GhnStoreError"
  }
}

/** The error the store API answered, from its JSON body `{ type, code, message, params }`. */
export function storeErrorOf(status: number, body: unknown, fallback = `HTTP ${status}`): GhnStoreError {
  const answer = (typeof body === "object" && body !== null ? body : {}) as { code?: unknown; message?: unknown; params?: unknown }
  const code = typeof answer.code === "string" ? answer.code : undefined
  const message = typeof answer.message === "string" && answer.message ? answer.message : fallback
  const params = typeof answer.params === "object" && answer.params !== null ? answer.params : undefined
  const shopper = isShopperErrorCode(code) && params ? ({ code, params } as ShopperError) : undefined
  return new GhnStoreError(message, status, code, shopper)
}

/**
 * Any rejection of a transport as a GhnStoreError: js-sdk's FetchError carries `status` and the
 * message; a plain `{ status, code, message, params }` (a GhnStoreErrorBody a server action
 * returned) keeps its code and parameters.
 */
export function toGhnStoreError(error: unknown): GhnStoreError {
  if (error instanceof GhnStoreError) return error
  const { message, status, code } = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; status?: unknown; code?: unknown }
  const text = typeof message === "string" ? message : typeof error === "string" ? error : String(error)
  if (typeof code === "string") return storeErrorOf(typeof status === "number" ? status : 400, error, text)
  return new GhnStoreError(text, typeof status === "number" ? status : undefined)
}

/** A store API error as plain data, which a Next.js server action can return to a client component (a class instance cannot cross). */
export type GhnStoreErrorBody = { status?: number; code?: string; message: string; params?: Record<string, unknown> }

/** Any failure of a store call as a GhnStoreErrorBody; `toGhnStoreError`, `ghnErrorMessage` and `GhnShippingError` read it back. */
export function storeErrorBody(error: unknown): GhnStoreErrorBody {
  const failure = toGhnStoreError(error)
  return {
    message: failure.message,
    ...(failure.status !== undefined ? { status: failure.status } : {}),
    ...(failure.code !== undefined ? { code: failure.code } : {}),
    ...(failure.shopper ? { params: failure.shopper.params as Record<string, unknown> } : {}),
  }
}

export type FetchTransportOptions = {
  /** the Medusa server, e.g. https://api.shop.vn */
  baseUrl: string
  publishableKey: string
  /** the shopper's language for the store API's messages (Accept-Language); Vietnamese by default */
  locale?: ShopperLocale
  /** a fetch implementation (the global one by default) */
  fetch?: typeof globalThis.fetch
}

/** A StoreFetch over plain `fetch` that keeps the store API's error codes and parameters. */
export function fetchTransport(options: FetchTransportOptions): StoreFetch {
  const run = options.fetch ?? globalThis.fetch.bind(globalThis)
  return async <T>(path: string, init: StoreFetchInit): Promise<T> => {
    const url = new URL(path.replace(/^\//, ""), options.baseUrl.replace(/\/?$/, "/"))
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, String(value))
    const response = await run(url.toString(), {
      method: init.method,
      headers: {
        accept: "application/json",
        "accept-language": options.locale ?? "vi",
        "x-publishable-api-key": options.publishableKey,
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    })
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw storeErrorOf(response.status, body, response.statusText)
    return body as T
  }
}

/** The plugin's store routes (src/api/store/ghn/*), typed. Every method rejects with a GhnStoreError. */
export function createGhnStoreClient(fetch: StoreFetch) {
  const call = async <T>(path: string, init: StoreFetchInit): Promise<T> => {
    try {
      return await fetch<T>(path, init)
    } catch (error) {
      throw toGhnStoreError(error)
    }
  }
  const get = <T>(path: string, query?: Record<string, number>) => call<T>(path, { method: "GET", query })
  return {
    /** legacy provinces (GET /store/ghn/provinces) */
    provinces: async () => (await get<{ provinces: GhnProvince[] }>("/store/ghn/provinces")).provinces,
    /** the districts of a legacy province */
    districts: async (provinceId: number) => (await get<{ districts: GhnDistrict[] }>("/store/ghn/districts", { province_id: provinceId })).districts,
    /** the wards of a district; their id is GHN's WardCode */
    wards: async (districtId: number) => (await get<{ wards: GhnWard[] }>("/store/ghn/wards", { district_id: districtId })).wards,
    /** provinces of the new two-level model */
    newProvinces: async () => (await get<{ provinces: GhnNewProvince[] }>("/store/ghn/new-provinces")).provinces,
    /** the wards of a new-model province */
    newWards: async (provinceId: number) => (await get<{ wards: GhnNewWard[] }>("/store/ghn/new-wards", { province_id: provinceId })).wards,
    /** GHN's delivery estimate from the option's stock location to the cart's shipping address */
    leadtime: async (input: { cart_id: string; option_id: string }) =>
      (await call<{ leadtime: GhnLeadtime }>("/store/ghn/leadtime", { method: "POST", body: input })).leadtime,
    /** A logged-in customer's parcels of their order (the transport sends the customer's token: js-sdk does once logged in) */
    orderTracking: (orderId: string) => call<GhnOrderTracking>(`/store/ghn/orders/${encodeURIComponent(orderId)}/tracking`, { method: "GET" }),
    /** A guest's parcels of an order, given its email and number (404 for a wrong pair; 429 after 10 wrong pairs from one address in 10 minutes) */
    guestTracking: (input: { email: string; order_number: number }) => call<GhnOrderTracking>("/store/ghn/tracking", { method: "POST", body: input }),
  }
}

export type GhnStoreClient = ReturnType<typeof createGhnStoreClient>
