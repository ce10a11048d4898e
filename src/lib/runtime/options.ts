import { MAX_CLIENT_ORDER_CODE_PREFIX } from "../parcel/create-intent"
import { z } from "zod"
import { editDistance } from "../address/address"
import { createGhnClient, type GhnClient, type GhnClientOptions } from "../ghn"
import { REQUIRED_NOTES } from "../ghn/constants"
import { SHOPPER_UPDATES } from "../status/shopper-updates"
import { trustedProxyIssue } from "./rate-limit"

const positiveInt = z.number().int().positive()
const size = z.object({ length: z.number().positive(), width: z.number().positive(), height: z.number().positive() })

/** The outage fallback's flat amounts by weight band: `[{ upToGrams, amount }]`, increasing. */
const flatBands = z
  .array(
    z.strictObject({
      upToGrams: z.number({ error: "upToGrams must be a number of grams" }).int().min(1).max(1_600_000),
      amount: z.number({ error: "amount must be a number of VND (0 only if meant)" }).int().min(0).max(10_000_000),
    })
  )
  .min(1, "flatAmounts needs at least one band { upToGrams, amount }")
  .max(50)
  .refine((bands) => bands.every((b, i) => i === 0 || b.upToGrams > bands[i - 1].upToGrams), "flatAmounts' bands must be in increasing upToGrams")

/** The earlier form, by GHN service: light goods (2) and heavy goods (5). */
const flatByService = z
  .strictObject({
    light: z.number().int().min(0).max(10_000_000).optional(),
    heavy: z.number().int().min(0).max(10_000_000).optional(),
  })
  .refine((f) => f.light !== undefined || f.heavy !== undefined, "flatAmounts { light, heavy } needs an amount for at least one of them")

/**
 * Options of the plugin and of its fulfilment provider (one shape for both, so a store can pass
 * the same object twice). Weights and sizes of the catalogue are in `weightUnit`/`dimensionUnit`.
 */
