import { MedusaError } from "@medusajs/framework/utils"
import { adminAnswerOf, adminError, GhnServiceError, shopperError } from "../../runtime/medusa-error"
import { ADMIN_ERROR_CODES, type AdminError, adminMessage } from "../admin-errors"
import { ghnProviderIdOf } from "../../runtime/provider-id"

/** One refusal of each code, with parameters as the routes fill them. */
const EXAMPLES: AdminError[] = [
  { code: "run_not_found", params: { run_id: "ghnrun_1" } },
  { code: "run_nothing_to_retry", params: { run_id: "ghnrun_1" } },
  { code: "run_nothing_to_cancel", params: { run_id: "ghnrun_1", status: "completed" } },
  { code: "run_no_labels", params: { run_id: "ghnrun_1" } },
  { code: "run_no_door_check", params: { run_id: "ghnrun_1" } },
  { code: "run_no_orders", params: {} },
  { code: "run_too_many_orders", params: { count: 2400, max: 2000 } },
  { code: "run_orders_unknown", params: { orders: "order_1" } },
  { code: "run_orders_not_ready", params: { orders: "order_1, order_2" } },
  { code: "run_orders_in_other_run", params: { orders: "order_1 (run ghnrun_2)" } },
  { code: "run_shift_closed", params: { pick_shift: 3, open: "" } },
  { code: "shipment_not_found", params: { order_code: "GHN1" } },
  { code: "parcels_unknown", params: { codes: "GOTHER01, GOTHER02" } },
  { code: "parcels_cancelled", params: { codes: "GHN1", act: "print" } },
  { code: "cancel_refused", params: { order_code: "GHN1", status: "picked", ghn_text: "Đơn đã lấy" } },
  { code: "update_not_allowed", params: { fields: "cod_amount", status: "delivering" } },
  { code: "webhook_no_secret", params: {} },
  { code: "webhook_no_backend_url", params: {} },
  { code: "locations_unknown", params: { locations: "sloc_1" } },
  { code: "shops_not_of_account", params: { shops: "4242", account_shops: "190001, 190002" } },
  { code: "shops_not_active", params: { shops: "190003 (Kho 3, status 2)" } },
  { code: "provider_not_registered", params: {} },
  { code: "no_shipping_profile", params: {} },
  { code: "ghn_refused", params: { code: "ORDER_NOT_CANCEL", ghn_text: "Đơn hàng đã lấy, không thể huỷ" } },
  { code: "ghn_unavailable", params: { code: "TIMEOUT" } },
  { code: "ghn_connection", params: { code: "GHN_401" } },
  { code: "hold_orders_unknown", params: { orders: "order_1" } },
  { code: "variant_not_found", params: { variant_id: "variant_1" } },
  { code: "location_not_found", params: { location_id: "sloc_1" } },
  { code: "zone_not_of_location", params: { service_zone_id: "serzo_9", location: "Kho Hà Nội", zones: 'serzo_1 "Việt Nam"' } },
  { code: "zone_needed", params: { location: "Kho Hà Nội", count: 2, zones: 'serzo_1 "Bắc", serzo_2 "Nam"' } },
  { code: "provider_unknown", params: { provider_id: "ghn_nope", providers: ghnProviderIdOf("ghn") } },
  { code: "location_no_street", params: { location: "Kho Hà Nội" } },
  { code: "location_no_phone", params: { location: "Kho Hà Nội" } },
  { code: "location_unresolved", params: { location: "Kho Hà Nội", reason_vi: "Không tìm thấy phường.", reason_en: "no ward matches" } },
  { code: "ticket_not_found", params: { ticket_id: "42" } },
  { code: "unworded", params: { status: 409, type: "conflict", code: "conflict", detail: "another GHN order of this order is being made" } },
  { code: "invalid_request", params: { problems: [{ field: "to_phone", problem: "rule", rule: { rule: "phone" } }] } },
]

