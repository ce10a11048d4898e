/**
 * The order's lock in a workflow: taken for the whole run and given back at its end, given back
 * when the run fails, re-entered (and left) when the caller holds it, skipped in a sub-workflow,
 * and a second run of the same order waits for the first.
 */
import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releaseLockStep } from "@medusajs/medusa/core-flows"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { acquireGhnOrderLockStep, orderLockRelease } from "../acquire-ghn-order-lock"

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
})
