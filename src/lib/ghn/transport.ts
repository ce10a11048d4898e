/**
 * The one HTTP transport of the GHN client: headers, envelope parsing, timeouts, retries,
 * token redaction and logging. Resource modules describe a request (`RequestSpec`) and
 * get typed `data` back, or a GhnError.
 */
import { Agent, FormData, type Dispatcher } from "undici"
import { z } from "zod"
import { pause as sleep, type RequestBudget } from "./budget"
import { GhnApiError, GhnError, GhnInputError, GhnNetworkError, type GhnFieldError } from "./errors"
import { withoutTrailingSlashes } from "../format/url"

export interface GhnLogger {
  debug?(msg: string, meta?: object): void
  warn?(msg: string, meta?: object): void
}

export interface GhnRetryOptions {
  /** Extra attempts after the first one. Default 2. */
  retries?: number
  /** Base back-off delay. Default 250 ms. */
  minDelayMs?: number
  /** Cap of one back-off delay. Default 3000 ms. */
  maxDelayMs?: number
  /** A 429 is retried after its Retry-After only when that is at most this. Default 5000 ms. */
  maxRetryAfterMs?: number
}

/** Per-call options, the optional last argument of every method. */
export interface GhnCallOptions {
  /** Overrides the client's shopId for this call (the ShopId header). */
  shopId?: number
  /** Aborts the call (a GhnNetworkError with `aborted: true`; never retried). */
  signal?: AbortSignal
  /**
   * A call that can wait (polling, refreshes, bulk admin actions): it waits for the account's
   * request budget. Other calls (checkout quotes, Create Order) never wait and come first.
   */
  background?: boolean
}

/** ShopId header policy of an endpoint (spec, Authentication section). */
export type ShopIdPolicy = "required" | "optional" | "never"
/** `never`: one attempt. `safe`: retried on network errors, timeouts, 5xx, 429. `safe+404once`: also one retry of a 404. */
export type RetryPolicy = "never" | "safe" | "safe+404once"

export interface FormFile {
  filename: string
  content: Uint8Array
  contentType?: string
}

export interface RequestSpec<S extends z.ZodType> {
  operation: string
  method: "GET" | "POST"
  path: string
  query?: Record<string, string | number | boolean | undefined | null>
  json?: unknown
  form?: { fields: Record<string, string>; files?: FormFile[] }
  shopId: ShopIdPolicy
  retry: RetryPolicy
  /** Schema of `data` in a success envelope. */
  data: S
  /** Called for an HTTP 2xx answer with an empty body; return the error to throw. */
  onEmptyBody?: (status: number) => GhnApiError
  call?: GhnCallOptions
}

export interface TransportConfig {
  baseUrl: string
  token: string
  shopId?: number
  timeoutMs: number
  retry: Required<GhnRetryOptions> | false
  logger?: GhnLogger
  dispatcher?: Dispatcher
  /** Describes the environment in 401 messages, e.g. `production (https://online-gateway.ghn.vn)`. */
  environmentLabel: string
  userAgent?: string
  /** The account's request budget: calls marked `background` wait for it; a 429 lowers it. */
  budget?: RequestBudget
  /** Sees every answer as GHN sent it, token already masked (medusa-ghn-check's raw-answer file). */
  onAnswer?: (answer: GhnRawAnswer) => void
  /** Sees every call once it is over (its retries included): what health figures and traces are made of. */
  onCall?: (call: GhnCallRecord) => void
}

/**
 * How a GHN call went, by class: `2xx`; `4xx` (GHN refused it: `code` is GHN's code_message, or
 * `GHN_<status>`); `429`; `5xx` (GHN failed, or answered no GHN envelope); `timeout`; `network`
 * (no answer: refused, reset); `aborted` (the caller gave up: not GHN's doing). Never the token,
 * the path's query or a receiver's data.
 */
export type GhnCallOutcome = "2xx" | "4xx" | "429" | "5xx" | "timeout" | "network" | "aborted"

