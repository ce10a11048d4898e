/**
 * The demo store's data: a Vietnamese shop that ships with GHN. Idempotent: every record is
 * looked up first (by name, handle, title or email) and created only when missing, so a second
 * run adds nothing. Run by `npm run demo` as
 *
 *   medusa exec ./src/scripts/seed-demo.ts
 *
 * Environment: DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD (the admin user; its password is reset to
 * this value on every run, so the printed credentials always work) and DEMO_SEED_OUT (a file
 * that receives the ids the demo's other commands need, as JSON).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { ghnProviderIdOf } from "../lib/runtime/provider-id"
import type { AuthenticationInput, ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createLocationFulfillmentSetWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

export const DEMO = {
  region: "Việt Nam",
  salesChannel: "Cửa hàng GHN demo",
  apiKey: "Cửa hàng GHN demo (storefront)",
  location: "Kho Hà Nội",
  fulfillmentSet: "Kho Hà Nội - giao hàng",
  serviceZone: "Việt Nam",
  shippingProfile: "Hàng thường",
  /** A real ward that the GHN sandbox (and GHN) knows: the sandbox's Hà Nội pickup street. */
  warehouse: {
    address_1: "12 Phan Đình Phùng",
    address_2: "Phường Trúc Bạch",
    city: "Quận Ba Đình",
    province: "Hà Nội",
    postal_code: "100000",
    country_code: "vn",
    phone: "0901000001",
    company: "Cửa hàng GHN demo",
  },
}


/** The development store's GHN provider (medusa-config.ts registers it under the id "ghn"). */
const GHN_PROVIDER = ghnProviderIdOf("ghn")

/** Rows as this script reads them through query.graph (only the fields it asks for). */
type Ref = { id: string }
type LocationView = {
  id: string
  fulfillment_providers?: (Ref | null)[]
  fulfillment_sets?: ((Ref & { name: string }) | null)[]
  sales_channels?: (Ref | null)[]
}
type VariantRow = { id: string; sku: string | null; inventory_items?: ({ inventory_item_id: string } | null)[] }

const STOCK = 100

type ProductSeed = {
  key: string
  handle: string
  title: string
  description: string
  weight: number
  length: number
  width: number
  height: number
  variants: { title: string; sku: string; price: number }[]
}

/** Weights in grams, sizes in cm, prices in VND. One heavy product (> 20 kg) for GHN heavy goods. */
const PRODUCTS: ProductSeed[] = [
  {
    key: "tshirt",
    handle: "ao-thun-ghn",
    title: "Áo thun cotton",
    description: "Áo thun 100% cotton, may tại Việt Nam.",
    weight: 300,
    length: 30,
    width: 25,
    height: 3,
    variants: [
      { title: "S", sku: "AO-THUN-S", price: 159000 },
      { title: "M", sku: "AO-THUN-M", price: 159000 },
      { title: "L", sku: "AO-THUN-L", price: 169000 },
    ],
  },
  {
    key: "coffee",
    handle: "ca-phe-robusta",
    title: "Cà phê Robusta Buôn Ma Thuột 1 kg",
    description: "Cà phê hạt rang mộc, túi 1 kg.",
    weight: 1050,
    length: 25,
    width: 15,
    height: 10,
    variants: [{ title: "Túi 1 kg", sku: "CA-PHE-1KG", price: 320000 }],
  },
  {
    key: "ricecooker",
    handle: "noi-com-dien",
    title: "Nồi cơm điện 1,8 lít",
    description: "Nồi cơm điện lòng niêu chống dính.",
    weight: 3200,
    length: 35,
    width: 30,
    height: 28,
    variants: [{ title: "Mặc định", sku: "NOI-COM-18", price: 890000 }],
  },
  {
    key: "paint",
    handle: "thung-son-25kg",
    title: "Thùng sơn nước 25 kg (hàng nặng)",
    description: "Sơn nước nội thất, thùng 25 kg: giao bằng GHN hàng nặng.",
    weight: 25000,
    length: 40,
    width: 40,
    height: 45,
    variants: [{ title: "Trắng", sku: "SON-25KG-TRANG", price: 1450000 }],
  },
]

