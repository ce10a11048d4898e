/**
 * Executes shipping runs, for the run's subscriber and the resume job (a runner: the job only
 * schedules it). Each order goes through the one path a GHN order is made by:
 * Medusa's createOrderFulfillmentWorkflow, whose fulfillmentCreated hook (the plugin's) makes the
 * GHN order under its intent. The run's state is in PostgreSQL: a worker that stops (even
 * SIGKILL) leaves a lease that expires, and the resume job continues the run in another.
 */
import { randomUUID } from "node:crypto"
import { hostname } from "node:os"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { isGhnProviderId } from "../lib/runtime/provider-id"
import type { QueryGraph } from "../lib/runtime/query-graph"
import { failureOf, PICK_SHIFT_METADATA_KEY, RUN_CONCURRENCY, RUN_LEASE_MS, RUN_METADATA_KEY, runRenewMs, Semaphore } from "../lib/shipping-run/shipping-run"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import type { RunFulfillment, ShippingRunOrderRow, ShippingRunRepository, ShippingRunRow } from "../modules/ghn/repositories/shipping-run"
import { GHN_SHIPPING_RUN_QUEUED, type GhnShippingRunQueuedData } from "../contracts/events"
import { createGhnOrderWorkflow } from "../workflows/create-ghn-order"
import { finishRunFulfillmentWorkflow } from "../workflows/finish-run-fulfillment"
import { ghnInstruments, inGhnSpan } from "../lib/runtime/ghn-telemetry"

type Logger = { warn(message: string): void; info(message: string): void }

/** One bound for every run of this process: two runs at once share RUN_CONCURRENCY fulfilments. */
const slots = new Semaphore(RUN_CONCURRENCY)
/** Runs this process executes now (the lease keeps other processes away; this keeps a second loop of one process away). */
const executing = new Set<string>()

type OrderState = {
  id: string
  status?: string | null
  items?: { id: string; quantity: unknown; requires_shipping?: boolean | null; detail?: { fulfilled_quantity?: unknown } | null }[]
  fulfillments?: {
    id: string
    provider_id?: string | null
    canceled_at?: unknown
    created_at?: string | Date
    data?: { order_code?: string; is_return?: boolean } | null
  }[]
}

async function orderState(container: MedusaContainer, orderId: string): Promise<OrderState | undefined> {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<OrderState>({
    entity: "order",
    fields: [
      "id",
      "status",
      // Medusa reads an item's quantities through `items.*` and its detail.
      "items.*",
      "items.detail.*",
      "fulfillments.id",
      "fulfillments.provider_id",
      "fulfillments.canceled_at",
      "fulfillments.created_at",
      "fulfillments.data",
    ],
    filters: { id: orderId },
  })
  return data[0]
}

/** The order's lines still to ship, as the admin's "Fulfill items" would list them. */
export function unfulfilledItems(order: OrderState): { id: string; quantity: number }[] {
  return (order.items ?? [])
    .filter((i) => i.requires_shipping !== false)
    .map((i) => ({ id: i.id, quantity: Number(i.quantity) - Number(i.detail?.fulfilled_quantity ?? 0) }))
    .filter((i) => i.quantity > 0)
}

/** The latest live GHN fulfilment of the order made since `since` (by hand, while the order waited in a run). */
function ghnFulfillmentSince(order: OrderState, since: Date) {
  return (order.fulfillments ?? [])
    .filter((f) => isGhnProviderId(f.provider_id) && !f.canceled_at && !f.data?.is_return && new Date(f.created_at ?? 0) >= since)
    .sort((a, b) => new Date(b.created_at ?? 0).getTime() - new Date(a.created_at ?? 0).getTime())[0]
}

/**
 * A fulfilment this run made before its worker stopped inside Medusa's createOrderFulfillmentWorkflow,
 * completed: Medusa's writes it had not made (the order's registration of the fulfilment, its link
 * to the order: finishRunFulfillmentWorkflow), then its GHN order through the one Create Order path,
 * which adopts the fulfilment's pending intent and re-sends its code (GHN answers with the order it
 * may already have made). The code the fulfilment then carries; null when Medusa had written
 * neither (the fulfilment is nothing to the order: a new one ships its items).
 */
