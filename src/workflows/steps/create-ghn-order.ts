import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cancelGhnOrder } from "../../lib/parcel/cancel-order"
import { orphanRetryDelayMs, sameShipment, intentItems } from "../../lib/parcel/create-intent"
import { GhnError, type GhnCreateOrderResult } from "../../lib/ghn"
import { ghnLabel } from "../../lib/parcel/labels"
import { toMedusaError, withoutHosts } from "../../lib/runtime/medusa-error"
import { GHN_SHIPMENT_UPDATED, type GhnShipmentUpdatedData } from "../../lib/status/webhook"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnAccount } from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"
import { ghnOrderLockKey, outboundGhnOrderRequest, type GhnOrderRequest } from "../utils/ghn-order-request"
import { recordGhnShipments } from "../utils/ghn-shipment-record"

/** An order's parcel is built from its fulfilment under the order's lock; a return's pickup comes built. */
export type CreateGhnOrderInput = { order_id: string; fulfillment_id: string; request?: GhnOrderRequest }

type Label = { tracking_number: string; tracking_url: string; label_url: string }

/** What the step made: enough to undo it (cancel at GHN, restore the fulfilment). */
export type CreatedGhnOrder = {
  intent_id: string
  client_order_code: string
  order_code: string
  fulfillment_id: string
  provider_id: string
  shop_id: number
  previous: { data: Record<string, unknown>; labels: Label[] }
  shipment_ids: string[]
}

/** GHN's clock and the store's may differ: an order made this long before its intent is still taken as its own. */
const CLOCK_SKEW_MS = 60_000
/** Codes stepped over in one call (each one GHN answered with an order of the past). */
const MAX_CODE_TRIES = 5

type Ghn = GhnModuleService
type Logger = { warn(message: string): void }

/** A failure after which GHN may or may not have made the order (network, timeout, 5xx, 429). */
const uncertain = (error: unknown) => error instanceof GhnError && error.retryable

/**
 * Earlier intents of the order (same kind) whose answer never came. One of this very fulfilment
 * (a retry, the recovery job) or of a rolled-back fulfilment of the same items and location is
 * adopted: its code re-sent, GHN answers with the order it made then. One whose fulfilment is
 * live is left to it. Any other is an orphan: GHN may hold an order with its COD that nothing will
 * carry, so it is cancelled before this one is made.
 */
async function sortPendingIntents(container: MedusaContainer, ghn: Ghn, request: GhnOrderRequest) {
  const open = await ghn.listGhnCreateIntents(
    { order_id: request.order_id, kind: request.kind, provider_id: request.provider_id, status: ["pending", "orphan"] },
    { order: { created_at: "ASC" } }
  )
  const others = open.map((p) => p.fulfillment_id).filter((id): id is string => !!id && id !== request.fulfillment_id)
  const fulfillments = others.length
    ? await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: others }, { select: ["id", "canceled_at", "data"] })
    : []
  const live = new Map(fulfillments.filter((f) => !f.canceled_at).map((f) => [f.id, f]))
  const wanted = { location_id: request.location_id, items: { lines: intentItems(request.items) } }
  let adopted = open.find((p) => p.status === "pending" && p.fulfillment_id === request.fulfillment_id)
  const orphans: GhnIntentRow[] = []
  for (const intent of open) {
    if (intent === adopted) continue
    // An orphan GHN has not cancelled yet still holds its COD: it is cancelled before anything new is made.
    if (intent.status === "orphan") {
      orphans.push(intent)
      continue
    }
    const carrier = intent.fulfillment_id ? live.get(intent.fulfillment_id) : undefined
    const carried = carrier?.data as { order_code?: string; client_order_code?: string } | null | undefined
    if (carrier && carried?.order_code && carried.client_order_code === intent.client_order_code) await ghn.moveIntent(intent, "created", { order_code: carried.order_code })
    else if (carrier) continue
    else if (!adopted && sameShipment(intent, wanted)) adopted = intent
    else orphans.push(intent)
  }
  return { adopted, orphans }
}

/** Is the order GHN answered a code with this intent's? One made before the intent existed is another store's (or an earlier install's). */
function madeBefore(info: { created_date?: string | null }, intent: Pick<GhnIntentRow, "created_at">) {
  const made = info.created_date ? Date.parse(info.created_date) : NaN
  return Number.isFinite(made) && made < new Date(intent.created_at).getTime() - CLOCK_SKEW_MS
}

