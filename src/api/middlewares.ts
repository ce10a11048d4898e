import { authenticate, defineMiddlewares, errorHandler, getHttpResponseFromError, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnServiceFailureOf, shopperAnswerOf, withoutHosts } from "../lib/medusa-error"
import { supportRoutes } from "./admin/ghn/support-middlewares"
import { CreateShippingRunBody, HandoverQuery, ReadyToShipQuery, RunLabelsQuery, ShippingRunsQuery } from "./admin/ghn/shipping-runs/validators"
import { AddressChoicesQuery, ApplyMeasuresBody, CodReportQuery, ReweighQuery, LabelQuery, LabelsBody, NeedsActionQuery, ShipmentsQuery, SwitchStatusBody, TrustReceiverBody, UpdateShipmentBody } from "./admin/ghn/validators"
import { DistrictsQuery, GuestTrackingBody, LeadtimeBody, NewWardsQuery, WardsQuery } from "./store/ghn/validators"

const query = (schema: Parameters<typeof validateAndTransformQuery>[0]) =>
  validateAndTransformQuery(schema, { defaults: [], isList: false })

const medusaErrorHandler = errorHandler()

/**
 * GHN down, timing out or refusing the store's token is not the caller's fault and not a bug of
 * the store: the storefront gets 503 (with `Retry-After` when GHN gave one), the admin 502, both
 * with GHN's code and text but never a URL or host. On /store, an error a shopper can act on
 * (shopper-errors.ts) answers `{ type, code, message, params }` in the shopper's language
 * (x-medusa-locale, then Accept-Language; Vietnamese by default). Every other error goes to
 * Medusa's handler.
 * (Medusa keeps one error handler: a store that sets its own replaces this one.)
 */
function ghnAwareErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (res.headersSent) return medusaErrorHandler(error, req, res, next)
  const storefront = req.path.startsWith("/store")
  const failure = ghnServiceFailureOf(error)
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
    // GHN's status callback: public, authenticated by the webhook secret; raw body kept.
    { matcher: "/hooks/ghn", methods: ["POST"], bodyParser: { preserveRawBody: true } },

    { matcher: "/store/ghn/districts", methods: ["GET"], middlewares: [query(DistrictsQuery)] },
    { matcher: "/store/ghn/wards", methods: ["GET"], middlewares: [query(WardsQuery)] },
    { matcher: "/store/ghn/new-wards", methods: ["GET"], middlewares: [query(NewWardsQuery)] },
    { matcher: "/store/ghn/leadtime", methods: ["POST"], middlewares: [validateAndTransformBody(LeadtimeBody)] },
    { matcher: "/store/ghn/orders/:id/tracking", methods: ["GET"], middlewares: [authenticate("customer", ["session", "bearer"])] },
    { matcher: "/store/ghn/tracking", methods: ["POST"], middlewares: [validateAndTransformBody(GuestTrackingBody)] },

    { matcher: "/admin/ghn/labels/:order_code", methods: ["GET"], middlewares: [query(LabelQuery)] },
    { matcher: "/admin/ghn/labels", methods: ["POST"], middlewares: [validateAndTransformBody(LabelsBody)] },
    { matcher: "/admin/ghn/shipments", methods: ["GET"], middlewares: [query(ShipmentsQuery)] },
    { matcher: "/admin/ghn/cod", methods: ["GET"], middlewares: [query(CodReportQuery)] },
    { matcher: "/admin/ghn/needs-action", methods: ["GET"], middlewares: [query(NeedsActionQuery)] },
    { matcher: "/admin/ghn/reweigh", methods: ["GET"], middlewares: [query(ReweighQuery)] },
    { matcher: "/admin/ghn/address-choices", methods: ["GET"], middlewares: [query(AddressChoicesQuery)] },
    { matcher: "/admin/ghn/reweigh/:variant_id", methods: ["POST"], middlewares: [validateAndTransformBody(ApplyMeasuresBody)] },
    { matcher: "/admin/ghn/receivers/:phone/trust", methods: ["POST"], middlewares: [validateAndTransformBody(TrustReceiverBody)] },
    { matcher: "/admin/ghn/shipments/:order_code", methods: ["POST"], middlewares: [validateAndTransformBody(UpdateShipmentBody)] },
    { matcher: "/admin/ghn/redeliver", methods: ["POST"], middlewares: [validateAndTransformBody(SwitchStatusBody)] },
    { matcher: "/admin/ghn/return", methods: ["POST"], middlewares: [validateAndTransformBody(SwitchStatusBody)] },
    { matcher: "/admin/ghn/ready-to-ship", methods: ["GET"], middlewares: [query(ReadyToShipQuery)] },
    // A run of 1,000 order ids is about 40 kB of JSON.
    { matcher: "/admin/ghn/shipping-runs", methods: ["POST"], middlewares: [validateAndTransformBody(CreateShippingRunBody)], bodyParser: { sizeLimit: "1mb" } },
    { matcher: "/admin/ghn/shipping-runs", methods: ["GET"], middlewares: [query(ShippingRunsQuery)] },
    { matcher: "/admin/ghn/shipping-runs/:id/labels", methods: ["GET"], middlewares: [query(RunLabelsQuery)] },
    { matcher: "/admin/ghn/shipping-runs/:id/handover", methods: ["GET"], middlewares: [query(HandoverQuery)] },
    ...supportRoutes,
  ],
})
