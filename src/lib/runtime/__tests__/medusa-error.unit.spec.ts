import { MedusaError } from "@medusajs/framework/utils"
import { GhnApiError, GhnInputError, GhnNetworkError } from "../../ghn"
import { GHN_CONNECTION, GHN_UNAVAILABLE, ghnServiceFailureOf, toMedusaError } from "../medusa-error"
import { ParcelError } from "../../parcel/parcel"

const api = (status: number, code_message?: string) =>
  new GhnApiError({ operation: "orders.create", status, code: status, code_message, ghn_message: "text from GHN", retryable: status >= 500 })

describe("toMedusaError", () => {
  it.each([
    [api(400, "USER_ERR_COMMON"), MedusaError.Types.INVALID_DATA],
    [api(400, "CLIENT_NOT_OWNER_OF_SHOP"), MedusaError.Types.NOT_ALLOWED],
    [api(403), MedusaError.Types.UNEXPECTED_STATE],
    [api(401), MedusaError.Types.UNEXPECTED_STATE],
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
    expect(ghnServiceFailureOf(toMedusaError(network))).toMatchObject({ kind: GHN_UNAVAILABLE, code: "TIMEOUT" })
  })

  it("marks GHN down, overloaded or refusing the token as a GHN failure (502/503), keeping GHN's code and its Retry-After", () => {
    expect(ghnServiceFailureOf(toMedusaError(api(503, "SERVER_ERROR_COMMON")))).toMatchObject({ kind: GHN_UNAVAILABLE, code: "SERVER_ERROR_COMMON" })
    const busy = new GhnApiError({ operation: "fees.calculate", status: 429, ghn_message: "slow down", retryable: true, retryAfterMs: 2500 })
    expect(ghnServiceFailureOf(toMedusaError(busy))).toMatchObject({ kind: GHN_UNAVAILABLE, code: "GHN_429", retryAfterSeconds: 3 })
    expect(ghnServiceFailureOf(toMedusaError(api(401)))).toMatchObject({ kind: GHN_CONNECTION, code: "GHN_401", message: expect.stringMatching(/Check the GHN connection/) })
    expect(ghnServiceFailureOf(toMedusaError(api(400, "USER_ERR_COMMON")))).toBeUndefined()
    // A permission GHN refuses is the admin's to fix, not a broken connection.
    expect(ghnServiceFailureOf(toMedusaError(api(400, "PERMISSION_DENIED_EDIT_COD")))).toBeUndefined()
  })
})
