/**
 * createGhnClient: one client per token and environment, with one pooled keep-alive
 * undici Agent (unless a dispatcher is given).
 */
import { RequestBudget } from "./budget"
import type { Dispatcher } from "undici"
import { createAffiliateApi } from "./affiliate"
import { GHN_HOSTS, GHN_TRACKING_URL_BASE } from "./constants"
import { GhnInputError, type GhnInputIssue } from "./errors"
import { createFeesApi } from "./fees"
import { createMasterDataApi } from "./master-data"
import { createOrdersApi } from "./orders"
import { createPrintApi } from "./print"
import { createServicesApi } from "./services"
import { createShiftsApi } from "./shifts"
import { createShopsApi } from "./shops"
import { createTicketsApi } from "./tickets"
import {
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  checkShopId,
  createTransport,
  type GhnCallRecord,
  type GhnLogger,
  type GhnRawAnswer,
  type GhnRetryOptions,
} from "./transport"
import { withoutTrailingSlashes } from "../format/url"

export interface GhnClientOptions {
  /** "production", "staging", or a URL (e.g. the sandbox). One of environment / baseUrl is required. */
  environment?: "production" | "staging" | (string & {})
  /** Base URL, an alternative to environment (wins when both are given). */
  baseUrl?: string
  /** GHN API token (per environment). Never logged nor put in an error. */
  token: string
  /** Default ShopId header (and Get Service body shop_id). */
  shopId?: number
  /** Deadline of every HTTP attempt (connect + headers + body). Default 10000 ms. */
  timeoutMs?: number
  /** Retry policy of the idempotent calls; `false` disables every automatic retry. */
  retry?: GhnRetryOptions | false
  /** Sent as `language` where the spec has it (affiliate calls): language of code_message_value. */
  language?: "vi" | "en"
  logger?: GhnLogger
  /** Default https://donhang.ghn.vn/?order_code= ; the order code is appended. */
  trackingUrlBase?: string
  /** A dispatcher to use instead of the client's own Agent (then close() leaves it open). */
  dispatcher?: Dispatcher
  /** User-Agent header. Default "medusa-fulfillment-ghn". */
  userAgent?: string
  /**
   * The account's request budget: calls marked `{ background: true }` (polling, refreshes, bulk
   * actions) wait so that all calls stay within this many per second; others never wait. Off when absent.
   */
  requestsPerSecond?: number
  /** Sees every answer as GHN sent it, the token masked (a check's raw-answer file); never breaks a call. */
  onAnswer?: (answer: GhnRawAnswer) => void
  /** Sees every call once it is over, by class (health figures, traces); never breaks a call. */
  onCall?: (call: GhnCallRecord) => void
}

const OP = "createGhnClient"
const bad = (field: string, value: unknown, limit: unknown, message: string): GhnInputIssue => ({ field, value, limit, rule: "invalid", message })

/** Resolves `environment` / `baseUrl` to a base URL (no trailing slash). */
export function resolveBaseUrl(opts: { environment?: string; baseUrl?: string }): string {
  const raw = opts.baseUrl ?? opts.environment
  if (raw === undefined || raw === "") {
    throw new GhnInputError(OP, [bad("environment", raw, ["production", "staging", "http(s)://..."], "environment (production, staging or a URL) or baseUrl is required")])
  }
  if (opts.baseUrl === undefined && (raw === "production" || raw === "staging")) return GHN_HOSTS[raw]
  if (/^https?:\/\//i.test(raw)) {
    try {
      new URL(raw)
    } catch {
      throw new GhnInputError(OP, [bad(opts.baseUrl !== undefined ? "baseUrl" : "environment", raw, "a valid URL", `${opts.baseUrl !== undefined ? "baseUrl" : "environment"} = ${JSON.stringify(raw)} is not a valid URL`)])
    }
    return withoutTrailingSlashes(raw)
  }
  const field = opts.baseUrl !== undefined ? "baseUrl" : "environment"
  throw new GhnInputError(OP, [
    bad(field, raw, ["production", "staging", "http(s)://..."], `${field} = ${JSON.stringify(raw)} is not "production", "staging" or an http(s):// URL`),
  ])
}

