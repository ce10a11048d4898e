import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { canMoveIntent, clientOrderCode, IntentMoveError, intentItems, type IntentStatus } from "../../../lib/parcel/create-intent"
import { GhnApiError, GhnNetworkError } from "../../../lib/ghn"
import { GHN_MODULE } from "../../../modules/ghn"
import { ghnProviderIdOf } from "../../../lib/runtime/provider-id"

/** A store may register the provider under any id: this one's is not the default. */
const PROVIDER = ghnProviderIdOf("hcm-shop")
import type { GhnOrderRequest } from "../../utils/ghn-order-request"
import { createGhnOrder, undoGhnOrder } from "../create-ghn-order"

type Intent = Record<string, any> & { id: string; client_order_code: string; status: IntentStatus }

/** The GHN side: orders by client code (GHN answers a known code with its order), the calls made. */
function fakeGhn() {
  const orders = new Map<string, { order_code: string; status: string; created_date: string }>()
  /** The COD each order was made with (what Order Info reports). */
  const lastCod = new Map<string, number>()
  const calls: string[] = []
  const faults: Partial<Record<"create" | "cancel", () => never>> = {}
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
        const order = [...orders.values()].find((o) => o.order_code === code)!
        return { order_code: code, cod_amount: (order as any).cod_amount ?? lastCod.get(code), ...order }
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

/** The plugin's module as the step uses it: intents on the real state machine, shipments, callbacks. */
function fakeModule(ghn: ReturnType<typeof fakeGhn>) {
  const intents: Intent[] = []
  const shipments: Record<string, any>[] = []
  const account = { provider_id: PROVIDER, options: { shopId: 190001, clientOrderCodePrefix: "", backendUrl: "https://shop.test" }, client: ghn.client }
  let id = 0
  return {
    intents,
    shipments,
    accountOf: () => account,
    async listGhnCreateIntents(filter: Record<string, any>) {
      return intents.filter((i) => Object.entries(filter).every(([k, v]) => (Array.isArray(v) ? v.includes(i[k]) : i[k] === v))).map((i) => ({ ...i }))
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
    async updateGhnCreateIntents(update: Record<string, any>) {
      Object.assign(intents.find((i) => i.id === update.id)!, update)
    },
    async moveIntent(intent: Intent, to: IntentStatus, fields: Record<string, unknown> = {}) {
      const stored = intents.find((i) => i.id === intent.id)!
      if (!canMoveIntent(stored.status, to)) throw new IntentMoveError(stored.client_order_code, stored.status, to)
      Object.assign(stored, { status: to, ...fields })
    },
    async listGhnShipments() {
      return []
    },
    async createGhnShipments(rows: Record<string, any>[]) {
      const made = rows.map((r) => ({ ...r, id: `ghnship_${++id}` }))
      shipments.push(...made)
      return made
    },
    async deleteGhnShipments(ids: string[]) {
      for (const shipmentId of ids) shipments.splice(shipments.findIndex((s) => s.id === shipmentId), 1)
    },
    async listGhnWebhookEvents() {
      return []
    },
  }
}

function fakeContainer() {
  const ghn = fakeGhn()
  const module = fakeModule(ghn)
  /** Medusa's fulfilments: ful_1 and ful_2 of the order, live until a test rolls one back. */
  const fulfillments: Record<string, { id: string; data: Record<string, unknown>; labels: Record<string, unknown>[]; canceled_at: Date | null }> = {
    ful_1: { id: "ful_1", data: { service_type_id: 2 }, labels: [], canceled_at: null },
    ful_2: { id: "ful_2", data: { service_type_id: 2 }, labels: [], canceled_at: null },
  }
  const registry: Record<string, unknown> = {
    [GHN_MODULE]: module,
    [Modules.LOCKING]: { execute: async (_key: string, fn: () => Promise<unknown>) => fn() },
    [Modules.EVENT_BUS]: { emit: async () => undefined },
    [Modules.FULFILLMENT]: {
      async retrieveFulfillment(id: string) {
        return { ...fulfillments[id], shipping_option_id: "so_1" }
      },
      async listFulfillments({ id }: { id: string[] }) {
        return id.filter((i) => fulfillments[i]).map((i) => ({ ...fulfillments[i] }))
      },
      async updateFulfillment(id: string, update: { data: Record<string, unknown>; labels: Record<string, unknown>[] }) {
        Object.assign(fulfillments[id], update)
      },
    },
    [ContainerRegistrationKeys.LOGGER]: { warn: () => undefined },
    [ContainerRegistrationKeys.QUERY]: { graph: async () => ({ data: [] }) },
  }
  const container = { resolve: (key: string) => registry[key] } as any
  return { container, ghn, module, fulfillment: fulfillments.ful_1, fulfillments }
}

const request = (over: Partial<GhnOrderRequest> = {}): GhnOrderRequest => ({
  kind: "outbound",
  provider_id: PROVIDER,
  order_id: "order_1",
  order_number: "1042",
  fulfillment_id: "ful_1",
  location_id: "sloc_1",
  items: [{ id: "item_1", quantity: 2 }],
  shop_id: 190001,
  body: { service_type_id: 2, cod_amount: 350000, insurance_value: 0, to_name: "An" } as any,
  data: { service_type_id: 2 },
  ...over,
})

describe("the one Create Order path", () => {
  it("keeps the intent, with its readable code and body, in PostgreSQL before GHN is called, then settles the fulfilment", async () => {
    const { container, ghn, module, fulfillment } = fakeContainer()
    const seenAtCreate: Intent[][] = []
    const create = ghn.client.orders.create
    ghn.client.orders.create = async (body) => {
      seenAtCreate.push(module.intents.map((i) => ({ ...i })))
      return create(body)
    }
    const created = await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })
    expect(seenAtCreate[0]).toEqual([expect.objectContaining({ client_order_code: "1042-1", status: "pending", body: expect.objectContaining({ cod_amount: 350000 }) })])
    expect(created).toMatchObject({ client_order_code: "1042-1", order_code: "GHN1" })
    expect(fulfillment.data).toMatchObject({ order_code: "GHN1", client_order_code: "1042-1", cod_amount: 350000, service_type_id: 2 })
    expect(fulfillment.labels).toEqual([{ tracking_number: "GHN1", tracking_url: "https://donhang.ghn.vn/?order_code=GHN1", label_url: "https://shop.test/admin/ghn/labels/GHN1?size=A5" }])
    expect(module.intents[0]).toMatchObject({ status: "created", order_code: "GHN1", fulfillment_id: "ful_1" })
    expect(module.shipments).toHaveLength(1)
    expect(ghn.calls).toEqual(["create 1042-1", "info GHN1"])
  })

  it("abandons the intent GHN refused (no order exists), and leaves the fulfilment untouched", async () => {
    const { container, ghn, module, fulfillment } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnApiError({ operation: "orders.create", status: 400, code: 400, code_message: "PHONE_INVALID", ghn_message: "Số điện thoại không hợp lệ", retryable: false })
    }
    await expect(createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })).rejects.toThrow(/GHN Create Order.*PHONE_INVALID/)
    expect(module.intents[0]).toMatchObject({ status: "abandoned", note: expect.stringMatching(/GHN refused it/) })
    expect(fulfillment.data).toEqual({ service_type_id: 2 })
  })

  it("keeps an unanswered intent pending, and a retry of the same shipment re-sends its code: one GHN order", async () => {
    const { container, ghn, module, fulfillments } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.create" })
    }
    await expect(createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })).rejects.toThrow()
    expect(module.intents[0]).toMatchObject({ status: "pending", client_order_code: "1042-1" })
    delete ghn.faults.create
    fulfillments.ful_1.canceled_at = new Date()
    // Medusa rolled the first fulfilment back; the admin's retry is a new fulfilment of the same items.
    await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_2", request: request({ fulfillment_id: "ful_2" }) })
    expect(module.intents).toHaveLength(1)
    expect(module.intents[0]).toMatchObject({ status: "created", fulfillment_id: "ful_2" })
    expect(ghn.calls.filter((c) => c.startsWith("create"))).toEqual(["create 1042-1", "create 1042-1"])
  })

  it("cancels an unanswered intent's order before shipping other items, and names an orphan GHN will not cancel", async () => {
    const { container, ghn, module, fulfillments } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.create" })
    }
    await expect(createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })).rejects.toThrow()
    // The lost create did reach GHN; Medusa rolled its fulfilment back.
    ghn.orders.set("1042-1", { order_code: "GHN9", status: "ready_to_pick", created_date: new Date().toISOString() })
    fulfillments.ful_1.canceled_at = new Date()
    delete ghn.faults.create
    ghn.faults.cancel = () => {
      throw new GhnApiError({ operation: "orders.cancel", status: 502, ghn_message: "Bad gateway", retryable: true })
    }
    const other = request({ fulfillment_id: "ful_2", items: [{ id: "item_1", quantity: 1 }] })
    await expect(createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_2", request: other })).rejects.toThrow(/GHN order GHN9, made by an earlier try.*could not be cancelled/)
    expect(module.intents).toEqual([expect.objectContaining({ status: "orphan", order_code: "GHN9", attempts: 1, next_attempt_at: expect.any(Date) })])
    expect(ghn.orders.get("1042-1")!.status).toBe("ready_to_pick")

    // The admin's next try still waits for it: the orphan holds the order's COD.
    await expect(createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_2", request: other })).rejects.toThrow(/could not be cancelled/)
    expect(module.intents).toHaveLength(1)

    delete ghn.faults.cancel
    const created = await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_2", request: other })
    expect(module.intents.map((i) => [i.client_order_code, i.status])).toEqual([
      ["1042-1", "cancelled"],
      ["1042-2", "created"],
    ])
    expect(ghn.orders.get("1042-1")!.status).toBe("cancel")
    expect(created?.client_order_code).toBe("1042-2")
  })

  it("steps over a code GHN answers with an order made before the intent (a reinstalled store), and never cancels that order", async () => {
    const { container, ghn, module } = fakeContainer()
    ghn.orders.set("1042-1", { order_code: "OLD1", status: "delivered", created_date: "2025-01-01T00:00:00Z" })
    const created = await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })
    expect(created).toMatchObject({ client_order_code: "1042-2", order_code: "GHN1" })
    expect(module.intents.map((i) => [i.client_order_code, i.status])).toEqual([
      ["1042-1", "abandoned"],
      ["1042-2", "created"],
    ])
    expect(ghn.calls.some((c) => c.startsWith("cancel"))).toBe(false)
  })
})

