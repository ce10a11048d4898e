import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { QueryGraph } from "../../lib/runtime/query-graph"
import { normalizeVnPhone } from "../../lib/address/phone"
import { receiverOutcomeOf } from "../../lib/cod/receiver-risk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { HistoryEntry } from "../utils/shipment-update"
import type { Applied } from "./apply-ghn-event"

/**
 * An order's COD parcel at its end (delivered, returned) is in its receiver's history, by the phone
 * of the order's shipping address, once. Decided from the parcel's state, not from this run's move:
 * a run stopped after the shipment reached its end (a restart, a kill) is completed by the next
 * application of its callbacks (a repeat inserts nothing). Undone: the row it added is removed.
 */
export const recordReceiverOutcomeStep = createStep(
  "record-receiver-outcome",
  async (applied: Applied, { container }) => {
    if (!applied.found || applied.is_return || !applied.order_id || !applied.shipment_id) return new StepResponse(null, null)
    if (applied.status !== "delivered" && applied.status !== "returned") return new StepResponse(null, null)
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const [shipment] = await ghn.listGhnShipments(
      { id: applied.shipment_id },
      { select: ["id", "order_code", "order_id", "status", "status_at", "cod_amount", "cod_expected", "history", "delivery_attempts"] }
    )
    const cod = shipment ? (shipment.cod_expected ?? shipment.cod_amount) : 0
    if (!shipment || cod <= 0) return new StepResponse(null, null)
    const history = (shipment.history as { events?: HistoryEntry[] } | null)?.events ?? []
    const outcome = receiverOutcomeOf(shipment.status, history.filter((h) => h.status === "delivery_fail" && !h.not_applied).map((h) => h.reason_code))
    if (!outcome) return new StepResponse(null, null)
    const { data } = await container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY).graph<{ id: string; shipping_address?: { phone?: string | null } | null }>({
      entity: "order",
      fields: ["id", "shipping_address.phone"],
      filters: { id: applied.order_id },
    })
    const phone = normalizeVnPhone(data[0]?.shipping_address?.phone)
    if (!phone) return new StepResponse(null, null)
    const id = await ghn.recordReceiverOutcome({
      phone,
      order_code: shipment.order_code,
      order_id: shipment.order_id,
      outcome,
      cod_amount: cod,
      failed_attempts: shipment.delivery_attempts ?? 0,
      at: shipment.status_at ? new Date(shipment.status_at) : new Date(),
    })
    return new StepResponse(id, id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<GhnModuleService>(GHN_MODULE).deleteGhnReceiverOutcomes(id)
  }
)
