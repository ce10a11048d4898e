import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { AddressInput, ResolvedAddress } from "../../lib/address/address-resolver"
import { codToCollect } from "../../lib/cod/cod"
import { GHN_LIMITS, pickShiftWindow } from "../../lib/ghn"
import type { IntentReservation } from "../../lib/parcel/create-intent"
import { createOrderBody, linesFromOrderItems, linesValue, partyOf } from "../../lib/parcel/order-body"
import { buildParcel, MEASURE_KEYS, serviceTypeFor } from "../../lib/parcel/parcel"
import { toMedusaError } from "../../lib/runtime/medusa-error"
import type { GhnOptions } from "../../lib/runtime/options"
import { ORDER_QUEUE_DATA_KEY } from "../../lib/runtime/order-queue"
import { isGhnProviderId } from "../../lib/runtime/provider-id"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { PICK_SHIFT_METADATA_KEY } from "../../lib/shipping-run/shipping-run"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { GhnAccount } from "../../modules/ghn/service"
import { assertCodOffered, assertOrderFigures, checkedCod, codLedgerOf } from "./cod-checks"
import { definedOnly, isLive, ORDER_FIELDS, orderNumberOf, overFulfilledLine, type FulfillmentData, type FulfillmentRow, type OrderRow } from "./order-rows"

/** A Create Order body as the one builder makes it, before its client order code is chosen. */
export type GhnOrderBody = Omit<ReturnType<typeof createOrderBody>, "client_order_code">

/**
 * Everything the one Create Order path needs to make a GHN order for a fulfilment, whichever
 * kind: an order's parcel (built here) or a return's pickup (create-ghn-return-order.ts).
 */
export type GhnOrderRequest = Omit<IntentReservation, "body"> & {
  body: GhnOrderBody
  /** What the fulfilment's data keeps beside GHN's answer (the shipping method's data, the resolved receiver). */
  data: Record<string, unknown>
}

/**
 * An order's parcel is built from its fulfilment under the order's lock; a return's pickup and an
 * intent's retry come built. `lock_owner`: the caller holds the order's lock under this owner
 * already (the plugin's fulfillmentCreated hook: the fulfilment's place in the order's queue).
 */
export type CreateGhnOrderInput = { order_id: string; fulfillment_id: string; request?: GhnOrderRequest; lock_owner?: string }

type Measures = Partial<Record<(typeof MEASURE_KEYS)[number], number | null>>
type LocationRow = { id: string; name?: string | null; address?: (AddressInput & { phone?: string | null }) | null }

async function resolveReceiver(ghn: GhnModuleService, address: AddressInput): Promise<ResolvedAddress> {
  try {
    return await ghn.addresses.resolve(address)
  } catch (error) {
    // The one mapping keeps the resolution's code and candidates.
    throw toMedusaError(error, "GHN cannot deliver to the delivery address")
  }
}

/** The sender: the location the fulfilment ships from, as quoted at checkout or as stored; else the GHN shop's own address. */
async function senderOf(ghn: GhnModuleService, data: FulfillmentData, location: LocationRow | undefined, logger: { warn(m: string): void }) {
  const quoted = data.ghn_from
  if (quoted && quoted.location_id === location?.id) {
    // Data stored before a party had every field: the same defaults as partyOf.
    return { name: quoted.name ?? "", phone: quoted.phone, street: quoted.street ?? "", address: quoted.address }
  }
  if (!location?.address) return undefined
  try {
    return partyOf(location.address, await ghn.addresses.resolve(location.address), location.name ?? "")
  } catch (error) {
    logger.warn(`GHN: stock location address not resolved, sending from the shop address: ${(error as Error).message}`)
    return undefined
  }
}

/** The pickup shift: the one a shipping run chose (fulfilment metadata `ghn_pick_shift`), else the store's rule. */
async function pickShift(account: GhnAccount, chosen: unknown): Promise<number | undefined> {
  if (typeof chosen === "number" && Number.isInteger(chosen) && chosen > 0) return chosen
  if (account.options.pickShift !== "earliest") return undefined
  // The earliest shift that has not ended yet (ids are generated per date by GHN).
  const shifts = await account.client.shifts.list()
  const now = new Date()
  return shifts.find((shift) => pickShiftWindow(shift, now).to > now)?.id
}

