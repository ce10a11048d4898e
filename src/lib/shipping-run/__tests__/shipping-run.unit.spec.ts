import { MedusaError } from "@medusajs/framework/utils"
import { failureOf, RUN_LEASE_MS, RUN_RENEW_MS, runCounts, runFinished, runLeaseSeconds, runRenewMs, Semaphore } from "../shipping-run"
import { AddressResolutionError } from "../../address/address-resolver"
import { GhnApiError } from "../../ghn"
import { toMedusaError } from "../../runtime/medusa-error"

describe("shipping runs", () => {
  it("leases a run past the locks a stopped worker leaves (orderLockSeconds), renewed three times a lease at least", () => {
    // The defaults: 120 s locks, a 150 s lease renewed every 15 s.
    expect([RUN_LEASE_MS, RUN_RENEW_MS]).toEqual([150_000, 15_000])
    // A test's short locks: the lease a quarter longer, renewed well within it.
    expect([runLeaseSeconds(4), runRenewMs(runLeaseSeconds(4))]).toEqual([5, 1666])
    expect(runLeaseSeconds(600)).toBe(630)
  })

  it("keeps a failure's code and text, never a host", () => {
    expect(failureOf(new MedusaError(MedusaError.Types.INVALID_DATA, "GHN Create Order: Số điện thoại không hợp lệ (https://dev-online-gateway.ghn.vn/x)", "PHONE_INVALID"))).toEqual({
      code: "PHONE_INVALID",
      message: "GHN Create Order: Số điện thoại không hợp lệ (GHN",
      params: null,
    })
    expect(failureOf(new MedusaError(MedusaError.Types.NOT_ALLOWED, "order #12 is canceled"))).toEqual({ code: "not_allowed", message: "order #12 is canceled", params: null })
    expect(failureOf({ message: "plain" })).toEqual({ code: null, message: "plain", params: null })
  })

  it("words an order refused for its impossible figures by its reason", () => {
    const refused = new MedusaError(MedusaError.Types.NOT_ALLOWED, "order #12's figures in Medusa are impossible: its item item_1 is listed more than once", "order_figures")
    expect(failureOf(refused)).toEqual({ code: "order_figures", message: refused.message, params: { reason: "order_figures" } })
  })

  it("keeps a failure's stable reason and parameters for the admin's words, and GHN's own text", () => {
    const address = toMedusaError(
      new AddressResolutionError("no GHN ward matches \"Phường Không Có Thật\"", "ward", "address_not_found", [
        { model: "legacy", label: "Phường Phúc Xá, Quận Ba Đình, Hà Nội", province_id: 201, province_name: "Hà Nội" },
      ]),
      "GHN cannot deliver to the delivery address"
    )
    expect(failureOf(address)).toEqual({
      code: "address_not_found",
      message: expect.stringMatching(/^GHN cannot deliver to the delivery address: no GHN ward matches/),
      params: { reason: "address_not_found", part: "ward", candidates: ["Phường Phúc Xá, Quận Ba Đình, Hà Nội"] },
    })
    const refused = toMedusaError(new GhnApiError({ status: 400, code: 400, code_message: "PHONE_INVALID", code_message_value: "Số điện thoại không hợp lệ", ghn_message: "phone invalid" }), "GHN Create Order")
    expect(failureOf(refused)).toMatchObject({ code: "PHONE_INVALID", params: { ghn_text: "Số điện thoại không hợp lệ" } })
  })

  it("counts a run's orders per state and knows when it has finished", () => {
    const counts = runCounts([
      { status: "created", n: "3" },
      { status: "failed", n: 1 },
      { status: "queued", n: 2 },
    ])
    expect(counts).toEqual({ queued: 2, running: 0, created: 3, failed: 1, cancelled: 0 })
    expect(runFinished(counts)).toBe(false)
    expect(runFinished({ ...counts, queued: 0 })).toBe(true)
  })

  it("lets at most `limit` holders in at a time, the others in arrival order", async () => {
    const slots = new Semaphore(2)
    const order: number[] = []
    await slots.acquire()
    await slots.acquire()
    const third = slots.acquire().then(() => order.push(3))
    const fourth = slots.acquire().then(() => order.push(4))
    await Promise.resolve()
    expect(order).toEqual([])
    slots.release()
    await third
    expect(order).toEqual([3])
    slots.release()
    await fourth
    expect(order).toEqual([3, 4])
    expect(slots.inUse).toBe(2)
  })
})
