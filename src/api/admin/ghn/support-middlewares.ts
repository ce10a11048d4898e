import type { MiddlewareRoute } from "@medusajs/framework/http"
import { adminBody, adminQuery } from "../../validation"
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

/**
 * Validation of the support-ticket, settings, shop, partner-onboarding and address routes
 * (merged into src/api/middlewares.ts). Ticket forms are multipart (multer, as Medusa's
 * /admin/uploads) and checked again here: fields, then each file.
 */
export const supportRoutes: MiddlewareRoute[] = [
  { matcher: "/admin/ghn/tickets", methods: ["GET"], middlewares: [adminQuery(TicketsQuery)] },
  { matcher: "/admin/ghn/tickets", methods: ["POST"], middlewares: [ticketUpload(), validateTicketForm(CreateTicketForm)] },
  { matcher: "/admin/ghn/tickets/:ticket_id/reply", methods: ["POST"], middlewares: [ticketUpload(), validateTicketForm(ReplyTicketForm)] },

  { matcher: "/admin/ghn/settings/connection", methods: ["POST"], middlewares: [adminBody(ConnectionCheckBody)] },
  { matcher: "/admin/ghn/settings/check", methods: ["POST"], middlewares: [adminBody(AccountCheckBody)] },

  { matcher: "/admin/ghn/shops", methods: ["POST"], middlewares: [adminBody(CreateShopBody)] },
  { matcher: "/admin/ghn/location-shops", methods: ["POST"], middlewares: [adminBody(LocationShopsBody)] },
  { matcher: "/admin/ghn/location-shops/create-shop", methods: ["POST"], middlewares: [adminBody(LocationShopCreateBody)] },
  { matcher: "/admin/ghn/shipping-options/plan", methods: ["GET"], middlewares: [adminQuery(ShippingOptionsPlanQuery)] },
  { matcher: "/admin/ghn/shipping-options", methods: ["POST"], middlewares: [adminBody(CreateShippingOptionsBody)] },
  { matcher: "/admin/ghn/affiliate/otp", methods: ["POST"], middlewares: [adminBody(AffiliateOtpBody)] },
  { matcher: "/admin/ghn/affiliate/create-shop", methods: ["POST"], middlewares: [adminBody(AffiliateCreateShopBody)] },
  { matcher: "/admin/ghn/affiliate/add-staff", methods: ["POST"], middlewares: [adminBody(AffiliateAddStaffBody)] },
  { matcher: "/admin/ghn/affiliate/find-shop", methods: ["POST"], middlewares: [adminBody(AffiliateFindShopBody)] },

  // Bulk label printing sends up to 10,000 order codes (~120 kB of JSON): above express's 100 kB default.
  { matcher: "/admin/ghn/labels", methods: ["POST"], bodyParser: { sizeLimit: "1mb" } },

  { matcher: "/admin/ghn/addresses/districts", methods: ["GET"], middlewares: [adminQuery(DistrictsQuery)] },
  { matcher: "/admin/ghn/addresses/wards", methods: ["GET"], middlewares: [adminQuery(WardsQuery)] },
]