export interface GhnCallRecord {
  operation: string
  method: string
  outcome: GhnCallOutcome
  /** GHN's HTTP status of the last attempt (0: none came). */
  status: number
  /** GHN's code_message of a refusal (`GHN_<status>` without one); undefined on success. */
  code?: string
  attempts: number
  /** From the first attempt to the last answer, budget waits and back-offs included. */
  startedAt: number
  durationMs: number
}

/** The class of a failed call. */
export function callOutcomeOf(error: unknown): { outcome: GhnCallOutcome; status: number; code?: string } {
  if (error instanceof GhnNetworkError) return { outcome: error.aborted ? "aborted" : error.timeout ? "timeout" : "network", status: 0 }
  if (error instanceof GhnApiError) {
    const meant = error.ghn_status || error.status
    const code = error.code_message || `GHN_${meant || "NO_ANSWER"}`
    if (meant === 429) return { outcome: "429", status: error.status, code }
    if (!meant || meant >= 500 || error.code_message === "INVALID_RESPONSE") return { outcome: "5xx", status: error.status, code }
    return { outcome: "4xx", status: error.status, code }
  }
  return { outcome: "network", status: 0 }
}

/** One HTTP answer as GHN sent it, with the token masked in the path and the body. */
export interface GhnRawAnswer {
  operation: string
  method: string
  /** The path and query, without the host. */
  path: string
  status: number
  body: string
}

export interface Transport {
  readonly baseUrl: string
  readonly shopId: number | undefined
  request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>>
  /** Replaces every occurrence of the token in a text. */
  redact(text: string): string
  close(): Promise<void>
}

export const DEFAULT_RETRY: Required<GhnRetryOptions> = { retries: 2, minDelayMs: 250, maxDelayMs: 3000, maxRetryAfterMs: 5000 }
export const DEFAULT_TIMEOUT_MS = 10_000
const REDACTED = "[REDACTED]"

/** Loose envelope: GHN adds fields (message_display, ...) and sometimes sends `message` as an array. */
const envelopeSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).optional(),
  message: z.unknown().optional(),
  data: z.unknown().optional(),
  code_message: z.string().nullish(),
  code_message_value: z.string().nullish(),
})

/** Joins an array `message` with "; ". */
export function messageText(message: unknown): string {
  if (message === undefined || message === null) return ""
  if (typeof message === "string") return message
  if (Array.isArray(message)) return message.map((m) => messageText(m)).filter(Boolean).join("; ")
  try {
    return JSON.stringify(message)
  } catch {
    return String(message)
  }
}

const FIELD_LINE = /Key: '([^']*)' Error:Field validation for '([^']*)' failed on the '([^']*)' tag/g

/** Parses the per-field lines of a GHN validation message. */
export function parseValidationFields(message: string): GhnFieldError[] {
  const out: GhnFieldError[] = []
  for (const m of message.matchAll(FIELD_LINE)) out.push({ key: m[1]!, field: m[2]!, rule: m[3]! })
  return out
}

const isTransientStatus = (s: number | undefined): boolean => s !== undefined && (s === 429 || (s >= 500 && s <= 599))

/** GHN's busy answer: not a refusal, retried like a 429. */
const BUSY_TEXT = /too many requests?\b|request is (?:being )?process(?:ing|ed)/i
/** The real code GHN nests in an error's text: `code=401, message=Token is not valid!`. */
const NESTED_CODE = /\bcode\s*[=:]\s*(\d{3})\b/i

/**
 * The status a GHN failure means, read from its text first: its busy answer is a 429, a nested
 * `code=NNN` is NNN; else the body's failure code, else the HTTP status.
 */
export function meantStatus(status: number, code: number | undefined, message: string): number {
  if (BUSY_TEXT.test(message)) return 429
  const nested = NESTED_CODE.exec(message)
  if (nested) {
    const n = Number(nested[1])
    if (n >= 400 && n <= 599) return n
  }
  return code !== undefined && (code < 200 || code >= 300) ? code : status
}

