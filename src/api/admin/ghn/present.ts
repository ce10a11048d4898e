import { labelRoute } from "../../../lib/labels"
import { isBeforePickup } from "../../../lib/status"
import { REDELIVERABLE, RETURNABLE, canUpdateField } from "../../../lib/update-rules"
import type GhnModuleService from "../../../modules/ghn/service"
import type { GhnShipmentRow } from "../../../modules/ghn/types"


/** Shipments as the admin shows them, with the callbacks of each that could not be applied. */
export async function presentShipments(ghn: GhnModuleService, shipments: GhnShipmentRow[]) {
  const failed = await ghn.failedCallbacksOf(shipments.map((s) => s.order_code))
  return shipments.map((s) => presentShipment(ghn, s, failed.get(s.order_code)))
}

/** A shipment as the admin shows it: links, the actions its GHN status allows, callbacks that failed. */
function presentShipment(ghn: GhnModuleService, shipment: GhnShipmentRow, failedCallbacks?: { count: number; error: string }) {
  const status = shipment.status
  return {
    ...shipment,
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
      update: ["note", "required_note", "to_name", "to_phone", "to_address", "cod_amount"].filter((f) => canUpdateField(status, f)),
    },
  }
}
