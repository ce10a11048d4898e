import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ghnModule } from "../../../../utils"
import { maskSecret } from "../../support-utils"
import { webhookOf } from "../shared"

/**
 * Sends a synthetic GHN status callback to this store's own webhook URL (the one shown for GHN's
 * portal) with the secret header, and reports the answer: proves URL, header and secret work end
 * to end. Its order code matches no shipment: the store records it and changes nothing.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const webhook = webhookOf(req, ghn)
  const secret = ghn.options.webhookSecret
  if (!secret) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "No webhook secret is configured (plugin option webhookSecret): the webhook refuses every call")
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
    const response = await fetch(webhook.url, {
      method: "POST",
      headers: { "content-type": "application/json", [webhook.header]: secret },
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
      url: webhook.url,
      request: { headers: { [webhook.header]: maskSecret(secret) }, body },
      response: answer,
      duration_ms: Date.now() - started,
    },
  })
}
