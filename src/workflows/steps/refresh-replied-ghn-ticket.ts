import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import { findGhnTicket, syncGhnTicket, ticketSyncUndo, undoTicketSyncs } from "./sync-ghn-tickets"

/** GHN does not change the status in the reply's answer: read the ticket again (best effort). */
export const refreshRepliedTicketStep = createStep(
  "refresh-replied-ghn-ticket",
  async (ticketId: number, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const record = await findGhnTicket(ghn, ticketId)
    const synced = await syncGhnTicket(ghn, record).catch((error) => ({ record, ticket: null, error: (error as Error).message }))
    return new StepResponse(synced, synced.ticket ? [ticketSyncUndo(record)] : [])
  },
  async (undo, { container }) => undoTicketSyncs(container.resolve<GhnModuleService>(GHN_MODULE), undo)
)
