import { z } from "zod"

/** Where the GHN context travels in Medusa's `additional_data`, which Medusa hands the provider's createFulfillment. */
export const GHN_CONTEXT_KEY = "ghn"

/** The workflow a store's own code runs to create a GHN fulfilment (named in the provider's refusal). */
export const CREATE_GHN_FULFILLMENT_WORKFLOW = "createGhnFulfillmentWorkflow"

const measure = z.number().nullish()

/**
 * What the plugin works out before a GHN fulfilment is created, under a lock on the order, and
 * what the provider needs but Medusa does not pass it. The contract between the route/workflow
 * and the provider.
 */
export const ghnFulfillmentContextSchema = z.object({
  /** The Create Order intent's code, written to PostgreSQL before GHN is called. */
  client_order_code: z.string().min(1).max(50),
  /**
   * Codes of earlier intents of the order whose answer never came and whose items differ: the
   * provider has GHN cancel what it made under them before it creates this shipment's order.
   */
  orphan_client_order_codes: z.array(z.string().min(1).max(50)).default([]),
  /** The code was reserved by an earlier try whose answer never came: GHN may hold its order already. */
  reused: z.boolean().default(false),
  /** What this parcel collects (the COD rule), in VND. */
  cod_amount: z.number().int().min(0),
  /** Each variant's product weight and sizes (a variant without its own falls back to these). */
  product_measures: z
    .record(z.string(), z.object({ weight: measure, length: measure, width: measure, height: measure }).loose())
    .default({}),
  /** The stock location the fulfilment ships from (the sender). */
  location: z
    .object({ id: z.string(), name: z.string().nullish(), address: z.record(z.string(), z.unknown()).nullish() })
    .loose()
    .nullish(),
})

export type GhnFulfillmentContext = z.infer<typeof ghnFulfillmentContextSchema>

/** The GHN context in a createFulfillment's additional data, or undefined when there is none. */
export function ghnContextOf(additionalData: Record<string, unknown> | undefined): GhnFulfillmentContext | undefined {
  const raw = additionalData?.[GHN_CONTEXT_KEY]
  if (raw === undefined || raw === null) return undefined
  const parsed = ghnFulfillmentContextSchema.safeParse(raw)
  if (!parsed.success) {
    throw new Error(`the GHN fulfilment context is malformed: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`)
  }
  return parsed.data
}

/** A shipment's lines as stored on its intent: [line item id, quantity], sorted. */
export function intentItems(items: { id: string; quantity: number }[]): [string, number][] {
  const merged = new Map<string, number>()
  for (const item of items) merged.set(item.id, (merged.get(item.id) ?? 0) + Number(item.quantity))
  return [...merged.entries()].sort(([a], [b]) => a.localeCompare(b))
}

/** Do two intents ship the same thing from the same place? */
export function sameShipment(a: { location_id?: string | null; items: unknown }, b: { location_id?: string | null; items: unknown }) {
  return (a.location_id ?? null) === (b.location_id ?? null) && JSON.stringify(a.items) === JSON.stringify(b.items)
}