export const ghnOptionsSchema = z
  .object({
    token: z.string().trim().min(1),
    shopId: z.coerce.number().int().positive(),
    environment: z.string().trim().min(1).default("production"),
    baseUrl: z.string().url().optional(),
    webhookSecret: z.string().min(16).optional(),
    webhookHeader: z.string().trim().min(1).default("x-ghn-webhook-secret"),
    weightUnit: z.enum(["g", "kg", "lb", "oz"]).default("g"),
    dimensionUnit: z.enum(["cm", "mm", "m", "in"]).default("cm"),
    defaultItemWeight: z.number().positive().optional(),
    defaultItemSize: size.optional(),
    paymentTypeId: z.union([z.literal(1), z.literal(2)]).default(1),
    requiredNote: z.enum(REQUIRED_NOTES).default("KHONGCHOXEMHANG"),
    insurance: z.enum(["items_value", "none"]).default("none"),
    codPaymentProviders: z.array(z.string().min(1)).default([]),
    /** Capture the order's COD payment for a parcel's COD when GHN delivers it. */
    captureCodOnDelivery: z.boolean().default(true),
    quoteWithCod: z.boolean().default(false),
    pickShift: z.enum(["ghn_default", "earliest"]).default("ghn_default"),
    quoteCacheTtlSeconds: z.number().int().min(0).max(86400).default(300),
    timeoutMs: z.number().int().min(100).max(120000).default(10000),
    /** One deadline for a whole checkout quote, across GHN calls and retries. */
    quoteTimeoutMs: z.number().int().min(500).max(60000).default(8000),
    locationShops: z.record(z.string(), positiveInt).default({}),
    trackingUrlBase: z.string().url().optional(),
    /**
     * The storefront's order tracking page: shopper notifications link to it with a signed token
     * (`?ghn_tracking=`), which the page hands to `POST /store/ghn/tracking/link` (docs/storefront.md).
     */
    orderTrackingUrl: z.string().url().refine((u) => /^https?:\/\//i.test(u), "orderTrackingUrl must be an http(s):// URL").optional(),
    /** The store's public backend URL, for absolute label links (default MEDUSA_BACKEND_URL). */
    backendUrl: z.string().url().optional(),
    language: z.enum(["vi", "en"]).default("vi"),
    /**
     * Put before every client order code (`SHOPA-1042-1`), when one GHN shop serves several
     * stores or a store is reinstalled on the same shop: GHN keeps each code for its shop.
     */
    clientOrderCodePrefix: z
      .string()
      .trim()
      .max(MAX_CLIENT_ORDER_CODE_PREFIX)
      .regex(/^[A-Za-z0-9_.-]*$/, "clientOrderCodePrefix takes letters, digits, '-', '_' and '.'")
      .default(""),
    /**
     * The polling job asks GHN about shipments silent for longer than this; 0: it never runs on its
     * schedule (the webhook alone moves parcels; a test calls the runner itself).
     */
    pollIntervalMinutes: z.number().int().min(0).max(1440).default(30),
    /**
     * Every this many minutes the recovery job completes Create Order intents a stopped process
     * left and cancels orphans; 0: never on a schedule (a test calls the runner itself).
     */
    intentRecoveryMinutes: z.number().int().min(0).max(60).default(1),
    /**
     * How long an order's lock (one writer per Medusa order) outlives a process that stopped while
     * holding it; a shipping run's lease outlasts it (by a quarter, at most 30 s), so a run whose
     * worker stopped is continued once both expired.
     */
    orderLockSeconds: z.number().int().min(2).max(600).default(120),
    /**
     * GHN calls per second that polling, the admin's refreshes and bulk actions may use (checkout
     * quotes and Create Order never wait and come first). GHN publishes no limit; a 429 lowers it.
     * 20: a shipping run (two calls an order) is then paced by the worker's CPU, not by the budget.
     */
    ghnRequestsPerSecond: z.number().min(0.1).max(100).default(20),
    /** Applied GHN callbacks are deleted this many days after they were applied (the shipment's history keeps them). */
    callbackRetentionDays: z.number().int().min(1).max(3650).default(90),
    /**
     * GHN bills a return to sender (R2S) as a share of the delivery's main service; the share is
     * the shop's contract. Used only to estimate what a return would add before GHN bills it.
     */
    returnFeeRatio: z.number().min(0).max(2).default(0.5),
    /**
     * Refuse cash on delivery at checkout, and a COD parcel at fulfilment, to a receiver (by phone)
     * with at least `maxReturned` returned or refused COD parcels in the last `days` days, unless an
     * admin trusts them. Off when absent.
     */
    codRisk: z
      .strictObject({
        maxReturned: z.number().int().min(1).max(100),
        days: z.number().int().min(1).max(3650).default(180),
      })
      .optional(),
    /**
     * The parcel's moments the shopper is told about, through the store's Notification Module
     * (email to the order's email; SMS to the receiver's phone when an `sms` provider is set).
     * `[]` tells nothing.
     */
    shopperNotifications: z.array(z.enum(SHOPPER_UPDATES)).default([...SHOPPER_UPDATES]),
    /**
     * At most this many failed-delivery notifications (`delivery_failed`) per parcel: a parcel GHN
     * tries again and again does not flood the shopper. 0 sends none.
     */
    maxFailedDeliveryNotifications: z.number().int().min(0).max(20).default(3),
    /**
     * Checkout through a GHN outage: a quote GHN cannot give (timeout, 5xx, 429, unreachable) is
     * priced from the last GHN quote for the same route and parcel, at most `maxQuoteAgeHours`
     * old, else from `flatAmounts` (VND) of the option's GHN service; for `holdSeconds` after such a
     * failure quotes do not ask GHN. Off when absent.
     */
    outageFallback: z
      .strictObject({
        maxQuoteAgeHours: z.number().min(0.1).max(720).default(72),
        /** After a quote GHN could not give, quotes skip GHN this long and come from the fallback at once. */
        holdSeconds: z.number().min(0).max(600).default(30),
        /**
         * The flat price (VND) of a parcel GHN never quoted, by its weight as quoted to GHN: bands
         * `[{ upToGrams, amount }]`, the first band whose `upToGrams` the parcel does not exceed.
         * The earlier `{ light, heavy }` (by GHN service) is still read. A parcel above every band,
         * or of a service with no amount, has no flat price (its quote fails as GHN's outage).
         */
        flatAmounts: z
          .unknown()
          // The form chosen by its shape, so an error names the field of that form (a union names none).
          .transform((value, ctx) => {
            const parsed = (Array.isArray(value) ? flatBands : flatByService).safeParse(value)
            if (parsed.success) return parsed.data
            for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path as (string | number)[] })
            return z.NEVER
          })
          .optional(),
      })
      .optional(),
    /**
     * The proxies (CDN, load balancer) in front of the store, as IP addresses or CIDR ranges: the
     * guest tracking limit reads the shopper's address from X-Forwarded-For only through these.
     * Empty: the connection's own address.
     */
    trustedProxies: z
      .array(
        z.string().superRefine((entry, ctx) => {
          const issue = trustedProxyIssue(entry)
          if (issue) ctx.addIssue({ code: "custom", message: issue })
        })
      )
      .max(1000)
      .default([]),
    /**
     * Guest order tracking's guessing limit: lookups that found nothing allowed per caller in a
     * window of `windowSeconds` (docs/storefront.md, "Order tracking limits").
     */
    guestTrackingLimit: z
      .strictObject({
        attempts: z.number().int().min(1).max(1000),
        windowSeconds: z.number().int().min(60).max(315_360_000),
      })
      .default({ attempts: 10, windowSeconds: 600 }),
    /**
     * When the integration needs a person (docs/production.md, "Alerts"): each alert opens once per
     * incident and clears once, in the admin's notification feed and, with `channel` and `to`, on
     * that channel of the store's Notification Module (e.g. `email` to the operations team), in
     * `locale`. Thresholds: no callback for `noCallbackHours` while parcels are in transit; a
     * callback waiting more than `backlogMinutes`; GHN failing more than `errorRate` of the last
     * hour's calls (once it has `errorMinCalls`); a recent shipping run failing more than
     * `runFailedShare` of its orders; `codFailures` COD captures failed; the token refused.
     */
    alerts: z
      .strictObject({
        /** false: the job checks nothing (the Health tab still shows every figure). */
        enabled: z.boolean().default(true),
        noCallbackHours: z.number().min(0.25).max(168).default(6),
        backlogMinutes: z.number().int().min(1).max(1440).default(15),
        errorRate: z.number().min(0).max(1).default(0.2),
        errorMinCalls: z.number().int().min(1).max(100_000).default(20),
        runFailedShare: z.number().min(0).max(1).default(0.5),
        codFailures: z.number().int().min(1).max(100_000).default(1),
        channel: z.string().min(1).max(100).optional(),
        to: z.string().min(1).max(500).optional(),
        locale: z.enum(["vi", "en"]).default("vi"),
      })
      .prefault({}),
    /** The language of shopper notifications when the order has no locale (`vi` or `en`). */
    shopperLocale: z.enum(["vi", "en"]).default("vi"),
    /**
     * GHN orders made without anyone acting: each order placed with a GHN shipping method (from one
     * of `locations` when given) is queued; `delayMinutes` after it was placed (with `when: "paid"`,
     * a prepaid order's payment authorized or captured; cash on delivery from its placing) it ships
     * in a shipping run, one per batch, unless the merchant held it, it was cancelled or edited, or
     * something would stop GHN. Off when absent.
     */
    autoShip: z
      .strictObject({
        when: z.enum(["placed", "paid"], { error: 'autoShip.when must be "placed" or "paid"' }),
        delayMinutes: z.number({ error: "autoShip.delayMinutes must be a number of minutes" }).int().min(0).max(10_080).default(30),
        locations: z.array(z.string().trim().min(1)).min(1, "autoShip.locations lists at least one stock location id (leave it out for all)").optional(),
      })
      .optional(),
  })
  // Medusa adds keys of its own to module options (`database`, …): unknown keys are let through,
  // but one that resembles an option is refused as a misspelling (see parseGhnOptions).
  .loose()

