import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../utils"
import { configuredBackendUrl, maskSecret } from "../../support-utils"

/**
 * Sends a synthetic GHN status callback, with the secret header, to this store's webhook at the
 * store's CONFIGURED public URL (option `backendUrl`, MEDUSA_BACKEND_URL or Medusa's
 * `admin.backendUrl`), and reports the answer: proves URL, header and secret work end to end. It
 * never calls a URL built from the request (a caller chooses its Host header, and the secret
 * would go there): with no URL configured it refuses. It sends the secret, so it needs the
 * `ghn_webhook_secret:read` policy (src/api/middlewares.ts). Its order code matches no shipment:
 * the store records it and changes nothing.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const { webhookSecret: secret, webhookHeader: header } = ghn.options
  if (!secret) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "No webhook secret is configured (plugin option webhookSecret): the webhook refuses every call")
  const backend = configuredBackendUrl(req, ghn.options.backendUrl)
  if (!backend) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The webhook test calls only the store's configured public URL, and none is set: set the plugin option backendUrl (or MEDUSA_BACKEND_URL, or Medusa's admin.backendUrl) to the https:// address GHN reaches this store at"
    )
  }
  const url = `${backend}/hooks/ghn`
  const now = new Date()
  const body = {
    ShopID: ghn.options.shopId,
    OrderCode: `TEST${now.getTime().toString(36).toUpperCase()}`,
    ClientOrderCode: "",
    Type: "switch_status",
    Status: "ready_to_pick",
    Description: "Test delivery from the Medusa admin (Settings -> GHN)",
    Reason: "",
    ReasonCode: "",
    Time: now.toISOString(),
    CODAmount: 0,
    TotalFee: 0,
  }
  const started = Date.now()
  let answer: { status: number | null; body: unknown; error?: string }
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [header]: secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
      redirect: "manual",
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {}
    answer = { status: response.status, body: parsed }
  } catch (error) {
    answer = { status: null, body: null, error: (error as Error)?.cause ? `${(error as Error).message}: ${((error as Error).cause as Error)?.message}` : (error as Error).message }
  }
  res.json({
    test: {
      ok: answer.status === 200,
      url,
      request: { headers: { [header]: maskSecret(secret) }, body },
      response: answer,
      duration_ms: Date.now() - started,
    },
  })
}
