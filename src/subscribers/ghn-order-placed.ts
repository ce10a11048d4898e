import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { GHN_MODULE } from "../modules/ghn"
import type GhnModuleService from "../modules/ghn/service"
import { recordGhnCodWorkflow } from "../workflows/record-ghn-cod"

export default async function ghnOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
  if (!ghn.options.codPaymentProviders.length) return
  await recordGhnCodWorkflow(container).run({
    input: { order_id: event.data.id, cod_payment_providers: ghn.options.codPaymentProviders },
  })
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "ghn-record-cod" },
}