export type GhnOptions = z.infer<typeof ghnOptionsSchema>
export type GhnOptionsInput = z.input<typeof ghnOptionsSchema>

const isUrl = (value: string) => /^https?:\/\//i.test(value)

/** One line per invalid option, each naming the option and what it must be. */
export function describeOptionIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const name = issue.path.join(".") || "(options)"
    return `option \`${name}\`: ${issue.message}`
  })
}

/** Options of earlier versions, refused with what replaces them (a silently ignored one would mislead). */
const RETIRED_OPTIONS: Record<string, string> = {
  redisUrl:
    "the quote cache uses Medusa's caching module (register `@medusajs/medusa/caching` with its Redis provider to share it between instances), and unanswered Create Orders are kept in PostgreSQL",
}

/** The option a key that is not one resembles (case, `_`/`-` and up to 3 edits apart), if any. */
function misspeltOption(key: string) {
  const names = Object.keys(ghnOptionsSchema.shape)
  if (names.includes(key)) return undefined
  const folded = key.replace(/[_-]/g, "").toLowerCase()
  let best: { name: string; d: number } | undefined
  for (const name of names) {
    const d = editDistance(name.toLowerCase(), folded)
    if (d <= Math.min(3, Math.floor(name.length / 3)) && (!best || d < best.d)) best = { name, d }
  }
  return best?.name
}