export default async function seedDemo({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const storeModule = container.resolve(Modules.STORE)
  const regionModule = container.resolve(Modules.REGION)
  const taxModule = container.resolve(Modules.TAX)
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  const apiKeyModule = container.resolve(Modules.API_KEY)
  const stockLocationModule = container.resolve(Modules.STOCK_LOCATION)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const productModule = container.resolve(Modules.PRODUCT)
  const inventoryModule = container.resolve(Modules.INVENTORY)
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)

  const created: string[] = []
  const note = (what: string) => {
    created.push(what)
    logger.info(`seed-demo: created ${what}`)
  }

  // Sales channel (the storefront's).
  let [salesChannel] = await salesChannelModule.listSalesChannels({ name: DEMO.salesChannel })
  if (!salesChannel) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: DEMO.salesChannel, description: "Storefront of the GHN demo" }] },
    })
    salesChannel = result[0]
    note(`sales channel "${DEMO.salesChannel}"`)
  }

  // Region Việt Nam in VND, cash on delivery through Medusa's system payment provider.
  const regions = await regionModule.listRegions({}, { relations: ["countries"] })
  let region = regions.find((r) => r.countries?.some((c) => c.iso_2 === "vn"))
  if (region && region.currency_code !== "vnd") {
    throw new Error(`region "${region.name}" already holds Việt Nam in ${region.currency_code.toUpperCase()}; GHN quotes in VND`)
  }
  if (!region) {
    const { result } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name: DEMO.region,
            currency_code: "vnd",
            countries: ["vn"],
            payment_providers: ["pp_system_default"],
            is_tax_inclusive: true,
          },
        ],
      },
    })
    region = result[0]
    note(`region "${DEMO.region}" (VND)`)
  }
  const taxRegion = (await taxModule.listTaxRegions({ country_code: "vn" })).find((t) => !t.parent_id)
  if (!taxRegion) {
    await createTaxRegionsWorkflow(container).run({ input: [{ country_code: "vn", provider_id: "tp_system" }] })
    note("tax region vn")
  }

  // The store: VND supported (and the default), our sales channel and region by default.
  const [store] = await storeModule.listStores({}, { relations: ["supported_currencies"] })
  if (store) {
    const currencies = store.supported_currencies ?? []
    const vndDefault = currencies.some((c) => c.currency_code === "vnd" && c.is_default)
    if (!vndDefault || store.default_sales_channel_id !== salesChannel.id || store.default_region_id !== region.id) {
      await updateStoresWorkflow(container).run({
        input: {
          selector: { id: store.id },
          update: {
            name: store.name === "Medusa Store" ? "Cửa hàng GHN demo" : store.name,
            supported_currencies: [
              { currency_code: "vnd", is_default: true, is_tax_inclusive: true },
              ...currencies
                .filter((c) => c.currency_code !== "vnd")
                .map((c) => ({ currency_code: c.currency_code, is_default: false })),
            ],
            default_sales_channel_id: salesChannel.id,
            default_region_id: region.id,
          },
        },
      })
      note("store settings (VND, default sales channel and region)")
    }
  }

  // Publishable key for the storefront, on the sales channel.
  let apiKey = (await apiKeyModule.listApiKeys({ title: DEMO.apiKey, type: "publishable" })).find((k) => !k.revoked_at)
  if (!apiKey) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: DEMO.apiKey, type: "publishable", created_by: "" }] },
    })
    apiKey = result[0]
    note(`publishable API key "${DEMO.apiKey}"`)
  }
  const { data: [keyLinks] } = await query.graph({ entity: "api_key", fields: ["id", "sales_channels.id"], filters: { id: apiKey.id } })
  if (!(keyLinks as { sales_channels?: (Ref | null)[] } | undefined)?.sales_channels?.some((s) => s?.id === salesChannel.id)) {
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })
    note("publishable key ↔ sales channel link")
  }

  // Stock location "Kho Hà Nội" on a real ward, with GHN and manual fulfilment providers.
  let [location] = await stockLocationModule.listStockLocations({ name: DEMO.location })
  if (!location) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: { locations: [{ name: DEMO.location, address: DEMO.warehouse }] },
    })
    location = result[0]
    note(`stock location "${DEMO.location}"`)
  }
  const locationView = async () =>
    (
      await query.graph({
        entity: "stock_location",
        fields: ["id", "fulfillment_providers.id", "fulfillment_sets.id", "fulfillment_sets.name", "sales_channels.id"],
        filters: { id: location.id },
      })
    ).data[0] as unknown as LocationView
  let view = await locationView()
  for (const providerId of [GHN_PROVIDER, "manual_manual"]) {
    if (!view.fulfillment_providers?.some((p) => p?.id === providerId)) {
      await link.create({
        [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
        [Modules.FULFILLMENT]: { fulfillment_provider_id: providerId },
      })
      note(`fulfilment provider ${providerId} on "${DEMO.location}"`)
    }
  }
  if (!view.sales_channels?.some((s) => s?.id === salesChannel.id)) {
    await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [salesChannel.id] } })
    note(`sales channel ↔ "${DEMO.location}" link`)
  }
  let fulfillmentSetId: string | undefined = view.fulfillment_sets?.find((s) => s?.name === DEMO.fulfillmentSet)?.id
  if (!fulfillmentSetId) {
    await createLocationFulfillmentSetWorkflow(container).run({
      input: { location_id: location.id, fulfillment_set_data: { name: DEMO.fulfillmentSet, type: "shipping" } },
    })
    view = await locationView()
    fulfillmentSetId = view.fulfillment_sets?.find((s) => s?.name === DEMO.fulfillmentSet)?.id
    note(`fulfilment set "${DEMO.fulfillmentSet}"`)
  }

  // Service zone Việt Nam.
  let [zone] = await fulfillmentModule.listServiceZones(
    { fulfillment_set: { id: fulfillmentSetId! }, name: DEMO.serviceZone },
    { relations: ["shipping_options"] }
  )
  if (!zone) {
    await fulfillmentModule.createServiceZones({
      fulfillment_set_id: fulfillmentSetId!,
      name: DEMO.serviceZone,
      geo_zones: [{ type: "country", country_code: "vn" }],
    })
    ;[zone] = await fulfillmentModule.listServiceZones(
      { fulfillment_set: { id: fulfillmentSetId! }, name: DEMO.serviceZone },
      { relations: ["shipping_options"] }
    )
    note(`service zone "${DEMO.serviceZone}"`)
  }

  // Shipping profile for the products.
  let [profile] = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: DEMO.shippingProfile, type: "default" }] },
    })
    profile = result[0]
    note(`shipping profile "${DEMO.shippingProfile}"`)
  }

  // Shipping options: GHN light and heavy goods (live quotes), GHN return, a flat manual one.
  const inStore = { attribute: "enabled_in_store", value: "true", operator: "eq" as const }
  const notReturn = { attribute: "is_return", value: "false", operator: "eq" as const }
  const isReturn = { attribute: "is_return", value: "true", operator: "eq" as const }
  const optionSeeds = [
    {
      key: "ghnLight",
      name: "GHN Giao hàng nhanh (hàng nhẹ)",
      provider_id: GHN_PROVIDER,
      price_type: "calculated" as const,
      data: { id: "ghn-light", service_type_id: 2 },
      type: { label: "GHN hàng nhẹ", description: "GHN, hàng nhẹ (dưới 20 kg): phí theo báo giá GHN", code: "ghn-light" },
      rules: [inStore, notReturn],
    },
    {
      key: "ghnHeavy",
      name: "GHN Hàng nặng",
      provider_id: GHN_PROVIDER,
      price_type: "calculated" as const,
      data: { id: "ghn-heavy", service_type_id: 5 },
      type: { label: "GHN hàng nặng", description: "GHN, hàng nặng (từ 20 kg): phí theo báo giá GHN", code: "ghn-heavy" },
      rules: [inStore, notReturn],
    },
    {
      key: "ghnReturn",
      name: "GHN Trả hàng",
      provider_id: GHN_PROVIDER,
      price_type: "calculated" as const,
      data: { id: "ghn-return-light", service_type_id: 2, is_return: true },
      type: { label: "GHN trả hàng", description: "Khách trả hàng qua GHN", code: "ghn-return" },
      rules: [inStore, isReturn],
    },
    {
      key: "flat",
      name: "Giao tay nội thành (30.000 ₫)",
      provider_id: "manual_manual",
      price_type: "flat" as const,
      data: { id: "manual-fulfillment" },
      prices: [{ currency_code: "vnd", amount: 30000 }],
      type: { label: "Giao tay", description: "Cửa hàng tự giao trong nội thành", code: "manual-flat" },
      rules: [inStore, notReturn],
    },
  ]
  const options: Record<string, string> = {}
  const existing = new Map((zone.shipping_options ?? []).map((o) => [o.name, o.id]))
  const missing = optionSeeds.filter((o) => !existing.has(o.name))
  if (missing.length) {
    const { result } = await createShippingOptionsWorkflow(container).run({
      input: missing.map(({ key: _key, ...o }) => ({ ...o, service_zone_id: zone.id, shipping_profile_id: profile.id })),
    })
    for (const o of result) existing.set(o.name, o.id)
    note(`shipping options ${missing.map((o) => `"${o.name}"`).join(", ")}`)
  }
  for (const o of optionSeeds) options[o.key] = existing.get(o.name)!

  // Products with weights and sizes, stocked at Kho Hà Nội.
  const found = await productModule.listProducts({ handle: PRODUCTS.map((p) => p.handle) })
  const productIds: Record<string, string> = Object.fromEntries(
    PRODUCTS.map((p) => [p.key, found.find((f) => f.handle === p.handle)?.id]).filter(([, id]) => id)
  )
  const toCreate = PRODUCTS.filter((p) => !productIds[p.key])
  if (toCreate.length) {
    const { result } = await createProductsWorkflow(container).run({
      input: {
        products: toCreate.map((p) => ({
          title: p.title,
          handle: p.handle,
          description: p.description,
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: profile.id,
          sales_channels: [{ id: salesChannel.id }],
          weight: p.weight,
          length: p.length,
          width: p.width,
          height: p.height,
          origin_country: "vn",
          options: [{ title: "Loại", values: p.variants.map((v) => v.title) }],
          variants: p.variants.map((v) => ({
            title: v.title,
            sku: v.sku,
            options: { Loại: v.title },
            manage_inventory: true,
            weight: p.weight,
            length: p.length,
            width: p.width,
            height: p.height,
            prices: [{ currency_code: "vnd", amount: v.price }],
          })),
        })),
      },
    })
    for (const product of result) productIds[PRODUCTS.find((p) => p.handle === product.handle)!.key] = product.id
    note(`products ${toCreate.map((p) => `"${p.title}"`).join(", ")}`)
  }

  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id", "sku", "title", "product_id", "manage_inventory", "inventory_items.inventory_item_id"],
    filters: { product_id: Object.values(productIds) },
  })
  const variantRows = variants as unknown as VariantRow[]
  const itemIds = variantRows.flatMap((v) => (v.inventory_items ?? []).map((i) => i?.inventory_item_id)).filter((id): id is string => !!id)
  const levels = itemIds.length
    ? await inventoryModule.listInventoryLevels({ inventory_item_id: itemIds, location_id: location.id })
    : []
  const stocked = new Set(levels.map((l) => l.inventory_item_id))
  const newLevels = itemIds.filter((id: string) => !stocked.has(id))
  if (newLevels.length) {
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: newLevels.map((inventory_item_id: string) => ({
          inventory_item_id,
          location_id: location.id,
          stocked_quantity: STOCK,
        })),
      },
    })
    note(`stock of ${newLevels.length} variant(s) at "${DEMO.location}"`)
  }

  // Admin user (email and password from the environment, printed by the demo).
  const email = process.env.DEMO_ADMIN_EMAIL || "admin@ghn-demo.local"
  const password = process.env.DEMO_ADMIN_PASSWORD || "ghn-demo-password"
  let [user] = await userModule.listUsers({ email })
  if (!user) {
    user = await userModule.createUsers({ email, first_name: "Quản", last_name: "Trị" })
    note(`admin user ${email}`)
  }
  const [identity] = await authModule.listProviderIdentities({ entity_id: email, provider: "emailpass" })
  if (!identity) {
    const { authIdentity, error } = await authModule.register("emailpass", { body: { email, password } } as AuthenticationInput)
    if (!authIdentity) throw new Error(`cannot register the admin's password: ${error}`)
    await authModule.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
    note(`login for ${email}`)
  } else {
    const { success, error } = await authModule.updateProvider("emailpass", { entity_id: email, password })
    if (!success) throw new Error(`cannot reset the admin's password: ${error}`)
    const [authIdentity] = await authModule.listAuthIdentities({ id: [identity.auth_identity_id!] })
    if (authIdentity && authIdentity.app_metadata?.user_id !== user.id) {
      await authModule.updateAuthIdentities({ id: authIdentity.id, app_metadata: { ...(authIdentity.app_metadata ?? {}), user_id: user.id } })
    }
  }

  const variantIds: Record<string, string> = {}
  for (const p of PRODUCTS) {
    for (const v of p.variants) {
      const row = variantRows.find((x) => x.sku === v.sku)
      if (row) variantIds[v.sku] = row.id
    }
  }
  const output = {
    regionId: region.id,
    salesChannelId: salesChannel.id,
    publishableKey: apiKey.token,
    stockLocationId: location.id,
    fulfillmentSetId,
    serviceZoneId: zone.id,
    shippingProfileId: profile.id,
    shippingOptions: options,
    products: productIds,
    variants: variantIds,
    admin: { email, password },
    created,
  }
  if (process.env.DEMO_SEED_OUT) {
    fs.mkdirSync(path.dirname(process.env.DEMO_SEED_OUT), { recursive: true })
    fs.writeFileSync(process.env.DEMO_SEED_OUT, JSON.stringify(output, null, 2) + "\n")
  }
  logger.info(created.length ? `seed-demo: ${created.length} change(s)` : "seed-demo: everything was already there, nothing added")
}
