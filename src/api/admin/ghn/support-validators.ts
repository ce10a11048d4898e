import { z } from "@medusajs/framework/zod"
import { GHN_LIMITS, TICKET_CATEGORIES } from "../../../lib/ghn/constants"
import { vnPhoneField } from "./validators"

/** Validators of the admin's support routes: tickets, settings, shops, partner onboarding. */

const T = GHN_LIMITS.tickets

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} takes at most ${max} characters`)

export const TicketCategory = z.enum(TICKET_CATEGORIES, { error: `category must be one of: ${TICKET_CATEGORIES.join(" | ")}` })

/** Create Ticket form (multipart or JSON): attachments are checked from the uploaded files. */
export const CreateTicketForm = z.object({
  order_code: z
    .string({ error: "order_code is required" })
    .trim()
    .min(T.minOrderCode, "order_code is required")
    .max(T.maxOrderCode, `order_code takes at most ${T.maxOrderCode} characters`),
  category: TicketCategory,
  description: text("description", T.maxDescription),
})
export type CreateTicketForm = z.infer<typeof CreateTicketForm>

/** Create Feedback of Ticket form. */
export const ReplyTicketForm = z.object({ description: text("description", T.maxDescription) })
export type ReplyTicketForm = z.infer<typeof ReplyTicketForm>

export const TicketsQuery = z.object({
  order_id: z.string().trim().min(1).optional(),
  order_code: z.union([z.string(), z.array(z.string())]).optional(),
  status_id: z.coerce.number().int().min(1).max(3).optional(),
  /** true: ask GHN for the status of the open tickets listed (at most 20) before answering. */
  refresh: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type TicketsQuery = z.infer<typeof TicketsQuery>

const ENVIRONMENTS = ["production", "staging", "configured"] as const

/** Connection check: the configured credentials, or others to try before configuring them. */
export const ConnectionCheckBody = z
  .object({
    token: z.string().trim().min(1, "token cannot be empty").max(200).optional(),
    shop_id: z.coerce.number().int("shop_id must be a whole number").min(1, "shop_id must be a positive number").optional(),
    environment: z.enum(ENVIRONMENTS, { error: `environment must be one of ${ENVIRONMENTS.join(", ")}` }).default("configured"),
  })
  .strict()
export type ConnectionCheckBody = z.infer<typeof ConnectionCheckBody>

/** The account check of Settings -> GHN -> Connection (medusa-ghn-check's checks): one provider, or all. */
export const AccountCheckBody = z
  .object({
    provider_id: z.string().trim().min(1, "provider_id cannot be empty").max(200).optional(),
    /** Creates and cancels one test order (refused on GHN production). */
    create_test_order: z.boolean({ error: "create_test_order must be true or false" }).default(false),
  })
  .strict()
export type AccountCheckBody = z.infer<typeof AccountCheckBody>

const phone = vnPhoneField("phone")

export const CreateShopBody = z
  .object({
    name: text("name", 255),
    phone,
    address: text("address", 1024),
    district_id: z.number({ error: "district_id must be a number" }).int().min(1, "district_id must be a positive number"),
    ward_code: z.string({ error: "ward_code is required" }).trim().min(1, "ward_code is required"),
  })
  .strict()
export type CreateShopBody = z.infer<typeof CreateShopBody>

export const AffiliateOtpBody = z.object({ phone }).strict()
export type AffiliateOtpBody = z.infer<typeof AffiliateOtpBody>

const otp = z.string({ error: "otp is required" }).trim().regex(/^\d{4,8}$/, "otp must be the 4 to 8 digits of the SMS")

export const AffiliateCreateShopBody = z
  .object({
    phone,
    otp,
    address: z.string().trim().max(1024, "address takes at most 1024 characters").optional(),
    district_id: z.number().int().min(1, "district_id must be a positive number").optional(),
    ward_code: z.string().trim().min(1).optional(),
  })
  .strict()
export type AffiliateCreateShopBody = z.infer<typeof AffiliateCreateShopBody>

export const AffiliateAddStaffBody = z
  .object({
    phone,
    otp,
    shop_id: z.number({ error: "shop_id is required" }).int("shop_id must be a whole number").min(1, "shop_id must be a positive number"),
  })
  .strict()
export type AffiliateAddStaffBody = z.infer<typeof AffiliateAddStaffBody>

export const DistrictsQuery = z.object({ province_id: z.coerce.number().int().min(1, "province_id must be a positive number") })
export type DistrictsQuery = z.infer<typeof DistrictsQuery>

export const WardsQuery = z.object({ district_id: z.coerce.number().int().min(1, "district_id must be a positive number") })
export type WardsQuery = z.infer<typeof WardsQuery>

export const AffiliateFindShopBody = z
  .object({
    phone: phone.optional(),
    shop_id: z.number().int().min(1, "shop_id must be a positive number").optional(),
    known_shop_ids: z.array(z.number().int()).max(10_000).optional(),
  })
  .strict()
  .refine((b) => b.phone !== undefined || b.shop_id !== undefined, {
    message: "give phone (Create Shop by OTP) or shop_id (Add Staff)",
    path: ["phone"],
    params: { rule: "one_of_two", first: "phone", second: "shop_id" },
  })
export type AffiliateFindShopBody = z.infer<typeof AffiliateFindShopBody>

const id = (field: string) => z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(200, `${field} takes at most 200 characters`)
const shopId = z.number({ error: "shop_id must be a number or null" }).int("shop_id must be a whole number").min(1, "shop_id must be a positive number")

/** Settings -> GHN, the location -> shop map: a shop per location, or null to go back to the option `locationShops`. */
export const LocationShopsBody = z
  .object({
    locations: z
      .array(z.object({ location_id: id("locations[].location_id"), shop_id: shopId.nullable() }).strict(), { error: "locations must be a list" })
      .min(1, "locations must name at least one location")
      .max(500, "locations takes at most 500 locations")
      .superRefine((l, ctx) => {
        const ids = l.map((e) => e.location_id)
        const twice = ids.find((id, i) => ids.indexOf(id) !== i)
        if (twice) ctx.addIssue({ code: "custom", message: `locations names a location twice (${twice})`, params: { rule: "listed_twice", value: twice } })
      }),
  })
  .strict()
export type LocationShopsBody = z.infer<typeof LocationShopsBody>

/** Create Shop from a stock location's address; name and phone default to the location's. */
export const LocationShopCreateBody = z
  .object({
    location_id: id("location_id"),
    name: text("name", 255).optional(),
    phone: phone.optional(),
  })
  .strict()
export type LocationShopCreateBody = z.infer<typeof LocationShopCreateBody>

/** The GHN shipping options of a location's service zone: what would be created, and creating them. */
export const ShippingOptionsPlanQuery = z.object({
  location_id: id("location_id"),
  service_zone_id: id("service_zone_id").optional(),
})
export type ShippingOptionsPlanQuery = z.infer<typeof ShippingOptionsPlanQuery>

export const CreateShippingOptionsBody = ShippingOptionsPlanQuery.strict()
export type CreateShippingOptionsBody = z.infer<typeof CreateShippingOptionsBody>
