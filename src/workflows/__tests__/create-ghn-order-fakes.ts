/**
 * Fakes the Create Order workflow runs against in memory: GHN (orders by client code: GHN answers
 * a known code with its order), the plugin's module (intents on the real state machine, shipment
 * records, callbacks), Medusa's fulfilment module, locking, event bus and Query.
 */
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { canMoveIntent, clientOrderCode, IntentMoveError, intentItems, type IntentStatus } from "../../lib/parcel/create-intent"
import { ghnProviderIdOf } from "../../lib/runtime/provider-id"
import { GHN_MODULE } from "../../modules/ghn"
import type { GhnOrderRequest } from "../utils/ghn-order-request"

/** A store may register the provider under any id: this one's is not the default. */
export const PROVIDER = ghnProviderIdOf("hcm-shop")

type Row = Record<string, any> & { id: string }
export type Intent = Row & { client_order_code: string; status: IntentStatus }
type Fault = () => never

export function fakeGhn() {
  const orders = new Map<string, { order_code: string; status: string; created_date: string; cod_amount?: number }>()
  /** The COD each order was made with (what Order Info reports). */
  const lastCod = new Map<string, number>()
  const calls: string[] = []
  const faults: Partial<Record<"create" | "info" | "cancel", Fault>> = {}
  let n = 0
  const client = {
    orders: {
      async create(body: { client_order_code: string; cod_amount?: number }) {
        calls.push(`create ${body.client_order_code}`)
        faults.create?.()
        let order = orders.get(body.client_order_code)
        if (!order) {
          orders.set(body.client_order_code, (order = { order_code: `GHN${++n}`, status: "ready_to_pick", created_date: new Date().toISOString() }))
          lastCod.set(order.order_code, body.cod_amount ?? 0)
        }
        return { order_code: order.order_code, total_fee: 30000, fee: { main_service: 30000 }, expected_delivery_time: "2026-11-27T10:00:00Z" }
      },
      async info(code: string) {
        calls.push(`info ${code}`)
        faults.info?.()
        const order = [...orders.values()].find((o) => o.order_code === code)!
        return { order_code: code, cod_amount: order.cod_amount ?? lastCod.get(code), ...order }
      },
      async cancel({ order_codes }: { order_codes: string[] }) {
        calls.push(`cancel ${order_codes[0]}`)
        faults.cancel?.()
        const order = [...orders.values()].find((o) => o.order_code === order_codes[0])!
        order.status = "cancel"
        return [{ order_code: order_codes[0], result: true, message: "OK" }]
      },
    },
    trackingUrl: (code: string) => `https://donhang.ghn.vn/?order_code=${code}`,
  }
  return { client, orders, calls, faults }
}

export function fakeModule(ghn: ReturnType<typeof fakeGhn>) {
  const intents: Intent[] = []
  const shipments: Row[] = []
  const callbacks: Row[] = []
  const faults: Partial<Record<"createGhnShipments", Fault>> = {}
  const account = { provider_id: PROVIDER, options: { shopId: 190001, clientOrderCodePrefix: "", backendUrl: "https://shop.test" }, client: ghn.client }
  let id = 0
  const matches = (row: Row, filter: Record<string, unknown>) =>
    Object.entries(filter).every(([k, v]) => (Array.isArray(v) ? v.includes(row[k]) : v === null ? row[k] == null : row[k] === v))
  return {
    intents,
    shipments,
    callbacks,
    faults,
    accountOf: () => account,
    async listGhnCreateIntents(filter: Record<string, unknown>) {
      return intents.filter((i) => matches(i, filter)).map((i) => ({ ...i }))
    },
    async reserveIntent(input: Record<string, any>) {
      const sequence = intents.filter((i) => i.order_id === input.order_id && i.kind === input.kind).length + 1
      const intent: Intent = {
        ...input,
        id: `ghnint_${++id}`,
        sequence,
        client_order_code: clientOrderCode({ orderNumber: input.order_number, kind: input.kind, sequence }),
        items: { lines: intentItems(input.items) },
        status: "pending",
        attempts: 0,
        created_at: new Date(),
      }
      intents.push(intent)
      return { ...intent }
    },
    async updateGhnCreateIntents(update: Row) {
      Object.assign(intents.find((i) => i.id === update.id)!, update)
    },
    async moveIntent(intent: Pick<Intent, "id">, to: IntentStatus, fields: Record<string, unknown> = {}) {
      const stored = intents.find((i) => i.id === intent.id)!
      if (!canMoveIntent(stored.status, to)) throw new IntentMoveError(stored.client_order_code, stored.status, to)
      Object.assign(stored, { status: to, ...fields })
    },
    async listGhnShipments(filter: Record<string, unknown>) {
      return shipments.filter((s) => matches(s, filter))
    },
    async createGhnShipments(rows: Row[]) {
      faults.createGhnShipments?.()
      const made = rows.map((r) => ({ ...r, id: `ghnship_${++id}` }))
      shipments.push(...made)
      return made
    },
    async deleteGhnShipments(ids: string[]) {
      for (const shipmentId of ids) shipments.splice(shipments.findIndex((s) => s.id === shipmentId), 1)
    },
    async listGhnWebhookEvents(filter: Record<string, unknown>) {
      return callbacks.filter((c) => matches(c, filter))
    },
  }
}

