import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../utils"
import { configuredBackendUrl, maskSecret } from "../../support-utils"
import { adminError } from "../../../../../lib/runtime/medusa-error"

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
  if (!secret) throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "webhook_no_secret", params: {} })
  const backend = configuredBackendUrl(req, ghn.options.backendUrl)
  if (!backend) {
    throw adminError(MedusaError.Types.NOT_ALLOWED, { code: "webhook_no_backend_url", params: {} })
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