describe("the one Create Order path, when GHN's first order no longer fits", () => {
  it("cancels an earlier try's order that collects another COD than the parcel now owes, and makes the right one", async () => {
    const { container, ghn, module, fulfillments } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.create" })
    }
    await expect(createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })).rejects.toThrow()
    // The lost create made GHN9 with the whole COD; then the customer paid ahead.
    ghn.orders.set("1042-1", { order_code: "GHN9", status: "ready_to_pick", created_date: new Date().toISOString(), cod_amount: 350000 } as any)
    delete ghn.faults.create
    fulfillments.ful_1.canceled_at = new Date()
    const paid = request({ fulfillment_id: "ful_2", body: { ...request().body, cod_amount: 0 } as any })
    const created = await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_2", request: paid })
    expect(ghn.orders.get("1042-1")!.status).toBe("cancel")
    expect(created).toMatchObject({ client_order_code: "1042-2" })
    expect(fulfillments.ful_2.data).toMatchObject({ cod_amount: 0, client_order_code: "1042-2" })
    expect(module.intents.map((i) => [i.client_order_code, i.status])).toEqual([
      ["1042-1", "cancelled"],
      ["1042-2", "created"],
    ])
  })

  it("settles the order GHN made even when Order Info does not answer (it is this fulfilment's)", async () => {
    const { container, ghn, module, fulfillment } = fakeContainer()
    ghn.client.orders.info = async () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.info" })
    }
    await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })
    expect(fulfillment.data).toMatchObject({ order_code: "GHN1" })
    expect(module.intents[0]).toMatchObject({ status: "created", order_code: "GHN1" })
  })
})