function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value
  if (!v) return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(v)) return Math.round(Number(v) * 1000)
  const at = Date.parse(v)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}


/** Positive integer check of a ShopId (client option or per call). */
export function checkShopId(operation: string, shopId: unknown, field = "shopId"): void {
  if (shopId === undefined) return
  if (typeof shopId !== "number" || !Number.isInteger(shopId) || shopId <= 0) {
    throw new GhnInputError(operation, [
      { field, value: shopId, limit: "positive integer", rule: "type", message: `${field} = ${JSON.stringify(shopId)} must be a positive integer (the ShopId header)` },
    ])
  }
}

export function createTransport(config: TransportConfig): Transport {
  const token = config.token
  const encodedToken = encodeURIComponent(token)
  const redact = (text: string): string => {
    if (!token) return text
    let out = text.split(token).join(REDACTED)
    if (encodedToken !== token) out = out.split(encodedToken).join(REDACTED)
    return out
  }
  const redactDeep = (v: unknown, depth = 0): unknown => {
    if (typeof v === "string") return redact(v)
    if (depth > 5 || v === null || typeof v !== "object") return v
    if (Array.isArray(v)) return v.map((x) => redactDeep(x, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) out[k] = redactDeep(x, depth + 1)
    return out
  }
  const log = (level: "debug" | "warn", msg: string, meta?: object): void => {
    const fn = config.logger?.[level]
    if (!fn) return
    try {
      fn.call(config.logger, redact(msg), meta === undefined ? undefined : (redactDeep(meta) as object))
    } catch {
      // a failing logger never breaks a call
    }
  }

  const base = new URL(config.baseUrl)
  const origin = base.origin
  const prefix = withoutTrailingSlashes(base.pathname)
  const ownDispatcher = config.dispatcher === undefined
  const dispatcher: Dispatcher =
    config.dispatcher ??
    new Agent({
      keepAliveTimeout: 10_000,
      connections: 32,
      connect: { timeout: config.timeoutMs },
      // backstops; the per-call deadline below is the real limit
      headersTimeout: config.timeoutMs + 1000,
      bodyTimeout: config.timeoutMs + 1000,
    })
  let closed = false

  const buildPath = (spec: RequestSpec<z.ZodType>): string => {
    let path = prefix + spec.path
    if (spec.query) {
      const q = new URLSearchParams()
      for (const [k, v] of Object.entries(spec.query)) if (v !== undefined && v !== null) q.append(k, String(v))
      const s = q.toString()
      if (s) path += `?${s}`
    }
    return path
  }

  const buildBody = (spec: RequestSpec<z.ZodType>): { body?: string | FormData; contentType?: string } => {
    if (spec.form) {
      const files = spec.form.files ?? []
      if (files.length === 0) {
        return { body: new URLSearchParams(spec.form.fields).toString(), contentType: "application/x-www-form-urlencoded" }
      }
      const fd = new FormData()
      for (const [k, v] of Object.entries(spec.form.fields)) fd.append(k, v)
      for (const f of files) {
        const bytes = new Uint8Array(f.content.buffer, f.content.byteOffset, f.content.byteLength)
        fd.append("attachments", new Blob([bytes], { type: f.contentType ?? "application/octet-stream" }), f.filename)
      }
      return { body: fd } // undici sets multipart/form-data with its boundary
    }
    if (spec.json !== undefined) return { body: JSON.stringify(spec.json), contentType: "application/json" }
    return {}
  }

  const networkError = (
    spec: RequestSpec<z.ZodType>,
    err: unknown,
    kind: { timeout: boolean; aborted: boolean },
    path: string,
  ): GhnError => {
    const e = err as { name?: unknown; code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } } | undefined
    const errorCode = typeof e?.code === "string" ? e.code : typeof e?.cause?.code === "string" ? e.cause.code : undefined
    const where = `${spec.method} ${path.split("?")[0]}`
    let message: string
    if (kind.timeout) message = `GHN ${spec.operation} timed out after ${config.timeoutMs} ms (${where})`
    else if (kind.aborted) message = `GHN ${spec.operation} was aborted by the caller (${where})`
    else {
      const inner = [e?.message, e?.cause?.message].filter((m) => typeof m === "string" && m).join(": ")
      message = `GHN ${spec.operation} network error (${where}): ${redact(inner || String(err))}${errorCode ? ` [${errorCode}]` : ""}`
    }
    const timeoutCodes = ["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]
    message = redact(message)
    const timeout = kind.timeout || (errorCode !== undefined && timeoutCodes.includes(errorCode))
    // a sanitized copy, never the original error (which may hold request options)
    const cause =
      err === undefined
        ? undefined
        : { name: typeof e?.name === "string" ? e.name : "Error", code: errorCode, message: redact(typeof e?.message === "string" ? e.message : String(err)) }
    if (errorCode === "UND_ERR_INVALID_ARG") {
      // the request could not be built (e.g. a header value): not a network failure, never retried
      return new GhnError(redact(`GHN ${spec.operation} could not send the request (${where}): ${typeof e?.message === "string" ? e.message : String(err)}`), {
        operation: spec.operation,
        retryable: false,
        cause,
      })
    }
    return new GhnNetworkError(message, { operation: spec.operation, timeout, aborted: kind.aborted, errorCode, cause })
  }

  const parse = (
    spec: RequestSpec<z.ZodType>,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    text: string,
  ): unknown => {
    const ok = status >= 200 && status < 300
    const apiError = (init: Omit<ConstructorParameters<typeof GhnApiError>[0], "operation">) =>
      new GhnApiError({ operation: spec.operation, ...init })

    if (text.trim() === "") {
      if (ok && spec.onEmptyBody) throw spec.onEmptyBody(status)
      throw apiError({
        status,
        code_message: ok ? "EMPTY_RESPONSE" : undefined,
        ghn_message: ok ? "empty response body" : `HTTP ${status} with an empty body`,
        retryable: isTransientStatus(status),
        retryAfterMs: status === 429 ? parseRetryAfter(headers["retry-after"]) : undefined,
      })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      const snippet = redact(text.replace(/\s+/g, " ").trim().slice(0, 200))
      throw apiError({
        status,
        code_message: ok ? "INVALID_RESPONSE" : undefined,
        ghn_message: `non-JSON response: ${snippet}`,
        retryable: isTransientStatus(status),
        retryAfterMs: status === 429 ? parseRetryAfter(headers["retry-after"]) : undefined,
      })
    }
    const env = envelopeSchema.safeParse(json)
    if (!env.success) {
      throw apiError({
        status,
        code_message: "INVALID_RESPONSE",
        ghn_message: "the response is not a GHN envelope (a JSON object with code, message and data)",
        retryable: isTransientStatus(status),
      })
    }
    const envelope = env.data
    const code = envelope.code === undefined ? undefined : Number(envelope.code)
    const ghnMessage = redact(messageText(envelope.message))
    // The spec's envelope: `code` "mirrors the HTTP status (200 on success)". A 2xx without a
    // numeric code (none, or not a number) is no answer of GHN's: never read as a success.
    if (ok && (code === undefined || !Number.isFinite(code) || (typeof envelope.code === "string" && envelope.code.trim() === ""))) {
      throw apiError({
        status,
        code_message: "INVALID_RESPONSE",
        ghn_message: redact(`HTTP ${status} whose body has no numeric code (the envelope's code mirrors the status)${ghnMessage ? `: ${ghnMessage.slice(0, 200)}` : ""}`),
        retryable: false,
      })
    }
    if (!ok || (code !== undefined && !Number.isNaN(code) && (code < 200 || code >= 300))) {
      const codeMessage = envelope.code_message ? redact(envelope.code_message) : undefined
      const bodyCode = code !== undefined && !Number.isNaN(code) ? code : undefined
      const meant = meantStatus(status, bodyCode, ghnMessage)
      const init = {
        status,
        code: bodyCode,
        ghn_status: meant,
        code_message: codeMessage,
        code_message_value: envelope.code_message_value ? redact(envelope.code_message_value) : undefined,
        ghn_message: ghnMessage,
        fields: parseValidationFields(ghnMessage),
        data: redactDeep(envelope.data ?? null),
        retryable: isTransientStatus(status) || isTransientStatus(code) || isTransientStatus(meant),
        retryAfterMs: meant === 429 ? parseRetryAfter(headers["retry-after"]) : undefined,
      }
      let hint = ""
      if (meant === 401) {
        hint =
          ` (GHN refused the token. Tokens are per environment: a staging token is refused on production and vice versa;` +
          ` this client targets ${config.environmentLabel}. An IP whitelist on the GHN account also gives 401.)`
      } else if (meant === 403) {
        hint = " (the account lacks a permission: ticket permission for tickets, order-detail permission for Order Info)"
      }
      throw new GhnApiError({ operation: spec.operation, ...init, hint: hint || undefined })
    }
    const data = spec.data.safeParse(envelope.data ?? null)
    if (!data.success) {
      const first = data.error.issues[0]
      const where = first ? `data${first.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("")}` : "data"
      throw apiError({
        status,
        code,
        code_message: "INVALID_RESPONSE",
        ghn_message: redact(`unexpected response: ${where}: ${first?.message ?? "invalid"}`),
        message: redact(`GHN ${spec.operation} returned a response the client does not understand (${where}: ${first?.message ?? "invalid"})`),
        retryable: false,
      })
    }
    return data.data
  }

  const once = async (spec: RequestSpec<z.ZodType>, shopId: number | undefined, attempt: number): Promise<unknown> => {
    const path = buildPath(spec)
    const headers: Record<string, string> = {
      Token: token,
      Accept: "application/json",
      "User-Agent": config.userAgent ?? "medusa-fulfillment-ghn",
    }
    if (shopId !== undefined && spec.shopId !== "never") headers.ShopId = String(shopId)
    const { body, contentType } = buildBody(spec)
    if (contentType) headers["Content-Type"] = contentType

    const callSignal = spec.call?.signal
    if (callSignal?.aborted) throw networkError(spec, callSignal.reason, { timeout: false, aborted: true }, path)
    // Every attempt counts against the account's budget; only a call that can wait waits for it.
    if (config.budget && spec.call?.background) {
      try {
        await config.budget.take(callSignal)
      } catch (reason) {
        throw networkError(spec, reason, { timeout: false, aborted: true }, path)
      }
    } else config.budget?.spend()
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(new Error("timeout")), config.timeoutMs)
    const signal = callSignal ? AbortSignal.any([deadline.signal, callSignal]) : deadline.signal
    const started = Date.now()
    log("debug", `GHN ${spec.operation} -> ${spec.method} ${path.split("?")[0]}`, { operation: spec.operation, attempt })
    try {
      let res: Dispatcher.ResponseData
      let text: string
      try {
        res = await dispatcher.request({ origin, path, method: spec.method, headers, body, signal })
        text = await res.body.text()
      } catch (err) {
        if (deadline.signal.aborted) throw networkError(spec, undefined, { timeout: true, aborted: false }, path)
        if (callSignal?.aborted) throw networkError(spec, callSignal.reason, { timeout: false, aborted: true }, path)
        throw networkError(spec, err, { timeout: false, aborted: false }, path)
      }
      try {
        config.onAnswer?.({ operation: spec.operation, method: spec.method, path: redact(path), status: res.statusCode, body: redact(text) })
      } catch {
        // an observer never breaks a call
      }
      log("debug", `GHN ${spec.operation} <- HTTP ${res.statusCode}`, {
        operation: spec.operation,
        status: res.statusCode,
        attempt,
        durationMs: Date.now() - started,
      })
      return parse(spec, res.statusCode, res.headers as Record<string, string | string[] | undefined>, text)
    } finally {
      clearTimeout(timer)
    }
  }

  /** A call, told to `onCall` once it is over; an observer never breaks a call. */
  const request = async <S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> => {
    if (!config.onCall) return attempts(spec)
    const startedAt = Date.now()
    const tell = (record: Omit<GhnCallRecord, "operation" | "method" | "startedAt" | "durationMs">) => {
      try {
        config.onCall!({ operation: spec.operation, method: spec.method, startedAt, durationMs: Date.now() - startedAt, ...record })
      } catch {
        // an observer never breaks a call
      }
    }
    try {
      const answer = await attempts(spec)
      tell({ outcome: "2xx", status: 200, attempts: lastAttempts.get(spec) ?? 1 })
      return answer
    } catch (error) {
      if (error instanceof GhnError && !(error instanceof GhnApiError) && !(error instanceof GhnNetworkError)) throw error // refused before GHN was called
      tell({ ...callOutcomeOf(error), attempts: (error as { attempts?: number }).attempts ?? 1 })
      throw error
    }
  }
  /** The attempts of a call that succeeded (a failure carries its own). */
  const lastAttempts = new WeakMap<object, number>()

  const attempts = async <S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> => {
    if (closed) throw new GhnError(`GHN ${spec.operation}: the client is closed`, { operation: spec.operation })
    const callShopId = spec.call?.shopId
    checkShopId(spec.operation, callShopId)
    const shopId = callShopId ?? config.shopId
    if (spec.shopId === "required" && shopId === undefined) {
      throw new GhnInputError(spec.operation, [
        {
          field: "shopId",
          value: undefined,
          limit: "required",
          rule: "required",
          message: `shopId is required by ${spec.operation} (the ShopId header): set it in createGhnClient({ shopId }) or pass { shopId } as the call option`,
        },
      ])
    }
    const retry = config.retry
    const maxAttempts = retry && spec.retry !== "never" ? 1 + Math.max(0, retry.retries) : 1
    let notFoundRetried = false
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = (await once(spec, shopId, attempt)) as z.output<S>
        if (attempt > 1) lastAttempts.set(spec, attempt)
        return answer
      } catch (err) {
        if (!(err instanceof GhnError)) throw err
        if (err instanceof GhnApiError && err.ghn_status === 429) config.budget?.throttled(err.retryAfterMs)
        let again = false
        let delay = 0
        if (retry && spec.retry !== "never") {
          if (spec.retry === "safe+404once" && err instanceof GhnApiError && err.ghn_status === 404 && !notFoundRetried) {
            notFoundRetried = true
            again = true
          } else if (attempt < maxAttempts && err.retryable && !(err instanceof GhnNetworkError && err.aborted)) {
            again = true
          }
          if (again) {
            const backoff = Math.min(retry.maxDelayMs, retry.minDelayMs * 2 ** (attempt - 1))
            delay = backoff / 2 + Math.random() * (backoff / 2)
            if (err instanceof GhnApiError && err.retryAfterMs !== undefined) {
              if (err.retryAfterMs > retry.maxRetryAfterMs) again = false
              else delay = Math.max(delay, err.retryAfterMs)
            }
          }
        }
        if (!again) {
          if (err instanceof GhnApiError || err instanceof GhnNetworkError) err.attempts = attempt
          throw err
        }
        log("warn", `GHN ${spec.operation} attempt ${attempt} failed, retrying in ${Math.round(delay)} ms: ${err.message}`, {
          operation: spec.operation,
          attempt,
          delayMs: Math.round(delay),
        })
        try {
          await sleep(delay, spec.call?.signal)
        } catch (abortReason) {
          throw networkError(spec, abortReason, { timeout: false, aborted: true }, spec.path)
        }
      }
    }
  }

  return {
    baseUrl: origin + prefix,
    shopId: config.shopId,
    request,
    redact,
    async close() {
      if (closed) return
      closed = true
      if (ownDispatcher) await dispatcher.close()
    },
  }
}
