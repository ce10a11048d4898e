import type { MedusaRequest } from "@medusajs/framework/http"
import { fieldRefusal } from "../../../../lib/runtime/medusa-error"
import type { GhnTicket as GhnTicketData } from "../../../../lib/ghn"
import type { GhnTicketRow } from "../../../../modules/ghn/types"
import { excerptOf } from "../../../../lib/format/excerpt"

const STATUS_LABELS: Record<number, string> = { 1: "Đang xử lý", 2: "Chờ KH phản hồi", 3: "Hoàn thành" }

/** A ticket as the admin shows it: the local record, GHN's status, and (when read) the conversation. */
export function presentTicket(record: GhnTicketRow, ghn?: GhnTicketData | null, syncError?: string) {
  const statusId = Number(ghn?.status_id ?? record.status_id ?? 1)
  return {
    id: record.id as string,
    ticket_id: record.ticket_id as number,
    order_code: record.order_code as string,
    order_id: (record.order_id as string | null) ?? null,
    shop_id: record.shop_id as number,
    category: record.category as string,
    description: record.description as string,
    status_id: statusId,
    status: (ghn?.status ?? record.status ?? STATUS_LABELS[statusId] ?? null) as string | null,
    /** GHN's status 2: support waits for the store's answer. */
    waiting_for_reply: statusId === 2,
    conversation_count: (ghn?.conversations?.length ?? record.conversation_count ?? 0) as number,
    created_by: (record.created_by as string | null) ?? null,
    created_at: record.created_at,
    updated_at: record.updated_at,
    last_synced_at: record.last_synced_at ?? null,
    ...(syncError ? { sync_error: syncError } : {}),
    ...(ghn
      ? {
          ghn: {
            title: `${record.order_code} - ${ghn.type ?? record.category}`,
            type: ghn.type ?? null,
            description: ghn.description ?? null,
            created_at: ghn.created_at ?? null,
            updated_at: ghn.updated_at ?? null,
            attachments: ghn.attachments ?? [],
          },
          conversations: (ghn.conversations ?? []).filter((c) => !c.private),
        }
      : {}),
  }
}

/** The GHN ticket id of the route (`:ticket_id`), a positive whole number. */
export function ticketIdOf(req: MedusaRequest): number {
  const raw = req.params.ticket_id
  const id = Number(raw)
  if (!/^\d{1,12}$/.test(String(raw)) || !Number.isSafeInteger(id) || id < 1) {
    throw fieldRefusal(`Invalid request: Field 'ticket_id' must be GHN's numeric ticket id, got "${excerptOf(String(raw))}"`, [{ field: "ticket_id", problem: "type", expected: "int" }])
  }
  return id
}
