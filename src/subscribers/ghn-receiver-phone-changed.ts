import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { normalizeVnPhone } from "../lib/address/phone"
import type { QueryGraph } from "../lib/runtime/query-graph"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"

/**
 * An order was updated in the admin (its shipping address among others): the codRisk check runs
 * again for its COD shipments GHN has not picked up yet, on the phone now on the order (the one phone
 * rule), and each shipment records the outcome (`cod_risk`, shown on the order's GHN panel); a shipment
 * that codRisk would now refuse is logged for the admin, who can change it to prepaid or cancel it.
 */
export default async function ghnReceiverPhoneChanged({ event, container }: SubscriberArgs<{ id: string }>) {
  const query = container.resolve<QueryGraph>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<{ id: string; display_id?: number; shipping_address?: { phone?: string | null } | null }>({
    entity: "order",
    fields: ["id", "display_id", "shipping_address.phone"],
    filters: { id: event.data.id },
  })
  const order = data[0]
  if (!order) return
  const phone = normalizeVnPhone(order.shipping_address?.phone)
  const checked = await container.resolve<GhnModuleService>(GHN_MODULE).recheckCodRisk({ order_id: order.id }, phone)
  const refused = checked.filter((c) => c.refused).map((c) => c.order_code)
  if (refused.length) {
    container
      .resolve<{ warn(message: string): void }>(ContainerRegistrationKeys.LOGGER)
      .warn(`GHN: order #${order.display_id ?? order.id}'s receiver (${phone ?? "no Vietnamese phone"}) is one codRisk refuses cash on delivery to; its COD parcels ${refused.join(", ")} are not picked up yet: change them to prepaid or cancel them`)
  }
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.UPDATED,
  context: { subscriberId: "ghn-recheck-cod-risk" },
}
