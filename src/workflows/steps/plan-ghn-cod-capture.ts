import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type CodCapturePlan, codCaptureFor, type CodCollection, type CodPayment } from "../../lib/cod/cod"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type CaptureGhnCodInput = { order_code: string }

type PaymentRow = {
  id: string
  provider_id: string
  amount: unknown
  canceled_at?: unknown
  captures?: { id: string; amount: unknown; created_at?: string | Date | null; metadata?: Record<string, unknown> | null }[] | null
}
type OrderPaymentsRow = { id: string; currency_code?: string | null; payment_collections?: { id: string; status?: string | null; amount?: unknown; payments?: PaymentRow[] | null }[] | null }

/**
 * What this run does; `record` false: nothing to write on the shipment (not delivered, or already
 * settled). `before`: the captures the COD payment had before this one (a capture), or the
 * payments the collection had (marked paid), so what Medusa makes is known by its id (the one not in it).
 */
export type Plan = CodCapturePlan & {
  shipment_id?: string
  order_id?: string
  order_code: string
  record: boolean
  before?: string[]
  /** What the parcel will have recorded once this part is, and whether a part is left for the next run. */
  total_after?: number
  more?: boolean
  /**
   * An adopted capture's transaction on the order, as Medusa's capturePaymentWorkflow writes it
   * after the payment's capture: a run stopped between the two left the order unpaid in Medusa's
   * books. Written again by Medusa's own step, which skips one the order has.
   */
  order_transaction?: { order_id: string; amount: number; currency_code: string; reference: "capture"; reference_id: string }
}

/** What a part in progress keeps on the parcel (`cod_capture_before`) to know, by id, what Medusa made. */
export type CaptureBefore = { payment_id?: string; payment_collection_id?: string; captures?: string[]; payments?: string[] }

/** The order's payments and collections, as the COD rule reads them (captures tagged with a GHN order code named). */
async function codPaymentsOf(container: MedusaContainer, orderId: string): Promise<{ payments: CodPayment[]; collections: CodCollection[]; currency_code: string | null }> {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<OrderPaymentsRow>({
    entity: "order",
    fields: [
      "id",
      "currency_code",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.amount",
      "payment_collections.payments.canceled_at",
      "payment_collections.payments.captures.id",
      "payment_collections.payments.captures.amount",
      "payment_collections.payments.captures.created_at",
      "payment_collections.payments.captures.metadata",
    ],
    filters: { id: orderId },
  })
  const rows = data[0]?.payment_collections ?? []
  const collections = rows.map((pc) => ({
    id: pc.id,
    status: pc.status ?? "",
    amount: Number(pc.amount ?? 0),
    payment_ids: (pc.payments ?? []).map((p) => p.id),
    captured: (pc.payments ?? []).flatMap((p) => p.captures ?? []).reduce((sum, c) => sum + Number(c.amount), 0),
  }))
  const payments = rows.flatMap((pc) =>
    (pc.payments ?? []).map((p) => ({
      id: p.id,
      provider_id: p.provider_id,
      amount: Number(p.amount),
      canceled: !!p.canceled_at,
      captures: (p.captures ?? []).map((c) => ({
        id: c.id,
        amount: Number(c.amount),
        created_at: c.created_at ?? null,
        ghn_order_code: typeof c.metadata?.ghn_order_code === "string" ? c.metadata.ghn_order_code : null,
      })),
    }))
  )
  return { payments, collections, currency_code: data[0]?.currency_code ?? null }
}

/**
 * Decides the part this run records, under the order's lock. A run that stopped or failed between
 * Medusa's write and its record ("capturing", "failed", with what the payment or collection had
 * before it) adopts the untagged capture it made, by its id, instead of recording again; a payment
 * it authorised on a collection and did not capture is captured from (codCaptureFor's system payment).
 */
export const planGhnCodCaptureStep = createStep("plan-ghn-cod-capture", async ({ order_code }: CaptureGhnCodInput, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [shipment] = await ghn.listGhnShipments({ order_code })
  const quiet = (reason: string): Plan => ({ kind: "skip", reason, order_code, record: false })
  if (!shipment || shipment.is_return || !shipment.order_id) return new StepResponse(quiet("not an order's parcel"))
  if (shipment.status !== "delivered") return new StepResponse(quiet(`the parcel is ${shipment.status}, not delivered`))
  if (shipment.cod_capture_status === "captured" || shipment.cod_capture_status === "skipped") return new StepResponse(quiet("already settled"))
  const base = { shipment_id: shipment.id, order_id: shipment.order_id, order_code, record: true }
  const { payments, collections, currency_code } = await codPaymentsOf(container, shipment.order_id)
  const parcel = { order_code, cod_amount: shipment.cod_amount }
  let plan = codCaptureFor(parcel, payments, ghn.accountOf(shipment.provider_id).options, collections)
  const done = payments.flatMap((p) => p.captures).filter((c) => c.ghn_order_code === order_code).reduce((sum, c) => sum + c.amount, 0)
  let totalAfter = plan.kind === "captured" ? plan.amount : plan.kind === "skip" ? 0 : done + plan.amount
  // A run that stopped after Medusa's capture (or its marking a collection paid) and before its
  // record: what it made is the capture that was not there when it began (kept on the parcel before).
  const before = (shipment.cod_capture_before as CaptureBefore | null) ?? null
  let adopted: Plan["order_transaction"]
  if ((shipment.cod_capture_status === "capturing" || shipment.cod_capture_status === "failed") && (before?.payment_id || before?.payment_collection_id)) {
    const made = before.payment_id
      ? payments.find((p) => p.id === before.payment_id)?.captures.find((c) => !c.ghn_order_code && !(before.captures ?? []).includes(c.id))
      : payments
          .filter((p) => collections.find((c) => c.id === before.payment_collection_id)?.payment_ids.includes(p.id) && !(before.payments ?? []).includes(p.id))
          .flatMap((p) => p.captures)
          .find((c) => !c.ghn_order_code)
    if (made) {
      plan = { kind: "captured", capture_id: made.id, amount: made.amount, remaining: shipment.cod_amount - done }
      totalAfter = done + made.amount
      adopted = currency_code ? { order_id: shipment.order_id, amount: made.amount, currency_code, reference: "capture", reference_id: made.id } : undefined
    }
  }
  const known =
    plan.kind === "capture"
      ? (payments.find((p) => p.id === (plan as { payment_id: string }).payment_id)?.captures ?? []).map((c) => c.id)
      : plan.kind === "mark_paid" || plan.kind === "record_on_collection"
        ? (collections.find((c) => c.id === (plan as { payment_collection_id: string }).payment_collection_id)?.payment_ids ?? [])
        : undefined
  // One part per run: a part short of the COD leaves the rest to the next run (the runner's, or the recovery pass).
  const more = plan.kind !== "skip" && plan.remaining !== 0 && shipment.cod_amount - totalAfter > 1
  return new StepResponse<Plan>({ ...plan, ...base, before: known, total_after: totalAfter, more, ...(adopted ? { order_transaction: adopted } : {}) })
})
