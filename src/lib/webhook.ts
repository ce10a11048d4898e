import { createHash, timingSafeEqual } from "node:crypto"
import { z } from "zod"

/** Emitted for each stored GHN callback to apply; retried by the event bus on failure. */
export const GHN_SHIPMENT_UPDATED = "ghn.shipment.updated"

const amount = z.coerce.number().catch(0)

/**
 * GHN's status callback body (PascalCase; see ghn-notes). Only OrderCode, Type and Time are
 * required; unknown fields, Types and Status values are kept.
 */
export const ghnWebhookSchema = z.looseObject({
  OrderCode: z.string().trim().min(1, "OrderCode is required"),
  Type: z.string().trim().min(1, "Type is required"),
  Time: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "Time must be an ISO 8601 date"),
  ShopID: z.coerce.number().optional(),
  ClientOrderCode: z.string().nullish(),
  Status: z.string().nullish(),
  Description: z.string().nullish(),
  Reason: z.string().nullish(),
  ReasonCode: z.string().nullish(),
  CODAmount: amount.optional(),
  CODTransferDate: z.string().nullish(),
  Weight: amount.optional(),
  ConvertedWeight: amount.optional(),
  TotalFee: amount.optional(),
  Fee: z.record(z.string(), z.unknown()).nullish(),
})
export type GhnWebhookBody = z.infer<typeof ghnWebhookSchema>

/** GHN repeats deliveries: one event is one order code, one type, one GHN time. */
export function webhookDedupeKey(body: Pick<GhnWebhookBody, "OrderCode" | "Type" | "Time">) {
  return `${body.OrderCode}|${body.Type}|${new Date(body.Time).toISOString()}`
}

/** Constant-time comparison of a provided secret with the configured one (any lengths). */
export function secretMatches(expected: string, provided: string | string[] | undefined) {
  if (typeof provided !== "string") return false
  const a = createHash("sha256").update(expected).digest()
  const b = createHash("sha256").update(provided).digest()
  return timingSafeEqual(a, b)
}

/** The lines a malformed body gets back, each naming the field. */
export function describeWebhookIssues(error: z.ZodError) {
  return error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
}

/** One thing GHN said about an order: a webhook, a poll of Order Info, or an admin refresh. */
export type GhnShipmentEvent = {
  type: string
  time: string
  status?: string | null
  reason?: string | null
  reason_code?: string | null
  source: "webhook" | "poll" | "admin"
  total_fee?: number
  fees?: Record<string, unknown> | null
  cod_amount?: number
  cod_transfer_date?: string | null
  weight?: number
  converted_weight?: number
}

/** A GHN callback body as a shipment event. */
export function eventFromWebhook(body: GhnWebhookBody): GhnShipmentEvent {
  return {
    type: body.Type,
    time: body.Time,
    status: body.Status ?? null,
    reason: body.Reason ?? null,
    reason_code: body.ReasonCode ?? null,
    source: "webhook",
    total_fee: body.TotalFee,
    fees: body.Fee ?? null,
    cod_amount: body.CODAmount,
    cod_transfer_date: body.CODTransferDate ?? null,
    weight: body.Weight,
    converted_weight: body.ConvertedWeight,
  }
}