/**
 * Reads and checks an order's GHN fulfilment (under the order's lock, after Medusa registered it)
 * and builds its Create Order request: validate (nothing GHN is asked for that Medusa would
 * refuse), then prepare (parcel, parties, the COD rule). Reads only. Null when the fulfilment is
 * not GHN's, or is cancelled, or already carries its GHN order.
 */
export async function outboundGhnOrderRequest(container: MedusaContainer, fulfillmentId: string): Promise<GhnOrderRequest | null> {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const logger = container.resolve<{ warn(m: string): void }>(ContainerRegistrationKeys.LOGGER)
  const { data: fulfillments } = await query.graph<FulfillmentRow & { order?: { id: string } | null }>({
    entity: "fulfillment",
    fields: [
      "id",
      "provider_id",
      "location_id",
      "created_at",
      "canceled_at",
      "data",
      "metadata",
      "delivery_address.*",
      "items.line_item_id",
      "items.inventory_item_id",
      "items.quantity",
      "items.title",
      "items.sku",
      "order.id",
    ],
    filters: { id: fulfillmentId },
  })
  const fulfillment = fulfillments[0]
  if (!fulfillment || !isGhnProviderId(fulfillment.provider_id) || !isLive(fulfillment) || fulfillment.data?.order_code || fulfillment.data?.is_return) return null
  const orderId = fulfillment.order?.id
  if (!orderId) return null
  const { data: orders } = await query.graph<OrderRow>({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } })
  const order = orders[0]
  if (!order) return null
  const number = orderNumberOf(order)

  // Validate: what Medusa checks, again under the lock, so GHN never gets what Medusa refuses.
  if (order.status === "canceled" || order.status === "archived") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `order #${number} is ${order.status}: nothing was sent to GHN`)
  }
  const over = overFulfilledLine(order, fulfillment)
  if (over) {
    const title = over.item.product_title ?? over.item.title ?? over.item.id
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `order #${number} orders ${Number(over.item.quantity)} x ${title}, and fulfilment ${over.ahead.id} already ships it: this fulfilment would ship more than was ordered (a second submit?); nothing was sent to GHN`
    )
  }

  // Figures two writers at once left (item rows again, a summary that does not add up): no GHN order on them.
  assertOrderFigures(order)

  // Prepare: the parcel, the parties, the COD.
  const account = ghn.accountOf(fulfillment.provider_id)
  const options: GhnOptions = account.options
  // The order's queue ticket the provider left on the data is not the GHN order's business.
  const { [ORDER_QUEUE_DATA_KEY]: _ticket, ...data } = (fulfillment.data ?? {}) as FulfillmentData
  const shipped = (fulfillment.items ?? [])
    .filter((i) => i.line_item_id)
    .map((i) => ({ line_item_id: i.line_item_id!, quantity: i.quantity, title: i.title, sku: i.sku ?? undefined }))
  // Kits: Medusa lists one fulfilment item per inventory item; the parcel counts each line once.
  const byLine = new Map<string, (typeof shipped)[number]>()
  for (const item of shipped) if (!byLine.has(item.line_item_id)) byLine.set(item.line_item_id, item)
  const lines = linesFromOrderItems([...byLine.values()], order.items ?? [])
  // A variant without its own measures falls back to its product's (which Medusa does not hand the
  // provider), else to those seen at checkout.
  const seenAtCheckout = data.ghn_measures ?? {}
  for (const line of lines) {
    const id = line.variant?.id
    if (id) line.product = { ...(seenAtCheckout[id] ?? {}), ...definedOnly(line.product as Measures) }
  }
  try {
    const parcel = buildParcel(lines, options)
    const chosen = data.service_type_id === 2 || data.service_type_id === 5 ? data.service_type_id : undefined
    const receiverAddress = (fulfillment.delivery_address ?? order.shipping_address ?? {}) as AddressInput & Record<string, unknown>
    // The COD first, and the codRisk check on it: a refused receiver costs no GHN call.
    const codProviders = options.codPaymentProviders
    const cod = codProviders.length ? codToCollect(await codLedgerOf(ghn, order, fulfillment.id), codProviders) : 0
    await assertCodOffered(ghn, { order_number: number, phone: receiverAddress.phone as string | null | undefined, cod_amount: cod, codRisk: options.codRisk })
    const to = await resolveReceiver(ghn, receiverAddress)
    let location: LocationRow | undefined
    if (fulfillment.location_id) {
      location = (await query.graph<LocationRow>({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id: fulfillment.location_id } })).data[0]
    }
    const value = linesValue(lines)
    const { client_order_code: _none, ...body } = createOrderBody({
      client_order_code: "",
      service_type_id: serviceTypeFor(parcel, chosen),
      payment_type_id: options.paymentTypeId,
      required_note: (fulfillment.metadata?.ghn_required_note as GhnOptions["requiredNote"]) ?? options.requiredNote,
      note: fulfillment.metadata?.ghn_note as string | undefined,
      to: partyOf(receiverAddress, to),
      from: await senderOf(ghn, data, location, logger),
      parcel,
      cod_amount: checkedCod(cod),
      insurance_value: options.insurance === "items_value" ? Math.min(value, GHN_LIMITS.createOrder.maxInsuranceValue) : 0,
      order_value: value,
      pick_shift: await pickShift(account, fulfillment.metadata?.[PICK_SHIFT_METADATA_KEY]),
    })
    return {
      kind: "outbound",
      provider_id: fulfillment.provider_id!,
      order_id: order.id,
      order_number: number,
      fulfillment_id: fulfillment.id,
      location_id: fulfillment.location_id ?? null,
      items: [...byLine.values()].map((i) => ({ id: i.line_item_id, quantity: Number(i.quantity) })),
      shop_id: await ghn.shopIdForLocation(options, fulfillment.location_id),
      body,
      data: { ...data, ghn_to: to, weight: parcel.weight },
    }
  } catch (error) {
    throw toMedusaError(error, "GHN Create Order")
  }
}

