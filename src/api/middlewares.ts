import { authenticate, defineMiddlewares, errorHandler, getHttpResponseFromError, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { withCaller } from "../lib/runtime/caller-shares"
import { adminAnswerOf, fieldRefusal, ghnServiceFailureOf, shopperAnswerOf, withoutHosts } from "../lib/runtime/medusa-error"
import { excerptOf } from "../lib/format/excerpt"
import { type AdminError, adminMessage } from "../lib/admin-errors/admin-errors"
import { languageOf } from "../lib/checkout/shopper-errors"
import { shareCallerOf } from "../lib/runtime/rate-limit"
import { GHN_POLICY_RESOURCES, READ_RECEIVER } from "../policies/ghn"
import { supportRoutes } from "./admin/ghn/support-middlewares"
import { HoldOrdersBody } from "./admin/ghn/ready-to-ship/validators"
import { CreateShippingRunBody, HandoverQuery, ReadyToShipQuery, RunLabelsQuery, ScanBody, ShippingRunsQuery } from "./admin/ghn/shipping-runs/validators"
import { AddressChoicesQuery, ApplyMeasuresBody, CodReportQuery, InsightsQuery, ReweighQuery, LabelQuery, LabelsBody, NeedsActionQuery, ShipmentsQuery, SwitchStatusBody, TrustReceiverBody, UpdateShipmentBody } from "./admin/ghn/validators"
import { answeredBudgetSpent, ghnModule } from "./utils"
import { adminBody, adminQuery } from "./validation"
import { DistrictsQuery, GuestTrackingBody, LeadtimeBody, NewWardsQuery, TrackingLinkBody, WardsQuery } from "./store/ghn/validators"
import { boundGhnCart, boundStoreRequest } from "./store/ghn/bounds"

const query = (schema: Parameters<typeof validateAndTransformQuery>[0]) =>
  validateAndTransformQuery(schema, { defaults: [], isList: false })

const medusaErrorHandler = errorHandler()

/**
 * A path with a malformed percent-escape (`/admin/ghn/receivers/%E0%A4%A`) names nothing: a 400
 * before any route's parameters are decoded (Express's decoding error would reach Medusa's
 * handler as a 500).
 */
const malformedEscape = () =>
  new MedusaError(MedusaError.Types.INVALID_DATA, "the path holds a malformed percent-escape: each % must start the UTF-8 escape of a character (%XX)")

function refuseMalformedEscapes(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    decodeURIComponent(req.path)
  } catch {
    return next(malformedEscape())
  }
  next()
}

/**
 * A query key nested more than two levels (`a.b.c`) names nothing of a plugin route: a 400 naming
 * it (Medusa's query validation throws an invalid-argument error its handler answers as a 500).
 */
function refuseDeepQueryKeys(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const deep = Object.keys(req.query ?? {}).filter((key) => key.split(".").length > 2).slice(0, 5)
  if (!deep.length) return next()
  next(fieldRefusal(`Invalid request: a query key nests at most two levels (a.b): ${deep.map((k) => excerptOf(k)).join(", ")}`, [{ field: "", problem: "unknown_fields", keys: deep.map((k) => excerptOf(k)) }]))
}

/**
 * Every store request (the plugin's and Medusa's own: a quote runs deep in Medusa's workflows) runs
 * as its caller, its address (IPv6 by /64, through the proxies of option `trustedProxies`): the GHN
 * calls it makes happen are paid from that caller's share first (src/lib/runtime/caller-shares.ts).
 * A private address with no `trustedProxies` is a proxy in front of the store: no share then (one
 * share for every shopper would throttle the whole checkout), the store's budget only.
 */
function asCaller(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  let trusted: readonly string[] = []
  try {
    trusted = ghnModule(req).options.trustedProxies
  } catch {
    // The GHN module not registered: the connection's own address.
  }
  const caller = shareCallerOf(req, trusted)
  if (!caller) return next()
  withCaller(caller, () => next())
}

type Policy = { resource: string; operation: string }
type AdminMethod = "GET" | "POST" | "DELETE"

