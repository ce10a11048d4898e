import { z } from "@medusajs/framework/zod"
import { TRACKING_TOKEN_MAX } from "../../../lib/status/tracking-link"

/** GHN's ids are 32-bit: anything above is no id of GHN's, refused before any lookup. */
const MAX_GHN_ID = 2_147_483_647

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive integer` })
    .int(`${name} must be a positive integer`)
    .min(1, `${name} must be a positive integer`)
    .max(MAX_GHN_ID, `${name} must be at most ${MAX_GHN_ID}`)

export const DistrictsQuery = z.object({ province_id: id("province_id") })
export type DistrictsQuery = z.infer<typeof DistrictsQuery>

export const WardsQuery = z.object({ district_id: id("district_id") })
export type WardsQuery = z.infer<typeof WardsQuery>

export const NewWardsQuery = z.object({ province_id: id("province_id") })
export type NewWardsQuery = z.infer<typeof NewWardsQuery>

export const LeadtimeBody = z.object({
  cart_id: z.string().min(1, "cart_id is required").max(100, "cart_id must be at most 100 characters"),
  option_id: z.string().min(1, "option_id is required").max(100, "option_id must be at most 100 characters"),
})
export type LeadtimeBody = z.infer<typeof LeadtimeBody>

export const GuestTrackingBody = z.strictObject({
  email: z.string().trim().max(254, "email must be at most 254 characters").email("email must be an email address").transform((e) => e.toLowerCase()),
  order_number: z.coerce
    .number({ error: "order_number must be a positive integer" })
    .int("order_number must be a positive integer")
    .min(1, "order_number must be a positive integer")
    .max(2_147_483_647, "order_number must be at most 2147483647"),
})
export type GuestTrackingBody = z.infer<typeof GuestTrackingBody>

/** The signed token of a notification's tracking link (`?ghn_tracking=`), bounded before it is read. */
export const TrackingLinkBody = z.strictObject({
  token: z.string({ error: "token must be the ghn_tracking parameter of the link" }).min(1, "token is required").max(TRACKING_TOKEN_MAX, `token must be at most ${TRACKING_TOKEN_MAX} characters`),
})
export type TrackingLinkBody = z.infer<typeof TrackingLinkBody>