export type OrphanOutcome =
  | { outcome: "cancelled"; order_code: string | null }
  | { outcome: "refused"; order_code: string; status: string }
  | { outcome: "failed"; order_code: string | null; error: string }

/**
 * The one way an orphan's GHN order is cancelled (the create path before a new parcel, the
 * recovery job on its back-off): its code re-sent when its order is unknown (GHN answers with the
 * order it made, or makes it now, to be cancelled at once), then Cancel Order. An order made before
 * the intent is not this store's: never cancelled. The intent is moved and its tries counted here.
 */
export async function cancelOrphan(ghn: Ghn, intent: GhnIntentRow, fallbackBody?: Record<string, unknown>): Promise<OrphanOutcome> {
  const account = ghn.accountOf(intent.provider_id)
  const orphan = { ...intent, status: "orphan" }
  if (intent.status === "pending") await ghn.moveIntent(intent, "orphan", { note: "its answer never came, and no fulfilment carries it" })
  const shopId = orphan.shop_id ?? account.options.shopId
  let orderCode = orphan.order_code
  try {
    if (!orderCode) {
      const body = (orphan.body as Record<string, unknown> | null) ?? fallbackBody
      if (!body) {
        // Reserved by a version that kept no body: nothing to re-send, the merchant decides.
        const error = "no Create Order body kept for it: look for its code in GHN's portal and cancel the order there"
        await ghn.updateGhnCreateIntents({ id: orphan.id, error, next_attempt_at: null })
        return { outcome: "failed", order_code: null, error }
      }
      orderCode = (await account.client.orders.create({ ...body, client_order_code: orphan.client_order_code }, { shopId })).order_code
      await ghn.updateGhnCreateIntents({ id: orphan.id, order_code: orderCode })
    }
    const info = await account.client.orders.info(orderCode, { shopId })
    if (madeBefore(info, orphan)) {
      await ghn.moveIntent(orphan, "cancelled", { note: `GHN answered with ${orderCode}, made before this intent: not this store's order, left as it is`, error: null, next_attempt_at: null })
      return { outcome: "cancelled", order_code: null }
    }
    const done = info.status === "cancel" ? { cancelled: true as const } : await cancelGhnOrder(account.client, orderCode, shopId)
    if (done.cancelled) {
      await ghn.moveIntent(orphan, "cancelled", { error: null, next_attempt_at: null })
      return { outcome: "cancelled", order_code: orderCode }
    }
    // Past cancelling: only the merchant can decide now (GHN returns it, or it ships).
    await ghn.updateGhnCreateIntents({ id: orphan.id, error: `GHN no longer cancels it: it is "${done.status}"`, attempts: orphan.attempts + 1, next_attempt_at: null })
    return { outcome: "refused", order_code: orderCode, status: done.status }
  } catch (failure) {
    const error = withoutHosts(toMedusaError(failure, "GHN Cancel Order").message)
    await ghn.updateGhnCreateIntents({
      id: orphan.id,
      error,
      attempts: orphan.attempts + 1,
      next_attempt_at: new Date(Date.now() + orphanRetryDelayMs(orphan.attempts + 1)),
    })
    return { outcome: "failed", order_code: orderCode, error }
  }
}

/**
 * Before a new parcel of the order is made, GHN cancels each orphan's order (it may carry the
 * order's COD); one GHN will not, or cannot now, cancel stops the shipment, naming it.
 */
async function cancelOrphans(ghn: Ghn, orphans: GhnIntentRow[], fallbackBody: Record<string, unknown>) {
  const cancelled: { client_order_code: string; order_code: string }[] = []
  for (const orphan of orphans) {
    const result = await cancelOrphan(ghn, orphan, fallbackBody)
    if (result.outcome === "refused") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `an earlier try of this shipment, whose answer never came, made GHN order ${result.order_code} (${orphan.client_order_code}), now "${result.status}" and no longer cancellable: ship these items with it, or have GHN cancel it, then try again`
      )
    }
    if (result.outcome === "failed") {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `GHN order ${result.order_code ?? orphan.client_order_code}, made by an earlier try whose answer never came, could not be cancelled (${result.error}); it is retried, and this shipment waits for it: try again shortly`
      )
    }
    if (result.order_code) cancelled.push({ client_order_code: orphan.client_order_code, order_code: result.order_code })
  }
  return cancelled
}

/**
 * Create Order under the intent's code (its GHN order code kept at once), then Order Info to make
 * sure the order GHN answered with is this intent's and as asked: an order made before the intent
 * existed (the code was used before on this shop) is another's and is left alone; one cancelled
 * since (GHN's portal), or collecting another COD than this parcel now owes (an earlier try's,
 * before the customer paid), is closed; each time the order's next code is reserved and sent.
 */
