import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { GhnTicket as GhnTicketData } from "../../lib/ghn"
import { GHN_MODULE } from "../../modules/ghn"
import type GhnModuleService from "../../modules/ghn/service"
import type { CreateGhnTicketInput } from "./create-ghn-ticket-at-ghn"

export type CreatedGhnTicket = { ticket: GhnTicketData; shop_id: number; order_id: string | null }

/** The local record that lets the admin list an order's tickets (GHN has no list API). */
export const recordGhnTicketStep = createStep(
  "record-ghn-ticket",
  async ({ created, input }: { created: CreatedGhnTicket; input: CreateGhnTicketInput }, { container }) => {
    const ghn = container.resolve<GhnModuleService>(GHN_MODULE)
    const { ticket } = created
    const record = await ghn.createGhnTickets({
      ticket_id: ticket.id,
      order_code: input.order_code,
      order_id: created.order_id,
      shop_id: created.shop_id,
      category: input.category,
      description: input.description,
      status_id: ticket.status_id ?? 1,
      status: ticket.status ?? null,
      conversation_count: ticket.conversations?.length ?? 0,
      created_by: input.created_by ?? null,
      last_synced_at: new Date(),
    })
    return new StepResponse(record, record.id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<GhnModuleService>(GHN_MODULE).deleteGhnTickets(id)
  }
)
