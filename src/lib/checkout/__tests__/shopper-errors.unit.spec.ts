import { MedusaError } from "@medusajs/framework/utils"
import { AddressResolutionError } from "../../address/address-resolver"
import { GhnApiError } from "../../ghn"
import { checkoutPhoneOf, shopperAnswerOf, shopperError, shopperErrorOf, toMedusaError } from "../../runtime/medusa-error"
import { ParcelError } from "../../parcel/parcel"
import { shopperLocaleOf, shopperMessage } from "../shopper-errors"

describe("shopperLocaleOf", () => {
  it.each([
    [undefined, undefined, "vi"],
    ["", undefined, "vi"],
    ["fr-FR,fr;q=0.9", undefined, "vi"],
    ["en-US,en;q=0.9", undefined, "en"],
    ["vi-VN,vi;q=0.9,en;q=0.8", undefined, "vi"],
    ["fr;q=1, en;q=0.5, vi;q=0.7", undefined, "vi"],
    ["en;q=0", undefined, "vi"],
    ["vi", "en-US", "en"],
  ])("Accept-Language %j, x-medusa-locale %j -> %s", (accept, medusa, locale) => {
    expect(shopperLocaleOf(accept, medusa)).toBe(locale)
  })
})

describe("shopper errors through the one mapping (toMedusaError)", () => {
  const candidate = { model: "legacy" as const, label: "Phường 1, Quận 3, Hồ Chí Minh", province_id: 202, province_name: "Hồ Chí Minh", district_id: 1444, ward_code: "20301" }

  it("keeps an address resolution's code, part and candidates, and the plugin's English message", () => {
    const mapped = toMedusaError(new AddressResolutionError("the ward is ambiguous", "ward", "address_ambiguous", [candidate]), "GHN cannot deliver to the shipping address")
    expect(mapped.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(mapped.code).toBe("address_ambiguous")
    expect(shopperErrorOf(mapped)).toEqual({ code: "address_ambiguous", params: { part: "ward", candidates: [candidate] } })
    expect(shopperAnswerOf(mapped, { acceptLanguage: "en" })?.message).toBe("GHN cannot deliver to the shipping address: the ward is ambiguous")
    expect(shopperAnswerOf(mapped, {})?.message).toBe("Địa chỉ có thể thuộc nhiều phường/xã: Phường 1, Quận 3, Hồ Chí Minh. Vui lòng chọn một.")
  })

  it("codes a parcel over GHN's limits, not a product without a weight (the store's to fix)", () => {
    expect(shopperErrorOf(toMedusaError(new ParcelError("too heavy", "weight", 60000, 50000)))).toEqual({ code: "parcel_too_heavy", params: { weight_g: 60000, limit_g: 50000 } })
    expect(shopperErrorOf(toMedusaError(new ParcelError("too long", "length", 250, 200)))).toEqual({ code: "parcel_too_large", params: { side_cm: 250, limit_cm: 200 } })
    expect(shopperErrorOf(toMedusaError(new ParcelError("heavy", "service_type_id", 2, 20000)))).toEqual({ code: "parcel_wrong_service", params: { service_type_id: 2, limit_g: 20000 } })
    expect(shopperErrorOf(toMedusaError(new ParcelError("no weight", "weight", undefined)))).toBeUndefined()
    expect(shopperMessage({ code: "parcel_too_heavy", params: { weight_g: 60000, limit_g: 50000 } }, "vi")).toBe("Kiện hàng nặng 60 kg, vượt mức 50 kg GHN nhận cho một đơn.")
  })

  it("answers GHN being down by its kind, in the shopper's language", () => {
    const down = toMedusaError(new GhnApiError({ operation: "fees.calculate", status: 503, ghn_message: "busy", retryable: true }))
    expect(shopperAnswerOf(down, {})).toMatchObject({ code: "ghn_unavailable", message: "Giao hàng GHN tạm thời chưa sẵn sàng: vui lòng thử lại sau giây lát." })
    expect(shopperAnswerOf(down, { acceptLanguage: "en" })?.message).toMatch(/try again/)
  })

  it("survives a workflow copying the error's fields onto a plain object", () => {
    const error = shopperError(MedusaError.Types.INVALID_DATA, "GHN has no light goods service", {
      code: "no_ghn_service", params: { service_type_id: 2, ward: "Xã Cô Tô", area: "Huyện Cô Tô", offered: [] },
    })
    const copied = JSON.parse(JSON.stringify({ ...error, message: error.message }))
    expect(shopperAnswerOf(copied, {})?.message).toBe("GHN chưa có dịch vụ hàng nhẹ giao đến Xã Cô Tô, Huyện Cô Tô.")
    expect(shopperErrorOf(new MedusaError(MedusaError.Types.INVALID_DATA, "GHN quotes in VND"))).toBeUndefined()
  })
})

describe("the receiver's phone at checkout (checkoutPhoneOf)", () => {
  it("reads a phone by the one rule, and leaves a missing one to the address form while a method is chosen", () => {
    expect(checkoutPhoneOf("+84 0912 345 678")).toBe("0912345678")
    expect(checkoutPhoneOf(undefined)).toBeUndefined()
    expect(checkoutPhoneOf("  ")).toBeUndefined()
  })

  it("refuses a missing phone when the cart is completed (phone_missing), in the shopper's language", () => {
    for (const written of [undefined, null, "", "   "]) {
      const refusal = (() => {
        try {
          checkoutPhoneOf(written, { required: true })
        } catch (error) {
          return error
        }
      })()
      expect(shopperErrorOf(refusal)).toEqual({ code: "phone_missing", params: {} })
      expect(shopperAnswerOf(refusal, { acceptLanguage: "en" })?.message).toMatch(/^shipping_address\.phone is required: GHN delivers only with the receiver's phone, a Vietnamese mobile/)
      expect(shopperAnswerOf(refusal, {})?.message).toBe("Vui lòng nhập số điện thoại người nhận: GHN cần số điện thoại (như 0901234567) để giao hàng.")
    }
    expect(checkoutPhoneOf("0912345678", { required: true })).toBe("0912345678")
    expect(() => checkoutPhoneOf("+1 415 555 0100", { required: true })).toThrow(/is not a phone GHN delivers to/)
  })

  it("bounds the phone before the rule reads it, and quotes at most a short excerpt of one it refuses", () => {
    const refusalOf = (written: string) => {
      try {
        checkoutPhoneOf(written, { required: true })
      } catch (error) {
        return error
      }
    }
    // 95,000 spaces then a letter (issue 39): refused by its length, the text never echoed
    const long = refusalOf(" ".repeat(95_000) + "a")
    expect(shopperErrorOf(long)).toEqual({ code: "field_too_long", params: { field: "shipping_address.phone", limit: 64 } })
    expect(JSON.stringify(shopperAnswerOf(long, { acceptLanguage: "en" })).length).toBeLessThan(300)
    // one within the limit but not a phone: its message and parameters quote at most 40 characters
    const wrong = refusalOf("abc ".repeat(16))
    expect(shopperErrorOf(wrong)).toEqual({ code: "phone_not_vietnamese", params: { phone: `${"abc ".repeat(10)}… (64 characters)` } })
    expect((wrong as Error).message).toContain(`"${"abc ".repeat(10)}… (64 characters)"`)
  })
})
