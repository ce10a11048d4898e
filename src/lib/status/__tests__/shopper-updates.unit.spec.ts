import { notificationChannels } from "../../../workflows/steps/build-ghn-shopper-notifications"
import { languageOf } from "../../checkout/shopper-errors"
import { parcelUpdateMessage, shopperUpdateKey, shopperUpdateOf } from "../shopper-updates"

describe("shopper updates", () => {
  it("tells the moments a shopper acts on, and the first move past pickup only once", () => {
    expect(shopperUpdateOf("picked", true)).toBe("shipped")
    expect(shopperUpdateOf("storing", true)).toBe("shipped")
    expect(shopperUpdateOf("transporting", false)).toBeNull()
    expect(shopperUpdateOf("delivering", false)).toBe("out_for_delivery")
    expect(shopperUpdateOf("money_collect_delivering", false)).toBe("out_for_delivery")
    expect(shopperUpdateOf("delivery_fail", false)).toBe("delivery_failed")
    expect(shopperUpdateOf("delivered", false)).toBe("delivered")
    expect(shopperUpdateOf("returned", false)).toBe("returned")
    for (const quiet of ["ready_to_pick", "picking", "cancel", "waiting_to_return", "return", "lost", "scrap"]) expect(shopperUpdateOf(quiet, true)).toBeNull()
  })

  it("keys a notification by parcel, moment and channel; a new delivery attempt is news again", () => {
    const base = { order_code: "LB7XK9", delivery_attempts: 0 }
    expect(shopperUpdateKey({ ...base, update: "shipped" }, "email")).toBe("ghn:LB7XK9:shipped:email")
    expect(shopperUpdateKey({ ...base, update: "out_for_delivery" }, "email")).not.toBe(shopperUpdateKey({ ...base, delivery_attempts: 1, update: "out_for_delivery" }, "email"))
    expect(shopperUpdateKey({ ...base, update: "delivered" }, "sms")).toBe("ghn:LB7XK9:delivered:sms")
    expect(shopperUpdateKey({ ...base, delivery_attempts: 3, update: "delivered" }, "sms")).toBe("ghn:LB7XK9:delivered:sms")
  })

  it("dates GHN's expected delivery on its Vietnamese day, whichever end-of-day form GHN wrote", () => {
    const m = { update: "shipped" as const, locale: "en" as const, order_number: 1, order_code: "LB7XK9", tracking_url: "https://t", cod_amount: 0, reason: null, shop_name: "Shop" }
    const older = parcelUpdateMessage({ ...m, expected_delivery: "2024-03-14T23:59:59Z" }).text
    const newer = parcelUpdateMessage({ ...m, expected_delivery: "2024-03-14T16:59:59Z" }).text
    expect(older).toContain("14 March")
    expect(older).toBe(newer)
    expect(parcelUpdateMessage({ ...m, expected_delivery: "0001-01-01T00:00:00Z" }).text).not.toMatch(/January/)
  })

  it("writes in the order's language when it is one the plugin writes", () => {
    expect(languageOf("vi-VN")).toBe("vi")
    expect(languageOf("en_US")).toBe("en")
    expect(languageOf("fr-FR")).toBeUndefined()
    expect(languageOf(null)).toBeUndefined()
    expect(languageOf("")).toBeUndefined()
  })

  it("asks for cash only when the parcel collects some, and dates the expected delivery in Vietnam's time", () => {
    const m = { locale: "en" as const, order_number: 1042, order_code: "LB7XK9", tracking_url: "https://donhang.ghn.vn/?order_code=LB7XK9", reason: null, shop_name: "Shop" }
    expect(parcelUpdateMessage({ ...m, update: "out_for_delivery", cod_amount: 0, expected_delivery: null }).text).toContain("nothing to pay on delivery")
    expect(parcelUpdateMessage({ ...m, update: "out_for_delivery", cod_amount: 350_000, expected_delivery: null }).text).toContain("350,000 ₫ in cash")
    // 17:30 UTC is already the next day in Hồ Chí Minh City.
    const shipped = parcelUpdateMessage({ ...m, locale: "vi", update: "shipped", cod_amount: 0, expected_delivery: "2026-11-26T17:30:00Z" })
    expect(shipped.text).toContain("27 tháng 11")
    expect(shipped.text).not.toContain("thanh toán khi nhận")
    expect(parcelUpdateMessage({ ...m, update: "delivery_failed", cod_amount: 0, expected_delivery: null, reason: "Người nhận hẹn lại ngày giao" }).text).toContain(": Người nhận hẹn lại ngày giao")
  })

  it("knows which channels the store's Notification Module serves", () => {
    expect(notificationChannels({ modules: {} }).size).toBe(0)
    const modules = { notification: { resolve: "@medusajs/medusa/notification", options: { providers: [{ options: { channels: ["email", "feed"] } }, { options: { channels: ["sms"] } }] } } }
    expect([...notificationChannels({ modules } as never)].sort()).toEqual(["email", "feed", "sms"])
    expect(notificationChannels({ modules: { notification: true } } as never).size).toBe(0)
  })
})
