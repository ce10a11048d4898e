/**
 * Error classes of the GHN client. Every error thrown by the client is a `GhnError`.
 * None of them ever carries the API token: the transport redacts it from every text
 * before an error is built, and wrapped low-level errors are copied, never kept.
 */

/** One failed field of a GHN validation message (HTTP 400, USER_ERR_COMMON). */
export interface GhnFieldError {
  /** Field name as GHN reports it (Go struct name, e.g. `ToName`). */
  field: string
  /** The failed rule tag, e.g. `required`, `max`, `oneof`. */
  rule: string
  /** The full key of the line, e.g. `CreateOrderRequest.Items[0].Name`. */
  key: string
}

export class GhnError extends Error {
  /** Client operation that failed, e.g. `orders.create`. */
  readonly operation: string
  /** True when the failure is transient (network, timeout, HTTP 5xx or 429). */
  readonly retryable: boolean

  constructor(message: string, opts: { operation: string; retryable?: boolean; cause?: unknown }) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = new.target.name
    this.operation = opts.operation
    this.retryable = opts.retryable ?? false
  }

  toJSON(): Record<string, unknown> {
    return { ...(this as object), name: this.name, message: this.message }
  }
}

export interface GhnApiErrorInit {
  operation: string
  status: number
  code?: number
  /** The status GHN meant, when its text nests another one; default: `code`, else `status`. */
  ghn_status?: number
  code_message?: string
  code_message_value?: string
  ghn_message: string
  fields?: GhnFieldError[]
  data?: unknown
  retryable: boolean
  retryAfterMs?: number
  attempts?: number
  /** Overrides the default message text (already redacted). */
  message?: string
  /** Appended to the default message, e.g. the staging/production token hint of a 401. */
  hint?: string
}

/** GHN answered, and the answer is a failure (or could not be understood). */
export class GhnApiError extends GhnError {
  /** HTTP status. */
  readonly status: number
  /** `code` of the body (mirrors the HTTP status on GHN; undefined when no JSON body). */
  readonly code: number | undefined
  /**
   * The status GHN meant, which classifies the failure (read this, not `status`): the code GHN
   * nests in its text (`code=401, message=Token is not valid!` in an HTTP 400 is 401, a nested
   * 404 is a missing order), 429 for its busy answer ("Too many request. This request is
   * processing"), else the body's `code` when it is a failure, else the HTTP status.
   */
  readonly ghn_status: number
  /** Machine-readable error code, e.g. `USER_ERR_COMMON`, `OTP_NOT_VALID`. Absent on ticket errors. */
  readonly code_message: string | undefined
  /** Localized text of `code_message` (Vietnamese unless `language: "en"`). */
  readonly code_message_value: string | undefined
  /** GHN's `message` (an array message is joined with "; "). */
  readonly ghn_message: string
  /** Per-field lines of a validation message. Empty when the message has none. */
  readonly fields: GhnFieldError[]
  /** `data` of the failure envelope (usually null). */
  readonly data: unknown
  /** For a 429, the Retry-After delay GHN asked for, in ms. */
  readonly retryAfterMs: number | undefined
  /** Number of HTTP attempts made before giving up. */
  attempts: number

  constructor(init: GhnApiErrorInit) {
    const status = init.code !== undefined && init.code !== init.status ? `HTTP ${init.status}, code ${init.code}` : `${init.status}`
    const label = init.code_message ? `${status} ${init.code_message}` : status
    const text = init.ghn_message || init.code_message_value || "no message"
    super(init.message ?? `GHN ${init.operation} failed (${label}): ${text}${init.hint ?? ""}`, {
      operation: init.operation,
      retryable: init.retryable,
    })
    this.status = init.status
    this.code = init.code
    this.ghn_status = init.ghn_status ?? (init.code !== undefined && (init.code < 200 || init.code >= 300) ? init.code : init.status)
    this.code_message = init.code_message
    this.code_message_value = init.code_message_value
    this.ghn_message = init.ghn_message
    this.fields = init.fields ?? []
    this.data = init.data ?? null
    this.retryAfterMs = init.retryAfterMs
    this.attempts = init.attempts ?? 1
  }
}

/** One failed rule of a request body, found before anything was sent. */
export interface GhnInputIssue {
  /** Path of the field, e.g. `weight`, `items[2].quantity`, `attachments[0]`, `shopId`. */
  field: string
  /**
   * The measured quantity compared with `limit`: the number itself, the length of a
   * text, the count of an array, the size of a file in bytes, or the offending value.
   */
  value: unknown
  /** The limit that was broken: a number, `"required"`, a type name, or the allowed values. */
  limit: unknown
  /** Machine-readable rule: `max`, `min`, `required`, `type`, `oneof`, `extension`, ... */
  rule: string
  /** Of `max` and `min`: what `value` and `limit` count (`string`: characters, `array`: entries, else the number). */
  origin?: string
  message: string
}

/** A request body broke a rule of the spec. Thrown before any request is sent. */
export class GhnInputError extends GhnError {
  readonly field: string
  readonly value: unknown
  readonly limit: unknown
  readonly rule: string
  /** Every failed rule; the first one is also in `field`/`value`/`limit` and the message. */
  readonly issues: GhnInputIssue[]

  constructor(operation: string, issues: GhnInputIssue[]) {
    const first = issues[0] ?? { field: "(body)", value: undefined, limit: undefined, rule: "invalid", message: "invalid input" }
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more: ${issues.slice(1).map((i) => i.field).join(", ")})` : ""
    super(`${first.message}${more}`, { operation, retryable: false })
    this.field = first.field
    this.value = first.value
    this.limit = first.limit
    this.rule = first.rule
    this.issues = issues.length ? issues : [first]
  }
}

/** The request did not get an answer: connection failure, reset, timeout, or abort. */
export class GhnNetworkError extends GhnError {
  /** True when the client's `timeoutMs` elapsed. */
  readonly timeout: boolean
  /** True when the caller's AbortSignal aborted the call (never retried). */
  readonly aborted: boolean
  /** Low-level error code, e.g. `ECONNREFUSED`, `UND_ERR_SOCKET`. */
  readonly errorCode: string | undefined
  attempts: number

  constructor(
    message: string,
    opts: { operation: string; timeout: boolean; aborted?: boolean; errorCode?: string; attempts?: number; cause?: unknown },
  ) {
    super(message, { operation: opts.operation, retryable: !opts.aborted, cause: opts.cause })
    this.timeout = opts.timeout
    this.aborted = opts.aborted ?? false
    this.errorCode = opts.errorCode
    this.attempts = opts.attempts ?? 1
  }
}
