import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { GHN_CONTEXT_KEY } from "../../../lib/fulfillment-context"
import { GHN_MODULE } from "../../../modules/ghn"
import type GhnModuleService from "../../../modules/ghn/service"
import { ghnOrderLockKey, prepareGhnFulfillment } from "../../../workflows/steps/prepare-ghn-fulfillment"

type FulfillmentBody = { items?: { id: string; quantity: number }[]; location_id?: string; shipping_option_id?: string; additional_data?: Record<string, unknown> }

/**
 * Medusa's fulfilment route (`POST /admin/orders/:id/fulfillments`) runs Medusa's workflow
 * directly: this middleware prepares a GHN fulfilment first (see prepareGhnFulfillment: product
 * measures, sender, COD, the Create Order intent in PostgreSQL) and hands it to the provider as
 * `additional_data.ghn`. The order's lock is held until Medusa has answered, so two fulfilments
 * of one order, on any instance, are prepared and created one after the other.
 */
export async function addGhnFulfillmentContext(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    await req.scope.resolve(Modules.LOCKING).execute(
      ghnOrderLockKey(req.params.id),
      () =>
        new Promise<void>((resolve) => {
          res.once("finish", resolve)
          res.once("close", resolve)
          prepare(req, res).then(
            () => next(),
            (error) => (resolve(), next(error))
          )
        }),
      { timeout: 60, expire: 120 }
    )
  } catch (error) {
    if (!res.headersSent) next(error)
  }
}

async function prepare(req: MedusaRequest, res: MedusaResponse) {
  const body = (req.body ?? {}) as FulfillmentBody
  // A caller's own `ghn` context is never taken for the plugin's.
  if (body.additional_data) delete body.additional_data[GHN_CONTEXT_KEY]
  const prepared = await prepareGhnFulfillment(req.scope, {
    order_id: req.params.id,
    items: Array.isArray(body.items) ? body.items : [],
    location_id: body.location_id,
    shipping_option_id: body.shipping_option_id,
  })
  if (!prepared) return
  // Before or after Medusa's own body validation, whichever runs first.
  for (const target of [req.body as FulfillmentBody | undefined, req.validatedBody as FulfillmentBody | undefined]) {
    if (target && typeof target === "object") target.additional_data = { ...(target.additional_data ?? {}), [GHN_CONTEXT_KEY]: prepared.context }
  }
  if (prepared.reused) return
  // A new intent refused for certain (a 4xx: bad input, GHN said no, nothing was made) is no
  // orphan for the next try; a 5xx may hide a GHN order whose answer was lost: it stays pending.
  res.once("finish", () => {
    if (res.statusCode < 400 || res.statusCode >= 500) return
    const ghn = req.scope.resolve<GhnModuleService>(GHN_MODULE)
    ghn
      .listGhnCreateIntents({ client_order_code: prepared.context.client_order_code, status: "pending" }, { select: ["id"] })
      .then(([intent]) => intent && ghn.updateGhnCreateIntents({ id: intent.id, status: "abandoned", note: `refused (${res.statusCode}) before GHN made an order` }))
      .catch(() => undefined)
  })
}
