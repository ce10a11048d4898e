import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { describeWebhookIssues, GHN_SHIPMENT_UPDATED, ghnWebhookSchema, secretMatches, webhookDedupeKey } from "../../../lib/webhook"
import { ghnModule } from "../../utils"

/**
 * GHN's status callback. Authenticated by a secret in a header of the merchant's choice (GHN's
 * portal sends custom headers back), stored with its raw body, acknowledged at once, and applied
 * asynchronously through the `ghn.shipment.updated` event. A repeat is acknowledged and dropped.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  const { webhookSecret, webhookHeader } = ghn.options
  if (!webhookSecret || !secretMatches(webhookSecret, req.headers[webhookHeader.toLowerCase()])) {
    res.status(401).json({ type: "unauthorized", message: `missing or wrong webhook secret in header ${webhookHeader}` })
    return
  }
  const parsed = ghnWebhookSchema.safeParse(req.body)
  if (!parsed.success) {
    res.status(400).json({ type: "invalid_data", message: `malformed GHN callback: ${describeWebhookIssues(parsed.error).join("; ")}` })
    return
  }
  const body = parsed.data
  const dedupe_key = webhookDedupeKey(body)
  const rawBody = (req as { rawBody?: Buffer | string }).rawBody
  const rawText = rawBody === undefined ? JSON.stringify(req.body) : String(rawBody)

  const [[known], [repeat]] = await Promise.all([
    ghn.listGhnShipments({ order_code: body.OrderCode }, { select: ["id"] }),
    ghn.listGhnWebhookEvents({ dedupe_key }, { select: ["id", "processed_at", "unknown_order"] }),
  ])
  if (repeat) {
    // Stored but never applied (the emit failed, or the process stopped in between): GHN's
    // repeat is the chance to apply it.
    if (!repeat.processed_at && known) await emitUpdated(req, repeat.id)
    res.json({ ok: true, duplicate: true })
    return
  }
  let eventId: string
  try {
    const created = await ghn.createGhnWebhookEvents({
      dedupe_key,
      order_code: body.OrderCode,
      type: body.Type,
      status: body.Status ?? null,
      event_time: new Date(body.Time),
      body: req.body as Record<string, unknown>,
      raw_body: rawText,
      received_at: new Date(),
      unknown_order: !known,
    })
    eventId = created.id
  } catch (error) {
    // Two deliveries of one event at the same moment: the unique key lets one in.
    const [existing] = await ghn.listGhnWebhookEvents({ dedupe_key }, { select: ["id"] })
    if (existing) {
      res.json({ ok: true, duplicate: true })
      return
    }
    throw error
  }
  if (known) await emitUpdated(req, eventId)
  res.json({ ok: true, ...(known ? {} : { unknown_order: true }) })
}

function emitUpdated(req: MedusaRequest, eventId: string) {
  return req.scope
    .resolve(Modules.EVENT_BUS)
    .emit({ name: GHN_SHIPMENT_UPDATED, data: { event_id: eventId } }, { attempts: 5, backoff: 2000 } as any)
}
