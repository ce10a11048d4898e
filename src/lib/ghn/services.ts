/**
 * Get Service: delivery services available for a route.
 */
import { z } from "zod"
import { GHN_PATHS } from "./constants"
import { GhnApiError } from "./errors"
import type { GhnCallOptions, Transport } from "./transport"
import { int, list, optInt, textOr } from "./response"
import { posInt, validateInput } from "./validation"

/** Body of Get Service. shop_id (a body field, distinct from the ShopId header) defaults to the client's shopId. */
export const availableServicesBodySchema = z.strictObject({
  shop_id: posInt(),
  from_district: posInt(),
  to_district: posInt(),
})
export type GhnAvailableServicesBody = Omit<z.input<typeof availableServicesBodySchema>, "shop_id"> & { shop_id?: number }

/** A delivery service. service_id is reference only (spec) and GHN may omit it. */
export const serviceSchema = z.looseObject({
  service_id: optInt(),
  short_name: textOr(),
  service_type_id: int(),
})
export type GhnService = z.output<typeof serviceSchema>

export function createServicesApi(t: Transport) {
  return {
    /**
     * Get Service. An unknown shop_id gets HTTP 200 with an empty body from GHN: thrown as
     * GhnApiError with code_message "SHOP_NOT_FOUND". Retried on transient failures.
     */
    async available(body: GhnAvailableServicesBody, call?: GhnCallOptions): Promise<GhnService[]> {
      const json = validateInput("services.available", availableServicesBodySchema, {
        ...body,
        shop_id: body.shop_id ?? call?.shopId ?? t.shopId,
      })
      return t.request({
        operation: "services.available",
        method: "POST",
        path: GHN_PATHS.availableServices,
        json,
        shopId: "required",
        retry: "safe",
        data: list(serviceSchema),
        onEmptyBody: (status) =>
          new GhnApiError({
            operation: "services.available",
            status,
            code_message: "SHOP_NOT_FOUND",
            ghn_message: `shop_id ${json.shop_id} was not found (GHN answered HTTP ${status} with an empty body)`,
            retryable: false,
          }),
        call,
      })
    },
  }
}
export type GhnServicesApi = ReturnType<typeof createServicesApi>
