import type { MedusaRequest } from "@medusajs/framework/http"
import { labelRoute } from "../../../lib/parcel/labels"
import { personName } from "../../../lib/parcel/order-body"
import type { QueryGraph } from "../../../lib/runtime/query-graph"
import { isBeforePickup } from "../../../lib/status/status"
import { ADMIN_UPDATE_FIELDS, REDELIVERABLE, RETURNABLE, canUpdateField } from "../../../lib/parcel/update-rules"
import type GhnModuleService from "../../../modules/ghn/service"
import type { GhnShipmentRow } from "../../../modules/ghn/types"
import { READ_RECEIVER } from "../../../policies/ghn"
import { holdsPolicy } from "../../utils"


/**
 * Shipments as the admin making the request sees them, with the callbacks of each that could not
 * be applied. The receiver's COD history in a parcel's COD check (`cod_risk`: the receiver's
 * phone and recent returns) is shown only to an admin holding `ghn_receiver:read`.
 */
export async function presentShipments(req: MedusaRequest, ghn: GhnModuleService, shipments: GhnShipmentRow[]) {
  const [failed, receiverHistory] = await Promise.all([ghn.failedCallbacksOf(shipments.map((s) => s.order_code)), holdsPolicy(req, READ_RECEIVER)])
  return shipments.map((s) => presentShipment(ghn, s, failed.get(s.order_code), receiverHistory))
}

type CodRisk = { phone?: string | null; recent_returns?: number | null } & Record<string, unknown>

/** A shipment as the admin shows it: links, the actions its GHN status allows, callbacks that failed. */
function presentShipment(ghn: GhnModuleService, shipment: GhnShipmentRow, failedCallbacks: { count: number; error: string } | undefined, receiverHistory: boolean) {
  const status = shipment.status
  const codRisk = shipment.cod_risk as CodRisk | null | undefined
  return {
    ...shipment,
    cod_risk: codRisk && !receiverHistory ? { ...codRisk, phone: null, recent_returns: null } : (codRisk ?? null),
    failed_callbacks: failedCallbacks ?? null,
    history: ((shipment.history as { events?: unknown[] } | null)?.events ?? []) as unknown[],
    tracking_url: ghn.accountOf(shipment.provider_id).client.trackingUrl(shipment.order_code),
    label_urls: {
      A5: labelRoute(shipment.order_code, "A5", ghn.options.backendUrl),
      "80x80": labelRoute(shipment.order_code, "80x80", ghn.options.backendUrl),
      "52x70": labelRoute(shipment.order_code, "52x70", ghn.options.backendUrl),
    },
    actions: {
      cancel: !shipment.is_return && isBeforePickup(status),
      redeliver: REDELIVERABLE.includes(status),
      return: RETURNABLE.includes(status),
      update: ADMIN_UPDATE_FIELDS.filter((f) => canUpdateField(status, f)),
    },
  }
}

type Address = { first_name?: string | null; last_name?: string | null; company?: string | null; phone?: string | null } | null
type LinkedRow = { id: string; order?: { id: string; display_id?: number | null; custom_display_id?: string | null; shipping_address?: Address } | null }

/** Each shipment's order number, receiver and receiver's phone, read through the shipment's link to its order. */
export async function withOrders<T extends { id: string }>(query: QueryGraph, rows: T[]) {
  const { data: linked } = rows.length
    ? await query.graph<LinkedRow>({
        entity: "ghn_shipment",
        fields: [
          "id",
          "order.id",
          "order.display_id",
          "order.custom_display_id",
          "order.shipping_address.first_name",
          "order.shipping_address.last_name",
          "order.shipping_address.company",
          "order.shipping_address.phone",
        ],
        filters: { id: rows.map((s) => s.id) },
      })
    : { data: [] as LinkedRow[] }
  const orderOf = new Map(linked.map((l) => [l.id, l.order]))
  return rows.map((s) => {
    const order = orderOf.get(s.id)
    return {
      ...s,
      order_number: order ? String(order.custom_display_id || order.display_id || "") || null : null,
      receiver: order?.shipping_address ? personName(order.shipping_address) || null : null,
      receiver_phone: order?.shipping_address?.phone || null,
    }
  })
}