async function completeRunFulfillment(container: MedusaContainer, run: ShippingRunRow, orderId: string, left: RunFulfillment, toShip: { id: string; quantity: number }[]): Promise<string | null> {
  const register = toShip.filter((i) => left.line_item_ids.includes(i.id))
  if (!left.linked && register.length) return null
  if (register.length || !left.linked) {
    await finishRunFulfillmentWorkflow(container).run({ input: { order_id: orderId, fulfillment_id: left.id, created_by: run.created_by, register, link: !left.linked } })
  }
  await createGhnOrderWorkflow(container).run({ input: { order_id: orderId, fulfillment_id: left.id } })
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<{ id: string; data?: { order_code?: string } | null }>({ entity: "fulfillment", fields: ["id", "data"], filters: { id: left.id } })
  return data[0]?.data?.order_code ?? null
}

/** Ships one claimed order of the run in a span of its own and records its end; never throws (one order's failure stops no other). */
function shipOrder(container: MedusaContainer, run: ShippingRunRow, row: ShippingRunOrderRow): Promise<void> {
  return inGhnSpan("GHN shipping run order", { "ghn.shipping_run": run.id }, () => shipOrderOnce(container, run, row))
}

async function shipOrderOnce(container: MedusaContainer, run: ShippingRunRow, row: ShippingRunOrderRow): Promise<void> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  // Each order's end counted by outcome (created, failed) in the plugin's metrics.
  const store = {
    settle: (id: string, end: Parameters<typeof ghn.shippingRuns.settle>[1]) => {
      ghnInstruments().runOrders.add(1, { "ghn.outcome": end.status })
      return ghn.shippingRuns.settle(id, end)
    },
    runFulfillmentOf: (runId: string, orderId: string) => ghn.shippingRuns.runFulfillmentOf(runId, orderId),
  }
  try {
    // A run is paced on the account's budget: each order waits for a token, which its Create Order
    // (a call that never waits) then spends, so an order costs the budget one call, not two.
    await ghn.accountOf(row.provider_id).client.budget?.available()
    const order = await orderState(container, row.order_id)
    if (!order) return await store.settle(row.id, { status: "failed", error_code: "not_found", error: `order ${row.order_id} no longer exists`, error_params: { reason: "order_gone" } })
    if (order.status === "canceled" || order.status === "archived" || order.status === "draft") {
      return await store.settle(row.id, { status: "failed", error_code: "not_allowed", error: `order #${row.display_id ?? row.order_id} is ${order.status}: nothing was sent to GHN`, error_params: { reason: "order_closed", status: order.status } })
    }
    const items = unfulfilledItems(order)
    // Claimed before (its worker stopped, or a retry): the fulfilment the run made then is completed, never made twice.
    const left = row.attempts > 1 ? await store.runFulfillmentOf(run.id, row.order_id) : undefined
    if (left) {
      const code = left.order_code ?? (await completeRunFulfillment(container, run, row.order_id, left, items))
      if (code) return await store.settle(row.id, { status: "created", fulfillment_id: left.id, ghn_order_code: code })
    }
    if (!items.length) {
      // Shipped already, by hand meanwhile.
      const fulfillment = ghnFulfillmentSince(order, new Date(run.created_at))
      if (fulfillment?.data?.order_code) return await store.settle(row.id, { status: "created", fulfillment_id: fulfillment.id, ghn_order_code: fulfillment.data.order_code })
      const error = fulfillment
        ? `fulfilment ${fulfillment.id} holds these items and its GHN order is still being made (the intents' recovery completes it)`
        : "nothing left to ship: every item is fulfilled"
      return await store.settle(row.id, { status: "failed", error_code: "not_allowed", error, error_params: { reason: fulfillment ? "fulfilment_pending" : "nothing_to_ship" }, fulfillment_id: fulfillment?.id ?? null })
    }
    const metadata: Record<string, unknown> = { [RUN_METADATA_KEY]: run.id }
    if (run.pick_shift) metadata[PICK_SHIFT_METADATA_KEY] = run.pick_shift
    const { result } = await createOrderFulfillmentWorkflow(container).run({
      input: { order_id: row.order_id, items, metadata, ...(run.created_by ? { created_by: run.created_by } : {}) },
    })
    const fulfillmentId = (result as { id: string }).id
    const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph<{ id: string; data?: { order_code?: string } | null }>({ entity: "fulfillment", fields: ["id", "data"], filters: { id: fulfillmentId } })
    await store.settle(row.id, { status: "created", fulfillment_id: fulfillmentId, ghn_order_code: data[0]?.data?.order_code ?? null })
  } catch (error) {
    const { code, message, params } = failureOf(error)
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`GHN: shipping run ${run.id}: order #${row.display_id ?? row.order_id} failed: ${message}`)
    await store.settle(row.id, { status: "failed", error_code: code, error: message, error_params: params }).catch(() => undefined)
  }
}

