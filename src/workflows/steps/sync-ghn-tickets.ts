import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnTicket as GhnTicketData } from "../../lib/ghn"
import { adminError, toMedusaError } from "../../lib/runtime/medusa-error"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"

type TicketRecord = Awaited<ReturnType<GhnModuleService["retrieveGhnTicket"]>>
export type SyncedGhnTicket = { record: TicketRecord; ticket: GhnTicketData | null; error?: string }

/** The local record of a GHN ticket id; 404 when this store did not open it. */
export async function findGhnTicket(ghn: GhnModuleService, ticketId: number): Promise<TicketRecord> {
  const [record] = await ghn.listGhnTickets({ ticket_id: ticketId })
  if (!record) throw adminError(MedusaError.Types.NOT_FOUND, { code: "ticket_not_found", params: { ticket_id: String(ticketId) } })
  return record
}

/** GHN's Get Ticket with the ticket's shop, and the local record updated to what GHN says. */
export async function syncGhnTicket(ghn: GhnModuleService, record: TicketRecord): Promise<SyncedGhnTicket> {
  let ticket: GhnTicketData
  try {
    ticket = await (await ghn.accountOfOrderCode(record.order_code)).client.tickets.get(record.ticket_id, { shopId: record.shop_id })
  } catch (error) {
    throw toMedusaError(error, "GHN Get Ticket")
  }
  const updated = await ghn.updateGhnTickets({
    id: record.id,
    status_id: ticket.status_id ?? record.status_id,
    status: ticket.status ?? record.status,
    conversation_count: ticket.conversations?.length ?? record.conversation_count,
    last_synced_at: new Date(),
  })
  return { record: updated, ticket }
}

/** What syncing changes on a ticket's record, as it was: put back when the workflow fails after it. */
export type TicketSyncUndo = Pick<TicketRecord, "id" | "status_id" | "status" | "conversation_count" | "last_synced_at">

export const ticketSyncUndo = (record: TicketRecord): TicketSyncUndo => ({
  id: record.id,
  status_id: record.status_id,
  status: record.status,
  conversation_count: record.conversation_count,
  last_synced_at: record.last_synced_at,
})

export async function undoTicketSyncs(ghn: GhnModuleService, undo: TicketSyncUndo[] | undefined) {
  for (const previous of undo ?? []) await ghn.updateGhnTickets(previous)
}

export type SyncGhnTicketsInput = {
  ticket_ids: number[]
  /** true: a GHN failure of one ticket is reported in its `error` instead of failing everything. */
  tolerant?: boolean
}

/**
 * Reads tickets from GHN (Get Ticket; GHN documents a transient 404 that the client retries once)
 * and stores their status, so the admin's lists show "waiting for your reply" without opening each.
 */
export const syncGhnTicketsStep = createStep(
  "sync-ghn-tickets",
  async (input: SyncGhnTicketsInput, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const records = input.ticket_ids.length ? await ghn.listGhnTickets({ ticket_id: input.ticket_ids }) : []
    if (!input.tolerant) {
      for (const id of input.ticket_ids) if (!records.some((r) => r.ticket_id === id)) await findGhnTicket(ghn, id)
    }
    const results: SyncedGhnTicket[] = []
    // A few at a time: GHN's ticket API is a support backend, not a bulk one.
    for (let i = 0; i < records.length; i += 4) {
      const batch = records.slice(i, i + 4)
      const answers = await Promise.all(
        batch.map(async (record) => {
          try {
            return await syncGhnTicket(ghn, record)
          } catch (error) {
            if (!input.tolerant) throw error
            return { record, ticket: null, error: (error as Error).message }
          }
        })
      )
      results.push(...answers)
    }
    return new StepResponse(
      results,
      results.filter((r) => r.ticket).map((r) => ticketSyncUndo(records.find((x) => x.id === r.record.id)!))
    )
  },
  async (undo, { container }) => undoTicketSyncs(container.resolve<GhnModuleService>(GHN_MODULE), undo)
)
