import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ghnModule } from "../../../utils"
import { environmentOf, locationShops, webhookOf } from "./shared"

/**
 * Settings -> GHN: the environment, default shop and options of the plugin, the webhook to
 * register in GHN's portal (URL, header, masked secret) and the stock-location -> shop map.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const o = ghn.options
  res.json({
    settings: {
      environment: environmentOf(o.environment),
      shop_id: o.shopId,
      language: o.language,
      webhook: { ...webhookOf(req, ghn), refused: await ghn.refusedCallbacks() },
      locations: await locationShops(req, ghn),
      // Each registration of the GHN provider (a GHN account or shop), never its token.
      providers: ghn.providerAccounts.map((a) => ({
        provider_id: a.provider_id,
        environment: environmentOf(a.options.environment),
        shop_id: a.options.shopId,
        webhook_header: a.options.webhookHeader,
        has_webhook_secret: !!a.options.webhookSecret,
      })),
      options: {
        payment_type_id: o.paymentTypeId,
        required_note: o.requiredNote,
        pick_shift: o.pickShift,
        insurance: o.insurance,
        cod_payment_providers: o.codPaymentProviders,
        quote_with_cod: o.quoteWithCod,
        poll_interval_minutes: o.pollIntervalMinutes,
        timeout_ms: o.timeoutMs,
      },
    },
  })
}
