import { MedusaError } from "@medusajs/framework/utils"
import { handoverCsv, handoverGroups, handoverHtml } from "../../parcel/handover"
import { failureOf, runCounts, runFinished, Semaphore } from "../shipping-run"

describe("shipping runs", () => {
  it("keeps a failure's code and text, never a host", () => {
    expect(failureOf(new MedusaError(MedusaError.Types.INVALID_DATA, "GHN Create Order: Số điện thoại không hợp lệ (https://dev-online-gateway.ghn.vn/x)", "PHONE_INVALID"))).toEqual({
      code: "PHONE_INVALID",
      message: "GHN Create Order: Số điện thoại không hợp lệ (GHN",
    })
    expect(failureOf(new MedusaError(MedusaError.Types.NOT_ALLOWED, "order #12 is canceled"))).toEqual({ code: "not_allowed", message: "order #12 is canceled" })
    expect(failureOf({ message: "plain" })).toEqual({ code: null, message: "plain" })
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

describe("handover list", () => {
  const parcels = [
    { shop_id: 1, order_code: "LA1", client_order_code: "1001-1", order_number: "1001", cod_amount: 250000 },
    { shop_id: 2, order_code: "LB1", client_order_code: "1002-1", order_number: "1002", cod_amount: 0 },
    { shop_id: 1, order_code: "LA2", client_order_code: "1003-1", order_number: "1003", cod_amount: 100000 },
  ]

  it("groups the parcels by pickup shop with their count and COD total", () => {
    expect(handoverGroups(parcels).map((g) => [g.shop_id, g.count, g.cod_total, g.parcels.map((p) => p.order_code)])).toEqual([
      [1, 2, 350000, ["LA1", "LA2"]],
      [2, 1, 0, ["LB1"]],
    ])
  })

  it("writes the CSV a line per parcel and a total per shop", () => {
    expect(handoverCsv(parcels).replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "shop_id,order_code,client_order_code,order_number,cod_amount",
      "1,LA1,1001-1,1001,250000",
      "1,LA2,1003-1,1003,100000",
      "1,TOTAL 2 parcels,,,350000",
      "2,LB1,1002-1,1002,0",
      "2,TOTAL 1 parcels,,,0",
      "",
    ])
  })

  it("escapes what it prints", () => {
    const html = handoverHtml([{ ...parcels[0], order_number: "<b>x</b>" }], { id: "ghnrun_1", created_at: "2026-11-26T01:00:00Z" })
    expect(html).toContain("#&lt;b&gt;x&lt;/b&gt;")
    expect(html).not.toContain("<b>x</b>")
  })
})
