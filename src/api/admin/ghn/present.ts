import { labelRoute } from "../../../lib/labels"
import { REDELIVERABLE, RETURNABLE, canUpdateField } from "../../../lib/update-rules"
import type GhnModuleService from "../../../modules/ghn/service"

const CANCELLABLE = ["ready_to_pick", "picking", "money_collect_picking"]

/** A shipment as the admin shows it: links, and the actions its GHN status allows. */
export function presentShipment(ghn: GhnModuleService, shipment: Record<string, any>) {
  const status = shipment.status as string
  return {
    ...shipment,
    history: (shipment.history?.events ?? []) as unknown[],
    tracking_url: ghn.client.trackingUrl(shipment.order_code),
    label_urls: {
      A5: labelRoute(shipment.order_code, "A5", ghn.options.backendUrl),
      "80x80": labelRoute(shipment.order_code, "80x80", ghn.options.backendUrl),
      "52x70": labelRoute(shipment.order_code, "52x70", ghn.options.backendUrl),
    },
    actions: {
      cancel: !shipment.is_return && CANCELLABLE.includes(status),
      redeliver: REDELIVERABLE.includes(status),
      return: RETURNABLE.includes(status),
      update: ["note", "required_note", "to_name", "to_phone", "to_address", "cod_amount"].filter((f) => canUpdateField(status, f)),
    },
  }
}
