import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { syncGhnTicketsWorkflow } from "../../../../../workflows/sync-ghn-tickets"
import { presentTicket, ticketIdOf } from "../present"

/** Get Ticket: GHN's ticket with its public conversation; the stored status is refreshed. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const ticketId = ticketIdOf(req)
  const { result } = await syncGhnTicketsWorkflow(req.scope).run({ input: { ticket_ids: [ticketId] } })
  const [synced] = result
  res.json({ ticket: presentTicket(synced.record, synced.ticket) })
}