type FulfillmentRow = { id: string; data: Record<string, unknown>; labels: Record<string, unknown>[]; canceled_at: Date | null }

/** A container holding the fakes; Medusa's fulfilments ful_1 and ful_2 of order_1, live until a test rolls one back. */
export function fakeContainer() {
  const ghn = fakeGhn()
  const module = fakeModule(ghn)
  const fulfillments: Record<string, FulfillmentRow> = {
    ful_1: { id: "ful_1", data: { service_type_id: 2 }, labels: [], canceled_at: null },
    ful_2: { id: "ful_2", data: { service_type_id: 2 }, labels: [], canceled_at: null },
  }
  const locks = new Map<string, string>()
  const events = { staged: [] as Row[], released: [] as Row[] }
  const warnings: string[] = []
  const container = createMedusaContainer()
  container.register({
    [ContainerRegistrationKeys.LOGGER]: asValue({ info() {}, error() {}, debug() {}, warn: (m: string) => warnings.push(m) }),
    [GHN_MODULE]: asValue(module),
    [Modules.LOCKING]: asValue({
      async acquire(keys: string[], { ownerId }: { ownerId: string }) {
        for (const key of keys) if (locks.has(key) && locks.get(key) !== ownerId) throw new Error(`Failed to acquire lock for key "${key}"`)
        for (const key of keys) locks.set(key, ownerId)
      },
      async release(keys: string[], { ownerId }: { ownerId: string }) {
        for (const key of keys) if (locks.get(key) === ownerId) locks.delete(key)
        return true
      },
    }),
    [Modules.EVENT_BUS]: asValue({
      async emit(messages: Row[]) {
        events.staged.push(...messages)
      },
      async releaseGroupedEvents(group: string) {
        events.released.push(...events.staged.filter((m) => m.metadata?.eventGroupId === group))
        events.staged = events.staged.filter((m) => m.metadata?.eventGroupId !== group)
      },
      async clearGroupedEvents(group: string) {
        events.staged = events.staged.filter((m) => m.metadata?.eventGroupId !== group)
      },
    }),
    [Modules.FULFILLMENT]: asValue({
      async retrieveFulfillment(id: string) {
        return { ...fulfillments[id], shipping_option_id: "so_1" }
      },
      async listFulfillments({ id }: { id: string[] }) {
        return id.filter((i) => fulfillments[i]).map((i) => ({ ...fulfillments[i] }))
      },
      async updateFulfillment(id: string, update: { data: Record<string, unknown>; labels: Record<string, unknown>[] }) {
        Object.assign(fulfillments[id], update)
      },
    }),
    [ContainerRegistrationKeys.QUERY]: asValue({
      async graph({ entity, filters }: { entity: string; filters: { id: string | string[] } }) {
        const ids = ([] as string[]).concat(filters.id)
        if (entity === "ghn_create_intent") return { data: module.intents.filter((i) => ids.includes(i.id)) }
        if (entity === "fulfillment") return { data: ids.filter((i) => fulfillments[i]).map((i) => ({ ...fulfillments[i], location_id: "sloc_1" })) }
        if (entity === "order") return { data: ids.map((i) => ({ id: i, display_id: 1042 })) }
        return { data: [] }
      },
    }),
  })
  return { container, ghn, module, fulfillment: fulfillments.ful_1, fulfillments, locks, events, warnings }
}

export const request = (over: Partial<GhnOrderRequest> = {}): GhnOrderRequest => ({
  kind: "outbound",
  provider_id: PROVIDER,
  order_id: "order_1",
  order_number: "1042",
  fulfillment_id: "ful_1",
  location_id: "sloc_1",
  items: [{ id: "item_1", quantity: 2 }],
  shop_id: 190001,
  body: { service_type_id: 2, cod_amount: 350000, insurance_value: 0, to_name: "An" } as unknown as GhnOrderRequest["body"],
  data: { service_type_id: 2 },
  ...over,
})
