/**
 * Print Order: print token and label URLs.
 */
import { z } from "zod"
import { GHN_LIMITS, GHN_PATHS, LABEL_SIZES, type GhnLabelSize } from "./constants"
import { GhnInputError } from "./errors"
import type { GhnCallOptions, Transport } from "./transport"
import { reqStr, validateInput } from "./validation"

export const printTokenBodySchema = z.strictObject({
  // "Max 10,000 codes", and no minimum: an empty list is sent, and GHN's answer decides (as for Cancel Order).
  order_codes: z.array(reqStr()).max(GHN_LIMITS.print.maxOrderCodes),
  item_index: z.array(z.number().int().min(0)).optional(),
})
export type GhnPrintTokenBody = z.input<typeof printTokenBodySchema>

export function createPrintApi(t: Transport) {
  const labelUrl = (token: string, size: GhnLabelSize = "A5"): string => {
    const path = (LABEL_SIZES as Record<string, string>)[size]
    if (!path) {
      throw new GhnInputError("print.labelUrl", [
        { field: "size", value: size, limit: Object.keys(LABEL_SIZES), rule: "oneof", message: `size = ${JSON.stringify(size)} is not a label size: expected one of ${Object.keys(LABEL_SIZES).join(", ")}` },
      ])
    }
    if (typeof token !== "string" || token === "") {
      throw new GhnInputError("print.labelUrl", [
        { field: "token", value: token, limit: "required", rule: "required", message: "token (a print token from print.token()) is required" },
      ])
    }
    return `${t.baseUrl}${path}?token=${encodeURIComponent(token)}`
  }

  return {
    /**
     * Print Order: a print token for up to 10,000 orders (all-or-nothing: an unknown code
     * fails the whole request). The token lives about 30 minutes: mint one per print.
     */
    async token(body: GhnPrintTokenBody, call?: GhnCallOptions): Promise<string> {
      const json = validateInput("print.token", printTokenBodySchema, body)
      const data = await t.request({
        operation: "print.token",
        method: "POST",
        path: GHN_PATHS.printToken,
        json,
        shopId: "required",
        retry: "safe",
        data: z.looseObject({ token: z.string().min(1) }),
        call,
      })
      return data.token
    },

    /** The label page (HTML) of a print token, on the client's base URL. */
    labelUrl,

    /** The three label URLs of a print token. */
    labelUrls(token: string): Record<GhnLabelSize, string> {
      return { A5: labelUrl(token, "A5"), "80x80": labelUrl(token, "80x80"), "52x70": labelUrl(token, "52x70") }
    },
  }
}
export type GhnPrintApi = ReturnType<typeof createPrintApi>
