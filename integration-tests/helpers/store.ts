/**
 * A Vietnamese GHN store set up through Medusa's admin HTTP API, and a customer's checkout
 * through the store API: what a store owner and a shopper do, step by step.
 */
import { sandbox } from "./sandbox"
import { waitFor } from "./wait"

type Headers = { headers: Record<string, string> }

export const WAREHOUSE_ADDRESS = {
  address_1: "18 Phó Đức Chính",
  address_2: "Phường Phúc Xá",
  city: "Quận Ba Đình",
  province: "Hà Nội",
  country_code: "vn",
  phone: "0987654321",
}

export const CUSTOMER_ADDRESS = {
  first_name: "An",
  last_name: "Nguyễn Văn",
  address_1: "12 Lê Lợi",
  address_2: "Phường Bến Nghé",
  city: "Quận 1",
  province: "Hồ Chí Minh",
  country_code: "vn",
  phone: "0912345678",
}

export type SeededStore = {
  regionId: string
  locationId: string
  salesChannelId: string
  publishableKey: string
  profileId: string
  options: { light: string; heavy: string; flat: string; returnLight: string }
  variants: { shirt: string; kettle: string; pot: string; noWeight: string; tooHeavy: string; tooLong: string; heavyBox: string; watch: string }
}

/** The test runner's axios client, whose errors say what the server answered. */
export function explained(api: any) {
  const wrap =
    (method: "get" | "post" | "delete") =>
    (...args: any[]) =>
      api[method](...args).catch((error: any) => {
        const answer = error.response ? `${error.response.status} ${JSON.stringify(error.response.data)}` : error.message
        throw Object.assign(new Error(`${method.toUpperCase()} ${args[0]} -> ${answer}`), { response: error.response })
      })
  return {
    get: wrap("get"),
    post: wrap("post"),
    delete: wrap("delete"),
    // The runner's client is a proxy to an axios instance made when the app starts.
    get defaults() {
      return api.defaults
    },
  }
}

export async function seedGhnStore(rawApi: any, admin: Headers, currency = "vnd"): Promise<SeededStore> {
  const api = explained(rawApi)
  const region = (
    await api.post(
      "/admin/regions",
      { name: `Việt Nam ${currency}`, currency_code: currency, countries: currency === "vnd" ? ["vn"] : [], payment_providers: ["pp_system_default"] },
      admin
    )
  ).data.region

  const location = (await api.post("/admin/stock-locations", { name: "Kho Hà Nội", address: WAREHOUSE_ADDRESS }, admin)).data.stock_location
  await api.post(`/admin/stock-locations/${location.id}/fulfillment-providers`, { add: ["ghn_ghn", "manual_manual"] }, admin)
  const withSet = (
    await api.post(`/admin/stock-locations/${location.id}/fulfillment-sets?fields=*fulfillment_sets`, { name: `Giao hàng ${currency}`, type: "shipping" }, admin)
  ).data.stock_location
  const fulfillmentSetId = withSet.fulfillment_sets[0].id
  const zone = (
    await api.post(
      `/admin/fulfillment-sets/${fulfillmentSetId}/service-zones?fields=*service_zones`,
      { name: `Việt Nam ${currency}`, geo_zones: [{ type: "country", country_code: "vn" }] },
      admin
    )
  ).data.fulfillment_set.service_zones[0]

  const profile = (await api.post("/admin/shipping-profiles", { name: `Mặc định ${currency}`, type: "default" }, admin)).data.shipping_profile

  const option = async (name: string, body: Record<string, unknown>) =>
    (
      await api.post(
        "/admin/shipping-options",
        {
          name,
          service_zone_id: zone.id,
          shipping_profile_id: profile.id,
          type: { label: name, description: name, code: name.toLowerCase().replace(/\W+/g, "-") },
          ...body,
        },
        admin
      )
    ).data.shipping_option.id
  const options = {
    light: await option("GHN Hàng nhẹ", { provider_id: "ghn_ghn", price_type: "calculated", prices: [], data: { id: "ghn-light", service_type_id: 2 } }),
    heavy: await option("GHN Hàng nặng", { provider_id: "ghn_ghn", price_type: "calculated", prices: [], data: { id: "ghn-heavy", service_type_id: 5 } }),
    flat: await option("Giao tay", {
      provider_id: "manual_manual",
      price_type: "flat",
      prices: [{ currency_code: currency, amount: 30000 }],
      data: { id: "manual-fulfillment" },
    }),
    returnLight: await option("GHN Trả hàng", {
      provider_id: "ghn_ghn",
      price_type: "calculated",
      prices: [],
      data: { id: "ghn-return-light", service_type_id: 2, is_return: true },
      rules: [{ attribute: "is_return", operator: "eq", value: "true" }],
    }),
  }

  const salesChannel = (await api.post("/admin/sales-channels", { name: `Cửa hàng online ${currency}` }, admin)).data.sales_channel
  await api.post(`/admin/stock-locations/${location.id}/sales-channels`, { add: [salesChannel.id] }, admin)
  const key = (await api.post("/admin/api-keys", { title: "Storefront", type: "publishable" }, admin)).data.api_key
  await api.post(`/admin/api-keys/${key.id}/sales-channels`, { add: [salesChannel.id] }, admin)

  const product = async (title: string, variant: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const created = (
      await api.post(
        "/admin/products",
        {
          title,
          handle: `${String(variant.sku).toLowerCase()}-${currency}`,
          status: "published",
          shipping_profile_id: profile.id,
          sales_channels: [{ id: salesChannel.id }],
          options: [{ title: "Loại", values: ["Mặc định"] }],
          variants: [
            {
              title: "Mặc định",
              options: { Loại: "Mặc định" },
              manage_inventory: false,
              prices: [{ currency_code: currency, amount: 250000 }],
              ...variant,
              sku: currency === "vnd" ? variant.sku : `${variant.sku}-${currency.toUpperCase()}`,
            },
          ],
          ...extra,
        },
        admin
      )
    ).data.product
    return created.variants[0].id as string
  }
  const variants = {
    shirt: await product("Áo thun", { sku: "AO-THUN-M", weight: 500, length: 30, width: 20, height: 3 }),
    kettle: await product("Ấm đun nước", { sku: "AM-DUN", length: 25, width: 20, height: 20 }, { weight: 1200 }),
    // Weight and sizes on the product only.
    pot: await product("Nồi cơm điện", { sku: "NOI-COM" }, { weight: 2000, length: 40, width: 30, height: 25 }),
    noWeight: await product("Quà tặng", { sku: "QUA-TANG" }),
    tooHeavy: await product("Két sắt", { sku: "KET-SAT", weight: 60000, length: 60, width: 50, height: 50 }),
    tooLong: await product("Thang nhôm", { sku: "THANG", weight: 8000, length: 250, width: 40, height: 10 }),
    heavyBox: await product("Thùng sơn", { sku: "SON-25KG", weight: 25000, length: 40, width: 40, height: 40 }),
    // Light and dear: a cart of it can owe more COD than GHN collects on one order.
    watch: await product("Đồng hồ", { sku: "DONG-HO", weight: 300, length: 10, width: 10, height: 8, prices: [{ currency_code: currency, amount: 30_000_000 }] }),
  }

  return {
    regionId: region.id,
    locationId: location.id,
    salesChannelId: salesChannel.id,
    publishableKey: key.token,
    profileId: profile.id,
    options,
    variants,
  }
}

