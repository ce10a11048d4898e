import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GhnApiError, type GhnUpdateOrderBody } from "../../lib/ghn"
import { adminError, toMedusaError } from "../../lib/runtime/medusa-error"
import { forbiddenUpdates } from "../../lib/parcel/update-rules"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

export type UpdateGhnOrderInput = {
  order_code: string
  changes: Record<string, unknown>
  /** The OTP GHN texts the account owner when cod_amount changes. */
  otp?: string
}

/**
 * Changes a GHN order within what its current status allows (checked against GHN's own status
 * first, so a refused change sends nothing); the caller refreshes the shipment. GHN has no undo.
 */
export const updateGhnOrderStep = createStep("update-ghn-order", async (input: UpdateGhnOrderInput, { container }) => {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  const [shipment] = await ghn.listGhnShipments({ order_code: input.order_code }, { select: ["order_code", "shop_id", "provider_id"] })
  if (!shipment) throw adminError(MedusaError.Types.NOT_FOUND, { code: "shipment_not_found", params: { order_code: input.order_code } })
  try {
    const { client } = ghn.accountOf(shipment.provider_id)
    const info = await client.orders.info(input.order_code, { shopId: shipment.shop_id })
    const fields = Object.keys(input.changes)
    const refused = forbiddenUpdates(info.status, fields)
    if (refused.length) {
      throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "update_not_allowed", params: { fields: refused.join(", "), status: info.status } })
    }
    const codChanges = "cod_amount" in input.changes && Number(input.changes.cod_amount) !== Number(info.cod_amount)
    await client.orders.update(
      { order_code: input.order_code, ...input.changes, ...(codChanges && input.otp ? { otp: input.otp } : {}) } as GhnUpdateOrderBody,
      { shopId: shipment.shop_id }
    )
  } catch (error) {
    const mapped = toMedusaError(error, "GHN Update Order")
    if (error instanceof GhnApiError && error.code_message === "OTP_NOT_VALID") {
      mapped.message += " (a COD change needs the OTP GHN sends by SMS to the account owner's phone: enter it and try again)"
    }
    throw mapped
  }
  return new StepResponse(input.order_code)
})
