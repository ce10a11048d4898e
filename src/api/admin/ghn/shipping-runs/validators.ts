import { z } from "@medusajs/framework/zod"
import { MAX_RUN_ORDERS } from "../../../../lib/shipping-run/shipping-run"
import { LABEL_SIZE } from "../validators"
import { MAX_SCANNED_CODE, scannedCode } from "../../../../lib/handover/scan"

/** The Ready to ship filters (the list's query, and a run's `filter` for "all that match"). */
export const ReadyToShipFilter = z.object({
  placed_from: z.coerce.date({ error: "placed_from must be a date (ISO 8601)" }).optional(),
  placed_to: z.coerce.date({ error: "placed_to must be a date (ISO 8601)" }).optional(),
  location_id: z.string().trim().min(1, "location_id cannot be empty").optional(),
  payment: z.enum(["cod", "prepaid"], { error: 'payment must be "cod" or "prepaid"' }).optional(),
  service_type_id: z.coerce
    .number()
    .refine((v) => v === 2 || v === 5, { message: "service_type_id must be 2 (light goods) or 5 (heavy goods)", params: { rule: "service_type" } })
    .optional(),
  problems_only: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((v) => v === true || v === "true"),
})
export type ReadyToShipFilter = z.infer<typeof ReadyToShipFilter>

export const ReadyToShipQuery = ReadyToShipFilter.extend({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(200, "limit takes at most 200").default(50),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").default(0),
})
export type ReadyToShipQuery = z.infer<typeof ReadyToShipQuery>

/** A run: the orders chosen (a page's selection), or every order matching a filter; and the pickup shift. */
export const CreateShippingRunBody = z
  .object({
    order_ids: z
      .array(z.string().trim().min(1, "an order id cannot be empty"), { error: "order_ids must be a list of order ids" })
      .min(1, "order_ids needs at least one order")
      .max(MAX_RUN_ORDERS, `order_ids takes at most ${MAX_RUN_ORDERS} orders per run`)
      .superRefine((ids, ctx) => {
        const twice = ids.find((id, i) => ids.indexOf(id) !== i)
        if (twice) ctx.addIssue({ code: "custom", message: `order_ids: ${twice} is listed twice`, params: { rule: "listed_twice", value: twice } })
      })
      .optional(),
    filter: ReadyToShipFilter.strict().optional(),
    pick_shift: z.number({ error: "pick_shift must be the id of one of today's GHN pickup shifts" }).int().positive().optional(),
  })
  .strict()
  .refine((b) => !!b.order_ids !== !!b.filter, {
    message: "give either order_ids (the orders chosen) or filter (every order ready to ship that matches it)",
    params: { rule: "one_of_two", first: "order_ids", second: "filter" },
  })
export type CreateShippingRunBody = z.infer<typeof CreateShippingRunBody>

export const ShippingRunsQuery = z.object({
  limit: z.coerce.number().int().min(1, "limit must be at least 1").max(100, "limit takes at most 100").default(20),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").default(0),
})
export type ShippingRunsQuery = z.infer<typeof ShippingRunsQuery>

export const RunLabelsQuery = z.object({ size: LABEL_SIZE.default("A5") })
export type RunLabelsQuery = z.infer<typeof RunLabelsQuery>

export const HandoverQuery = z.object({
  format: z.enum(["csv", "html", "pdf"], { error: 'format must be "csv", "html" or "pdf"' }).default("html"),
  shop_id: z.coerce.number({ error: "shop_id must be a GHN shop id (a number)" }).int("shop_id must be a whole number").positive("shop_id must be a GHN shop id").optional(),
})
export type HandoverQuery = z.infer<typeof HandoverQuery>

/** A code scanned from a label at the door: what a scanner typed, bounded, then compared without spaces and in upper case. */
export const ScanBody = z
  .object({
    code: z
      .string({ error: "code must be the GHN code read from a label" })
      .max(200, "code takes at most 200 characters")
      .transform(scannedCode)
      .refine((code) => /^[A-Z0-9_.-]+$/.test(code), {
        message: `code must be a GHN code or a client order code: letters, digits, "-", "_" or ".", at most ${MAX_SCANNED_CODE}`,
        params: { rule: "scanned_code", max: MAX_SCANNED_CODE },
      }),
  })
  .strict()
export type ScanBody = z.infer<typeof ScanBody>