/** A shopper reading English: the store API answers Vietnamese by default; these tests read the plugin's English messages. */
export function storeHeaders(store: SeededStore) {
  return { headers: { "x-publishable-api-key": store.publishableKey, "accept-language": "en" } }
}

export async function createCart(
  api: any,
  store: SeededStore,
  items: { variant_id: string; quantity: number }[],
  address: Record<string, unknown> = CUSTOMER_ADDRESS
) {
  const { data } = await api.post(
    "/store/carts",
    { region_id: store.regionId, email: "khach@example.vn", shipping_address: address, billing_address: address, items },
    storeHeaders(store)
  )
  return data.cart as { id: string; currency_code: string }
}

export async function quote(api: any, store: SeededStore, cartId: string, optionId: string) {
  const { data } = await api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, storeHeaders(store))
  return data.shipping_option as { id: string; amount: number; calculated_price: Record<string, unknown> }
}

/** Shipping method, cash-on-delivery payment (Medusa's system provider) and completion. */
export async function checkout(api: any, store: SeededStore, cartId: string, optionId: string) {
  await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId, data: {} }, storeHeaders(store))
  const collection = (await api.post("/store/payment-collections", { cart_id: cartId }, storeHeaders(store))).data.payment_collection
  await api.post(`/store/payment-collections/${collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, storeHeaders(store))
  const { data } = await api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders(store))
  if (data.type !== "order") throw new Error(`cart did not complete: ${JSON.stringify(data.error ?? data)}`)
  return data.order as { id: string; items: { id: string; quantity: number }[]; total: number; shipping_methods: any[] }
}

/** The message of a failed HTTP call made with the test runner's axios client. */
export async function failure(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error: any) {
    return { status: error.response?.status as number, message: String(error.response?.data?.message ?? error.message) }
  }
  throw new Error("expected the request to fail")
}

/** Fulfils the given items (every item of the order by default) from the store's stock location, as the admin does. */
export async function fulfilOrder(api: any, admin: Headers, store: SeededStore, orderId: string, items?: { id: string; quantity: number }[]) {
  if (!items) {
    const { data } = await api.get(`/admin/orders/${orderId}?fields=id,*items`, admin)
    items = data.order.items.map((i: any) => ({ id: i.id, quantity: Number(i.quantity) }))
  }
  const res = await api.post(
    `/admin/orders/${orderId}/fulfillments?fields=id,*fulfillments,fulfillments.labels.*`,
    { items, location_id: store.locationId },
    admin
  )
  return res.data.order.fulfillments.at(-1) as { id: string; data: Record<string, any>; labels: any[]; canceled_at: string | null }
}

/**
 * GHN moves a parcel (the sandbox's control API, its callbacks over HTTP), one status at a time,
 * each applied by the store before the next: a burst would apply as one move.
 */
export async function movedTo(api: any, admin: { headers: Record<string, string> }, code: string, ...steps: string[]) {
  for (const step of steps) {
    await sandbox.move(code, step)
    const status = step.split(":")[0]
    await waitFor(async () => (await api.get(`/admin/ghn/shipments/${code}`, admin)).data.shipment.status === status)
  }
}