/**
 * The request an intent was reserved for, rebuilt from what it keeps (its body as sent) and its
 * fulfilment's data: how the recovery job completes a fulfilment whose GHN order was being made
 * when its process stopped. Null when the fulfilment is gone or cancelled, or carries its order.
 */
export async function intentGhnOrderRequest(
  container: MedusaContainer,
  intent: { kind: string; provider_id: string; order_id: string; fulfillment_id: string | null; location_id: string | null; items: unknown; shop_id: number | null; body: unknown }
): Promise<GhnOrderRequest | null> {
  if (!intent.fulfillment_id || !intent.body) return null
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const [{ data: fulfillments }, { data: orders }] = await Promise.all([
    query.graph<FulfillmentRow>({ entity: "fulfillment", fields: ["id", "canceled_at", "data", "location_id"], filters: { id: intent.fulfillment_id } }),
    query.graph<OrderRow>({ entity: "order", fields: ["id", "display_id", "custom_display_id"], filters: { id: intent.order_id } }),
  ])
  const fulfillment = fulfillments[0]
  if (!fulfillment || !isLive(fulfillment) || fulfillment.data?.order_code || !orders[0]) return null
  const lines = ((intent.items as { lines?: [string, number][] } | null)?.lines ?? []).map(([id, quantity]) => ({ id, quantity }))
  return {
    kind: intent.kind === "return" ? "return" : "outbound",
    provider_id: intent.provider_id,
    order_id: intent.order_id,
    order_number: orderNumberOf(orders[0]),
    fulfillment_id: fulfillment.id,
    location_id: intent.location_id,
    items: lines,
    shop_id: intent.shop_id ?? container.resolve<GhnModuleService>(GHN_MODULE).accountOf(intent.provider_id).options.shopId,
    body: intent.body as GhnOrderBody,
    data: Object.fromEntries(Object.entries(fulfillment.data ?? {}).filter(([key]) => key !== ORDER_QUEUE_DATA_KEY)),
  }
}