describe("the compensation of the Create Order step", () => {
  it("has GHN cancel the order, cancels the intent, and gives the fulfilment back its data without the order", async () => {
    const { container, ghn, module, fulfillment } = fakeContainer()
    const created = await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })
    await undoGhnOrder(container, created)
    expect(ghn.orders.get("1042-1")!.status).toBe("cancel")
    expect(module.intents[0]).toMatchObject({ status: "cancelled" })
    expect(fulfillment.data).toEqual({ service_type_id: 2 })
    expect(fulfillment.labels).toEqual([])
    expect(module.shipments).toHaveLength(0)
  })

  it("leaves an orphan, retried and shown in the admin, when GHN refuses the compensating cancel: never 'abandoned'", async () => {
    const { container, ghn, module } = fakeContainer()
    const created = await createGhnOrder(container, { order_id: "order_1", fulfillment_id: "ful_1", request: request() })
    ghn.faults.cancel = () => {
      throw new GhnApiError({ operation: "orders.cancel", status: 503, ghn_message: "Service unavailable", retryable: true })
    }
    await undoGhnOrder(container, created)
    expect(module.intents[0]).toMatchObject({ status: "orphan", order_code: "GHN1", attempts: 1, error: expect.stringMatching(/Service unavailable/), next_attempt_at: expect.any(Date) })
    expect(ghn.orders.get("1042-1")!.status).toBe("ready_to_pick")
  })
})