export class GhnOptionsError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid medusa-fulfillment-ghn options: ${issues.join("; ")}`)
    this.name = "GhnOptionsError"
  }
}

/** Parses and checks the options; throws GhnOptionsError naming every bad option. */
export function parseGhnOptions(input: unknown): GhnOptions {
  const result = ghnOptionsSchema.safeParse(input ?? {})
  const issues = result.success ? [] : describeOptionIssues(result.error)
  for (const key of Object.keys((input ?? {}) as object)) {
    const near = misspeltOption(key)
    if (near) issues.push(`option \`${key}\` is not an option of medusa-fulfillment-ghn; did you mean \`${near}\`?`)
  }
  for (const [key, why] of Object.entries(RETIRED_OPTIONS)) {
    if (((input ?? {}) as Record<string, unknown>)[key] !== undefined) issues.push(`option \`${key}\` was removed: ${why}`)
  }
  if (!result.success || issues.length) throw new GhnOptionsError(issues)
  const options = result.data!
  if (options.baseUrl) options.environment = options.baseUrl
  options.backendUrl ??= process.env.MEDUSA_BACKEND_URL || undefined
  const env = options.environment
  if (env !== "production" && env !== "staging" && !isUrl(env)) {
    throw new GhnOptionsError([
      `option \`environment\`: expected "production", "staging" or an http(s) URL (the sandbox), got "${env}"`,
    ])
  }
  return options
}

/** The GHN shop a stock location ships from: its mapping, else the default shop. */
export function shopIdForLocation(options: Pick<GhnOptions, "shopId" | "locationShops">, locationId?: string | null) {
  return (locationId && options.locationShops[locationId]) || options.shopId
}

/**
 * The GHN client configured by the plugin options (one for the provider, one for the module);
 * `extra` adds client settings no option names (a check's answer recorder, its retry policy).
 */
export function ghnClientFor(options: GhnOptions, logger?: { warn(message: string): void }, extra: Partial<GhnClientOptions> = {}): GhnClient {
  return createGhnClient({
    environment: options.environment,
    token: options.token,
    shopId: options.shopId,
    timeoutMs: options.timeoutMs,
    language: options.language,
    trackingUrlBase: options.trackingUrlBase,
    requestsPerSecond: options.ghnRequestsPerSecond,
    logger: logger ? { warn: (message: string) => logger.warn(message) } : undefined,
    ...extra,
  })
}
