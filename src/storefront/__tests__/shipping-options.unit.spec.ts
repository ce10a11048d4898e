import { ghnProviderIdOf } from "../../lib/runtime/provider-id"
import { GhnStoreError, storeErrorBody, storeErrorOf, toGhnStoreError } from "../client"
import { ghnErrorMessage } from "../messages"
import { GHN_OPTION_MISFIT_CODES, GHN_OPTION_TELL_CODES, isGhnOption, partitionGhnOptions, usableGhnOptions } from "../shipping-options"
import { SHOPPER_ERROR_CODES } from "../../lib/checkout/shopper-errors"

const light = { id: "so_light", name: "GHN hàng nhẹ", provider_id: ghnProviderIdOf("ghn") }
const heavy = { id: "so_heavy", name: "GHN hàng nặng", provider_id: ghnProviderIdOf("ghn") }
const express = { id: "so_hn", name: "GHN (tài khoản Hà Nội)", provider_id: "ghn_hn" }
const manual = { id: "so_manual", name: "Giao tiêu chuẩn", provider_id: "manual_manual" }

/** A failed quote as each transport gives it: the kit's fetchTransport, a server action's plain body. */
const wrongService = storeErrorOf(400, { code: "parcel_wrong_service", message: "Một kiện dưới 20 kg là hàng nhẹ: hãy chọn GHN hàng nhẹ.", params: { service_type_id: 5, limit_g: 20000 } })
const tooHeavy = storeErrorBody(storeErrorOf(400, { code: "parcel_too_heavy", message: "Kiện hàng nặng 60 kg", params: { weight_g: 60000, limit_g: 50000 } }))
const tooLarge = { status: 400, code: "parcel_too_large", message: "side", params: { side_cm: 210, limit_cm: 200 } }
const noService = { status: 400, code: "no_ghn_service", message: "no service", params: { service_type_id: 2, ward: "Xã Đảo", area: "Huyện Đảo", offered: [] } }
const ambiguous = { status: 400, code: "address_ambiguous", message: "Địa chỉ có thể thuộc nhiều phường/xã", params: { part: "ward", candidates: [] } }

describe("partitionGhnOptions", () => {
  it("hides the GHN option a light cart does not fit (heavy goods), keeping the others in order", () => {
    const result = partitionGhnOptions([manual, light, heavy], { [heavy.id]: wrongService })
    expect(result.options).toEqual([manual, light])
    expect(result.hidden).toEqual([heavy])
    expect(result.reason).toBeUndefined()
    expect(usableGhnOptions([manual, light, heavy], { [heavy.id]: wrongService })).toEqual([manual, light])
  })

  it("hides every GHN option over GHN's limits and gives the most telling reason once none fits", () => {
    const errors = { [light.id]: { status: 400, code: "parcel_wrong_service", message: "light", params: { service_type_id: 2, limit_g: 20000 } }, [heavy.id]: tooHeavy }
    const result = partitionGhnOptions([light, heavy, manual], errors)
    expect(result.options).toEqual([manual])
    expect(result.hidden).toEqual([light, heavy])
    expect(result.reason).toBe(tooHeavy)
    expect(ghnErrorMessage(result.reason, "vi")).toBe("Kiện hàng nặng 60 kg, vượt mức 50 kg GHN nhận cho một đơn.")
    expect(ghnErrorMessage(result.reason, "en")).toBe("The parcel weighs 60 kg: GHN carries at most 50 kg per order.")
    // Over the size limit outranks a service GHN lacks, which outranks the wrong service.
    expect(partitionGhnOptions([light, heavy], { [light.id]: noService, [heavy.id]: tooLarge }).reason).toBe(tooLarge)
    expect(partitionGhnOptions([light, heavy], { [light.id]: noService, [heavy.id]: wrongService }).reason).toBe(noService)
  })

  it("hides the GHN service a ward lacks while another GHN option serves it", () => {
    const result = partitionGhnOptions([light, express], { [light.id]: noService })
    expect(result).toEqual({ options: [express], hidden: [light], reason: undefined })
  })

  it("keeps an option whose error asks the shopper to fix the address, or to try again, with its error", () => {
    const unavailable = new GhnStoreError("Giao hàng GHN tạm thời chưa sẵn sàng", 503, "ghn_unavailable", { code: "ghn_unavailable", params: {} })
    const result = partitionGhnOptions([light, heavy], { [light.id]: ambiguous, [heavy.id]: unavailable })
    expect(result).toEqual({ options: [light, heavy], hidden: [], reason: undefined })
    // A message without a code (js-sdk's FetchError) is told, not hidden.
    expect(partitionGhnOptions([light], { [light.id]: Object.assign(new Error("Bad request"), { status: 400 }) }).options).toEqual([light])
  })

  it("never hides an option not GHN's, nor one still being priced", () => {
    expect(partitionGhnOptions([manual, light], { [manual.id]: tooHeavy }).options).toEqual([manual, light])
    expect(partitionGhnOptions([light, heavy], {}).options).toEqual([light, heavy])
  })

  it("sorts every shopper code into hide or tell, but the completion's (never an option's quote)", () => {
    const sorted = [...GHN_OPTION_MISFIT_CODES, ...GHN_OPTION_TELL_CODES]
    expect(new Set(sorted).size).toBe(sorted.length)
    expect(SHOPPER_ERROR_CODES.filter((code) => !sorted.includes(code as never))).toEqual(["cod_not_offered", "phone_missing"])
  })

  it("knows a GHN option by its provider, whatever id the store registered it under", () => {
    expect([light, express, manual, { id: "x", provider_id: "ghn_" }, { id: "y" }].map(isGhnOption)).toEqual([true, true, false, false, false])
  })
})

describe("storeErrorBody", () => {
  it("turns a coded error into plain data a server action returns, and back", () => {
    const body = storeErrorBody(wrongService)
    expect(body).toEqual({ status: 400, code: "parcel_wrong_service", message: wrongService.message, params: { service_type_id: 5, limit_g: 20000 } })
    expect(JSON.parse(JSON.stringify(body))).toEqual(body)
    const again = toGhnStoreError(body)
    expect(again).toBeInstanceOf(GhnStoreError)
    expect(again.shopper).toEqual({ code: "parcel_wrong_service", params: { service_type_id: 5, limit_g: 20000 } })
    expect(ghnErrorMessage(body, "en")).toBe("A single parcel under 20 kg is light goods: choose GHN light goods.")
  })

  it("keeps js-sdk's status and message when there is no code", () => {
    expect(storeErrorBody(Object.assign(new Error("Không tìm thấy"), { status: 404 }))).toEqual({ status: 404, message: "Không tìm thấy" })
    expect(ghnErrorMessage("Lỗi máy chủ", "vi")).toBe("Lỗi máy chủ")
  })
})
