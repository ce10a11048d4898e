import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { emitShipmentUpdated } from "./emit-batch"
import { describeWebhookIssues, eventFromWebhook, ghnWebhookSchema, secretMatches, webhookDedupeKey, webhookFieldOf } from "../../../lib/status/webhook"
import { excerptOf } from "../../../lib/format/excerpt"
import { ghnModule } from "../../utils"

/**
 * GHN's status callback. Authenticated by a secret in a header of the merchant's choice (GHN's
 * portal sends custom headers back), stored in PostgreSQL with its raw body, then acknowledged, and
 * applied where events are handled (the worker) through the `ghn.shipment.updated` event; the
 * recovery pass applies whatever that event does not (a crash, a restart). A repeat is
 * acknowledged and dropped. This is all a server instance does with a callback.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const ghn = ghnModule(req)
  // Any of the store's GHN accounts (each calls back with its own secret); all are compared.
  const secrets = ghn.webhookSecrets
  const matches = secrets.map(({ header, secret }) => secretMatches(secret, req.headers[header]))
  const unauthorized = () => {
    const headers = [...new Set(secrets.map((s) => s.header))].join(", ") || ghn.options.webhookHeader
    res.status(401).json({ type: "unauthorized", message: `missing or wrong webhook secret in header ${headers}` })
  }
  if (!matches.includes(true)) return unauthorized()
  // Which accounts these headers do not authenticate, in memory: the store statement checks the parcel's account against it.
  const refusals = secrets.length > 1 ? ghn.webhookRefusals((header, secret) => secretMatches(secret, req.headers[header])) : undefined
  // GHN sends JSON; a form or text body would be parsed (or not) some other way: refused, saying what is expected.
  if (!req.is("application/json")) {
    const message = `GHN callbacks are JSON: Content-Type must be application/json, got ${excerptOf(req.get("content-type") || "none")}`
    await refused(req, "content_type", message)
    res.status(415).json({ type: "invalid_data", message })
    return
  }
  const parsed = ghnWebhookSchema.safeParse(req.body)
  if (!parsed.success) {
    const message = `malformed GHN callback: ${describeWebhookIssues(parsed.error).join("; ")}`
    const fields = [...new Set(parsed.error.issues.map(webhookFieldOf))].sort().join(", ")
    await refused(req, `fields: ${fields}`, message)
    res.status(400).json({ type: "invalid_data", message })
    return
  }
  const body = parsed.data
  const dedupe_key = webhookDedupeKey(body)
  const rawBody = (req as { rawBody?: Buffer | string }).rawBody
  const rawText = rawBody === undefined ? JSON.stringify(req.body) : String(rawBody)

  const stored = await ghn.storeCallback({
    dedupe_key,
    order_code: body.OrderCode,
    type: body.Type,
    status: body.Status ?? null,
    event_time: new Date(body.Time),
    event: eventFromWebhook(body),
    raw_body: rawText,
  }, refusals)
  // A secret authenticates its own account's shipments only: another account's is refused like a wrong one, saying nothing of the shipment.
  if (stored.refused) return unauthorized()
  if (stored.duplicate) {
    // Stored but never applied (the emit failed, or the process stopped in between): GHN's
    // repeat is the chance to apply it.
    if (!stored.processed && stored.known) emitUpdated(req, stored.id, body.OrderCode)
    res.json({ ok: true, duplicate: true })
    return
  }
  if (stored.known) emitUpdated(req, stored.id, body.OrderCode)
  res.json({ ok: true, ...(stored.known ? {} : { unknown_order: true }) })
}

function emitUpdated(req: MedusaRequest, eventId: string, orderCode: string) {
  emitShipmentUpdated(req.scope.resolve(Modules.EVENT_BUS), { event_id: eventId, order_code: orderCode })
}

/**
 * GHN does not retry a 4xx: a callback with the right secret that is refused is kept for the
 * admin (Settings -> GHN -> Webhook), so a shape the spec did not show is seen, not silently lost.
 * Keeping it never fails the answer.
 */
async function refused(req: MedusaRequest, reason: string, detail: string) {
  const raw = (req as { rawBody?: Buffer | string }).rawBody
  const body = raw === undefined ? (typeof req.body === "string" ? req.body : JSON.stringify(req.body ?? null)) : String(raw)
  await ghnModule(req)
    .recordRefusedCallback({ reason, detail, body })
    .catch(() => undefined)
}