async function sendUnderIntent(ghn: Ghn, account: GhnAccount, first: GhnIntentRow, request: GhnOrderRequest, logger: Logger) {
  let intent = first
  for (let tries = 1; ; tries++) {
    const shopId = intent.shop_id ?? request.shop_id
    let answer: GhnCreateOrderResult
    try {
      answer = await account.client.orders.create({ ...request.body, client_order_code: intent.client_order_code }, { shopId })
    } catch (error) {
      // A sure refusal leaves no order at GHN; an uncertain one stays pending, for a retry to adopt.
      if (uncertain(error)) await ghn.updateGhnCreateIntents({ id: intent.id, error: withoutHosts((error as Error).message) })
      else await ghn.moveIntent(intent, "abandoned", { note: `GHN refused it: ${withoutHosts((error as Error).message)}` })
      throw error
    }
    await ghn.updateGhnCreateIntents({ id: intent.id, order_code: answer.order_code })
    let info: Awaited<ReturnType<GhnAccount["client"]["orders"]["info"]>>
    try {
      info = await account.client.orders.info(answer.order_code, { shopId })
    } catch (error) {
      // GHN made the order: it is this fulfilment's. Not confirmed, so say so (polling reads it later).
      logger.warn(`GHN: ${answer.order_code} (${intent.client_order_code}) made, not confirmed by Order Info: ${withoutHosts((error as Error).message)}`)
      return { intent, answer, cod: request.body.cod_amount }
    }
    const stale = madeBefore(info, intent)
    const cod = Number(info.cod_amount ?? request.body.cod_amount)
    const codChanged = !stale && info.status !== "cancel" && cod !== request.body.cod_amount
    if (info.status !== "cancel" && !stale && !codChanged) return { intent, answer, cod }
    if (stale) {
      logger.warn(`GHN: ${intent.client_order_code} was answered with ${answer.order_code}, made ${info.created_date}: the code was used before on shop ${shopId}; set clientOrderCodePrefix if another store ships from it`)
      await ghn.moveIntent(intent, "abandoned", { note: `GHN answered with ${answer.order_code}, made ${info.created_date}, before this intent: the code was used before on this shop` })
    } else if (codChanged) {
      // An earlier try's order, made before the customer's payment changed what this parcel collects.
      const outcome = await cancelGhnOrder(account.client, answer.order_code, shopId)
      if (!outcome.cancelled) {
        await ghn.moveIntent(intent, "orphan", { error: `collects ${cod} VND where the parcel now owes ${request.body.cod_amount}; GHN no longer cancels it ("${outcome.status}")`, next_attempt_at: null })
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `GHN order ${answer.order_code}, made by an earlier try of this shipment, collects ${cod} VND where the parcel now owes ${request.body.cod_amount} VND, and is "${outcome.status}": have GHN cancel it or change its COD, then try again`
        )
      }
      await ghn.moveIntent(intent, "cancelled", { note: `collected ${cod} VND, made before the parcel's COD became ${request.body.cod_amount} VND` })
    } else {
      await ghn.moveIntent(intent, "cancelled", { note: "its GHN order was cancelled (in GHN's portal) before a fulfilment carried it" })
    }
    if (tries >= MAX_CODE_TRIES) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `GHN answered ${tries} client order codes of order #${request.order_number} with orders made before: set the provider option clientOrderCodePrefix (the shop is shared, or the store was reinstalled); nothing new was made`
      )
    }
    intent = await ghn.reserveIntent({ ...request, cod_amount: request.body.cod_amount, body: request.body })
  }
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : undefined)

/** Callbacks GHN sent for the code before the shipment record existed: applied now. */
async function applyEarlyCallbacks(container: MedusaContainer, ghn: Ghn, orderCode: string) {
  const early = await ghn.listGhnWebhookEvents({ order_code: orderCode, processed_at: null }, { select: ["id", "order_code"], order: { event_time: "ASC" } })
  if (!early.length) return
  const data: GhnShipmentUpdatedData[] = early.map((e) => ({ event_id: e.id, order_code: e.order_code }))
  await container.resolve(Modules.EVENT_BUS).emit(data.map((d) => ({ name: GHN_SHIPMENT_UPDATED, data: d })))
}

async function stillWaiting(container: MedusaContainer, fulfillmentId: string) {
  const [f] = await container.resolve(Modules.FULFILLMENT).listFulfillments({ id: [fulfillmentId] }, { select: ["id", "canceled_at", "data"] })
  return !!f && !f.canceled_at && !(f.data as { order_code?: string } | null)?.order_code
}

