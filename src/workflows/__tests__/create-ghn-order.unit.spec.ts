/**
 * The one Create Order path, run as Medusa runs it (an in-memory workflow) against fakes of GHN,
 * the plugin's module and Medusa's modules: its guarantees (one GHN order per fulfilment whatever
 * fails), its steps' compensations, and the way a hook's handler runs and undoes it.
 */
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { GhnApiError, GhnNetworkError } from "../../lib/ghn"
import { GHN_SHIPMENT_UPDATED } from "../../contracts/events"
import { cancelGhnOrderInStep, createGhnOrderInStep, createGhnOrderWorkflow, type CreateGhnOrderInput } from "../create-ghn-order"
import { fakeContainer, request, type Intent } from "./create-ghn-order-fakes"

type Fakes = ReturnType<typeof fakeContainer>

/** Runs the workflow; a failure is thrown with the message Medusa reports. */
async function createGhnOrder(container: Fakes["container"], input: CreateGhnOrderInput) {
  const { result, errors } = await createGhnOrderWorkflow(container).run({ input, throwOnError: false })
  if (errors.length) throw new Error((errors[errors.length - 1].error as Error).message)
  return result
}

const input = (over: Partial<CreateGhnOrderInput> = {}): CreateGhnOrderInput => ({ order_id: "order_1", fulfillment_id: "ful_1", request: request(), ...over })

