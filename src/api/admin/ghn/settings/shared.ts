import type { QueryGraph } from "../../../../lib/runtime/query-graph"
import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createGhnClient, environmentOfUrl, GhnApiError, GhnNetworkError, resolveBaseUrl, type GhnClient } from "../../../../lib/ghn"
import { isGhnProviderId } from "../../../../lib/runtime/provider-id"
import type { GhnAccount } from "../../../../modules/ghn/service"
import type GhnModuleService from "../../../../modules/ghn/service"
import { maskSecret, shownBackendUrl } from "../support-utils"

/** What the admin's Settings -> GHN shows of the plugin's configuration (never the token). */
export function environmentOf(environment: string) {
  const base_url = resolveBaseUrl({ environment })
  const name = environment === "production" || environment === "staging" ? environment : environmentOfUrl(base_url)
  return { name, base_url }
}

/**
 * The webhook to register in GHN's portal. `url_configured`: false when the store set no public URL
 * (option `backendUrl`, MEDUSA_BACKEND_URL, `admin.backendUrl`): `url` is then this request's host,
 * shown only, and the webhook test refuses to run.
 */
export function webhookOf(req: MedusaRequest, ghn: GhnModuleService) {
  const { webhookSecret, webhookHeader } = ghn.options
  const backend = shownBackendUrl(req, ghn.options.backendUrl)
  return {
    url: `${backend.url}/hooks/ghn`,
    url_configured: backend.configured,
    header: webhookHeader,
    has_secret: !!webhookSecret,
    secret_masked: maskSecret(webhookSecret),
  }
}

/**
 * Every stock location and the GHN shop it ships from: the map stored from the admin, else the
 * option `locationShops`, else the default shop; `source` says which.
 */
export async function locationShops(req: MedusaRequest, ghn: GhnModuleService) {
  const query = req.scope.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  type LocationRow = {
    id: string
    name: string
    address?: { address_1?: string | null; address_2?: string | null; city?: string | null; province?: string | null } | null
    fulfillment_providers?: ({ id?: string } | null)[]
  }
  let locations: LocationRow[]
  try {
    ;({ data: locations } = await query.graph<LocationRow>({ entity: "stock_location", fields: ["id", "name", "address.*", "fulfillment_providers.id"] }))
  } catch {
    ;({ data: locations } = await query.graph<LocationRow>({ entity: "stock_location", fields: ["id", "name", "address.*"] }))
  }
  const stored = await ghn.storedLocationShops()
  const map = ghn.options.locationShops ?? {}
  return locations.map((l) => {
    const a = l.address ?? {}
    const source: "stored" | "option" | "default" = l.id in stored ? "stored" : l.id in map ? "option" : "default"
    return {
      id: l.id,
      name: l.name,
      address: [a.address_1, a.address_2, a.city, a.province].filter(Boolean).join(", "),
      shop_id: stored[l.id] ?? map[l.id] ?? ghn.options.shopId,
      mapped: source !== "default",
      source,
      ghn_enabled: Array.isArray(l.fulfillment_providers) ? l.fulfillment_providers.some((p) => isGhnProviderId(p?.id)) : null,
    }
  })
}

export type CheckInput = { token?: string; shop_id?: number; environment: "production" | "staging" | "configured" }

/** `key` names the verdicts the store itself words (the admin translates them); GHN's own refusals have none. */
type Verdict = { ok: boolean | null; code?: string | null; status?: number | null; message: string; key?: string }

const verdictOf = (error: unknown): Verdict => {
  if (error instanceof GhnApiError) {
    return { ok: false, code: error.code_message || `GHN_${error.ghn_status}`, status: error.ghn_status, message: error.ghn_message || error.code_message_value || error.message }
  }
  if (error instanceof GhnNetworkError) return { ok: false, code: error.timeout ? "TIMEOUT" : error.errorCode || "NETWORK", status: null, message: error.message }
  return { ok: false, code: "ERROR", status: null, message: (error as Error)?.message ?? String(error) }
}

/**
 * The connection check: the environment answers, GHN accepts the token (Get Shop), and the shop
 * is one of the account's active shops that GHN accepts as ShopId (Get Province with the header,
 * so the verdict on the shop is GHN's own, message included).
 */
export async function checkConnection(ghn: GhnModuleService, input: CheckInput, account: GhnAccount = ghn.accountOf(null)) {
  const custom = !!input.token || input.shop_id !== undefined || input.environment !== "configured"
  const environment = input.environment === "configured" ? account.options.environment : input.environment
  const shopId = input.shop_id ?? account.options.shopId
  const started = Date.now()
  const env = environmentOf(environment)
  let client: GhnClient
  try {
    client = custom
      ? createGhnClient({ environment, token: input.token ?? account.options.token, shopId, timeoutMs: Math.min(account.options.timeoutMs, 10_000), retry: false, language: account.options.language })
      : account.client
  } catch (error) {
    return { ok: false, custom, environment: env, token: verdictOf(error), shop: { id: shopId, ok: null, message: "not checked", key: "not_checked" }, shops_count: null, duration_ms: 0, checked_at: new Date().toISOString() }
  }
  const result = {
    ok: false,
    custom,
    environment: env,
    token: { ok: null, message: "not checked", key: "not_checked" } as Verdict,
    shop: { id: shopId, ok: null, message: "not checked", key: "not_checked" } as Verdict & { id: number; name?: string | null; status?: number | null },
    shops_count: null as number | null,
    duration_ms: 0,
    checked_at: new Date().toISOString(),
  }
  try {
    let shops
    try {
      shops = await client.shops.listAll({ maxPages: 10 })
      result.token = { ok: true, key: "token_ok", message: `GHN accepts the token: the account has ${shops.length} shop(s)` }
      result.shops_count = shops.length
    } catch (error) {
      result.token = verdictOf(error)
      result.shop = { ...result.shop, key: "not_checked_token", message: "not checked: GHN refused the token" }
      return result
    }
    const shop = shops.find((s) => s._id === shopId)
    result.shop.name = shop?.name ?? null
    result.shop.status = shop?.status ?? null
    try {
      await client.masterData.provinces({ shopId })
    } catch (error) {
      result.shop = { ...result.shop, ...verdictOf(error) }
      return result
    }
    if (!shop) result.shop = { ...result.shop, ok: false, code: "SHOP_NOT_FOUND", key: "shop_not_found", message: `shop ${shopId} is not one of the account's ${shops.length} shop(s)` }
    else if (shop.status !== 1) result.shop = { ...result.shop, ok: false, code: "SHOP_NO_ACTIVE", key: "shop_inactive", message: `shop ${shopId} (${shop.name}) is not active (status ${shop.status})` }
    else result.shop = { ...result.shop, ok: true, key: "shop_ok", message: `shop ${shopId} (${shop.name}) is active` }
    result.ok = result.token.ok === true && result.shop.ok === true
    return result
  } finally {
    result.duration_ms = Date.now() - started
    if (custom) await client.close().catch(() => undefined)
  }
}