describe("the admin's refusals in its language", () => {
  it("words every code in Vietnamese and in English, differently, with every parameter in both", () => {
    expect(EXAMPLES.map((e) => e.code).sort()).toEqual([...ADMIN_ERROR_CODES].sort())
    expect(adminMessage({ code: "run_nothing_to_cancel", params: { run_id: "ghnrun_1", status: "completed" } }, "vi")).toBe("Lượt gửi hàng ghnrun_1 đã xong: không còn gì để huỷ.")
    for (const error of EXAMPLES) {
      const vi = adminMessage(error, "vi")
      const en = adminMessage(error, "en")
      expect([error.code, vi === en]).toEqual([error.code, false])
      for (const [name, value] of Object.entries(error.params)) {
        // Words, not values: a run's status ("completed": "đã xong"), what was asked ("print").
        // A reason given in each language is in that language's text only.
        if (name === "reason_vi") expect(vi.includes(String(value))).toBe(true)
        if (name === "reason_en") expect(en.includes(String(value))).toBe(true)
        if (value === "" || name === "act" || name === "problems" || name.startsWith("reason_") || (error.code === "unworded" && name !== "code") || (error.code === "run_nothing_to_cancel" && name === "status")) continue
        // An unworded refusal's English is Medusa's own text; its Vietnamese names the code.
        if (error.code === "unworded") expect(vi.includes(String(value))).toBe(true)
        else expect([error.code, vi.includes(String(value)), en.includes(String(value))]).toEqual([error.code, true, true])
      }
    }
  })

  it("keeps the English an API client reads: one order or several, one shop or several", () => {
    expect(adminMessage({ code: "run_orders_unknown", params: { orders: "order_unknown" } }, "en")).toBe("order_ids: order_unknown is not an order of this store; nothing was started")
    expect(adminMessage({ code: "run_orders_unknown", params: { orders: "order_a, order_b" } }, "en")).toMatch(/order_a, order_b are not orders of this store/)
    expect(adminMessage({ code: "shops_not_of_account", params: { shops: "4242", account_shops: "" } }, "en")).toBe(
      "locations[].shop_id: 4242 is not a shop of the GHN account (it has none); nothing was saved"
    )
    const error = adminError(MedusaError.Types.NOT_FOUND, { code: "shipment_not_found", params: { order_code: "NOPE999" } })
    expect([error.type, error.message, error.code]).toEqual([MedusaError.Types.NOT_FOUND, "No GHN shipment has order code NOPE999", "shipment_not_found"])
  })

  it("answers an admin call in the language it asks for: a coded refusal, GHN's own refusal, GHN not answering, a shopper's refusal; nothing without a language", () => {
    const coded = adminError(MedusaError.Types.NOT_ALLOWED, { code: "run_nothing_to_retry", params: { run_id: "ghnrun_9" } })
    expect(adminAnswerOf(coded, "vi-VN")).toEqual({ code: "run_nothing_to_retry", message: "Lượt gửi hàng ghnrun_9 không có đơn lỗi nào để thử lại.", params: { run_id: "ghnrun_9" } })
    expect(adminAnswerOf(coded, "en")?.message).toBe("shipping run ghnrun_9 has no failed order to retry")
    expect(adminAnswerOf(coded, undefined)).toBeUndefined()
    expect(adminAnswerOf(coded, "fr")).toBeUndefined()
    // A workflow copies an error's fields, not its class.
    expect(adminAnswerOf({ ...coded, message: coded.message }, "vi")?.code).toBe("run_nothing_to_retry")

    const refused = Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, "GHN Cancel Order: GHN refused", "ORDER_NOT_CANCEL"), { ghn_text: "Đơn hàng đã lấy" })
    expect(adminAnswerOf(refused, "vi")).toEqual({ code: "ghn_refused", message: "GHN từ chối (ORDER_NOT_CANCEL): Đơn hàng đã lấy", params: { code: "ORDER_NOT_CANCEL", ghn_text: "Đơn hàng đã lấy" } })
    expect(adminAnswerOf(new GhnServiceError("ghn_unavailable", "GHN Order Info: timeout", "TIMEOUT"), "en")?.message).toBe("GHN did not answer (TIMEOUT): try again in a moment")
    expect(adminAnswerOf(new GhnServiceError("ghn_connection", "GHN: 401", "GHN_401"), "vi")?.code).toBe("ghn_connection")

    const phone = shopperError(MedusaError.Types.INVALID_DATA, "phone: not Vietnamese", { code: "phone_not_vietnamese", params: { phone: "+1 555" } })
    expect(adminAnswerOf(phone, "vi")).toMatchObject({ code: "phone_not_vietnamese", params: { phone: "+1 555" } })
    expect(adminAnswerOf(phone, "vi")?.message).not.toMatch(/not Vietnamese/)
    expect(adminAnswerOf(new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid request: limit"), "vi")).toBeUndefined()
  })
})