describe("the one Create Order path", () => {
  it("keeps the intent, with its readable code and body, in PostgreSQL before GHN is called, then settles the fulfilment", async () => {
    const { container, ghn, module, fulfillment, locks } = fakeContainer()
    const seenAtCreate: Intent[][] = []
    const lockedAtCreate: string[][] = []
    const create = ghn.client.orders.create
    ghn.client.orders.create = async (body) => {
      seenAtCreate.push(module.intents.map((i) => ({ ...i })))
      lockedAtCreate.push([...locks.keys()])
      return create(body)
    }
    const created = await createGhnOrder(container, input())
    expect(seenAtCreate[0]).toEqual([expect.objectContaining({ client_order_code: "1042-1", status: "pending", body: expect.objectContaining({ cod_amount: 350000 }) })])
    expect(created).toMatchObject({ client_order_code: "1042-1", order_code: "GHN1", fulfillment_id: "ful_1", shipment_ids: [module.shipments[0].id] })
    expect(fulfillment.data).toMatchObject({ order_code: "GHN1", client_order_code: "1042-1", cod_amount: 350000, service_type_id: 2 })
    expect(fulfillment.labels).toEqual([{ tracking_number: "GHN1", tracking_url: "https://donhang.ghn.vn/?order_code=GHN1", label_url: "https://shop.test/admin/ghn/labels/GHN1?size=A5" }])
    expect(module.intents[0]).toMatchObject({ status: "created", order_code: "GHN1", fulfillment_id: "ful_1" })
    expect(module.shipments).toHaveLength(1)
    expect(ghn.calls).toEqual(["create 1042-1", "info GHN1"])
    expect({ lockedAtCreate, lockedAfter: [...locks.keys()] }).toEqual({ lockedAtCreate: [["order_1"]], lockedAfter: [] })
  })

  it("abandons the intent GHN refused (no order exists), and leaves the fulfilment untouched", async () => {
    const { container, ghn, module, fulfillment, locks } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnApiError({ operation: "orders.create", status: 400, code: 400, code_message: "PHONE_INVALID", ghn_message: "Số điện thoại không hợp lệ", retryable: false })
    }
    await expect(createGhnOrder(container, input())).rejects.toThrow(/GHN Create Order.*PHONE_INVALID/)
    expect(module.intents[0]).toMatchObject({ status: "abandoned", note: expect.stringMatching(/GHN refused it/) })
    expect(fulfillment.data).toEqual({ service_type_id: 2 })
    expect(locks.size).toBe(0)
  })

  it("keeps an unanswered intent pending, and a retry of the same shipment re-sends its code: one GHN order", async () => {
    const { container, ghn, module, fulfillments } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.create" })
    }
    await expect(createGhnOrder(container, input())).rejects.toThrow()
    expect(module.intents[0]).toMatchObject({ status: "pending", client_order_code: "1042-1" })
    delete ghn.faults.create
    fulfillments.ful_1.canceled_at = new Date()
    // Medusa rolled the first fulfilment back; the admin's retry is a new fulfilment of the same items.
    await createGhnOrder(container, input({ fulfillment_id: "ful_2", request: request({ fulfillment_id: "ful_2" }) }))
    expect(module.intents).toHaveLength(1)
    expect(module.intents[0]).toMatchObject({ status: "created", fulfillment_id: "ful_2" })
    expect(ghn.calls.filter((c) => c.startsWith("create"))).toEqual(["create 1042-1", "create 1042-1"])
  })

  it("cancels an unanswered intent's order before shipping other items, and names an orphan GHN will not cancel", async () => {
    const { container, ghn, module, fulfillments } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.create" })
    }
    await expect(createGhnOrder(container, input())).rejects.toThrow()
    // The lost create did reach GHN; Medusa rolled its fulfilment back.
    ghn.orders.set("1042-1", { order_code: "GHN9", status: "ready_to_pick", created_date: new Date().toISOString() })
    fulfillments.ful_1.canceled_at = new Date()
    delete ghn.faults.create
    ghn.faults.cancel = () => {
      throw new GhnApiError({ operation: "orders.cancel", status: 502, ghn_message: "Bad gateway", retryable: true })
    }
    const other = input({ fulfillment_id: "ful_2", request: request({ fulfillment_id: "ful_2", items: [{ id: "item_1", quantity: 1 }] }) })
    await expect(createGhnOrder(container, other)).rejects.toThrow(/GHN order GHN9, made by an earlier try.*could not be cancelled/)
    expect(module.intents).toEqual([expect.objectContaining({ status: "orphan", order_code: "GHN9", attempts: 1, next_attempt_at: expect.any(Date) })])
    expect(ghn.orders.get("1042-1")!.status).toBe("ready_to_pick")

    // The admin's next try still waits for it: the orphan holds the order's COD.
    await expect(createGhnOrder(container, other)).rejects.toThrow(/could not be cancelled/)
    expect(module.intents).toHaveLength(1)

    delete ghn.faults.cancel
    const created = await createGhnOrder(container, other)
    expect(module.intents.map((i) => [i.client_order_code, i.status])).toEqual([
      ["1042-1", "cancelled"],
      ["1042-2", "created"],
    ])
    expect(ghn.orders.get("1042-1")!.status).toBe("cancel")
    expect(created?.client_order_code).toBe("1042-2")
    expect(fulfillments.ful_2.data).toMatchObject({ ghn_cancelled_orphans: [{ client_order_code: "1042-1", order_code: "GHN9" }] })
  })

  it("steps over a code GHN answers with an order made before the intent (a reinstalled store), and never cancels that order", async () => {
    const { container, ghn, module } = fakeContainer()
    ghn.orders.set("1042-1", { order_code: "OLD1", status: "delivered", created_date: "2025-01-01T00:00:00Z" })
    const created = await createGhnOrder(container, input())
    expect(created).toMatchObject({ client_order_code: "1042-2", order_code: "GHN1" })
    expect(module.intents.map((i) => [i.client_order_code, i.status])).toEqual([
      ["1042-1", "abandoned"],
      ["1042-2", "created"],
    ])
    expect(ghn.calls.some((c) => c.startsWith("cancel"))).toBe(false)
  })

  it("makes nothing for a prebuilt request whose fulfilment is gone or carries its order already", async () => {
    const { container, ghn, module, fulfillments } = fakeContainer()
    fulfillments.ful_1.canceled_at = new Date()
    fulfillments.ful_2.data = { order_code: "GHN5" }
    expect(await createGhnOrder(container, input())).toBeNull()
    expect(await createGhnOrder(container, input({ fulfillment_id: "ful_2", request: request({ fulfillment_id: "ful_2" }) }))).toBeNull()
    expect({ intents: module.intents, calls: ghn.calls }).toEqual({ intents: [], calls: [] })
  })

  it("hands the callbacks GHN sent before the shipment record existed to the event that applies them", async () => {
    const { container, module, events } = fakeContainer()
    module.callbacks.push({ id: "ghnwh_1", order_code: "GHN1", processed_at: null }, { id: "ghnwh_0", order_code: "GHN0", processed_at: null })
    await createGhnOrder(container, input())
    expect(events.released).toEqual([expect.objectContaining({ name: GHN_SHIPMENT_UPDATED, data: { event_id: "ghnwh_1", order_code: "GHN1" } })])
  })
})

