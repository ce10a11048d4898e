import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { type CodCapturePlan, codCaptureFor, type CodPayment } from "../../lib/cod/cod"
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
type OrderPaymentsRow = { id: string; payment_collections?: { payments?: PaymentRow[] | null }[] | null }

/**
 * What this run does; `record` false: nothing to write on the shipment (not delivered, or already
 * settled). `before`: the captures the COD payment had before this one, so the capture Medusa makes
 * is known by its id (the one not in it).
 */
export type Plan = CodCapturePlan & { shipment_id?: string; order_code: string; record: boolean; before?: string[] }

/** The order's payments, as the COD rule reads them (captures tagged with a GHN order code named). */
async function codPaymentsOf(container: MedusaContainer, orderId: string): Promise<CodPayment[]> {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<OrderPaymentsRow>({
    entity: "order",
    fields: [
      "id",
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
  return (data[0]?.payment_collections ?? []).flatMap((pc) =>
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
}

/**
 * Decides the capture, under the parcel's COD lock. A run that stopped or failed between the
 * capture and its record ("capturing", "failed", with the payment's captures before it) adopts the
 * untagged capture it made, by its id, instead of capturing again.
 */
export const planGhnCodCaptureStep = createStep("plan-ghn-cod-capture", async ({ order_code }: CaptureGhnCodInput, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [shipment] = await ghn.listGhnShipments({ order_code })
  const quiet = (reason: string): Plan => ({ kind: "skip", reason, order_code, record: false })
  if (!shipment || shipment.is_return || !shipment.order_id) return new StepResponse(quiet("not an order's parcel"))
  if (shipment.status !== "delivered") return new StepResponse(quiet(`the parcel is ${shipment.status}, not delivered`))
  if (shipment.cod_capture_status === "captured" || shipment.cod_capture_status === "skipped") return new StepResponse(quiet("already settled"))
  const base = { shipment_id: shipment.id, order_code, record: true }
  const payments = await codPaymentsOf(container, shipment.order_id)
  let plan = codCaptureFor({ order_code, cod_amount: shipment.cod_amount }, payments, ghn.accountOf(shipment.provider_id).options)
  // A run that stopped after Medusa's capture and before its record: its capture is the one of the
  // payment that was not there when it began (kept on the parcel before capturing).
  const before = (shipment.cod_capture_before as { payment_id?: string; captures?: string[] } | null) ?? null
  if ((shipment.cod_capture_status === "capturing" || shipment.cod_capture_status === "failed") && before?.payment_id) {
    const made = payments.find((p) => p.id === before.payment_id)?.captures.find((c) => !c.ghn_order_code && !(before.captures ?? []).includes(c.id))
    if (made) plan = { kind: "captured", capture_id: made.id, amount: made.amount }
  }
  const known = plan.kind === "capture" ? (payments.find((p) => p.id === (plan as { payment_id: string }).payment_id)?.captures ?? []).map((c) => c.id) : undefined
  return new StepResponse<Plan>({ ...plan, ...base, before: known })
})