const R = GHN_POLICY_RESOURCES
const READ_ORDER = { resource: "order", operation: "read" }
const UPDATE_ORDER = { resource: "order", operation: "update" }
const READ_FULFILMENT = { resource: "fulfillment", operation: "read" }
const UPDATE_FULFILMENT = { resource: "fulfillment", operation: "update" }
const CREATE_FULFILMENT = { resource: "fulfillment", operation: "create" }
const READ_SETTINGS = { resource: R.settings, operation: "read" }
const UPDATE_SETTINGS = { resource: R.settings, operation: "update" }
const READ_HEALTH = { resource: R.health, operation: "read" }

/**
 * Medusa's role permissions of every admin route of the plugin (checked when Medusa's `rbac`
 * feature flag is on): Medusa's own resource where one exists (a parcel is a fulfilment, a variant's
 * weight is the product's), the plugin's (src/policies/ghn.ts) for the webhook secret, the GHN
 * settings and receivers' personal data. Listed in docs/reference.md.
 */
export const ADMIN_ROUTE_POLICIES: [matcher: string, method: AdminMethod, policy: Policy][] = [
  ["/admin/ghn/orders/:id/shipments", "GET", READ_ORDER],
  ["/admin/ghn/address-choices", "GET", READ_ORDER],
  ["/admin/ghn/address-choices/resolve", "POST", UPDATE_ORDER],
  ["/admin/ghn/cod", "GET", READ_ORDER],
  ["/admin/ghn/insights", "GET", READ_ORDER],
  ["/admin/ghn/health", "GET", READ_HEALTH],
  ["/admin/ghn/shipments", "GET", READ_FULFILMENT],
  ["/admin/ghn/shipments/:order_code", "GET", READ_FULFILMENT],
  ["/admin/ghn/shipments/:order_code", "POST", UPDATE_FULFILMENT],
  ["/admin/ghn/shipments/:order_code/refresh", "POST", UPDATE_FULFILMENT],
  ["/admin/ghn/needs-action", "GET", READ_FULFILMENT],
  ["/admin/ghn/ready-to-ship", "GET", READ_ORDER],
  ["/admin/ghn/ready-to-ship/hold", "POST", UPDATE_ORDER],
  ["/admin/ghn/shipping-runs", "GET", READ_FULFILMENT],
  ["/admin/ghn/shipping-runs/:id", "GET", READ_FULFILMENT],
  ["/admin/ghn/shipping-runs/:id/labels", "GET", READ_FULFILMENT],
  ["/admin/ghn/shipping-runs/:id/handover", "GET", READ_FULFILMENT],
  ["/admin/ghn/shipping-runs/:id/scan", "GET", READ_FULFILMENT],
  // the door check: the parcels handed to GHN's driver, kept with the run
  ["/admin/ghn/shipping-runs/:id/scan", "POST", UPDATE_FULFILMENT],
  ["/admin/ghn/shipping-runs/:id/scan/complete", "POST", UPDATE_FULFILMENT],
  // a run fulfils orders (Medusa's fulfilment, then the GHN order), as the admin's "Fulfill items" does
  ["/admin/ghn/shipping-runs", "POST", CREATE_FULFILMENT],
  ["/admin/ghn/shipping-runs/:id/retry", "POST", CREATE_FULFILMENT],
  ["/admin/ghn/shipping-runs/:id/cancel", "POST", UPDATE_FULFILMENT],
  // the GHN page's notices (a refused token at checkout): whoever sees the page sees why
  ["/admin/ghn/notices", "GET", READ_FULFILMENT],
  ["/admin/ghn/redeliver", "POST", UPDATE_FULFILMENT],
  ["/admin/ghn/return", "POST", UPDATE_FULFILMENT],
  ["/admin/ghn/labels", "POST", READ_FULFILMENT],
  ["/admin/ghn/labels/:order_code", "GET", READ_FULFILMENT],
  ["/admin/ghn/shifts", "GET", READ_FULFILMENT],
  ["/admin/ghn/tickets", "GET", READ_FULFILMENT],
  ["/admin/ghn/tickets/:ticket_id", "GET", READ_FULFILMENT],
  ["/admin/ghn/tickets", "POST", UPDATE_FULFILMENT],
  ["/admin/ghn/tickets/:ticket_id/reply", "POST", UPDATE_FULFILMENT],
  ["/admin/ghn/reweigh", "GET", { resource: "product", operation: "read" }],
  ["/admin/ghn/reweigh/:variant_id", "POST", { resource: "product", operation: "update" }],
  ["/admin/ghn/receivers/:phone", "GET", READ_RECEIVER],
  ["/admin/ghn/receivers/:phone/outcomes", "GET", { resource: R.receiver, operation: "export" }],
  ["/admin/ghn/receivers/:phone/trust", "POST", { resource: R.receiver, operation: "update" }],
  ["/admin/ghn/receivers/:phone", "DELETE", { resource: R.receiver, operation: "delete" }],
  ["/admin/ghn/settings", "GET", READ_SETTINGS],
  ["/admin/ghn/setup", "GET", READ_SETTINGS],
  ["/admin/ghn/settings/connection", "GET", READ_SETTINGS],
  ["/admin/ghn/settings/connection", "POST", READ_SETTINGS],
  // sends the webhook secret (to the store's configured URL only)
  ["/admin/ghn/settings/webhook-test", "POST", { resource: R.webhookSecret, operation: "read" }],
  // may create (and cancel) a test order at GHN staging
  ["/admin/ghn/settings/check", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/settings/webhook-secret", "GET", { resource: R.webhookSecret, operation: "read" }],
  ["/admin/ghn/shops", "GET", READ_SETTINGS],
  ["/admin/ghn/shops", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/location-shops", "GET", READ_SETTINGS],
  ["/admin/ghn/location-shops", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/location-shops/create-shop", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/shipping-options/plan", "GET", READ_SETTINGS],
  ["/admin/ghn/shipping-options", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/affiliate/otp", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/affiliate/create-shop", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/affiliate/add-staff", "POST", UPDATE_SETTINGS],
  ["/admin/ghn/affiliate/find-shop", "POST", READ_SETTINGS],
  ["/admin/ghn/addresses/provinces", "GET", READ_SETTINGS],
  ["/admin/ghn/addresses/districts", "GET", READ_SETTINGS],
  ["/admin/ghn/addresses/wards", "GET", READ_SETTINGS],
]

/** Every route of the plugin, for what holds on all of them. */
const PLUGIN_PATHS = ["/admin/ghn*", "/store/ghn*", "/hooks/ghn*"]

/**
 * GHN down, timing out or refusing the store's token is not the caller's fault and not a bug of
 * the store: the storefront gets 503 (with `Retry-After` when GHN gave one), the admin 502, both
 * with GHN's code and text but never a URL or host. On /store, an error a shopper can act on
 * (shopper-errors.ts) answers `{ type, code, message, params }` in the shopper's language
 * (x-medusa-locale, then Accept-Language; Vietnamese by default). Every other error goes to
 * Medusa's handler.
 * (Medusa keeps one error handler: a store that sets its own replaces this one.)
 */
export function ghnAwareErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (res.headersSent) return medusaErrorHandler(error, req, res, next)
  // Express's own decoding of a route parameter (`Failed to decode param`): the same 400 as refuseMalformedEscapes.
  if (error instanceof URIError) error = malformedEscape()
  // A spent GHN budget or caller's share (the plugin's store routes, and Medusa's own quotes): 429.
  if (answeredBudgetSpent(res, error)) return
  const storefront = req.path.startsWith("/store")
  const failure = ghnServiceFailureOf(error)
  // An admin call that asks for a language (the plugin's screens send theirs): a refusal of the plugin's is answered in it, with its code and parameters.
  const admin = req.path.startsWith("/admin") ? adminAnswerOf(error, req.get("x-medusa-locale")) : undefined
  if (admin) {
    if (failure?.retryAfterSeconds) res.setHeader("Retry-After", String(failure.retryAfterSeconds))
    const status = failure ? 502 : getHttpResponseFromError(error).statusCode
    res.status(status).json({ type: failure?.kind ?? getHttpResponseFromError(error).body.type, ...admin })
    return
  }
  // A refusal of the plugin's own admin routes the catalogue has no words for, to a screen in a
  // language the plugin writes: said by its status in that language, Medusa's English kept as data.
  const locale = req.path.startsWith("/admin/ghn") && !failure ? languageOf(req.get("x-medusa-locale")) : undefined
  if (locale === "vi") {
    const { statusCode, body } = getHttpResponseFromError(error)
    const code = String((body as { code?: unknown }).code || body.type || "unknown_error")
    // Logged as Medusa's handler logs it: a failure of the server in full, a refusal in a line.
    const logger = req.scope?.resolve<{ error(...a: unknown[]): void; info(m: string): void }>("logger")
    if (statusCode >= 500) logger?.error(error)
    else logger?.info(String(body.message ?? ""))
    const unworded: AdminError = { code: "unworded", params: { status: statusCode, type: String(body.type ?? ""), code, detail: withoutHosts(String(body.message ?? "")) } }
    res.status(statusCode).json({ type: body.type, code, message: adminMessage(unworded, locale), params: unworded.params })
    return
  }
  // A shopper's error (address, parcel, GHN unavailable) in the shopper's language, with its stable code and parameters.
  const shopper = storefront ? shopperAnswerOf(error, { acceptLanguage: req.get("accept-language"), medusaLocale: req.get("x-medusa-locale") }) : undefined
  if (shopper) {
    res.setHeader("Content-Language", shopper.locale)
    res.vary("Accept-Language")
  }
  if (failure) {
    if (failure.retryAfterSeconds) res.setHeader("Retry-After", String(failure.retryAfterSeconds))
    const message = shopper?.message ?? withoutHosts(failure.message)
    // A shopper gets the stable kind; the admin GHN's own code.
    res.status(storefront ? 503 : 502).json({ type: failure.kind, code: storefront ? failure.kind : (failure.code ?? failure.kind), message, ...(shopper ? { params: {} } : {}) })
    return
  }
  if (!shopper) return medusaErrorHandler(error, req, res, next)
  const { statusCode, body } = getHttpResponseFromError(error)
  res.status(statusCode).json({ type: body.type, code: shopper.code, message: shopper.message, params: shopper.params })
}

export default defineMiddlewares({
  errorHandler: ghnAwareErrorHandler,
  routes: [
    // Every field of a store request bounded before anything reads it (src/lib/checkout/field-limits.ts).
    // (GHN's webhook reads no query: whatever the URL set in GHN's portal carries is not refused.)
    ...PLUGIN_PATHS.map((matcher) => ({
      matcher,
      middlewares: matcher.startsWith("/store") ? [refuseMalformedEscapes, refuseDeepQueryKeys, boundStoreRequest] : matcher.startsWith("/hooks") ? [refuseMalformedEscapes] : [refuseMalformedEscapes, refuseDeepQueryKeys],
    })),
    // Each storefront caller's share of the store's GHN budget (src/api/utils.ts).
    { matcher: "/store*", middlewares: [asCaller] },
    // Medusa's routes that bring a GHN cart's address to the plugin: bounded before Medusa's workflow runs (the provider bounds it again on every path).
    { matcher: "/store/carts/:id/shipping-methods", methods: ["POST"], middlewares: [boundGhnCart("method")] },
    { matcher: "/store/shipping-options/:id/calculate", methods: ["POST"], middlewares: [boundGhnCart("quote")] },
    { matcher: "/store/carts/:id/complete", methods: ["POST"], middlewares: [boundGhnCart("completion")] },
    // GHN's status callback: public, authenticated by the webhook secret; raw body kept.
    { matcher: "/hooks/ghn", methods: ["POST"], bodyParser: { preserveRawBody: true } },

    { matcher: "/store/ghn/districts", methods: ["GET"], middlewares: [query(DistrictsQuery)] },
    { matcher: "/store/ghn/wards", methods: ["GET"], middlewares: [query(WardsQuery)] },
    { matcher: "/store/ghn/new-wards", methods: ["GET"], middlewares: [query(NewWardsQuery)] },
    { matcher: "/store/ghn/leadtime", methods: ["POST"], middlewares: [validateAndTransformBody(LeadtimeBody)] },
    { matcher: "/store/ghn/orders/:id/tracking", methods: ["GET"], middlewares: [boundStoreRequest, authenticate("customer", ["session", "bearer"])] },
    { matcher: "/store/ghn/tracking", methods: ["POST"], middlewares: [validateAndTransformBody(GuestTrackingBody)] },
    { matcher: "/store/ghn/tracking/link", methods: ["POST"], middlewares: [validateAndTransformBody(TrackingLinkBody)] },

    { matcher: "/admin/ghn/labels/:order_code", methods: ["GET"], middlewares: [adminQuery(LabelQuery)] },
    { matcher: "/admin/ghn/labels", methods: ["POST"], middlewares: [adminBody(LabelsBody)] },
    { matcher: "/admin/ghn/shipments", methods: ["GET"], middlewares: [adminQuery(ShipmentsQuery)] },
    { matcher: "/admin/ghn/cod", methods: ["GET"], middlewares: [adminQuery(CodReportQuery)] },
    { matcher: "/admin/ghn/insights", methods: ["GET"], middlewares: [adminQuery(InsightsQuery)] },
    { matcher: "/admin/ghn/needs-action", methods: ["GET"], middlewares: [adminQuery(NeedsActionQuery)] },
    { matcher: "/admin/ghn/reweigh", methods: ["GET"], middlewares: [adminQuery(ReweighQuery)] },
    { matcher: "/admin/ghn/address-choices", methods: ["GET"], middlewares: [adminQuery(AddressChoicesQuery)] },
    { matcher: "/admin/ghn/reweigh/:variant_id", methods: ["POST"], middlewares: [adminBody(ApplyMeasuresBody)] },
    { matcher: "/admin/ghn/receivers/:phone/trust", methods: ["POST"], middlewares: [adminBody(TrustReceiverBody)] },
    { matcher: "/admin/ghn/shipments/:order_code", methods: ["POST"], middlewares: [adminBody(UpdateShipmentBody)] },
    { matcher: "/admin/ghn/redeliver", methods: ["POST"], middlewares: [adminBody(SwitchStatusBody)] },
    { matcher: "/admin/ghn/return", methods: ["POST"], middlewares: [adminBody(SwitchStatusBody)] },
    { matcher: "/admin/ghn/ready-to-ship", methods: ["GET"], middlewares: [adminQuery(ReadyToShipQuery)] },
    { matcher: "/admin/ghn/ready-to-ship/hold", methods: ["POST"], middlewares: [adminBody(HoldOrdersBody)], bodyParser: { sizeLimit: "1mb" } },
    // A run of 1,000 order ids is about 40 kB of JSON.
    { matcher: "/admin/ghn/shipping-runs", methods: ["POST"], middlewares: [adminBody(CreateShippingRunBody)], bodyParser: { sizeLimit: "1mb" } },
    { matcher: "/admin/ghn/shipping-runs", methods: ["GET"], middlewares: [adminQuery(ShippingRunsQuery)] },
    { matcher: "/admin/ghn/shipping-runs/:id/labels", methods: ["GET"], middlewares: [adminQuery(RunLabelsQuery)] },
    { matcher: "/admin/ghn/shipping-runs/:id/handover", methods: ["GET"], middlewares: [adminQuery(HandoverQuery)] },
    { matcher: "/admin/ghn/shipping-runs/:id/scan", methods: ["POST"], middlewares: [adminBody(ScanBody)] },
    ...supportRoutes,
    ...ADMIN_ROUTE_POLICIES.map(([matcher, method, policies]) => ({ matcher, methods: [method], policies })),
  ],
})
