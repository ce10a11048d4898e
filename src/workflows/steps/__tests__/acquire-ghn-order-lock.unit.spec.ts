/**
 * The order's lock in a workflow: taken for the whole run and given back at its end, given back
 * when the run fails, re-entered (and left) when the caller holds it, skipped in a sub-workflow,
 * and a second run of the same order waits for the first; given a GHN parcel, its order's lock
 * (two parcels of one order queue on it), or the parcel's own when no order owns it.
 */
import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLockStep } from "@medusajs/medusa/core-flows"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { acquireGhnOrderLockStep, orderLockRelease } from "../acquire-ghn-order-lock"
import { GHN_MODULE } from "../../../modules/ghn"

const log: string[] = []
const writeStep = createStep("fake-order-write", async (input: { name: string; fail?: boolean }) => {
  log.push(`${input.name} in`)
  await new Promise((r) => setTimeout(r, 40))
  log.push(`${input.name} out`)
  if (input.fail) throw new Error("the write failed")
})

type Input = { order_id: string; name: string; held_by?: string; fail?: boolean }
const writer = createWorkflow("fake-order-writer", (input: Input) => {
  const lock = acquireGhnOrderLockStep(transform({ input }, ({ input }) => ({ order_id: input.order_id, held_by: input.held_by })))
  writeStep(transform({ input }, ({ input }) => ({ name: input.name, fail: input.fail })))
  releaseLockStep(transform({ lock }, ({ lock }) => orderLockRelease(lock))).config({ name: "release-ghn-order-lock" })
  return new WorkflowResponse(lock)
})
const parent = createWorkflow("fake-order-parent", (input: Input) => {
  const lock = acquireGhnOrderLockStep(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
  const inner = writer.runAsStep({ input: transform({ input }, ({ input }) => ({ ...input, name: `${input.name}-inner` })) })
  releaseLockStep(transform({ lock }, ({ lock }) => orderLockRelease(lock))).config({ name: "release-ghn-order-lock" })
  return new WorkflowResponse(inner)
})

function setup() {
  log.length = 0
  const locking = new InMemoryLockingProvider()
  const container = createMedusaContainer()
  container.register({ [Modules.LOCKING]: asValue(locking), logger: asValue({ info() {}, warn() {}, error() {}, debug() {} }) })
  const held = async (order: string) => locking.acquire([order], { ownerId: "probe" }).then(
    async () => (await locking.release([order], { ownerId: "probe" }), false),
    () => true
  )
  return { locking, container, held }
}

describe("acquireGhnOrderLockStep", () => {
  it("runs two writers of one order one after the other, and gives the lock back", async () => {
    const { container, held } = setup()
    await Promise.all([
      writer(container).run({ input: { order_id: "order_1", name: "a" } }),
      writer(container).run({ input: { order_id: "order_1", name: "b" } }),
    ])
    expect(log).toEqual(expect.arrayContaining(["a in", "a out", "b in", "b out"]))
    const first = log[0][0]
    expect(log).toEqual([`${first} in`, `${first} out`, `${first === "a" ? "b" : "a"} in`, `${first === "a" ? "b" : "a"} out`])
    expect(await held("order_1")).toBe(false)
  })

  it("gives the lock back when the run fails", async () => {
    const { container, held } = setup()
    const { errors } = await writer(container).run({ input: { order_id: "order_1", name: "a", fail: true }, throwOnError: false })
    expect(errors.map((e) => e.error?.message)).toContain("the write failed")
    expect(await held("order_1")).toBe(false)
  })

  it("re-enters the lock its caller holds (the fulfilment's place in the queue), never waits for it, and leaves it held", async () => {
    const { container, locking, held } = setup()
    await locking.acquire(["order_1"], { ownerId: "ful_1", expire: 120 })
    const { result } = await writer(container).run({ input: { order_id: "order_1", name: "a", held_by: "ful_1" } })
    expect(result).toEqual({ owner: "ful_1", key: [] })
    expect(await held("order_1")).toBe(true)
    await locking.release(["order_1"], { ownerId: "ful_1" })
  })

  it("skips in a sub-workflow: the parent holds the order's lock", async () => {
    const { container, held } = setup()
    await parent(container).run({ input: { order_id: "order_1", name: "p" } })
    expect(log).toEqual(["p-inner in", "p-inner out"])
    expect(await held("order_1")).toBe(false)
  })

  it("takes no lock for a run without an order", async () => {
    const { container } = setup()
    const { result } = await writer(container).run({ input: { order_id: "", name: "a" } })
    expect(result).toEqual({ owner: "", key: [] })
  })

  const parcelWriter = createWorkflow("fake-parcel-writer", (input: { order_code: string; name: string }) => {
    const lock = acquireGhnOrderLockStep(transform({ input }, ({ input }) => ({ order_code: input.order_code })))
    writeStep(transform({ input }, ({ input }) => ({ name: input.name })))
    releaseLockStep(transform({ lock }, ({ lock }) => orderLockRelease(lock))).config({ name: "release-ghn-order-lock" })
    return new WorkflowResponse(lock)
  })
  /** The GHN module as the step reads it: parcels and the Medusa order each belongs to (or none). */
  function withParcels(container: ReturnType<typeof setup>["container"], orderOf: Record<string, string | null>) {
    const reads: string[] = []
    container.register({
      [GHN_MODULE]: asValue({
        options: {},
        shipmentOrderId: async (orderCode: string) => {
          reads.push(orderCode)
          return orderOf[orderCode]
        },
      }),
    })
    return reads
  }

  it("given a GHN parcel, takes its order's lock: two parcels of one order run one after the other, and another order's beside them", async () => {
    const { container, held } = setup()
    const reads = withParcels(container, { GHN1: "order_1", GHN2: "order_1", GHN3: "order_2" })
    const runs = await Promise.all(
      (["GHN1", "GHN2", "GHN3"] as const).map((code, n) => parcelWriter(container).run({ input: { order_code: code, name: "abc"[n] } }))
    )
    expect(runs.map((r) => r.result.key)).toEqual([["order_1"], ["order_1"], ["order_2"]])
    // c (order_2) never waits for order_1's writers; a and b never overlap.
    expect(log.slice(0, 2)).toEqual(expect.arrayContaining(["a in", "c in"]))
    const ab = log.filter((l) => !l.startsWith("c"))
    expect(ab).toEqual(["a in", "a out", "b in", "b out"])
    expect(reads.sort()).toEqual(["GHN1", "GHN2", "GHN3"])
    expect(await held("order_1")).toBe(false)
  })

  it("locks a parcel of no order (or not stored yet) by itself, and gives it back", async () => {
    const { container, held } = setup()
    withParcels(container, { GHN9: null })
    const [a, b] = await Promise.all([
      parcelWriter(container).run({ input: { order_code: "GHN9", name: "a" } }),
      parcelWriter(container).run({ input: { order_code: "GHN9", name: "b" } }),
    ])
    expect([a.result.key, b.result.key]).toEqual([["ghn-shipment:GHN9"], ["ghn-shipment:GHN9"]])
    expect(log).toEqual(["a in", "a out", "b in", "b out"])
    expect(await held("ghn-shipment:GHN9")).toBe(false)
    const { result } = await parcelWriter(container).run({ input: { order_code: "GHN_UNKNOWN", name: "c" } })
    expect(result.key).toEqual(["ghn-shipment:GHN_UNKNOWN"])
  })
})
