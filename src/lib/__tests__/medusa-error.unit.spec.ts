import { MedusaError } from "@medusajs/framework/utils"
import { GhnApiError, GhnInputError, GhnNetworkError } from "../ghn"
import { toMedusaError } from "../medusa-error"
import { ParcelError } from "../parcel"

const api = (status: number, code_message?: string) =>
  new GhnApiError({ operation: "orders.create", status, code: status, code_message, ghn_message: "text from GHN", retryable: status >= 500 })

describe("toMedusaError", () => {
  it.each([
    [api(400, "USER_ERR_COMMON"), MedusaError.Types.INVALID_DATA],
    [api(400, "CLIENT_NOT_OWNER_OF_SHOP"), MedusaError.Types.NOT_ALLOWED],
    [api(403), MedusaError.Types.NOT_ALLOWED],
    [api(401), MedusaError.Types.UNAUTHORIZED],
    [api(500, "SERVER_ERROR_COMMON"), MedusaError.Types.UNEXPECTED_STATE],
    [api(404), MedusaError.Types.NOT_FOUND],
  ])("maps %s", (error, type) => {
    const mapped = toMedusaError(error, "GHN Create Order")
    expect(mapped).toBeInstanceOf(MedusaError)
    expect(mapped.type).toBe(type)
    expect(mapped.message).toContain("GHN Create Order: ")
    expect(mapped.message).toContain("text from GHN")
    if (error.code_message) expect(mapped.message).toContain(error.code_message)
  })

  it("maps input, parcel and network errors", () => {
    const input = new GhnInputError("fees.calculate", [
      { field: "weight", value: 0, limit: 1, rule: "min", message: "weight = 0 is below the minimum of 1 g" },
    ])
    expect(toMedusaError(input).type).toBe(MedusaError.Types.INVALID_DATA)
    expect(toMedusaError(new ParcelError("too heavy", "weight")).type).toBe(MedusaError.Types.INVALID_DATA)
    const network = new GhnNetworkError("GHN fees.calculate timed out after 100 ms", { operation: "fees.calculate", timeout: true } as any)
    expect(toMedusaError(network).type).toBe(MedusaError.Types.UNEXPECTED_STATE)
  })
})