/**
 * The GHN environment a base URL reaches, by its host alone: `https://online-gateway.ghn.vn:443`,
 * `http://ONLINE-GATEWAY.ghn.vn./x` and the bare host are all production, whatever the scheme, port,
 * case, trailing dot or path. Any other host is "custom" (the sandbox, a proxy).
 */
export function environmentOfUrl(baseUrl: string): "production" | "staging" | "custom" {
  let host: string
  try {
    host = new URL(baseUrl).hostname.toLowerCase().replace(/\.$/, "")
  } catch {
    return "custom"
  }
  if (host === new URL(GHN_HOSTS.production).hostname) return "production"
  if (host === new URL(GHN_HOSTS.staging).hostname) return "staging"
  return "custom"
}

export function createGhnClient(options: GhnClientOptions) {
  if (typeof options?.token !== "string" || options.token.trim() === "") {
    // the value is never echoed: it could be a token
    throw new GhnInputError(OP, [bad("token", undefined, "required", "token is required (a GHN API token of the chosen environment)")])
  }
  if (/[\u0000-\u001f\u007f]/.test(options.token)) {
    throw new GhnInputError(OP, [bad("token", undefined, "an HTTP header value", "token contains control characters (such as a line break) that an HTTP header cannot carry")])
  }
  checkShopId(OP, options.shopId)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new GhnInputError(OP, [bad("timeoutMs", timeoutMs, "> 0", `timeoutMs = ${timeoutMs} must be a positive number of milliseconds`)])
  }
  const retry = options.retry === false ? false : { ...DEFAULT_RETRY, ...(options.retry ?? {}) }
  if (retry) {
    for (const k of ["retries", "minDelayMs", "maxDelayMs", "maxRetryAfterMs"] as const) {
      if (!Number.isFinite(retry[k]) || retry[k] < 0) {
        throw new GhnInputError(OP, [bad(`retry.${k}`, retry[k], ">= 0", `retry.${k} = ${retry[k]} must be a number >= 0`)])
      }
    }
  }
  if (options.language !== undefined && options.language !== "vi" && options.language !== "en") {
    throw new GhnInputError(OP, [bad("language", options.language, ["vi", "en"], `language = ${JSON.stringify(options.language)} must be "vi" or "en"`)])
  }
  const baseUrl = resolveBaseUrl(options)
  const environment = environmentOfUrl(baseUrl)
  const trackingUrlBase = options.trackingUrlBase ?? GHN_TRACKING_URL_BASE

  if (options.requestsPerSecond !== undefined && !(Number.isFinite(options.requestsPerSecond) && options.requestsPerSecond > 0)) {
    throw new GhnInputError(OP, [bad("requestsPerSecond", options.requestsPerSecond, "> 0", `requestsPerSecond = ${options.requestsPerSecond} must be a number of requests per second above 0`)])
  }
  const budget = options.requestsPerSecond ? new RequestBudget({ perSecond: options.requestsPerSecond }) : undefined
  const transport = createTransport({
    baseUrl,
    token: options.token,
    shopId: options.shopId,
    timeoutMs,
    retry,
    logger: options.logger,
    dispatcher: options.dispatcher,
    environmentLabel: environment === "custom" ? baseUrl : `${environment} (${baseUrl})`,
    userAgent: options.userAgent,
    budget,
    onAnswer: options.onAnswer,
    onCall: options.onCall,
  })
  const shops = createShopsApi(transport)

  return {
    /** "production", "staging" or "custom" (any other URL). */
    environment,
    /** The account's request budget (undefined when off). */
    budget,
    /** The base URL every path is appended to. */
    baseUrl: transport.baseUrl,
    /** The default ShopId. */
    shopId: options.shopId,
    orders: createOrdersApi(transport),
    fees: createFeesApi(transport),
    services: createServicesApi(transport),
    shops,
    affiliate: createAffiliateApi(transport, shops, options.language),
    tickets: createTicketsApi(transport),
    print: createPrintApi(transport),
    shifts: createShiftsApi(transport),
    masterData: createMasterDataApi(transport),
    /** Public tracking page of an order. */
    trackingUrl(order_code: string): string {
      return `${trackingUrlBase}${encodeURIComponent(order_code)}`
    },
    /** Closes the client's own Agent (a dispatcher passed in options is left open). Idempotent. */
    close(): Promise<void> {
      return transport.close()
    },
  }
}

export type GhnClient = ReturnType<typeof createGhnClient>
