import { validateAndTransformBody, validateAndTransformQuery, type MiddlewareRoute } from "@medusajs/framework/http"
import { ticketUpload, validateTicketForm } from "./support-utils"
import {
  AffiliateAddStaffBody,
  AffiliateCreateShopBody,
  AffiliateFindShopBody,
  AffiliateOtpBody,
  AccountCheckBody,
  ConnectionCheckBody,
  CreateShopBody,
  CreateShippingOptionsBody,
  LocationShopCreateBody,
  LocationShopsBody,
  ShippingOptionsPlanQuery,
  CreateTicketForm,
  DistrictsQuery,
  ReplyTicketForm,
  TicketsQuery,
  WardsQuery,
} from "./support-validators"

const query = (schema: Parameters<typeof validateAndTransformQuery>[0]) => validateAndTransformQuery(schema, { defaults: [], isList: false })

/**
 * Validation of the support-ticket, settings, shop, partner-onboarding and address routes
 * (merged into src/api/middlewares.ts). Ticket forms are multipart (multer, as Medusa's
 * /admin/uploads) and checked again here: fields, then each file.
 */
export const supportRoutes: MiddlewareRoute[] = [
  { matcher: "/admin/ghn/tickets", methods: ["GET"], middlewares: [query(TicketsQuery)] },
  { matcher: "/admin/ghn/tickets", methods: ["POST"], middlewares: [ticketUpload(), validateTicketForm(CreateTicketForm)] },
  { matcher: "/admin/ghn/tickets/:ticket_id/reply", methods: ["POST"], middlewares: [ticketUpload(), validateTicketForm(ReplyTicketForm)] },

  { matcher: "/admin/ghn/settings/connection", methods: ["POST"], middlewares: [validateAndTransformBody(ConnectionCheckBody)] },
  { matcher: "/admin/ghn/settings/check", methods: ["POST"], middlewares: [validateAndTransformBody(AccountCheckBody)] },

  { matcher: "/admin/ghn/shops", methods: ["POST"], middlewares: [validateAndTransformBody(CreateShopBody)] },
  { matcher: "/admin/ghn/location-shops", methods: ["POST"], middlewares: [validateAndTransformBody(LocationShopsBody)] },
  { matcher: "/admin/ghn/location-shops/create-shop", methods: ["POST"], middlewares: [validateAndTransformBody(LocationShopCreateBody)] },
  { matcher: "/admin/ghn/shipping-options/plan", methods: ["GET"], middlewares: [query(ShippingOptionsPlanQuery)] },
  { matcher: "/admin/ghn/shipping-options", methods: ["POST"], middlewares: [validateAndTransformBody(CreateShippingOptionsBody)] },
  { matcher: "/admin/ghn/affiliate/otp", methods: ["POST"], middlewares: [validateAndTransformBody(AffiliateOtpBody)] },
  { matcher: "/admin/ghn/affiliate/create-shop", methods: ["POST"], middlewares: [validateAndTransformBody(AffiliateCreateShopBody)] },
  { matcher: "/admin/ghn/affiliate/add-staff", methods: ["POST"], middlewares: [validateAndTransformBody(AffiliateAddStaffBody)] },
  { matcher: "/admin/ghn/affiliate/find-shop", methods: ["POST"], middlewares: [validateAndTransformBody(AffiliateFindShopBody)] },

  // Bulk label printing sends up to 10,000 order codes (~120 kB of JSON): above express's 100 kB default.
  { matcher: "/admin/ghn/labels", methods: ["POST"], bodyParser: { sizeLimit: "1mb" } },

  { matcher: "/admin/ghn/addresses/districts", methods: ["GET"], middlewares: [query(DistrictsQuery)] },
  { matcher: "/admin/ghn/addresses/wards", methods: ["GET"], middlewares: [query(WardsQuery)] },
]
