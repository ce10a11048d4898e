import type { GhnLabelSize } from "../ghn/constants"
import { withoutTrailingSlashes } from "../format/url"

/**
 * The plugin's label route for an order code: it mints a fresh GHN print token and redirects
 * to GHN's label page. Stored as a fulfilment's label_url because print tokens expire in ~30 min.
 * Absolute when the backend URL is known (Medusa's admin links only absolute label URLs).
 */
export function labelRoute(orderCode: string, size: GhnLabelSize = "A5", backendUrl = "") {
  return `${withoutTrailingSlashes(backendUrl)}/admin/ghn/labels/${encodeURIComponent(orderCode)}?size=${encodeURIComponent(size)}`
}

/** The one label a GHN fulfilment carries (an order's parcel or a return's pickup). */
export function ghnLabel(account: { client: { trackingUrl(code: string): string }; options: { backendUrl?: string } }, orderCode: string) {
  return { tracking_number: orderCode, tracking_url: account.client.trackingUrl(orderCode), label_url: labelRoute(orderCode, "A5", account.options.backendUrl) }
}