/** The one Create Order path, for a caller that already holds the order's lock (the recovery job). */
export async function createUnderLock(container: MedusaContainer, input: CreateGhnOrderInput): Promise<CreatedGhnOrder | null> {
  // Whatever was read before the lock, the fulfilment must still be live and without its GHN order.
  if (input.request && !(await stillWaiting(container, input.fulfillment_id))) return null
  const request = input.request ?? (await outboundGhnOrderRequest(container, input.fulfillment_id))
  if (!request) return null
  const ghn = container.resolve<Ghn>(GHN_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const account = ghn.accountOf(request.provider_id)

  // Reserve: the intent, with the body about to be sent, in PostgreSQL before GHN is called.
  const { adopted, orphans } = await sortPendingIntents(container, ghn, request)
  const cancelledOrphans = await cancelOrphans(ghn, orphans, request.body)
  let intent: GhnIntentRow
  if (adopted) {
    intent = { ...adopted, fulfillment_id: request.fulfillment_id, body: request.body, cod_amount: request.body.cod_amount }
    await ghn.updateGhnCreateIntents({ id: adopted.id, fulfillment_id: request.fulfillment_id, body: request.body, cod_amount: request.body.cod_amount })
  } else {
    intent = await ghn.reserveIntent({ ...request, cod_amount: request.body.cod_amount, body: request.body })
  }

  // Send.
  let sent: Awaited<ReturnType<typeof sendUnderIntent>>
  try {
    sent = await sendUnderIntent(ghn, account, intent, request, logger)
  } catch (error) {
    throw toMedusaError(error, request.kind === "return" ? "GHN return order" : "GHN Create Order")
  }
  const { answer, cod } = sent
  intent = sent.intent

  // Settle: the fulfilment carries the GHN order, its record exists, the intent is created.
  const fulfillments = container.resolve(Modules.FULFILLMENT)
  const current = await fulfillments.retrieveFulfillment(request.fulfillment_id, { relations: ["labels"] })
  const created: CreatedGhnOrder = {
    intent_id: intent.id,
    client_order_code: intent.client_order_code,
    order_code: answer.order_code,
    fulfillment_id: request.fulfillment_id,
    provider_id: request.provider_id,
    shop_id: intent.shop_id ?? request.shop_id,
    previous: {
      data: (current.data ?? {}) as Record<string, unknown>,
      labels: (current.labels ?? []).map((l) => ({ tracking_number: l.tracking_number, tracking_url: l.tracking_url, label_url: l.label_url })),
    },
    shipment_ids: [],
  }
  const data = {
    ...request.data,
    ...(request.kind === "return" ? { is_return: true } : {}),
    order_code: answer.order_code,
    client_order_code: intent.client_order_code,
    shop_id: created.shop_id,
    service_type_id: request.body.service_type_id,
    total_fee: answer.total_fee,
    fee: answer.fee,
    expected_delivery_time: answer.expected_delivery_time,
    // What GHN's order collects (Order Info), which a re-sent code's first order decides.
    cod_amount: cod,
    insurance_value: request.body.insurance_value,
    ...(cancelledOrphans.length ? { ghn_cancelled_orphans: cancelledOrphans } : {}),
  }
  try {
    await fulfillments.updateFulfillment(request.fulfillment_id, { data, labels: [ghnLabel(account, answer.order_code)] })
    const records = await recordGhnShipments(container, [
      {
        fulfillment_id: request.fulfillment_id,
        order_id: request.order_id,
        provider_id: request.provider_id,
        is_return: request.kind === "return",
        location_id: request.location_id,
        to_province: (request.body as Record<string, unknown>).to_province_name as string | undefined,
        // Its shipping method's amount is the checkout's quote the fee is reconciled with.
        shipping_option_id: current.shipping_option_id ?? null,
        sent: { weight: num(request.body.weight), length: num(request.body.length), width: num(request.body.width), height: num(request.body.height) },
        data,
      },
    ])
    created.shipment_ids = records.map((r) => r.id)
    await ghn.moveIntent(intent, "created", { order_code: answer.order_code, fulfillment_id: request.fulfillment_id, error: null })
  } catch (error) {
    // GHN made the order but the store could not record it: it must not stay live with its COD.
    await undoGhnOrder(container, created)
    throw error
  }
  await applyEarlyCallbacks(container, ghn, answer.order_code).catch((error) => logger.warn(`GHN: early callbacks of ${answer.order_code} wait for the recovery pass: ${(error as Error).message}`))
  return created
}

/**
 * The one Create Order path, for an order's parcel and a return's pickup: under the order's lock,
 * validate and prepare (an order's parcel), reserve the intent (the body in PostgreSQL), send
 * (Create Order, confirmed by Order Info), settle (the fulfilment's data and label, the shipment
 * record, the intent created). Null when there is nothing to make.
 */
export async function createGhnOrder(container: MedusaContainer, input: CreateGhnOrderInput): Promise<CreatedGhnOrder | null> {
  return await withOrderLock(container, input.order_id, () => createUnderLock(container, input))
}

/** Runs under the lock every GHN order of a Medusa order is made under; a lock not had in time is a clear conflict. */
export async function withOrderLock<T>(container: MedusaContainer, orderId: string, run: () => Promise<T>): Promise<T> {
  let started = false
  try {
    return await container.resolve(Modules.LOCKING).execute(
      ghnOrderLockKey(orderId),
      () => {
        started = true
        return run()
      },
      { timeout: 60, expire: 120 }
    )
  } catch (error) {
    if (started) throw error
    throw new MedusaError(MedusaError.Types.CONFLICT, `another GHN order of this order is being made: try again in a moment (${(error as Error).message})`)
  }
}

/**
 * Undoes a GHN order the step made (a later step of the workflow failed): GHN cancels it and the
 * intent is cancelled; if GHN does not, the intent is an orphan, retried by the recovery job and
 * shown in the admin. The fulfilment gets back its data without the order, so Medusa's own
 * compensation asks GHN nothing more.
 */
export async function undoGhnOrder(container: MedusaContainer, created: CreatedGhnOrder | null | undefined): Promise<void> {
  if (!created) return
  const ghn = container.resolve<Ghn>(GHN_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  // A compensation never throws: Medusa's own compensations after it must still run.
  const attempt = async (what: string, run: () => Promise<unknown>) =>
    run().catch((error: Error) => logger.warn(`GHN: undoing ${created.order_code} (${created.client_order_code}): ${what} failed: ${withoutHosts(error.message)}`))
  const account = ghn.accountOf(created.provider_id)
  await attempt("restoring the fulfilment's data", () =>
    container.resolve(Modules.FULFILLMENT).updateFulfillment(created.fulfillment_id, { data: created.previous.data, labels: created.previous.labels })
  )
  if (created.shipment_ids.length) await attempt("removing the shipment record", () => ghn.deleteGhnShipments(created.shipment_ids))
  await attempt("cancelling at GHN", async () => {
    const [intent] = await ghn.listGhnCreateIntents({ id: created.intent_id })
    if (!intent || intent.status === "cancelled") return
    let error: string
    let retry = true
    try {
      const outcome = await cancelGhnOrder(account.client, created.order_code, created.shop_id)
      if (outcome.cancelled) {
        await ghn.moveIntent(intent, "cancelled", { order_code: created.order_code, note: "the fulfilment that carried it was rolled back" })
        return
      }
      // Past cancelling: only the merchant can decide now.
      error = `GHN no longer cancels it: it is "${outcome.status}"`
      retry = false
    } catch (failure) {
      error = withoutHosts(toMedusaError(failure, "GHN Cancel Order").message)
    }
    logger.warn(`GHN: order ${created.order_code} (${created.client_order_code}) could not be cancelled after its fulfilment was rolled back: ${error}`)
    await ghn.moveIntent(intent, "orphan", {
      order_code: created.order_code,
      note: "the fulfilment that carried it was rolled back",
      error,
      attempts: 1,
      next_attempt_at: retry ? new Date(Date.now() + orphanRetryDelayMs(1)) : null,
    })
  })
}

/** The one Create Order path as a step, for one fulfilment or several (a return's): its compensation cancels what it made. */
export const createGhnOrderStep = createStep(
  "create-ghn-order",
  async (inputs: CreateGhnOrderInput[], { container }) => {
    const made: CreatedGhnOrder[] = []
    try {
      for (const input of inputs) {
        const created = await createGhnOrder(container, input)
        if (created) made.push(created)
      }
    } catch (error) {
      // This step's own compensation does not run when it throws: undo what it made so far.
      for (const created of made.reverse()) await undoGhnOrder(container, created)
      throw error
    }
    return new StepResponse(made, made)
  },
  async (made, { container }) => {
    for (const created of [...(made ?? [])].reverse()) await undoGhnOrder(container, created)
  }
)
