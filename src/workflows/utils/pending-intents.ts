import type { FulfillmentDataRead } from "../../contracts/fulfillment-data"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { intentItems, sameShipment } from "../../lib/parcel/create-intent"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnIntentRow } from "../../modules/ghn/types"
import type { GhnOrderRequest } from "./ghn-order-request"
import { cancelOrphan } from "./orphan-intents"

/**
 * Earlier intents of the order (same kind) whose answer never came. One of this very fulfilment
 * (a retry, the recovery job) or of a rolled-back fulfilment of the same items and location is
 * adopted: its code re-sent, GHN answers with the order it made then. One whose fulfilment is
 * live is left to it. Any other is an orphan: GHN may hold an order with its COD that nothing will
 * carry, so it is cancelled before this one is made.
 */
export async function sortPendingIntents(container: MedusaContainer, ghn: GhnModuleService, request: GhnOrderRequest) {
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
    const carried = carrier?.data as FulfillmentDataRead | null | undefined
    if (carrier && carried?.order_code && carried.client_order_code === intent.client_order_code) await ghn.moveIntent(intent, "created", { order_code: carried.order_code })
    else if (carrier) continue
    else if (!adopted && sameShipment(intent, wanted)) adopted = intent
    else orphans.push(intent)
  }
  return { adopted, orphans }
}

/**
 * Before a new parcel of the order is made, GHN cancels each orphan's order (it may carry the
 * order's COD); one GHN will not, or cannot now, cancel stops the shipment, naming it.
 */
export async function cancelOrphans(ghn: GhnModuleService, orphans: GhnIntentRow[], fallbackBody: Record<string, unknown>) {
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
