import { parcelTracking, trackingStepOf } from "../parcel-tracking"

describe("a parcel as the shopper reads it", () => {
  const shipment = {
    order_code: "LB7XK9",
    status: "delivery_fail",
    status_reason: "Không liên lạc được với người nhận",
    cod_amount: 350_000,
    expected_delivery_time: "2026-11-27T10:00:00.000Z",
    history: {
      events: [
        { status: "storing", time: "2026-11-25T09:00:00Z" },
        { status: "ready_to_pick", time: "2026-11-24T08:00:00Z" },
        { status: "picked", time: "2026-11-24T15:00:00Z" },
        { status: "transporting", time: "2026-11-25T12:00:00Z" },
        { status: "delivering", time: "2026-11-26T08:00:00Z" },
        { status: "cancel", time: "2026-11-26T08:30:00Z", not_applied: "cancel_after_pickup" },
        { status: "delivery_fail", time: "2026-11-26T11:00:00Z", reason: "Không liên lạc được với người nhận" },
        { status: null, time: "2026-11-26T11:05:00Z" },
      ],
    },
  }

  it("gives GHN's expected delivery on its Vietnamese day in either end-of-day form, none for Go's zero time", () => {
    const url = "https://donhang.ghn.vn/?order_code=LB7XK9"
    expect(parcelTracking({ ...shipment, expected_delivery_time: "2024-03-14T23:59:59Z" }, "en", url).expected_delivery).toBe("2024-03-14T16:59:59.000Z")
    expect(parcelTracking({ ...shipment, expected_delivery_time: "2024-03-14T16:59:59Z" }, "en", url).expected_delivery).toBe("2024-03-14T16:59:59.000Z")
    expect(parcelTracking({ ...shipment, expected_delivery_time: "0001-01-01T00:00:00Z" }, "en", url).expected_delivery).toBeNull()
  })

  it("folds GHN's statuses into the shopper's steps, oldest first, hops within a step as one, refused moves left out", () => {
    const t = parcelTracking(shipment, "en", "https://donhang.ghn.vn/?order_code=LB7XK9")
    expect(t.timeline.map((e) => e.step)).toEqual(["awaiting_pickup", "picked_up", "in_transit", "out_for_delivery", "delivery_failed"])
    expect(t.timeline.at(-1)).toEqual({ step: "delivery_failed", label: "Delivery attempt failed", at: "2026-11-26T11:00:00.000Z", reason: "Không liên lạc được với người nhận" })
    expect(t).toEqual(expect.objectContaining({ step: "delivery_failed", reason: "Không liên lạc được với người nhận", cod_amount: 350_000, expected_delivery: "2026-11-27T10:00:00.000Z" }))
    expect(parcelTracking(shipment, "vi", "u").label).toBe("Giao hàng không thành công")
  })

  it("asks no cash and gives no date once the parcel is delivered, returned or cancelled", () => {
    for (const status of ["delivered", "returned", "cancel", "return"]) {
      const t = parcelTracking({ ...shipment, status }, "vi", "u")
      expect([status, t.cod_amount, t.expected_delivery]).toEqual([status, 0, null])
    }
    expect(trackingStepOf("scrap")).toBe("in_transit")
  })
})