describe("the one Create Order path, when GHN's first order no longer fits", () => {
  it("cancels an earlier try's order that collects another COD than the parcel now owes, and makes the right one", async () => {
    const { container, ghn, module, fulfillments } = fakeContainer()
    ghn.faults.create = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.create" })
    }
    await expect(createGhnOrder(container, input())).rejects.toThrow()
    // The lost create made GHN9 with the whole COD; then the customer paid ahead.
    ghn.orders.set("1042-1", { order_code: "GHN9", status: "ready_to_pick", created_date: new Date().toISOString(), cod_amount: 350000 })
    delete ghn.faults.create
    fulfillments.ful_1.canceled_at = new Date()
    const paid = request({ fulfillment_id: "ful_2", body: { ...request().body, cod_amount: 0 } })
    const created = await createGhnOrder(container, input({ fulfillment_id: "ful_2", request: paid }))
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
    ghn.faults.info = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.info" })
    }
    await createGhnOrder(container, input())
    expect(fulfillment.data).toMatchObject({ order_code: "GHN1" })
    expect(module.intents[0]).toMatchObject({ status: "created", order_code: "GHN1" })
  })
})

describe("the Create Order steps' compensations, when a later step fails", () => {
  it("a failed shipment record: GHN cancels the order, the intent is cancelled, the fulfilment gets its data back, the lock is released", async () => {
    const { container, ghn, module, fulfillment, locks, events } = fakeContainer()
    module.callbacks.push({ id: "ghnwh_1", order_code: "GHN1", processed_at: null })
    module.faults.createGhnShipments = () => {
      throw new Error("the database went away")
    }
    await expect(createGhnOrder(container, input())).rejects.toThrow("the database went away")
    expect(ghn.orders.get("1042-1")!.status).toBe("cancel")
    expect(module.intents[0]).toMatchObject({ status: "cancelled", note: "the fulfilment that carried it was rolled back" })
    expect(fulfillment).toMatchObject({ data: { service_type_id: 2 }, labels: [] })
    expect({ shipments: module.shipments, locks: locks.size, events: events.released }).toEqual({ shipments: [], locks: 0, events: [] })
  })

  it("a failed last move of the intent: the shipment record is removed too, and the order cancelled", async () => {
    const { container, ghn, module, fulfillment } = fakeContainer()
    const move = module.moveIntent
    module.moveIntent = async (intent, to, fields) => {
      if (to === "created") throw new Error("another process moved the intent")
      return move(intent, to, fields)
    }
    await expect(createGhnOrder(container, input())).rejects.toThrow("another process moved the intent")
    expect({ shipments: module.shipments, data: fulfillment.data, order: ghn.orders.get("1042-1")!.status }).toEqual({ shipments: [], data: { service_type_id: 2 }, order: "cancel" })
    expect(module.intents[0]).toMatchObject({ status: "cancelled" })
  })

  it("leaves an orphan, retried and shown in the admin, when GHN refuses the compensating cancel: never 'abandoned'", async () => {
    const { container, ghn, module } = fakeContainer()
    module.faults.createGhnShipments = () => {
      throw new Error("the database went away")
    }
    ghn.faults.cancel = () => {
      throw new GhnApiError({ operation: "orders.cancel", status: 503, ghn_message: "Service unavailable", retryable: true })
    }
    await expect(createGhnOrder(container, input())).rejects.toThrow("the database went away")
    expect(module.intents[0]).toMatchObject({ status: "orphan", order_code: "GHN1", attempts: 1, error: expect.stringMatching(/Service unavailable/), next_attempt_at: expect.any(Date) })
    expect(ghn.orders.get("1042-1")!.status).toBe("ready_to_pick")
  })
})