/**
 * Executes a run in this process when its lease is free: claims its queued orders one at a time
 * (an atomic statement), at most RUN_CONCURRENCY fulfilments at once across this process's runs,
 * until none is left, then completes it. Stops claiming once the run is cancelled or its lease is
 * lost. Resolves when this process is done with it.
 */
export async function executeShippingRun(container: MedusaContainer, runId: string): Promise<void> {
  if (executing.has(runId)) return
  executing.add(runId)
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const store = ghn.shippingRuns
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`
  const inFlight = new Set<Promise<void>>()
  let holding = true
  let timer: NodeJS.Timeout | undefined
  try {
    if (!(await store.lease(runId, owner))) return
    const run = (await store.get(runId))!
    timer = setInterval(() => {
      store.renew(runId, owner).then(
        (held) => (holding = held),
        (error) => logger.warn(`GHN: shipping run ${runId}: lease not renewed: ${(error as Error).message}`)
      )
    }, runRenewMs(store.leaseSeconds ?? RUN_LEASE_MS / 1000))
    for (;;) {
      await slots.acquire()
      const row = holding ? await store.claimNext(runId, owner).catch((error) => {
        slots.release()
        throw error
      }) : undefined
      if (row) {
        const work: Promise<void> = shipOrder(container, run, row).finally(() => {
          slots.release()
          inFlight.delete(work)
        })
        inFlight.add(work)
        continue
      }
      slots.release()
      if (inFlight.size) {
        await Promise.race(inFlight)
        continue
      }
      if (!holding || (await store.completeIfDone(runId))) break
      // Not done, nothing claimable: cancelled or taken over meanwhile (stop), or orders queued by a retry (go on).
      holding = await store.renew(runId, owner)
      if (!holding) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } catch (error) {
    await store.release(runId, owner).catch(() => undefined)
    logger.warn(`GHN: shipping run ${runId} stopped in this process, the resume job continues it: ${(error as Error).message}`)
  } finally {
    await Promise.allSettled([...inFlight])
    if (timer) clearInterval(timer)
    executing.delete(runId)
  }
}

/** Records a run over these orders and queues it for the worker: the admin's selection, or automatic shipping's batch. */
export async function queueShippingRun(container: MedusaContainer, input: Parameters<ShippingRunRepository["create"]>[0]): Promise<ShippingRunRow> {
  const run = await container.resolve<GhnModuleService>(GHN_MODULE).shippingRuns.create(input)
  await announceShippingRun(container, run.id)
  return run
}

/** Queues a run's failed orders again for the worker; how many (0: none had failed). */
export async function retryShippingRun(container: MedusaContainer, runId: string): Promise<number> {
  const queued = await container.resolve<GhnModuleService>(GHN_MODULE).shippingRuns.retry(runId)
  if (queued) await announceShippingRun(container, runId)
  return queued
}

/** Tells the worker a run has queued orders (its subscriber executes it). */
async function announceShippingRun(container: MedusaContainer, runId: string) {
  await container.resolve(Modules.EVENT_BUS).emit({ name: GHN_SHIPPING_RUN_QUEUED, data: { id: runId } satisfies GhnShippingRunQueuedData })
}

/** Runs whose worker stopped renewing their lease: each continued here, without waiting for it to end. */
export async function resumeShippingRuns(container: MedusaContainer): Promise<string[]> {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const ids = (await ghn.shippingRuns.abandoned()).filter((id) => !executing.has(id))
  for (const id of ids) void executeShippingRun(container, id)
  return ids
}
