import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, capturePaymentWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { type CodCapturePlan, codCaptureFor, type CodPayment } from "../lib/cod"
import { trackInFlight } from "../lib/in-flight"
import type { QueryGraph } from "../lib/query-graph"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

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
type Plan = CodCapturePlan & { shipment_id?: string; order_code: string; record: boolean; before?: string[] }

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
 * Decides the capture, under the parcel's COD lock. A run that stopped between the capture and
 * its record (status "capturing") adopts the untagged capture it made instead of capturing again.
 */
const planGhnCodCaptureStep = createStep("plan-ghn-cod-capture", async ({ order_code }: CaptureGhnCodInput, { container }) => {
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
  if (shipment.cod_capture_status === "capturing" && before?.payment_id) {
    const made = payments.find((p) => p.id === before.payment_id)?.captures.find((c) => !c.ghn_order_code && !(before.captures ?? []).includes(c.id))
    if (made) plan = { kind: "captured", capture_id: made.id, amount: made.amount }
  }
  const known = plan.kind === "capture" ? (payments.find((p) => p.id === (plan as { payment_id: string }).payment_id)?.captures ?? []).map((c) => c.id) : undefined
  return new StepResponse<Plan>({ ...plan, ...base, before: known })
})

/** Written before the capture: a run that stops after capturing finds its capture by this. */
const markGhnCodCapturingStep = createStep(
  "mark-ghn-cod-capturing",
  async (plan: Plan, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [before] = await ghn.listGhnShipments({ id: plan.shipment_id! }, { select: ["id", "cod_capture_status", "cod_captured_amount", "cod_captured_at", "cod_capture_before"] })
    await ghn.updateGhnShipments({
      id: plan.shipment_id!,
      cod_capture_status: "capturing",
      cod_captured_amount: plan.kind === "capture" ? plan.amount : 0,
      cod_captured_at: new Date(),
      cod_capture_before: plan.kind === "capture" ? { payment_id: plan.payment_id, captures: plan.before ?? [] } : null,
    })
    return new StepResponse(undefined, before)
  },
  async (before, { container }) => {
    if (before) await container.resolve<GhnModuleService>(GHN_MODULE).updateGhnShipments(before)
  }
)

type PaymentCaptures = {
  listCaptures(filters: { payment_id: string }, config?: { select?: string[] }): Promise<{ id: string; amount: unknown; created_at?: Date | string; metadata?: Record<string, unknown> | null }[]>
  /** Generated by MedusaService for the Capture model (not on the module's public interface). */
  updateCaptures(data: { id: string; metadata: Record<string, unknown> }): Promise<unknown>
}

/** The capture is tagged with the parcel's GHN order code, and the shipment records the outcome. */
const recordGhnCodCaptureStep = createStep("record-ghn-cod-capture", async ({ plan, payment }: { plan: Plan; payment?: { captures?: { id: string }[] | null } | null }, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  if (!plan.record) return new StepResponse(plan)
  if (plan.kind === "skip") {
    await ghn.updateGhnShipments({ id: plan.shipment_id!, cod_capture_status: "skipped", cod_capture_error: plan.reason })
    return new StepResponse(plan)
  }
  let captureId = plan.kind === "captured" ? plan.capture_id : null
  if (plan.kind === "capture") {
    // The capture Medusa's workflow just made: the payment's one that was not there before (when
    // another parcel of the order captured from the same payment at the same moment, the one of
    // this amount). Never a throw here: a compensation would forget a capture Medusa made.
    const made = (payment?.captures ?? []).filter((c) => !(plan.before ?? []).includes(c.id)) as { id: string; amount?: unknown }[]
    captureId = (made.length === 1 ? made[0] : made.find((c) => Number(c.amount) === plan.amount))?.id ?? null
  }
  if (captureId) {
    await container.resolve<PaymentCaptures>(Modules.PAYMENT).updateCaptures({ id: captureId, metadata: { ghn_order_code: plan.order_code } })
  }
  await ghn.updateGhnShipments({
    id: plan.shipment_id!,
    cod_capture_status: "captured",
    cod_captured_amount: plan.amount,
    cod_capture_id: captureId,
    cod_captured_at: new Date(),
    cod_capture_error: null,
    cod_capture_before: null,
  })
  return new StepResponse(plan)
})

/**
 * Captured on delivery: a delivered parcel's COD is captured from the order's cash-on-delivery
 * payment through Medusa's capture workflow (so the order shows it paid), once, with the GHN
 * order code in the capture's metadata. Returned, lost and cancelled parcels capture nothing;
 * `captureCodOnDelivery: false` turns it off. Started by the `ghn.cod.delivered` event, and
 * retried by the polling job while it fails.
 */
export const captureGhnCodWorkflow = createWorkflow("capture-ghn-cod", (input: CaptureGhnCodInput) => {
  const lockKey = transform({ input }, ({ input }) => `ghn-cod:${input.order_code}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const plan = planGhnCodCaptureStep(input)
  const payment = when({ plan }, ({ plan }) => plan.kind === "capture").then(() => {
    markGhnCodCapturingStep(plan)
    return capturePaymentWorkflow.runAsStep({
      input: transform({ plan }, ({ plan }) => ({ payment_id: (plan as { payment_id: string }).payment_id, amount: (plan as { amount: number }).amount })),
    })
  })
  const result = recordGhnCodCaptureStep(transform({ plan, payment }, ({ plan, payment }) => ({ plan, payment: payment as { captures?: { id: string }[] | null } | null })))
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(result)
})

/** Runs the capture, recording a failure on the shipment (the admin shows it; the polling job retries). */
export async function captureGhnCod(container: MedusaContainer, orderCode: string) {
  try {
    // A graceful stop waits for it (the module's shutdown hook): Medusa's capture and its record together.
    const { result } = await trackInFlight(captureGhnCodWorkflow(container).run({ input: { order_code: orderCode } }))
    return result
  } catch (error) {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [shipment] = await ghn.listGhnShipments({ order_code: orderCode }, { select: ["id"] })
    if (shipment) await ghn.updateGhnShipments({ id: shipment.id, cod_capture_status: "failed", cod_capture_error: (error as Error).message })
    container.resolve<{ warn(message: string): void }>("logger").warn(`GHN: the COD of ${orderCode} could not be captured: ${(error as Error).message}`)
    return null
  }
}

/** Delivered COD parcels whose capture has not happened or failed: retried by the polling job. */
export async function captureDueGhnCod(container: MedusaContainer, opts: { limit?: number } = {}) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const due = await ghn.listGhnShipments(
    {
      status: "delivered",
      is_return: false,
      cod_amount: { $gt: 0 },
      order_id: { $ne: null },
      $or: [{ cod_capture_status: null }, { cod_capture_status: { $in: ["failed", "capturing"] } }],
    } as Parameters<GhnModuleService["listGhnShipments"]>[0],
    { select: ["order_code"], take: opts.limit ?? 100 }
  )
  let captured = 0
  for (const s of due) if ((await captureGhnCod(container, s.order_code))?.kind === "capture") captured++
  return { due: due.length, captured }
}
