/**
 * The recovery job's workflow for one due intent, run in memory against the Create Order fakes:
 * it decides under the order's lock and completes a pending intent through the one Create Order
 * path, or has GHN cancel what no fulfilment carries.
 */
import { GhnNetworkError } from "../../lib/ghn"
import { recoverGhnIntentWorkflow } from "../recover-ghn-intent"
import { fakeContainer, request } from "./create-ghn-order-fakes"

type Fakes = ReturnType<typeof fakeContainer>

const recover = async (container: Fakes["container"], intent_id: string) => (await recoverGhnIntentWorkflow(container).run({ input: { intent_id } })).result

/** A return's pickup whose Create Order never answered: its intent pending, with the body it keeps. */
async function unanswered(fakes: Fakes) {
  const pickup = request({ kind: "return" })
  const intent = await fakes.module.reserveIntent({ ...pickup, cod_amount: 0, body: pickup.body })
  return intent.id
}

describe("recover-ghn-intent", () => {
  it("completes a pending intent whose fulfilment still waits, re-sending its code, under the order's lock", async () => {
    const fakes = fakeContainer()
    const id = await unanswered(fakes)
    const lockedAtCreate: string[][] = []
    const create = fakes.ghn.client.orders.create
    fakes.ghn.client.orders.create = async (body) => {
      lockedAtCreate.push([...fakes.locks.keys()])
      return create(body)
    }
    expect(await recover(fakes.container, id)).toEqual({ intent_id: id, outcome: "created", order_code: "GHN1" })
    expect(fakes.module.intents).toEqual([expect.objectContaining({ id, status: "created", order_code: "GHN1" })])
    expect(fakes.fulfillment.data).toMatchObject({ order_code: "GHN1", client_order_code: "1042-R1", is_return: true })
    expect(fakes.ghn.calls).toEqual(["create 1042-R1", "info GHN1"])
    expect({ lockedAtCreate, lockedAfter: fakes.locks.size }).toEqual({ lockedAtCreate: [["order_1"]], lockedAfter: 0 })
  })

  it("leaves an intent pending, and the order's lock free, while GHN still does not answer", async () => {
    const fakes = fakeContainer()
    const id = await unanswered(fakes)
    fakes.ghn.faults.create = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.create" })
    }
    await expect(recover(fakes.container, id)).rejects.toMatchObject({ message: expect.stringMatching(/socket hang up/) })
    expect(fakes.module.intents).toEqual([expect.objectContaining({ id, status: "pending", error: expect.stringMatching(/socket hang up/) })])
    expect(fakes.locks.size).toBe(0)
  })

  it("marks created an intent whose fulfilment carries its order already, asking GHN nothing", async () => {
    const fakes = fakeContainer()
    const id = await unanswered(fakes)
    fakes.fulfillment.data = { order_code: "GHN7", client_order_code: "1042-R1" }
    expect(await recover(fakes.container, id)).toEqual({ intent_id: id, outcome: "created", order_code: "GHN7" })
    expect(fakes.module.intents[0]).toMatchObject({ status: "created", order_code: "GHN7" })
    expect(fakes.ghn.calls).toEqual([])
  })

  it("has GHN cancel what a pending intent whose fulfilment is gone may have made", async () => {
    const fakes = fakeContainer()
    const id = await unanswered(fakes)
    // The lost create did reach GHN; Medusa rolled its fulfilment back.
    fakes.ghn.orders.set("1042-R1", { order_code: "GHN9", status: "ready_to_pick", created_date: new Date().toISOString() })
    fakes.fulfillment.canceled_at = new Date()
    expect(await recover(fakes.container, id)).toEqual({ intent_id: id, outcome: "cancelled", order_code: "GHN9" })
    expect(fakes.module.intents[0]).toMatchObject({ status: "cancelled", order_code: "GHN9" })
    expect(fakes.ghn.orders.get("1042-R1")!.status).toBe("cancel")
  })

  it("counts an orphan's try and sets its next one while GHN fails to cancel, and leaves a done intent alone", async () => {
    const fakes = fakeContainer()
    const id = await unanswered(fakes)
    fakes.ghn.orders.set("1042-R1", { order_code: "GHN9", status: "ready_to_pick", created_date: new Date().toISOString() })
    await fakes.module.moveIntent({ id }, "orphan", { order_code: "GHN9" })
    fakes.ghn.faults.cancel = () => {
      throw new GhnNetworkError("socket hang up", { operation: "orders.cancel" })
    }
    expect(await recover(fakes.container, id)).toMatchObject({ intent_id: id, outcome: "orphan", order_code: "GHN9", error: expect.stringMatching(/socket hang up/) })
    expect(fakes.module.intents[0]).toMatchObject({ status: "orphan", attempts: 1, next_attempt_at: expect.any(Date) })

    delete fakes.ghn.faults.cancel
    expect(await recover(fakes.container, id)).toEqual({ intent_id: id, outcome: "cancelled", order_code: "GHN9" })
    expect(await recover(fakes.container, id)).toEqual({ intent_id: id, outcome: "unchanged" })
    expect(await recover(fakes.container, "ghnint_none")).toEqual({ intent_id: "ghnint_none", outcome: "unchanged" })
  })
})