describe("the Create Order path run from a hook's handler", () => {
  const parent = (container: Fakes["container"]) => ({ container, eventGroupId: "parent-group" })

  it("stages its events in the parent's group, and its compensation cancels the whole run", async () => {
    const { container, ghn, module, fulfillment, events } = fakeContainer()
    module.callbacks.push({ id: "ghnwh_1", order_code: "GHN1", processed_at: null })
    const run = await createGhnOrderInStep(input(), parent(container))
    expect(run.created).toMatchObject({ order_code: "GHN1" })
    // Released when the parent workflow completes, not before.
    expect(events.released).toEqual([])
    expect(events.staged).toEqual([expect.objectContaining({ name: GHN_SHIPMENT_UPDATED, metadata: { eventGroupId: "parent-group" } })])

    await cancelGhnOrderInStep(run, parent(container))
    expect(ghn.orders.get("1042-1")!.status).toBe("cancel")
    expect(module.intents[0]).toMatchObject({ status: "cancelled" })
    expect(fulfillment).toMatchObject({ data: { service_type_id: 2 }, labels: [] })
    expect(module.shipments).toHaveLength(0)
  })

  it("releases its own events when its parent has no event group", async () => {
    const { container, module, events } = fakeContainer()
    module.callbacks.push({ id: "ghnwh_1", order_code: "GHN1", processed_at: null })
    await createGhnOrderInStep(input(), { container })
    expect({ staged: events.staged, released: events.released.map((e) => e.data) }).toEqual({ staged: [], released: [{ event_id: "ghnwh_1", order_code: "GHN1" }] })
  })

  it("leaves the intent an orphan due now, for the recovery job, when Medusa cannot cancel the run", async () => {
    const { container, module, warnings } = fakeContainer()
    const run = await createGhnOrderInStep(input(), parent(container))
    await cancelGhnOrderInStep({ ...run, transaction: { flow: { transactionId: "gone" } } as unknown as typeof run.transaction }, parent(container))
    expect(module.intents[0]).toMatchObject({ status: "orphan", order_code: "GHN1", next_attempt_at: expect.any(Date) })
    expect(warnings).toEqual([expect.stringMatching(/^GHN: the run that made GHN1 \(1042-1\) could not be cancelled .*the recovery job has GHN cancel the order$/)])
  })

  it("says another GHN order of the order is being made when the order's lock is not had in time", async () => {
    const { container, ghn, locks } = fakeContainer()
    locks.set("order_1", "another run")
    // Medusa's lock step waits 60 s: the clock jumps past it at the first refusal.
    const locking = container.resolve<{ acquire: (...args: unknown[]) => Promise<void> }>(Modules.LOCKING)
    const acquire = locking.acquire
    let refused = false
    locking.acquire = (...args) => acquire(...args).catch((error) => ((refused = true), Promise.reject(error)))
    const now = Date.now()
    const clock = jest.spyOn(Date, "now").mockImplementation(() => now + (refused ? 61_000 : 0))
    try {
      const refusal = await createGhnOrderInStep(input(), parent(container)).catch((error) => error)
      expect(refusal).toBeInstanceOf(MedusaError)
      expect(refusal).toMatchObject({ type: MedusaError.Types.CONFLICT, message: expect.stringMatching(/^another GHN order of this order is being made: try again in a moment/) })
    } finally {
      clock.mockRestore()
    }
    expect(ghn.calls).toEqual([])
  })
})
